import { ErpSyncStatus, OrderStatus } from '@app/contracts'
import { Tag } from 'antd'
import { useDictText } from '../list/useDict.ts'

/** A colour per order status (SPEC 4), so a list reads at a glance. */
export const ORDER_STATUS_COLOURS: Record<string, string> = {
  [OrderStatus.PendingReview]: 'default',
  [OrderStatus.UnderReview]: 'processing',
  [OrderStatus.PendingDelivery]: 'gold',
  [OrderStatus.Rejected]: 'error',
  [OrderStatus.PartlyDelivered]: 'cyan',
  [OrderStatus.FullyDelivered]: 'blue',
  [OrderStatus.DeliveryComplete]: 'success',
}

/** A colour per ERP sync status: a failure stands out in the list. */
const SYNC_COLOURS: Record<string, string> = {
  [ErpSyncStatus.NotSynced]: 'default',
  [ErpSyncStatus.Syncing]: 'processing',
  [ErpSyncStatus.Synced]: 'success',
  [ErpSyncStatus.Failed]: 'error',
  [ErpSyncStatus.NotConfigured]: 'warning',
}

/** A dictionary value as a coloured tag with its text. */
const DictTag = (p: { dict: string; value: unknown; colours: Record<string, string>; testId: string }) => {
  const dictText = useDictText()
  if (p.value === null || p.value === undefined || p.value === '') return null
  return (
    <Tag color={p.colours[String(p.value)] ?? 'default'} data-testid={p.testId}>
      {dictText(p.dict, p.value)}
    </Tag>
  )
}

/** The order's status as a coloured tag with its dictionary text. */
export const OrderStatusTag = ({ status }: { status: unknown }) => (
  <DictTag dict="order_status" value={status} colours={ORDER_STATUS_COLOURS} testId="order-status" />
)

/** The order's ERP sync status as a coloured tag. */
export const SyncStatusTag = ({ status }: { status: unknown }) => (
  <DictTag dict="erp_sync_status" value={status} colours={SYNC_COLOURS} testId="sync-status" />
)
