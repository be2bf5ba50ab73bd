import { DownloadOutlined, UploadOutlined } from '@ant-design/icons'
import { type BranchStockRowError, Errors, errorText } from '@app/contracts'
import { useQueryClient } from '@tanstack/react-query'
import { Alert, App, Button, Form, List, Modal, Select, Space, Typography, Upload } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { saveFile } from '../../api/download.ts'
import { ApiError, failureText } from '../../api/http.ts'
import { stockApi } from '../../api/product.ts'
import { keys } from '../../api/queries.ts'
import { currentLang } from '../../i18n/index.ts'
import { isImportFile } from '../list/ImportButton.tsx'
import { NAME_SEARCH, useRefOptions } from '../list/useRefOptions.ts'

type Props = { open: boolean; onClose: () => void }

/**
 * 'Upload branch stock': a branch's stock workbook (product code, batch, quantity, expiry) replaces
 * what it reported before. Only xls/xlsx (SPEC 5); refused rows are listed with their numbers.
 */
export const BranchStockUploadModal = ({ open, onClose }: Props) => {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const client = useQueryClient()
  const branches = useRefOptions('branch', 'name')
  const [branchId, setBranchId] = useState<string>()
  const [file, setFile] = useState<File | null>(null)
  const [errors, setErrors] = useState<BranchStockRowError[]>([])
  const [busy, setBusy] = useState(false)

  const upload = async () => {
    if (!branchId || !file) return
    setBusy(true)
    setErrors([])
    try {
      const r = await stockApi.uploadBranchStock(branchId, file)
      void message.success(t('product.stock.uploaded', { rows: r.rows, total: r.totalQuantity }))
      void client.invalidateQueries({ queryKey: keys.resource.all('branchStock') })
      setFile(null)
      onClose()
    } catch (e) {
      const rows =
        (e instanceof ApiError ? (e.result as { errors?: BranchStockRowError[] } | null)?.errors : undefined) ?? []
      setErrors(rows)
      if (rows.length === 0) void message.error(failureText(e))
    } finally {
      setBusy(false)
    }
  }

  const template = async () => {
    try {
      saveFile(await stockApi.template(), 'branch-stock.xlsx')
    } catch (e) {
      void message.error(failureText(e, 'common.http.downloadFailed'))
    }
  }

  return (
    <Modal
      open={open}
      title={t('product.actions.uploadStock')}
      onCancel={onClose}
      onOk={() => void upload()}
      okText={t('common.actions.ok')}
      cancelText={t('common.actions.cancel')}
      okButtonProps={{ disabled: !branchId || !file, 'data-testid': 'upload-stock-ok' } as never}
      confirmLoading={busy}
      destroyOnHidden
      data-testid="branch-stock-modal"
    >
      <Form layout="vertical">
        <Form.Item label={t('product.stock.branch')} required>
          <Select
            placeholder={t('list.search.choose')}
            showSearch={NAME_SEARCH}
            options={branches.options}
            value={branchId}
            onChange={setBranchId}
            data-testid="upload-branch"
          />
        </Form.Item>
        <Form.Item label={t('product.stock.file')} required extra={t('product.stock.uploadHint')}>
          <Space>
            <Upload
              accept=".xls,.xlsx"
              maxCount={1}
              beforeUpload={(f) => {
                if (!isImportFile(f.name)) {
                  void message.error(errorText(Errors.FileTypeNotAllowed.code, currentLang()))
                  return Upload.LIST_IGNORE
                }
                setFile(f)
                return false
              }}
              onRemove={() => setFile(null)}
            >
              <Button icon={<UploadOutlined />}>{t('common.actions.import')}</Button>
            </Upload>
            <Button type="link" icon={<DownloadOutlined />} onClick={() => void template()}>
              {t('product.actions.template')}
            </Button>
          </Space>
        </Form.Item>
      </Form>
      {errors.length > 0 && (
        <Alert
          type="error"
          message={
            <List
              size="small"
              dataSource={errors}
              renderItem={(e) => (
                <Typography.Text>{t('product.stock.rowErrors', { row: e.row, message: e.message })}</Typography.Text>
              )}
            />
          }
        />
      )}
    </Modal>
  )
}
