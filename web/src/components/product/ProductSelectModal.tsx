import { ApprovalStatus, localName, type Product, productResource } from '@app/contracts'
import { useQuery } from '@tanstack/react-query'
import { App, Form, Input, Modal, Select, Space, Table, Typography } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ApiError } from '../../api/http.ts'
import { productApi } from '../../api/product.ts'
import { keys } from '../../api/queries.ts'
import { resourceApi } from '../../api/resources.ts'
import { modalWidth } from '../../config/constants.ts'
import { RefLabel } from '../list/RefLabel.tsx'
import { useDictText } from '../list/useDict.ts'
import { useFieldLabel } from '../list/useFieldLabel.ts'
import { NAME_SEARCH, useRefOptions } from '../list/useRefOptions.ts'
import { ProductImage } from './ProductImage.tsx'

type Props = { open: boolean; onClose: () => void; onAdded: () => void; afterClose?: () => void }

const products = resourceApi(productResource)
const PAGE = 10

/**
 * The product select modal: approved, enabled products only (searched by name, pinyin initials or
 * code), picked for one branch and added with `batchAdd`. The server refuses anything else.
 */
export const ProductSelectModal = ({ open, onClose, onAdded, afterClose }: Props) => {
  const { t, i18n } = useTranslation()
  const { message } = App.useApp()
  const label = useFieldLabel('product')
  const dictText = useDictText()
  const branches = useRefOptions('branch', 'name')
  const [branchId, setBranchId] = useState<string>()
  const [branchError, setBranchError] = useState(false)
  const [keyword, setKeyword] = useState('')
  const [pageNo, setPageNo] = useState(1)
  const [picked, setPicked] = useState<string[]>([])
  const [saving, setSaving] = useState(false)
  const search = { auditStatus: ApprovalStatus.Approved, status: '1' }
  // the keyword finds a name (or its pinyin) or a code
  const superQuery = keyword
    ? {
        matchType: 'or' as const,
        conditions: [
          { field: 'name', rule: 'like' as const, val: keyword },
          { field: 'code', rule: 'like' as const, val: keyword },
        ],
      }
    : undefined
  const params = { pageNo, pageSize: PAGE, search, superQuery, column: 'code', order: 'asc' as const }
  const page = useQuery({
    queryKey: keys.resource.list('product', ['select', params]),
    queryFn: () => products.list(params),
    enabled: open,
  })

  const confirm = async () => {
    if (!branchId) {
      setBranchError(true)
      return
    }
    if (picked.length === 0) {
      void message.warning(t('common.messages.selectRecord'))
      return
    }
    setSaving(true)
    try {
      const result = await productApi.addToBranch({ branchId, productIds: picked })
      void message.success(t('product.select.added', result))
      setPicked([])
      onAdded()
    } catch (e) {
      if (!(e instanceof ApiError)) void message.error(t('common.http.requestError'))
    } finally {
      setSaving(false)
    }
  }

  return (
    <Modal
      open={open}
      title={t('product.select.title')}
      width={modalWidth()}
      onCancel={onClose}
      onOk={() => void confirm()}
      okText={t('common.actions.ok')}
      cancelText={t('common.actions.cancel')}
      confirmLoading={saving}
      afterClose={afterClose}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'select-ok' } as never}
      data-testid="product-select-modal"
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Space wrap>
          <Form.Item
            label={t('product.select.branch')}
            required
            validateStatus={branchError ? 'error' : undefined}
            help={branchError ? t('product.select.branchRequired') : undefined}
            style={{ marginBottom: 0 }}
          >
            <Select
              placeholder={t('list.search.choose')}
              style={{ width: 240 }}
              showSearch={NAME_SEARCH}
              options={branches.options}
              value={branchId}
              onChange={(v) => {
                setBranchId(v)
                setBranchError(false)
              }}
              data-testid="select-branch"
            />
          </Form.Item>
          <Input.Search
            allowClear
            style={{ width: 280 }}
            placeholder={`${label('name')} / ${label('code')}`}
            onSearch={(v) => {
              setKeyword(v.trim())
              setPageNo(1)
            }}
            data-testid="select-search"
          />
        </Space>
        <Typography.Text type="secondary">{t('product.select.sellableOnly')}</Typography.Text>
        <Table<Product>
          size="small"
          rowKey="id"
          loading={page.isFetching}
          dataSource={(page.data?.records ?? []) as unknown as Product[]}
          rowSelection={{
            selectedRowKeys: picked,
            preserveSelectedRowKeys: true,
            onChange: (ks) => setPicked(ks as string[]),
          }}
          pagination={{
            current: pageNo,
            pageSize: PAGE,
            total: page.data?.total ?? 0,
            onChange: setPageNo,
            showSizeChanger: false,
          }}
          columns={[
            { width: 56, render: (_, p) => <ProductImage id={p.images?.[0]} size={32} preview={false} /> },
            { title: label('code'), dataIndex: 'code', width: 120 },
            { title: label('name'), render: (_, p) => localName(p, i18n.language) },
            { title: label('spec'), width: 140, render: (_, p) => localName(p, i18n.language, 'spec') },
            {
              title: label('categoryId'),
              width: 140,
              render: (_, p) => <RefLabel resource="category" label="name" id={p.categoryId} />,
            },
            { title: label('unit'), width: 80, render: (_, p) => dictText('product_unit', p.unit) },
          ]}
        />
      </Space>
    </Modal>
  )
}
