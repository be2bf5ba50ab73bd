import { localName, type SellableProduct } from '@app/contracts'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { Input, Modal, Space, Table, Typography } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { salesApi, salesKeys } from '../../api/sales.ts'
import { formatThousands, modalWidth } from '../../config/constants.ts'
import { useDictText } from '../list/useDict.ts'

type Props = {
  open: boolean
  branchId: string | undefined
  /** Products already on the order: shown ticked and not added twice. */
  taken: readonly string[]
  onPick: (products: SellableProduct[]) => void
  onClose: () => void
}

const PAGE_SIZE = 10

/**
 * Picks products for an order: what the chosen branch may order now (approved, enabled, in its
 * branch-sale relation), searched by name, code or pinyin, page by page; the ticks survive paging.
 */
export const SellableProductModal = ({ open, branchId, taken, onPick, onClose }: Props) => {
  const { t, i18n } = useTranslation()
  const dictText = useDictText()
  const [keyword, setKeyword] = useState('')
  const [pageNo, setPageNo] = useState(1)
  const [picked, setPicked] = useState<Map<string, SellableProduct>>(new Map())
  const query = { branchId: branchId ?? '', keyword: keyword || undefined, pageNo, pageSize: PAGE_SIZE }
  const page = useQuery({
    queryKey: salesKeys.sellable(query),
    queryFn: () => salesApi.sellable(query),
    enabled: open && Boolean(branchId),
    placeholderData: keepPreviousData,
  })
  const close = () => {
    setPicked(new Map())
    onClose()
  }
  const name = (p: SellableProduct) => localName(p, i18n.language)

  return (
    <Modal
      open={open}
      title={t('sales.pick.title')}
      width={modalWidth()}
      onCancel={close}
      onOk={() => {
        onPick([...picked.values()])
        close()
      }}
      okText={t('sales.pick.add', { count: picked.size })}
      cancelText={t('common.actions.cancel')}
      okButtonProps={{ disabled: picked.size === 0, 'data-testid': 'pick-ok' } as never}
      destroyOnHidden
      data-testid="sellable-product-modal"
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Input.Search
          allowClear
          style={{ width: 320 }}
          placeholder={t('sales.pick.search')}
          aria-label={t('sales.pick.search')}
          onSearch={(v) => {
            setKeyword(v.trim())
            setPageNo(1)
          }}
          data-testid="pick-search"
        />
        <Typography.Text type="secondary">{t('sales.pick.hint')}</Typography.Text>
        <Table<SellableProduct>
          size="small"
          rowKey="productId"
          loading={page.isFetching}
          dataSource={page.data?.records ?? []}
          rowSelection={{
            selectedRowKeys: [...taken, ...picked.keys()],
            getCheckboxProps: (p) => ({ disabled: taken.includes(p.productId) }),
            onSelect: (p, selected) =>
              setPicked((m) => {
                const next = new Map(m)
                if (selected) next.set(p.productId, p)
                else next.delete(p.productId)
                return next
              }),
            onSelectAll: (selected, _rows, changed) =>
              setPicked((m) => {
                const next = new Map(m)
                for (const p of changed) {
                  if (taken.includes(p.productId)) continue
                  if (selected) next.set(p.productId, p)
                  else next.delete(p.productId)
                }
                return next
              }),
          }}
          pagination={{
            current: pageNo,
            pageSize: PAGE_SIZE,
            total: page.data?.total ?? 0,
            onChange: setPageNo,
            showSizeChanger: false,
            showTotal: (total) => t('list.total', { total }),
          }}
          columns={[
            { title: t('sales.line.productCode'), dataIndex: 'code', width: 140 },
            { title: t('sales.line.productName'), render: (_, p) => name(p) },
            { title: t('sales.line.spec'), width: 160, render: (_, p) => localName(p, i18n.language, 'spec') },
            {
              title: t('sales.line.units'),
              width: 200,
              render: (_, p) => p.units.map((u) => dictText('product_unit', u.unit)).join(' / '),
            },
            {
              title: t('sales.line.basePrice'),
              width: 140,
              align: 'right',
              render: (_, p) => `${formatThousands(p.price)} ${p.currency ?? ''}`,
            },
          ]}
        />
      </Space>
    </Modal>
  )
}
