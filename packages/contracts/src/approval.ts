import { z } from 'zod'
import { ApprovalStatus } from './dicts/sales.ts'
import { stepNumber, versionNo } from './fields.ts'
import { DEFAULT_PAGE_SIZE, pageOf } from './paging.ts'
import { keepsRules, RECORD_RULES } from './record-rules.ts'

/**
 * The approval engine's contract (SPEC 3 'Audit config', 4 approval status and progress, 6 'only
 * the current reviewer'): audit configurations, review instances, the inbox and progress.
 */

/** The businesses that run on the approval engine; display names in dictionary `audit_business`. */
export const AuditBusiness = {
  Product: 'product',
  SaleOrder: 'sale_order',
  OrderAdjust: 'order_adjust',
  OrderDelete: 'order_delete',
} as const
export type AuditBusiness = (typeof AuditBusiness)[keyof typeof AuditBusiness]
export const AUDIT_BUSINESSES = Object.values(AuditBusiness) as [AuditBusiness, ...AuditBusiness[]]
export const AuditBusinessSchema = z.enum(AUDIT_BUSINESSES)

/** Where a rejection sends the review: back to the submitter (ends it) or to the previous step. */
export const RejectFlow = { ToSubmitter: 'submitter', ToPrevious: 'previous' } as const
export type RejectFlow = (typeof RejectFlow)[keyof typeof RejectFlow]
export const RejectFlowSchema = z.enum([RejectFlow.ToSubmitter, RejectFlow.ToPrevious])

/**
 * Which department a step's reviewers come from: a fixed department, or the department the
 * submitter worked in when submitting (branch flows: each branch's own regional president).
 */
export const StepDeptType = { Fixed: 'fixed', Submitter: 'submitter' } as const
export type StepDeptType = (typeof StepDeptType)[keyof typeof StepDeptType]
export const StepDeptTypeSchema = z.enum([StepDeptType.Fixed, StepDeptType.Submitter])

export const ReviewDecision = { Approve: 'approve', Reject: 'reject' } as const
export type ReviewDecision = (typeof ReviewDecision)[keyof typeof ReviewDecision]
export const ReviewDecisionSchema = z.enum([ReviewDecision.Approve, ReviewDecision.Reject])

export const ApprovalStatusSchema = z.enum([
  ApprovalStatus.Pending,
  ApprovalStatus.UnderReview,
  ApprovalStatus.Approved,
  ApprovalStatus.Rejected,
])

/** A config is in force ('1') or kept aside ('0'); one config per business is in force. */
export const AuditConfigStatusSchema = z.enum(['0', '1'])

const NOTE_MAX = 500

// ---- audit configuration ----

export const AuditStepInputSchema = z
  .object({
    stepName: z.string().trim().max(100).nullish(),
    /** The step's name in English (the Chinese one shows when it is empty). */
    stepNameEn: z.string().trim().max(100).nullish(),
    deptType: StepDeptTypeSchema.default(StepDeptType.Fixed),
    /** The department's orgCode; required for a fixed department. */
    orgCode: z.string().trim().max(64).nullish(),
    roleCode: z.string().trim().min(1).max(64),
    /** Hours a step may wait for its decision; none means no limit. */
    timeLimitHours: z.number().int().min(1).max(8760).nullish(),
    /** The step's reviewer may lower quantities or remove lines of the object (sales orders). */
    allowAdjust: z.boolean().default(false),
  })
  .superRefine(keepsRules([RECORD_RULES.stepDepartment]))
export type AuditStepInput = z.input<typeof AuditStepInputSchema>

export const AuditConfigInputSchema = z.object({
  business: AuditBusinessSchema,
  name: z.string().trim().min(1).max(100),
  /** The flow's name in English (the Chinese one shows when it is empty). */
  nameEn: z.string().trim().max(100).nullish(),
  /** Whether one person may approve two consecutive steps. */
  repeatAudit: z.boolean().default(false),
  rejectFlow: RejectFlowSchema.default(RejectFlow.ToSubmitter),
  /** Whether the submitter is barred from reviewing what they submitted. */
  forbidSelfApproval: z.boolean().default(false),
  status: AuditConfigStatusSchema.default('1'),
  description: z.string().trim().max(500).nullish(),
  /** In order: the first is step 1. */
  steps: z.array(AuditStepInputSchema).min(1).max(20),
})
export type AuditConfigInput = z.input<typeof AuditConfigInputSchema>

