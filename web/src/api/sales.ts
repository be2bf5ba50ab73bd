import {
  type Attachment,
  type CalculateAttributes,
  type ErpMessage,
  type Page,
  type ProductAttributes,
  type ResourceMeta,
  type ReviewProgress,
  SALES_RESOURCES,
  type SaleOrderAbilities,
  type SaleOrderApplyDelete,
  type SaleOrderAudit,
  type SaleOrderDetail,
  type SaleOrderEdit,
  type SaleOrderInput,
  type SaleOrderReviewAdjust,
  type SaleOrderView,
  type SellableProduct,
  type SellableQuery,
  type SubApplyAdd,
} from '@app/contracts'
import { useQuery } from '@tanstack/react-query'
import { UPLOAD_TIMEOUT_MS } from '../config/constants.ts'
import { downloadBlob } from './download.ts'
import { http, type Query } from './http.ts'
import { keys } from './queries.ts'
import { registerResources } from './resources.ts'

// references to orders, sub-flow and deletion requests resolve to their base urls
registerResources(...(SALES_RESOURCES as readonly ResourceMeta[]))

/** The order modal's draft as the server keeps it (its shape is the web's, see components/sales/order-form.ts). */
export type OrderDraftBox = { draft: Record<string, unknown>; savedAt: string } | null

/**
 * Sales-order calls of DESIGN 3a beyond the generic list verbs (server: modules/sales). Changes
 * are `silent`: the dialogs show the catalogue text themselves.
 */
export const salesApi = {
  queryById: (id: string) => http.get<SaleOrderDetail>('/sale/order/queryById', { id }),
  /** The order as its detail opens: the order with lines and attachments, its review's progress, its deliveries. */
  view: (id: string) => http.get<SaleOrderView>('/sale/order/view', { id }),
  abilities: (id: string) => http.get<SaleOrderAbilities>('/sale/order/abilities', { id }, { silent: true }),
  /** The branches the caller may order for (their managed ones, or all with the `all` data permission). */
  orderableBranches: () => http.get<string[]>('/sale/order/orderableBranches'),
  progress: (id: string) => http.get<ReviewProgress | null>('/sale/order/progress', { id }, { silent: true }),
  /** The sync button: failed ERP messages of these orders go again, never-sent approved orders are queued. */
  sync: (ids: string[]) => http.post<{ queued: number }>('/sale/order/sync', { ids }),
  syncHistory: (id: string) => http.get<ErpMessage[]>('/sale/order/syncHistory', { id }, { silent: true }),
  sellable: (q: SellableQuery) => http.get<Page<SellableProduct>>('/sale/order/sellableProducts', q as Query),
  attributes: (input: CalculateAttributes) =>
    http.post<ProductAttributes>('/sale/order/calculateProductAttributes', input, { silent: true }),
  add: (input: SaleOrderInput) =>
    http.post<{ id: string; orderNo: string }>('/sale/order/add', input, { silent: true }),
  edit: (input: SaleOrderEdit) => http.post<unknown>('/sale/order/edit', input, { silent: true }),
  remove: (id: string) => http.delete<null>('/sale/order/delete', { id }, { silent: true }),
  applyDelete: (input: SaleOrderApplyDelete) => http.post<unknown>('/sale/order/applyDelete', input, { silent: true }),
  /** The current reviewer decides the order's current step (`id` = the order's id). */
  audit: (input: SaleOrderAudit) => http.post<unknown>('/sale/order/audit', input, { silent: true }),
  reviewAdjust: (input: SaleOrderReviewAdjust) =>
    http.post<unknown>('/sale/order/reviewAdjust', input, { silent: true }),
  draft: () => http.get<OrderDraftBox>('/sale/order/getOrderDraft', undefined, { silent: true }),
  saveDraft: (draft: Record<string, unknown>) =>
    http.post<unknown>('/sale/order/saveOrderDraft', { draft }, { silent: true }),
  clearDraft: () => http.post<unknown>('/sale/order/clearOrderDraft', {}, { silent: true }),
  subApply: (input: SubApplyAdd) => http.post<unknown>('/sale/subApply/add', input, { silent: true }),
  /** An attachment not yet attached: the order's save attaches it. */
  upload: (file: File) => {
    const body = new FormData()
    // an attachment may be a PDF as well as an image (the server reads the type from the content)
    body.append('accept', 'document')
    body.append('file', file)
    return http.post<Attachment>('/file/upload', body, { silent: true, timeoutMs: UPLOAD_TIMEOUT_MS })
  },
  download: (attachId: string) => downloadBlob('/file/downloadById', { attachId }),
}

/** Query keys of the order screens; everything of an order sits under `['saleOrder']`, which changes invalidate. */
export const salesKeys = {
  all: keys.resource.all('saleOrder'),
  detail: (id: string) => keys.resource.detail('saleOrder', id),
  abilities: (id: string) => ['saleOrder', 'abilities', id] as const,
  orderableBranches: ['saleOrder', 'orderableBranches'] as const,
  progress: (id: string) => ['saleOrder', 'progress', id] as const,
  view: (id: string) => ['saleOrder', 'view', id] as const,
  sync: (id: string) => ['saleOrder', 'sync', id] as const,
  // the order form's lookups are not orders: saving an order leaves them be
  sellable: (q: SellableQuery) => ['saleOrderForm', 'sellable', q] as const,
  attributes: (input: CalculateAttributes) => ['saleOrderForm', 'attributes', input] as const,
  draft: ['saleOrderForm', 'draft'] as const,
}

/**
 * An order as it is now: others review, adjust and deliver it from their own browsers, so every
 * screen that opens an order reads it again (the cached copy shows meanwhile).
 */
export const useOrderDetail = (id: string, enabled = true) =>
  useQuery({
    queryKey: salesKeys.detail(id),
    queryFn: () => salesApi.queryById(id),
    enabled: enabled && Boolean(id),
    staleTime: 0,
  })

/** The order's detail modal: the order, its review's progress and its deliveries in one call, read again each time. */
export const useOrderView = (id: string, enabled = true) =>
  useQuery({
    queryKey: salesKeys.view(id),
    queryFn: () => salesApi.view(id),
    enabled: enabled && Boolean(id),
    staleTime: 0,
  })
