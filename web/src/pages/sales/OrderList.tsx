import { SaleOrderInputSchema, saleOrderResource } from '@app/contracts'
import { Button } from 'antd'
import { useEffect, useMemo, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import type { ResourceRecord } from '../../api/resources.ts'
import { salesApi } from '../../api/sales.ts'
import { ListPage } from '../../components/list/ListPage.tsx'
import { defineList, type ListDeclaration, type RecordViewerProps } from '../../components/list/types.ts'
import { useShown } from '../../components/list/useShown.ts'
import { OrderDetailModal } from '../../components/sales/OrderDetail.tsx'
import { OrderModal } from '../../components/sales/OrderModal.tsx'
import { OrderStatusTag, SyncStatusTag } from '../../components/sales/OrderStatusTag.tsx'
import { type OrderAction, type OrderRef, useOrderActions } from '../../components/sales/useOrderActions.tsx'
import { useOrderFromMessage } from '../../components/sales/useOrderFromMessage.ts'
import { formatMoney } from '../../i18n/money.ts'

type OrderField = keyof typeof saleOrderResource.fields

const refOf = (row: ResourceRecord): OrderRef => ({ id: row.id, orderNo: String(row.orderNo ?? '') })

/** The list's 'view' opens the order's own detail. */
const OrderViewer = ({ record, open, onClose, afterClose }: RecordViewerProps) => (
  <OrderDetailModal
    orderId={record.id}
    orderNo={String(record.orderNo ?? '')}
    open={open}
    onClose={onClose}
    afterClose={afterClose}
  />
)

/** Toolbar buttons on the selected order: the action, its button code and its text. */
const TOOLBAR: { action: OrderAction; perm: string; text: string }[] = [
  { action: 'audit', perm: 'audit', text: 'sales.actions.audit' },
  { action: 'reviewAdjust', perm: 'audit', text: 'sales.actions.reviewAdjust' },
  { action: 'progress', perm: 'view', text: 'sales.actions.progress' },
  { action: 'subApply', perm: 'subApply', text: 'sales.actions.subApply' },
  { action: 'applyDelete', perm: 'applyDelete', text: 'sales.actions.applyDelete' },
  { action: 'delete', perm: 'delete', text: 'common.actions.delete' },
  { action: 'preview', perm: 'view', text: 'sales.actions.preview' },
]

/**
 * Sales orders (SPEC 2 /sale/orderList): the list on the generic ListPage with the order's own
 * editor (lines, attributes, draft box) and detail; the toolbar acts on the selected order as far
 * as the server allows it now (abilities). A message link (`?busObjNo=`) opens that order.
 */
export const OrderList = () => {
  const { t, i18n } = useTranslation()
  const actions = useOrderActions()
  const detail = useShown<OrderRef>()
  useOrderFromMessage(detail.show)
  // the list declaration is built once per language; the actions behind it are read at click time
  const run = useRef(actions.run)
  useEffect(() => {
    run.current = actions.run
  })

  const list = useMemo(
    (): ListDeclaration<OrderField> =>
      defineList({
        resource: saleOrderResource,
        input: SaleOrderInputSchema,
        table: 'sale_order',
        columnOrder: [
          'orderNo',
          'branchId',
          'companyCode',
          'orderDate',
          'expectedDeliveryDate',
          'transportMode',
          'totalBoxes',
          'totalAmount',
          'status',
          'syncStatus',
          'creatorName',
          'createAt',
        ],
        columns: {
          orderNo: {
            render: (v, row) => (
              <Button
                type="link"
                size="small"
                style={{ padding: 0 }}
                onClick={() => detail.show(refOf(row))}
                data-testid="order-no-link"
              >
                {String(v ?? '')}
              </Button>
            ),
          },
          totalAmount: {
            render: (v, row) => formatMoney(Number(v ?? 0), (row.currency as string | null) ?? null, i18n.language),
          },
          status: { render: (v) => <OrderStatusTag status={v} /> },
          syncStatus: { render: (v) => <SyncStatusTag status={v} /> },
          currency: { hidden: true },
          actualDeliveryDate: { hidden: true },
        },
        without: ['delete', 'batchDelete', 'import'],
        editor: OrderModal,
        viewer: OrderViewer,
        toolbar: [
          ...TOOLBAR.map((a) => ({
            key: a.action,
            perm: a.perm,
            label: t(a.text as 'sales.actions.audit'),
            selection: 'one' as const,
            onClick: ([row]: ResourceRecord[]) => void run.current(a.action, refOf(row!)),
          })),
          {
            // failed ERP messages of the selected orders go again (and never-sent approved orders go)
            key: 'sync',
            perm: 'sync',
            label: t('sales.actions.sync'),
            selection: 'any' as const,
            changes: true,
            onClick: async (rows: ResourceRecord[]) => {
              await salesApi.sync(rows.map((r) => r.id))
            },
          },
        ],
      }),
    [t, i18n.language, detail.show],
  )

  return (
    <>
      <ListPage list={list as ListDeclaration} />
      {detail.shown && (
        <OrderDetailModal
          orderId={detail.shown.target.id}
          orderNo={detail.shown.target.orderNo}
          open={detail.shown.open}
          onClose={detail.hide}
          afterClose={detail.gone}
        />
      )}
      {actions.element}
    </>
  )
}
export default OrderList
