import { DeleteOutlined, PaperClipOutlined, UploadOutlined } from '@ant-design/icons'
import { App, Button, Flex, Space, Typography, Upload } from 'antd'
import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { saveFile } from '../../api/download.ts'
import { failureText } from '../../api/http.ts'
import { salesApi } from '../../api/sales.ts'
import { MAX_UPLOAD_BYTES } from '../../config/constants.ts'
import type { AttachmentRef } from './order-form.ts'

/** An order may carry at most this many files (SaleOrderInputSchema.attachmentIds). */
export const MAX_ORDER_ATTACHMENTS = 20
const ACCEPT = 'image/png,image/jpeg,image/gif,image/webp,application/pdf'
const accepted = (file: File) => file.type.startsWith('image/') || file.type === 'application/pdf'

const sizeText = (bytes: number | undefined) =>
  bytes === undefined
    ? ''
    : bytes < 1024 * 1024
      ? `${Math.ceil(bytes / 1024)} KB`
      : `${(bytes / 1048576).toFixed(1)} MB`

/** A file of an order as a download link. */
export const AttachmentLink = ({ file }: { file: AttachmentRef }) => {
  const { message } = App.useApp()
  const [busy, setBusy] = useState(false)
  const download = async () => {
    setBusy(true)
    try {
      saveFile(await salesApi.download(file.id), file.name)
    } catch (e) {
      void message.error(failureText(e, 'common.http.downloadFailed'))
    } finally {
      setBusy(false)
    }
  }
  return (
    <Button type="link" size="small" icon={<PaperClipOutlined />} loading={busy} onClick={() => void download()}>
      {file.name} <Typography.Text type="secondary">{sizeText(file.size)}</Typography.Text>
    </Button>
  )
}

type Props = { value?: AttachmentRef[] | null; onChange?: (files: AttachmentRef[]) => void; disabled?: boolean }

/**
 * The order's attachments (images or PDF, each under 2 MB): each file is uploaded at once and
 * kept by its attachment id; saving the order attaches them.
 */
export const AttachmentsInput = ({ value, onChange, disabled }: Props) => {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const [busy, setBusy] = useState(0)
  const files = value ?? []
  // uploads finish one after another while the form re-renders: each adds to the latest list
  const latest = useRef(files)
  latest.current = files

  const beforeUpload = (file: File) => {
    if (!accepted(file)) {
      void message.error(t('sales.attachments.wrongType'))
      return Upload.LIST_IGNORE
    }
    if (file.size >= MAX_UPLOAD_BYTES) {
      void message.error(t('sales.attachments.tooLarge'))
      return Upload.LIST_IGNORE
    }
    if (files.length + busy >= MAX_ORDER_ATTACHMENTS) {
      void message.error(t('sales.attachments.tooMany', { max: MAX_ORDER_ATTACHMENTS }))
      return Upload.LIST_IGNORE
    }
    return true
  }

  const upload = async (file: File) => {
    setBusy((n) => n + 1)
    try {
      const saved = await salesApi.upload(file)
      latest.current = [...latest.current, { id: saved.id, name: saved.name, size: saved.size }]
      onChange?.(latest.current)
    } catch (e) {
      void message.error(failureText(e))
    } finally {
      setBusy((n) => n - 1)
    }
  }

  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="order-attachments">
      {files.map((f) => (
        <Flex key={f.id} align="center" gap={4}>
          <AttachmentLink file={f} />
          {!disabled && (
            <Button
              size="small"
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('sales.attachments.remove', { name: f.name })}
              onClick={() => {
                latest.current = files.filter((x) => x.id !== f.id)
                onChange?.(latest.current)
              }}
            />
          )}
        </Flex>
      ))}
      {!disabled && (
        <Upload
          accept={ACCEPT}
          multiple
          showUploadList={false}
          beforeUpload={beforeUpload}
          customRequest={({ file }) => void upload(file as File)}
        >
          <Button icon={<UploadOutlined />} loading={busy > 0} data-testid="order-upload">
            {t('sales.attachments.upload')}
          </Button>
        </Upload>
      )}
      {!disabled && <Typography.Text type="secondary">{t('sales.attachments.hint')}</Typography.Text>}
    </Space>
  )
}