export const AuditConfigEditSchema = AuditConfigInputSchema.extend({
  id: z.string().uuid(),
  version: versionNo,
})
export type AuditConfigEdit = z.input<typeof AuditConfigEditSchema>

export const AuditStepSchema = z.object({
  id: z.string(),
  stepNo: stepNumber,
  stepName: z.string().nullable(),
  stepNameEn: z.string().nullable(),
  deptType: StepDeptTypeSchema,
  orgCode: z.string().nullable(),
  /** In the request's language; null for the submitter's department. */
  departName: z.string().nullable(),
  roleCode: z.string(),
  roleName: z.string().nullable(),
  timeLimitHours: z.number().int().nullable(),
  allowAdjust: z.boolean(),
})
export type AuditStep = z.infer<typeof AuditStepSchema>

export const AuditConfigSchema = z.object({
  id: z.string(),
  business: z.string(),
  name: z.string(),
  nameEn: z.string().nullable(),
  repeatAudit: z.boolean(),
  rejectFlow: RejectFlowSchema,
  forbidSelfApproval: z.boolean(),
  status: AuditConfigStatusSchema,
  description: z.string().nullable(),
  version: versionNo,
  createAt: z.string(),
  updateAt: z.string().nullable(),
  steps: z.array(AuditStepSchema),
})
export type AuditConfig = z.infer<typeof AuditConfigSchema>

export const AuditConfigListQuerySchema = z.object({ business: AuditBusinessSchema })
export const AuditConfigAllQuerySchema = z.object({
  business: AuditBusinessSchema.optional(),
  status: AuditConfigStatusSchema.optional(),
  /** Flows whose name, or one of whose steps' names, contains it in either language (any case). */
  keyword: z.string().trim().max(100).optional(),
})

// ---- reviews ----

/** One review waiting for, or decided by, the caller (the inbox and the audit detail list). */
export const ReviewItemSchema = z.object({
  id: z.string(),
  business: z.string(),
  objectId: z.string(),
  objectNo: z.string().nullable(),
  status: ApprovalStatusSchema,
  currentStep: z.number().int(),
  stepCount: z.number().int(),
  /** The current step's name in the request's language, as its department and role. */
  stepName: z.string().nullable(),
  deptCode: z.string().nullable(),
  departName: z.string().nullable(),
  roleCode: z.string().nullable(),
  roleName: z.string().nullable(),
  submitterId: z.string().nullable(),
  submitterName: z.string().nullable(),
  startedAt: z.string(),
  stepStartedAt: z.string(),
  /** When the current step's time limit runs out; null without a limit. */
  deadline: z.string().nullable(),
  expired: z.boolean(),
  /** The caller's latest decision on this review (the 'done' tab); null in the inbox. */
  myDecision: ReviewDecisionSchema.nullable(),
  myDecidedAt: z.string().nullable(),
  version: versionNo,
})
export type ReviewItem = z.infer<typeof ReviewItemSchema>
export const ReviewPageSchema = pageOf(ReviewItemSchema)

export const TodoListQuerySchema = z.object({
  business: AuditBusinessSchema.optional(),
  pageNo: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(DEFAULT_PAGE_SIZE),
})
export type TodoListQuery = z.input<typeof TodoListQuerySchema>

/** The audit detail list: what waits for me (`todo`) or what I decided (`done`). */
export const ReviewListQuerySchema = TodoListQuerySchema.extend({
  tab: z.enum(['todo', 'done']).default('todo'),
  objectNo: z.string().trim().max(64).optional(),
})
export type ReviewListQuery = z.input<typeof ReviewListQuerySchema>

/**
 * A decision. `stepNo` and `version` are what the reviewer saw: a decision on a step someone else
 * already decided answers 'already approved' / 'already rejected' instead of acting on the next one.
 */
export const ReviewDecideSchema = z.object({
  id: z.string().uuid(),
  decision: ReviewDecisionSchema,
  /** Required (SPEC 5); the server answers 'review note required' when blank. */
  note: z.string().max(NOTE_MAX).nullish(),
  stepNo: stepNumber.min(1).optional(),
  version: versionNo.optional(),
})
export type ReviewDecide = z.input<typeof ReviewDecideSchema>

