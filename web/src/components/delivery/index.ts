/**
 * Deliveries and order adjustments (issue 16). Sections an order's detail can mount given the
 * order (`OrderDeliveries`, `OrderAdjustments`), the adjustment request modal (`ApplyModifyModal`,
 * for an order chosen by the caller or picked in it) and the request's compare view.
 */

export { ApplyModifyCompareModal, ApplyModifyCompareView } from './ApplyModifyCompare.tsx'
export { type AdjustOrderRef, ApplyModifyModal } from './ApplyModifyModal.tsx'
export { OrderAdjustments } from './OrderAdjustments.tsx'
export { DeliveriesModal, OrderDeliveries } from './OrderDeliveries.tsx'
/** Whether the user has a menu, e.g. 'sale_apply_modify' before offering an order's adjustments. */
export { useHasMenu } from './useHasMenu.ts'
