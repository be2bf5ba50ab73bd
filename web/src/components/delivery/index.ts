/**
 * Deliveries (issue 16): the section an order's detail can mount given the order
 * (`OrderDeliveries`) and the deliveries modal. Order adjustments are in `../adjustment`.
 */

export { DeliveriesModal, OrderDeliveries } from './OrderDeliveries.tsx'
/** Whether the user has a menu, e.g. 'sale_apply_modify' before offering an order's adjustments. */
export { useHasMenu } from './useHasMenu.ts'
