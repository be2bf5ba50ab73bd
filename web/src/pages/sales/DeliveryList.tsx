import {
  DELIVERABLE,
  DeliveryDataEditSchema,
  type DeliveryLineState,
  type DeliveryOrder,
  deliveryOrderResource,
  type OrderAction,
} from '@app/contracts'
import { type QueryClient, useQueryClient } from '@tanstack/react-query'
import { Descriptions, Divider, Flex, Form, Select, Space, Tag, Typography } from 'antd'
import dayjs from 'dayjs'
import { useCallback, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { deliveryKeys } from '../../api/delivery.ts'
import type { ResourceRecord } from '../../api/resources.ts'
import { salesKeys } from '../../api/sales.ts'
import { CompleteModal } from '../../components/delivery/CompleteModal.tsx'
import { DeliverModal } from '../../components/delivery/DeliverModal.tsx'
import { DeliveryDataModal } from '../../components/delivery/DeliveryDataModal.tsx'
import { DeliveryLinesTable, DeliveryProgress } from '../../components/delivery/DeliveryLines.tsx'
import { DELIVERY_FILTERS, type DeliveryFilter, filterOf } from '../../components/delivery/delivery-form.ts'
import { DeliveriesModal, OrderDeliveries } from '../../components/delivery/OrderDeliveries.tsx'
import { FieldValue } from '../../components/list/FieldValue.tsx'
import { ListPage } from '../../components/list/ListPage.tsx'
import { defineList, type ListDeclaration, type RecordViewerProps } from '../../components/list/types.ts'
import { useFieldLabel } from '../../components/list/useFieldLabel.ts'
import { ViewModal } from '../../components/list/ViewModal.tsx'
import { OrderStatusTag } from '../../components/sales/OrderStatusTag.tsx'
import { useMayDo } from '../../components/sales/refusal.ts'
import { OrderLink } from '../../components/sales-review/OrderLink.tsx'
import { DATE_FORMAT } from '../../config/constants.ts'
import { formatMoney } from '../../i18n/money.ts'

type Field = keyof typeof deliveryOrderResource.fields
type Action = 'deliver' | 'complete' | 'editData' | 'deliveries'

/** The order model's action behind each toolbar button (listing the deliveries is a read). */
const ABILITY_OF: Partial<Record<Action, OrderAction>> = {
  deliver: 'deliver',
  complete: 'complete',
  editData: 'deliveryData',
}

const asOrder = (row: ResourceRecord) => row as unknown as DeliveryOrder
const linesOf = (row: ResourceRecord) => (row.lines ?? []) as DeliveryLineState[]

/** The row as the list shows it now: the selection keeps the row it was ticked with. */
const freshRow = (client: QueryClient, row: ResourceRecord): ResourceRecord => {
  const cached = client
    .getQueryCache()
    .findAll({ queryKey: [deliveryOrderResource.name, 'list'] })
    .sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt)
  for (const q of cached) {
    const hit = (q.state.data as { records?: ResourceRecord[] } | undefined)?.records?.find((r) => r.id === row.id)
    if (hit) return hit
  }
  return row
}

/**
 * SPEC 4's delivery filter as a quick filter in the search form: all, pending delivery, partly or
 * fully delivered, delivery complete. Choosing one searches at once.
 */
const StatusFilter = ({
  id,
  value,
  onChange,
}: {
  id?: string
  value?: unknown
  onChange?: (v: string[] | undefined) => void
}) => {
  const { t } = useTranslation()
  const label = useFieldLabel(deliveryOrderResource.name)
  const form = Form.useFormInstance()
  const keys = Object.keys(DELIVERY_FILTERS) as DeliveryFilter[]
  return (
    <Select
      id={id}
      value={filterOf(value) ?? 'all'}
      options={[
        { value: 'all', label: t('delivery.filter.all') },
        ...keys.map((k) => ({ value: k, label: t(`delivery.filter.${k}`) })),
      ]}
      onChange={(k: DeliveryFilter | 'all') => {
        onChange?.(k === 'all' ? undefined : DELIVERY_FILTERS[k].map(String))
        form.submit()
      }}
      aria-label={label('status')}
      data-testid="delivery-status-filter"
    />
  )
}

/** One order on the delivery list: head, per line ordered / delivered / remaining, its deliveries. */
const DeliveryOrderView = ({ record, open, title, onClose, afterClose }: RecordViewerProps) => {
  const label = useFieldLabel(deliveryOrderResource.name)
  const { t, i18n } = useTranslation()
  const order = asOrder(record)
  const fields = deliveryOrderResource.fields
  const value = (f: Field) => <FieldValue meta={fields[f]} value={record[f]} full />
  return (
    <ViewModal open={open} title={title} onClose={onClose} afterClose={afterClose} data-testid="delivery-order-view">
      <Flex vertical gap={16}>
        <Descriptions
          bordered
          size="small"
          column={{ xs: 1, md: 2, xl: 4 }}
          items={[
            {
              key: 'orderNo',
              label: label('orderNo'),
              children: <OrderLink orderId={order.id} orderNo={order.orderNo} />,
            },
            { key: 'status', label: label('status'), children: <OrderStatusTag status={order.status} /> },
            { key: 'branchId', label: label('branchId'), children: value('branchId') },
            { key: 'orderDate', label: label('orderDate'), children: value('orderDate') },
            { key: 'expected', label: label('expectedDeliveryDate'), children: value('expectedDeliveryDate') },
            { key: 'actual', label: label('actualDeliveryDate'), children: value('actualDeliveryDate') },
            { key: 'transportMode', label: label('transportMode'), children: value('transportMode') },
            { key: 'containerSize', label: label('containerSize'), children: value('containerSize') },
            { key: 'totalBoxes', label: label('totalBoxes'), children: value('totalBoxes') },
            {
              key: 'totalAmount',
              label: label('totalAmount'),
              children: formatMoney(order.totalAmount, order.currency, i18n.language),
            },
          ]}
        />
        <Typography.Text strong>{label('lines')}</Typography.Text>
        <DeliveryLinesTable lines={linesOf(record)} />
        <Divider style={{ margin: 0 }} />
        <Typography.Text strong>{t('delivery.actions.deliveries')}</Typography.Text>
        <OrderDeliveries orderId={order.id} lines={linesOf(record)} />
      </Flex>
    </ViewModal>
  )
}

