import type {
  AuditBusiness,
  AuditConfig,
  AuditConfigEdit,
  AuditConfigInput,
  BatchApproveResult,
  Page,
  ReviewDecisionResult,
  ReviewItem,
  ReviewProgress,
} from '@app/contracts'
import { http } from './http.ts'

export type ReviewTab = 'todo' | 'done'
export type ReviewListParams = {
  tab: ReviewTab
  business?: AuditBusiness
  objectNo?: string
  pageNo: number
  pageSize: number
}
export type Decision = { id: string; decision: 'approve' | 'reject'; note: string; stepNo?: number; version?: number }
/** A review by its id, or by the business object it reviews. */
export type ReviewRef = { id: string } | { business: AuditBusiness; objectId: string }

/**
 * The approval engine's calls (server: modules/approval): audit configs, the review inbox and
 * audit detail list, decisions, bulk approve and progress. Products, orders and adjustments use
 * these through components/approval.
 */
export const approvalApi = {
  configsOf: (business: AuditBusiness) =>
    http.get<AuditConfig[]>('/sys/auditConfig/queryConfigList', { business }, { silent: true }),
  /** Every config, of one business or status, or named by `keyword` (flow or step name, either language). */
  allConfigs: (filter: { business?: AuditBusiness; status?: '0' | '1'; keyword?: string } = {}) =>
    http.get<AuditConfig[]>('/sys/auditConfig/queryAllConfigList', filter),
  config: (id: string) => http.get<AuditConfig>('/sys/auditConfig/queryById', { id }),
  addConfig: (input: AuditConfigInput) => http.post<AuditConfig>('/sys/auditConfig/add', input, { silent: true }),
  editConfig: (input: AuditConfigEdit) => http.put<AuditConfig>('/sys/auditConfig/edit', input, { silent: true }),
  removeConfig: (id: string) => http.delete<null>('/sys/auditConfig/delete', { id }),
  todo: (pageNo = 1, pageSize = 10) => http.get<Page<ReviewItem>>('/sys/todo/list', { pageNo, pageSize }),
  reviews: (p: ReviewListParams) => http.get<Page<ReviewItem>>('/audit/detail/list', p),
  decide: (d: Decision) => http.post<ReviewDecisionResult>('/audit/detail/audit', d, { silent: true }),
  batchApprove: (ids: readonly string[], note: string) =>
    http.post<BatchApproveResult>('/audit/detail/batchApprove', { ids: ids.join(','), note }),
  progress: (ref: ReviewRef) => http.get<ReviewProgress | null>('/audit/detail/progress', ref, { silent: true }),
}

/** Query keys of the approval calls; a decision invalidates `all`. */
export const approvalKeys = {
  all: ['approval'] as const,
  configs: (business?: string, status?: string, keyword?: string) =>
    ['approval', 'configs', business ?? '', status ?? '', keyword ?? ''] as const,
  flow: (business: string) => ['approval', 'flow', business] as const,
  reviews: (p: ReviewListParams) => ['approval', 'reviews', p] as const,
  progress: (ref: ReviewRef) => ['approval', 'progress', ref] as const,
}
