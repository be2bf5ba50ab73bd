import {
  type ApplyModify,
  type ApplyModifyAdd,
  type ApplyModifyAudit,
  type ApplyModifyDetail,
  applyModifyResource,
  DELIVERABLE,
  DELIVERY_RESOURCES,
  type Delivery,
  type DeliveryAdd,
  type DeliveryComplete,
  type DeliveryDataEdit,
  type DeliveryStock,
  type ResourceMeta,
  type ReviewDecisionResult,
  type ReviewProgress,
  type SaleOrder,
  saleOrderResource,
} from '@app/contracts'
import { http } from './http.ts'
import { type ResourceRecord, registerResources, resourceApi } from './resources.ts'

// references to delivery orders and adjustment requests resolve to their base urls
registerResources(...(DELIVERY_RESOURCES as readonly ResourceMeta[]))

/**
 * Deliveries and adjustments (issue 16, DESIGN 3a; server: modules/sales/delivery.*, apply-modify.ts)
 * beyond the generic list verbs. Changes are `silent`: the dialogs show the catalogue text.
 */
export const deliveryApi = {
  deliver: (input: DeliveryAdd) =>
    http.post<{ id: string; deliveryNo: string; status: number }>('/sale/delivery/add', input, { silent: true }),
  complete: (input: DeliveryComplete) => http.post<SaleOrder>('/sale/delivery/complete', input, { silent: true }),
  editData: (input: DeliveryDataEdit) =>
    http.post<SaleOrder>('/sale/delivery/editDeliveryData', input, { silent: true }),
  /** What the finished-goods warehouses hold of an order's products, batch by batch (base unit). */
  stock: (orderId: string) => http.get<DeliveryStock>('/sale/delivery/stock', { orderId }),
  /** An order's deliveries with the batches each took. */
  deliveries: (orderId: string) => http.get<Delivery[]>('/sale/delivery/deliveries', { orderId }),
  /** Adjustment requests of one order (the list's `orderNo` search is a `like`: keep the exact ones). */
  adjustmentsOf: async (orderId: string, orderNo: string) => {
    const page = await resourceApi(applyModifyResource).list({
      pageNo: 1,
      pageSize: 50,
      column: 'createAt',
      order: 'desc',
      search: { orderNo },
    })
    return page.records.filter((r) => r.orderId === orderId)
  },
  /** Orders of the caller's scope an adjustment may be asked for, by order number. */
  adjustableOrders: async (orderNo: string) => {
    const page = await resourceApi(saleOrderResource).list({
      pageNo: 1,
      pageSize: 20,
      column: 'createAt',
      order: 'desc',
      search: { status: [...DELIVERABLE], ...(orderNo ? { orderNo } : {}) },
    })
    return page.records as (ResourceRecord & { orderNo: string; branchId: string })[]
  },
  addModify: (input: ApplyModifyAdd) => http.post<ApplyModify>('/sale/applyModify/add', input, { silent: true }),
  auditModify: (input: ApplyModifyAudit) =>
    http.post<ReviewDecisionResult>('/sale/applyModify/audit', input, { silent: true }),
  /** The request as a diff against its order. */
  modifyDetail: (id: string) => http.get<ApplyModifyDetail>('/sale/applyModify/queryById', { id }),
  modifyProgress: (id: string) =>
    http.get<ReviewProgress | null>('/sale/applyModify/progress', { id }, { silent: true }),
}

/** Query keys; everything of a list sits under its resource name, which changes invalidate. */
export const deliveryKeys = {
  orders: ['deliveryOrder'] as const,
  deliveries: (orderId: string) => ['deliveryOrder', 'deliveries', orderId] as const,
  stock: (orderId: string) => ['deliveryOrder', 'stock', orderId] as const,
  modifies: ['applyModify'] as const,
  modifyDetail: (id: string) => ['applyModify', 'detail', id] as const,
  modifyProgress: (id: string) => ['applyModify', 'progress', id] as const,
  ofOrder: (orderId: string) => ['applyModify', 'ofOrder', orderId] as const,
  adjustableOrders: (orderNo: string) => ['applyModifyForm', 'orders', orderNo] as const,
}