/**
 * Deliveries (SPEC 2 /sale/deliveryList, issue 16): orders pending delivery and delivered, each
 * with its lines' progress; the toolbar delivers (part of) the selected order, confirms delivery
 * complete, edits its delivery data and lists its deliveries with the batches they took.
 */
export const DeliveryList = () => {
  const { t, i18n } = useTranslation()
  const client = useQueryClient()
  const [shown, setShown] = useState<{ action: Action; order: DeliveryOrder } | null>(null)
  const hide = useCallback(() => setShown(null), [])
  const mayDo = useMayDo()

  const run = useCallback(
    async (action: Action, picked: ResourceRecord) => {
      // the order as it is now: an approved adjustment or another delivery may have changed its
      // lines since the list was read (a tab reopened shows its cached page while it reads again)
      await client.refetchQueries({ queryKey: [deliveryOrderResource.name, 'list'], type: 'active' })
      const row = freshRow(client, picked)
      const order = asOrder(row)
      // what the order model answers for this order and this person now, as the write would
      const ability = ABILITY_OF[action]
      if (ability && !(await mayDo(order, ability))) return
      setShown({ action, order })
    },
    [client, mayDo],
  )

  const changed = useCallback(() => {
    void client.invalidateQueries({ queryKey: deliveryKeys.orders })
    void client.invalidateQueries({ queryKey: salesKeys.all })
  }, [client])

  const list = useMemo(
    (): ListDeclaration<Field> =>
      defineList({
        resource: deliveryOrderResource,
        input: DeliveryDataEditSchema,
        // the server's order: orders still to ship first, the nearest (and the overdue) first
        defaultSort: 'server',
        without: ['add', 'edit', 'delete', 'batchDelete', 'status', 'import', 'history'],
        columnOrder: [
          'orderNo',
          'branchId',
          'status',
          'expectedDeliveryDate',
          'actualDeliveryDate',
          'transportMode',
          'containerSize',
          'totalBoxes',
          'totalAmount',
          'orderDate',
          'createAt',
        ],
        columns: {
          status: {
            // wide enough for the status and the lines' progress side by side, in either language
            width: 260,
            render: (v, row) => (
              <Space size={4} wrap>
                <OrderStatusTag status={v} />
                <DeliveryProgress orderNo={String(row.orderNo ?? '')} lines={linesOf(row)} />
              </Space>
            ),
          },
          expectedDeliveryDate: {
            // an order still to ship whose day has passed is marked overdue
            render: (v, row) => (
              <Space size={4}>
                <span>{String(v ?? '')}</span>
                {DELIVERABLE.includes(Number(row.status)) && String(v ?? '') < dayjs().format(DATE_FORMAT) && (
                  <Tag color="red" data-testid="delivery-overdue">
                    {t('delivery.overdue')}
                  </Tag>
                )}
              </Space>
            ),
          },
          totalAmount: {
            render: (v, row) => formatMoney(Number(v ?? 0), (row.currency as string | null) ?? null, i18n.language),
          },
          currency: { hidden: true },
        },
        search: { status: { render: () => <StatusFilter /> } },
        viewer: DeliveryOrderView,
        toolbar: [
          { key: 'deliver', perm: 'deliver', label: t('delivery.actions.deliver') },
          { key: 'complete', perm: 'deliver', label: t('delivery.actions.complete') },
          { key: 'editData', perm: 'edit', label: t('delivery.actions.editData') },
          { key: 'deliveries', perm: 'view', label: t('delivery.actions.deliveries') },
        ].map((a) => ({
          ...a,
          selection: 'one' as const,
          onClick: ([row]: ResourceRecord[]) => run(a.key as Action, row!),
        })),
      }),
    [t, i18n.language, run],
  )

  const of = (a: Action) => (shown?.action === a ? shown.order : null)
  const listed = of('deliveries')
  return (
    <>
      <ListPage list={list as ListDeclaration} />
      <DeliverModal order={of('deliver')} onClose={hide} onDone={changed} />
      <CompleteModal order={of('complete')} onClose={hide} onDone={changed} />
      <DeliveryDataModal order={of('editData')} onClose={hide} onDone={changed} />
      <DeliveriesModal
        order={listed ? { id: listed.id, orderNo: listed.orderNo, lines: listed.lines } : null}
        onClose={hide}
      />
    </>
  )
}
export default DeliveryList