export const ReviewDecisionResultSchema = z.object({
  id: z.string(),
  business: z.string(),
  objectId: z.string(),
  objectNo: z.string().nullable(),
  stepNo: stepNumber,
  decision: ReviewDecisionSchema,
  /** advanced to the next step, approved (finished), returned to the previous step, rejected (ended). */
  outcome: z.enum(['advanced', 'approved', 'returned', 'rejected']),
  final: z.boolean(),
  status: ApprovalStatusSchema,
  currentStep: z.number().int(),
  version: versionNo,
})
export type ReviewDecisionResult = z.infer<typeof ReviewDecisionResultSchema>

/** Bulk approve (SPEC 7 batch actions: ids comma-joined); each id is decided on its own. */
export const BatchApproveSchema = z.object({
  ids: z.string().min(1).max(40_000),
  note: z.string().max(NOTE_MAX).nullish(),
})
export type BatchApprove = z.input<typeof BatchApproveSchema>

export const BatchApproveResultSchema = z.array(
  z.object({ id: z.string(), success: z.boolean(), code: z.number().int(), message: z.string() }),
)
export type BatchApproveResult = z.infer<typeof BatchApproveResultSchema>

/** A review by its id, or by the business object it reviews. */
export const ReviewRefQuerySchema = z
  .object({
    id: z.string().uuid().optional(),
    business: AuditBusinessSchema.optional(),
    objectId: z.string().min(1).max(64).optional(),
  })
  .refine((q) => !!q.id || (!!q.business && !!q.objectId), {
    message: 'id, or business and objectId, are required',
    path: ['id'],
  })
export type ReviewRefQuery = z.input<typeof ReviewRefQuerySchema>

export const ReviewStepProgressSchema = z.object({
  stepNo: stepNumber,
  /** In the request's language, as its department and role. */
  stepName: z.string().nullable(),
  deptCode: z.string().nullable(),
  departName: z.string().nullable(),
  roleCode: z.string(),
  roleName: z.string().nullable(),
  timeLimitHours: z.number().int().nullable(),
  allowAdjust: z.boolean(),
  /** SPEC 3 audit record: 1 once the step is decided for good. */
  isAudit: z.union([z.literal(0), z.literal(1)]),
  decision: ReviewDecisionSchema.nullable(),
  userId: z.string().nullable(),
  realname: z.string().nullable(),
  decidedAt: z.string().nullable(),
  note: z.string().nullable(),
})

export const ReviewHistoryEntrySchema = z.object({
  round: z.number().int(),
  stepNo: stepNumber,
  deptCode: z.string().nullable(),
  roleCode: z.string(),
  decision: ReviewDecisionSchema,
  userId: z.string().nullable(),
  realname: z.string().nullable(),
  note: z.string().nullable(),
  decidedAt: z.string(),
})

export const ReviewProgressSchema = z.object({
  id: z.string(),
  business: z.string(),
  objectId: z.string(),
  objectNo: z.string().nullable(),
  status: ApprovalStatusSchema,
  round: z.number().int(),
  /** The step to highlight, derived as SPEC 4 says (a rejected review shows the step before). */
  currentStep: z.number().int(),
  steps: z.array(ReviewStepProgressSchema),
  /** Every decision of every round, oldest first. */
  history: z.array(ReviewHistoryEntrySchema),
  version: versionNo,
})
export type ReviewProgress = z.infer<typeof ReviewProgressSchema>

/**
 * SPEC 4, review progress from the list of steps: all audited -> the last step; none -> the first;
 * otherwise the first unaudited one; when the object is rejected (100804) the step before that
 * one (a rejection marks its own step audited, so this is the step that rejected). A 0-based index.
 */
export const deriveCurrentStepIndex = (steps: readonly { isAudit: number }[], rejected: boolean): number => {
  if (steps.length === 0) return 0
  const firstOpen = steps.findIndex((s) => s.isAudit !== 1)
  if (firstOpen === -1) return steps.length - 1
  if (firstOpen === 0) return 0
  return rejected ? firstOpen - 1 : firstOpen
}
