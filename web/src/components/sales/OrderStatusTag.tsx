import { ErpSyncStatus, OrderStatus } from '@app/contracts'
import { Tag } from 'antd'
import { useDictText } from '../list/useDict.ts'

/** A colour per order status (SPEC 4), so a list reads at a glance. */
export const ORDER_STATUS_COLOURS: Record<number, string> = {
  [OrderStatus.PendingReview]: 'default',
  [OrderStatus.UnderReview]: 'processing',
  [OrderStatus.PendingDelivery]: 'gold',
  [OrderStatus.Rejected]: 'error',
  [OrderStatus.PartlyDelivered]: 'cyan',
  [OrderStatus.FullyDelivered]: 'blue',
  [OrderStatus.DeliveryComplete]: 'success',
}

/** The order's status as a coloured tag with its dictionary text. */
export const OrderStatusTag = ({ status }: { status: unknown }) => {
  const dictText = useDictText()
  if (status === null || status === undefined || status === '') return null
  return (
    <Tag color={ORDER_STATUS_COLOURS[Number(status)] ?? 'default'} data-testid="order-status">
      {dictText('order_status', status)}
    </Tag>
  )
}

const SYNC_COLOURS: Record<string, string> = {
  [ErpSyncStatus.NotSynced]: 'default',
  [ErpSyncStatus.Syncing]: 'processing',
  [ErpSyncStatus.Synced]: 'success',
  [ErpSyncStatus.Failed]: 'error',
  [ErpSyncStatus.NotConfigured]: 'warning',
}

/** The order's ERP sync status as a coloured tag: a failure stands out in the list. */
export const SyncStatusTag = ({ status }: { status: unknown }) => {
  const dictText = useDictText()
  if (status === null || status === undefined || status === '') return null
  return (
    <Tag color={SYNC_COLOURS[String(status)] ?? 'default'} data-testid="sync-status">
      {dictText('erp_sync_status', status)}
    </Tag>
  )
}
