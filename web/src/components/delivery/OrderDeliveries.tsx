import { type Delivery, localName } from '@app/contracts'
import { useQuery } from '@tanstack/react-query'
import { Descriptions, Empty, Flex, Spin, Table, Typography } from 'antd'
import dayjs from 'dayjs'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { deliveryApi, deliveryKeys } from '../../api/delivery.ts'
import { useOrderDetail } from '../../api/sales.ts'
import { DATETIME_FORMAT } from '../../config/constants.ts'
import { useDictText } from '../list/useDict.ts'
import { useRefOptions } from '../list/useRefOptions.ts'
import { ViewModal } from '../list/ViewModal.tsx'
import { qty } from './delivery-form.ts'

/** What a delivery line names: the order line's product and unit. */
export type LineFacts = { id: string; productName: string; productNameEn: string | null; unit: string }

type DeliveryLine = Delivery['lines'][number]
type Batch = DeliveryLine['batches'][number]

/** The order's lines, for product names: given, else the order's detail (cached when the detail shows it). */
const useLineFacts = (orderId: string, given: readonly LineFacts[] | undefined, enabled: boolean) => {
  const detail = useOrderDetail(orderId, enabled && !given)
  return useMemo(
    () => new Map<string, LineFacts>((given ?? detail.data?.lines ?? []).map((l) => [l.id, l])),
    [given, detail.data],
  )
}

const BatchList = ({ batches }: { batches: readonly Batch[] }) => {
  const { t } = useTranslation()
  return (
    <Table<Batch>
      size="small"
      rowKey={(b) => `${b.batchNo}-${b.expiryDate ?? ''}`}
      pagination={false}
      dataSource={[...batches]}
      data-testid="delivery-batches"
      columns={[
        { title: t('delivery.deliveries.batchNo'), dataIndex: 'batchNo' },
        {
          title: t('delivery.deliveries.batchQuantity'),
          width: 140,
          align: 'right',
          render: (_, b) => qty(b.quantity),
        },
        { title: t('delivery.deliveries.expiryDate'), width: 130, render: (_, b) => b.expiryDate ?? '' },
      ]}
    />
  )
}

/** One delivery: its head, then per line the quantity shipped and the batches it took. */
const DeliveryCard = ({ delivery, facts }: { delivery: Delivery; facts: Map<string, LineFacts> }) => {
  const { t, i18n } = useTranslation()
  const dictText = useDictText()
  const depots = useRefOptions('depot', 'name')
  const name = (l: DeliveryLine) => {
    const f = facts.get(l.orderLineId)
    return f ? localName(f, i18n.language, 'productName') : ''
  }
  return (
    <Flex vertical gap={8} data-testid="delivery-record">
      <Descriptions
        size="small"
        bordered
        column={{ xs: 1, md: 2, xl: 4 }}
        items={[
          {
            key: 'no',
            label: t('delivery.deliveries.deliveryNo'),
            children: <Typography.Text strong>{delivery.deliveryNo}</Typography.Text>,
          },
          { key: 'date', label: t('delivery.deliveries.shipDate'), children: delivery.shipDate },
          {
            key: 'depot',
            label: t('delivery.deliveries.depot'),
            children: depots.byId.get(delivery.depotId) ?? '',
          },
          { key: 'doc', label: t('delivery.deliveries.stockDocNo'), children: delivery.stockDocNo },
          { key: 'by', label: t('delivery.deliveries.creator'), children: delivery.creatorName ?? '' },
          {
            key: 'at',
            label: t('delivery.deliveries.createAt'),
            children: dayjs(delivery.createAt).format(DATETIME_FORMAT),
          },
          ...(delivery.remark
            ? [{ key: 'remark', label: t('delivery.deliveries.remark'), children: delivery.remark, span: 2 }]
            : []),
        ]}
      />
      <Table<DeliveryLine>
        size="small"
        rowKey="orderLineId"
        pagination={false}
        dataSource={delivery.lines}
        columns={[
          { title: t('delivery.line.product'), width: 260, render: (_, l) => name(l) },
          {
            title: t('delivery.line.unit'),
            width: 80,
            render: (_, l) => dictText('product_unit', facts.get(l.orderLineId)?.unit ?? ''),
          },
          { title: t('delivery.deliveries.quantity'), width: 120, align: 'right', render: (_, l) => qty(l.quantity) },
          {
            title: t('delivery.deliveries.batches'),
            render: (_, l) => <BatchList batches={l.batches} />,
          },
        ]}
      />
    </Flex>
  )
}

type Props = {
  orderId: string
  /** The order's lines, when the caller has them (product names); else the order's detail is read. */
  lines?: readonly LineFacts[]
  /** The order's deliveries, when the caller has read them (the order's view); else they are read here. */
  deliveries?: readonly Delivery[]
}

/**
 * An order's deliveries (issue 16), newest first, each with the batches it took. A section any
 * screen can mount inside an order's detail, given the order's id.
 */
export const OrderDeliveries = ({ orderId, lines, deliveries: given }: Props) => {
  const { t } = useTranslation()
  const deliveries = useQuery({
    queryKey: deliveryKeys.deliveries(orderId),
    queryFn: () => deliveryApi.deliveries(orderId),
    enabled: Boolean(orderId) && !given,
    staleTime: 0,
  })
  const list = given ?? deliveries.data ?? []
  const facts = useLineFacts(orderId, lines, list.length > 0)
  const newestFirst = useMemo(() => [...list].sort((a, b) => (a.createAt < b.createAt ? 1 : -1)), [list])
  return (
    <Spin spinning={deliveries.isLoading}>
      <Flex vertical gap={24} data-testid="order-deliveries">
        {newestFirst.length === 0
          ? !deliveries.isLoading && <Empty description={t('delivery.deliveries.empty')} />
          : newestFirst.map((d) => <DeliveryCard key={d.id} delivery={d} facts={facts} />)}
      </Flex>
    </Spin>
  )
}

/** The deliveries of one order in a modal (the delivery list's 'Deliveries'). */
export const DeliveriesModal = ({
  order,
  onClose,
}: {
  order: { id: string; orderNo: string; lines?: readonly LineFacts[] } | null
  onClose: () => void
}) => {
  const { t } = useTranslation()
  return (
    <ViewModal
      open={order !== null}
      title={t('delivery.deliveries.title', { orderNo: order?.orderNo ?? '' })}
      onClose={onClose}
      data-testid="deliveries-modal"
    >
      {order && <OrderDeliveries orderId={order.id} lines={order.lines} />}
    </ViewModal>
  )
}
