import { sql } from 'drizzle-orm'
import { boolean, index, integer, pgTable, text, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core'
import { auditColumns, id, ts } from './columns.ts'
import { users } from './system.ts'

/**
 * Audit configurations (SPEC 3 'Audit config'): per business, an ordered flow of steps. One config
 * per business is in force (status '1'); the engine starts new reviews on that one.
 */
export const auditConfigs = pgTable(
  'sys_audit_config',
  {
    id: id(),
    /** Dictionary `audit_business` (product, sale_order, ...). */
    business: varchar({ length: 32 }).notNull(),
    name: varchar({ length: 100 }).notNull(),
    /** The flow's name in English, shown to English readers (the Chinese name when empty). */
    nameEn: varchar({ length: 100 }),
    /** Whether one person may approve two consecutive steps. */
    repeatAudit: boolean().notNull().default(false),
    /** 'submitter' | 'previous' (dictionary `audit_reject_flow`). */
    rejectFlow: varchar({ length: 16 }).notNull().default('submitter'),
    forbidSelfApproval: boolean().notNull().default(false),
    /** '1' in force, '0' kept aside. */
    status: varchar({ length: 1 }).notNull().default('1'),
    description: text(),
    ...auditColumns(),
  },
  (t) => [
    index('sys_audit_config_business_idx').on(t.business),
    uniqueIndex('sys_audit_config_active_uq').on(t.business).where(sql`${t.status} = '1'`),
  ],
)

export const auditConfigSteps = pgTable(
  'sys_audit_config_step',
  {
    id: id(),
    configId: uuid()
      .notNull()
      .references(() => auditConfigs.id, { onDelete: 'cascade' }),
    stepNo: integer().notNull(),
    stepName: varchar({ length: 100 }),
    stepNameEn: varchar({ length: 100 }),
    /** 'fixed' (orgCode below) | 'submitter' (the submitter's department). */
    deptType: varchar({ length: 16 }).notNull().default('fixed'),
    orgCode: varchar({ length: 64 }),
    roleCode: varchar({ length: 64 }).notNull(),
    timeLimitHours: integer(),
    /** The step's reviewer may lower quantities or remove lines (sales orders, SPEC 6). */
    allowAdjust: boolean().notNull().default(false),
  },
  (t) => [uniqueIndex('sys_audit_config_step_uq').on(t.configId, t.stepNo)],
)

/**
 * One review per business object (restarted in place when the object is submitted again). The
 * config's rules and steps are copied when it starts, so editing a config never changes a
 * review under way.
 */
export const reviews = pgTable(
  'sys_review',
  {
    id: id(),
    business: varchar({ length: 32 }).notNull(),
    objectId: varchar({ length: 64 }).notNull(),
    /** The number people see (order number, product code...). */
    objectNo: varchar({ length: 64 }),
    configId: uuid().references(() => auditConfigs.id, { onDelete: 'set null' }),
    /** 1 at the first submission, +1 at every restart. */
    round: integer().notNull().default(1),
    repeatAudit: boolean().notNull(),
    rejectFlow: varchar({ length: 16 }).notNull(),
    forbidSelfApproval: boolean().notNull(),
    submitterId: uuid().references(() => users.id, { onDelete: 'set null' }),
    submitterOrgCode: varchar({ length: 64 }),
    stepCount: integer().notNull(),
    currentStep: integer().notNull().default(1),
    /**
     * Who holds the current step (its role and department) and its time limit, copied from the
     * step whenever a step becomes current: the inbox finds an open review's current holder in
     * `sys_review_inbox_idx`, and counts what is overdue, without visiting its steps.
     */
    currentRoleCode: varchar({ length: 64 }),
    currentDeptCode: varchar({ length: 64 }),
    currentTimeLimitHours: integer(),
    /** ApprovalStatus: '0' pending, '1' under review, '2' approved, '3' rejected. */
    status: varchar({ length: 1 }).notNull(),
    startedAt: ts().notNull().defaultNow(),
    /** When the current step became current: its time limit counts from here. */
    stepStartedAt: ts().notNull().defaultNow(),
    finishedAt: ts(),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('sys_review_object_uq').on(t.business, t.objectId),
    index('sys_review_status_idx').on(t.status),
    index('sys_review_config_idx').on(t.configId),
    index('sys_review_submitter_idx').on(t.submitterId),
    // the inbox: open reviews by who holds their current step, latest step first (its page order)
    index('sys_review_inbox_idx')
      .on(t.currentRoleCode, t.currentDeptCode, t.stepStartedAt.desc().nullsFirst(), t.id)
      .where(sql`${t.status} in ('0', '1')`),
  ],
)

/**
 * The steps of a review in its current round (SPEC 3 'Audit record': isAudit, deptCode, roleCode),
 * with the decision that stands on each.
 */
export const reviewSteps = pgTable(
  'sys_review_step',
  {
    id: id(),
    reviewId: uuid()
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    stepNo: integer().notNull(),
    stepName: varchar({ length: 100 }),
    stepNameEn: varchar({ length: 100 }),
    deptCode: varchar({ length: 64 }),
    roleCode: varchar({ length: 64 }).notNull(),
    timeLimitHours: integer(),
    allowAdjust: boolean().notNull().default(false),
    /** 1 once decided for good (approved, or rejected back to the submitter). */
    isAudit: integer().notNull().default(0),
    /** 'approve' | 'reject' */
    decision: varchar({ length: 8 }),
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    decidedAt: ts(),
    note: text(),
  },
  (t) => [
    uniqueIndex('sys_review_step_uq').on(t.reviewId, t.stepNo),
    index('sys_review_step_reviewer_idx').on(t.roleCode, t.deptCode),
  ],
)

/** Every decision ever taken, across rounds: the review history and the 'done' list. */
export const reviewDecisions = pgTable(
  'sys_review_decision',
  {
    id: id(),
    reviewId: uuid()
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    round: integer().notNull(),
    stepNo: integer().notNull(),
    deptCode: varchar({ length: 64 }),
    roleCode: varchar({ length: 64 }).notNull(),
    decision: varchar({ length: 8 }).notNull(),
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    note: text(),
    createAt: ts().notNull().defaultNow(),
  },
  (t) => [
    index('sys_review_decision_review_idx').on(t.reviewId),
    index('sys_review_decision_user_idx').on(t.userId, t.createAt),
  ],
)
