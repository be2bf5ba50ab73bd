import type { OrderDelete, OrderDeleteAudit, ReviewProgress, SaleFlow, SubApply, SubApplyReply } from '@app/contracts'
import { http } from './http.ts'

/**
 * Sales reviews beyond the generic list verbs (server: modules/sales, DESIGN 3a): answering a
 * sub-flow request, deciding an order deletion request and its progress, the review flows in force.
 */
export const salesReviewApi = {
  subApply: (id: string) => http.get<SubApply>('/sale/subApply/queryById', { id }),
  reply: (input: SubApplyReply) => http.post<SubApply>('/sale/subApply/reply', input, { silent: true }),
  deleteRequest: (id: string) => http.get<OrderDelete>('/sale/orderDelete/queryById', { id }),
  deleteProgress: (id: string) =>
    http.get<ReviewProgress | null>('/sale/orderDelete/progress', { id }, { silent: true }),
  auditDelete: (input: OrderDeleteAudit) => http.post<unknown>('/sale/orderDelete/audit', input, { silent: true }),
  flows: () => http.get<SaleFlow[]>('/sale/auditConfig/detail'),
}

/** Query keys of these calls (the two lists use `keys.resource`). */
export const salesReviewKeys = {
  subApply: (id: string) => ['subApply', 'detail', id] as const,
  deleteProgress: (id: string) => ['orderDelete', 'progress', id] as const,
  flows: ['saleFlows'] as const,
}
