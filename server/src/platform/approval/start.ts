import { randomUUID } from 'node:crypto'
import { ApprovalStatus, Errors, isOpenApproval, OPEN_APPROVAL, StepDeptType } from '@app/contracts'
import { and, asc, eq, type Placeholder, type SQL, type SQLWrapper, sql } from 'drizzle-orm'
import { type DbOrTx, writeTogether } from '../../db/client.ts'
import { type Preparable, reusable } from '../../db/reusable.ts'
import { auditConfigSteps, auditConfigs, reviewSteps, reviews } from '../../db/schema/index.ts'
import { LogType, operationsInserts } from '../audit-log.ts'
import { rowsInserts } from '../bulk-insert.ts'
import { fail, refusedBy } from '../errors.ts'
import type { EventBus } from '../events.ts'
import { candidatesOf, excludedAt } from './reviewers.ts'
import type {
  ApprovalContext,
  ReviewRef,
  ReviewRow,
  ReviewState,
  StartReviewInput,
  StartReviewsInput,
} from './types.ts'

export const OPEN_STATUSES: readonly string[] = OPEN_APPROVAL

export const isOpen = isOpenApproval

export const refWhere = (ref: ReviewRef) =>
  'reviewId' in ref
    ? eq(reviews.id, ref.reviewId)
    : and(eq(reviews.business, ref.business), eq(reviews.objectId, ref.objectId))

/**
 * A statement over the review a ref names, built once for each kind of ref (by id; by business
 * and object): `reusable`, with `where` the ref's condition in placeholders.
 */
export const reusableByRef = <R>(name: string, build: (db: DbOrTx, where: SQL | undefined) => Preparable<R>) => {
  const byId = reusable<R>(`${name}_id`, (db) => build(db, eq(reviews.id, sql.placeholder('reviewId'))))
  const byObject = reusable<R>(`${name}_object`, (db) =>
    build(
      db,
      and(eq(reviews.business, sql.placeholder('business')), eq(reviews.objectId, sql.placeholder('objectId'))),
    ),
  )
  return (db: DbOrTx, ref: ReviewRef) => ('reviewId' in ref ? byId(db, ref) : byObject(db, ref))
}

const lock = reusableByRef('sys_review_lock', (db, where) => db.select().from(reviews).where(where).for('update'))

/**
 * The review of a business's object, locked FOR UPDATE, as a WITH query for a business that locks
 * its own row in the same statement (`objectId` a placeholder). Left-joined to that row, which the
 * statement locks `FOR UPDATE OF` its own table, the review is scanned and locked before the row
 * is: the order a decision takes them in (the review, then what its events move), so the two
 * never deadlock. Both rows come back as they stand once locked (a lock that waited reads the
 * version it waited for).
 */
export const lockedReviewOf = (db: DbOrTx, business: string, objectId: Placeholder) =>
  db.$with('locked_review').as(
    db
      .select()
      .from(reviews)
      .where(and(eq(reviews.business, business), eq(reviews.objectId, objectId)))
      .for('update'),
  )

/** The review, locked until the transaction ends, or null: deciders of one review queue here. */
export const lockReviewRow = async (tx: DbOrTx, ref: ReviewRef): Promise<ReviewRow | null> => {
  const [review] = await lock(tx, ref)
  return review ?? null
}

/** The config in force for a business and its steps, in one statement (read by every start). */
const activeConfigRows = reusable('sys_audit_config_active', (db) =>
  db
    .select({ config: auditConfigs, step: auditConfigSteps })
    .from(auditConfigs)
    .leftJoin(auditConfigSteps, eq(auditConfigSteps.configId, auditConfigs.id))
    .where(and(eq(auditConfigs.business, sql.placeholder('business')), eq(auditConfigs.status, '1')))
    .orderBy(asc(auditConfigSteps.stepNo)),
)

/** The config in force for a business, with its steps in order. */
export const activeConfigOf = async (db: DbOrTx, business: string) => {
  const rows = await activeConfigRows(db, { business })
  const config = rows[0]?.config
  if (!config) return null
  return { ...config, steps: rows.flatMap((r) => (r.step ? [r.step] : [])) }
}

type ActiveConfig = NonNullable<Awaited<ReturnType<typeof activeConfigOf>>>

/** The config in force for a business, refused when there is none or it has no steps. */
const configInForce = async (db: DbOrTx, business: string): Promise<ActiveConfig> => {
  const config = await activeConfigOf(db, business)
  if (!config || config.steps.length === 0) fail(Errors.AuditRecordNotFound)
  return config
}

/** The config's steps as a review's, for a submitter: a step of type 'submitter' takes their department. */
const stepRowsOf = (config: ActiveConfig, submitter: StartReviewInput['submitter']) => {
  const stepRows = config.steps.map((s) => ({
    stepNo: s.stepNo,
    stepName: s.stepName,
    stepNameEn: s.stepNameEn,
    deptCode: s.deptType === StepDeptType.Submitter ? submitter.orgCode : s.orgCode,
    roleCode: s.roleCode,
    timeLimitHours: s.timeLimitHours,
    allowAdjust: s.allowAdjust,
  }))
  if (stepRows.some((s) => !s.deptCode)) fail(Errors.DepartmentNotSet)
  return stepRows
}

/**
 * What a review's row keeps of the step made current (a start, an approval that moves on, a
 * return): who holds it and its time limit, which the inbox and the deadlines read without the step.
 */
export const holderOf = (step: Pick<typeof reviewSteps.$inferInsert, 'roleCode' | 'deptCode' | 'timeLimitHours'>) => ({
  currentRoleCode: step.roleCode,
  currentDeptCode: step.deptCode ?? null,
  currentTimeLimitHours: step.timeLimitHours ?? null,
})

/** When the current step of a review expires (null without a time limit), in SQL. */
export const reviewDeadline = sql<Date>`${reviews.stepStartedAt} + ${reviews.currentTimeLimitHours} * interval '1 hour'`

/** What a review's row holds at a start (its first round or a later one), from the config in force. */
const startValues = (
  input: Pick<StartReviewInput, 'objectNo' | 'submitter'>,
  config: ActiveConfig,
  stepRows: ReturnType<typeof stepRowsOf>,
  now: Date,
) => ({
  objectNo: input.objectNo ?? null,
  configId: config.id,
  repeatAudit: config.repeatAudit,
  rejectFlow: config.rejectFlow,
  forbidSelfApproval: config.forbidSelfApproval,
  submitterId: input.submitter.userId,
  submitterOrgCode: input.submitter.orgCode,
  stepCount: stepRows.length,
  currentStep: 1,
  ...holderOf(stepRows[0]!),
  status: ApprovalStatus.Pending,
  startedAt: now,
  stepStartedAt: now,
  finishedAt: null,
})

/** The operation log's line for a review started. */
const startEntry = (review: Pick<ReviewRow, 'id' | 'business' | 'objectId' | 'round'>, steps: number) => ({
  logType: LogType.Review,
  operation: 'approval:start',
  resource: review.business,
  objectId: review.objectId,
  after: { reviewId: review.id, round: review.round, steps },
})

/** The review of an object another transaction started a moment before. */
const startedElsewhere = refusedBy('sys_review_object_uq', Errors.DuplicatePendingApplication)

/** A new review's row, built whole: its first round, on the config in force (`values`). */
const newReviewRow = (
  business: string,
  objectId: string,
  submitter: StartReviewInput['submitter'],
  values: ReturnType<typeof startValues>,
) => ({ id: randomUUID(), business, objectId, ...values, round: 1, version: 1, createBy: submitter.userId })

/**
 * The parts of a start's statement that follow its reviews' rows (`writeTogether`): each review's
 * steps, and with a request the log's line for each.
 */
const stepsAndLog = (
  ctx: ApprovalContext,
  started: readonly Pick<ReviewRow, 'id' | 'business' | 'objectId' | 'round'>[],
  stepRows: ReturnType<typeof stepRowsOf>,
) => [
  ...rowsInserts(
    reviewSteps,
    started.flatMap((r) => stepRows.map((s) => ({ ...s, reviewId: r.id }))),
  ),
  ...(ctx.req
    ? operationsInserts(
        ctx.req,
        started.map((r) => startEntry(r, stepRows.length)),
      )
    : []),
]

/**
 * Begins the review of an object on its business's config in force, inside the caller's
 * transaction: a new one (`existing` null: the object has none, or its open one was just removed)
 * or a finished one's next round (`existing`, locked). The config's rules and steps are copied onto
 * the review (a step of type 'submitter' takes the submitter's department); the review's row, its
 * steps and the log's line are written in one statement (a next round deletes the round before's
 * steps first, as its steps are numbered from 1 again), then the first step's reviewers are asked.
 */
const beginReview = async (
  tx: DbOrTx,
  events: EventBus,
  input: StartReviewInput,
  ctx: ApprovalContext,
  existing: ReviewRow | null,
): Promise<ReviewState> => {
  const config = await configInForce(tx, input.business)
  const stepRows = stepRowsOf(config, input.submitter)
  const now = new Date()
  const values = startValues(input, config, stepRows, now)
  let review: ReturnType<typeof newReviewRow> | (ReviewRow & typeof values)
  let write: SQLWrapper[]
  if (existing) {
    const next = {
      ...values,
      round: existing.round + 1,
      version: existing.version + 1,
      updateAt: now,
      updateBy: input.submitter.userId,
    }
    // its steps are numbered from 1 again: the round before's go first
    await tx.delete(reviewSteps).where(eq(reviewSteps.reviewId, existing.id))
    review = { ...existing, ...next }
    write = [tx.update(reviews).set(next).where(eq(reviews.id, existing.id))]
  } else {
    review = newReviewRow(input.business, input.objectId, input.submitter, values)
    write = rowsInserts(reviews, [review])
  }
  await writeTogether(tx, [...write, ...stepsAndLog(ctx, [review], stepRows)]).catch(startedElsewhere)

  const reviewerIds = await candidatesOf(tx, stepRows[0]!, excludedAt(review, undefined))
  await events.emit(tx, {
    type: 'approval.reviewNeeded',
    reviewId: review.id,
    business: review.business,
    objectId: review.objectId,
    objectNo: review.objectNo,
    stepNo: 1,
    reviewerIds,
    submitterId: review.submitterId,
  })
  return {
    reviewId: review.id,
    business: review.business,
    objectId: review.objectId,
    objectNo: review.objectNo,
    status: ApprovalStatus.Pending,
    round: review.round,
    currentStep: 1,
    stepCount: review.stepCount,
    version: review.version,
    reviewerIds,
  }
}

/**
 * Starts the review of a business object, or, after an approval or a rejection, restarts it in its
 * next round; refused while one is open. The lock makes a restart and a decision on the same
 * review wait for each other.
 */
export const startReview = async (
  tx: DbOrTx,
  events: EventBus,
  input: StartReviewInput,
  ctx: ApprovalContext,
): Promise<ReviewState> => {
  const existing = await lockReviewRow(tx, input)
  if (existing && isOpen(existing.status)) fail(Errors.DuplicatePendingApplication)
  return beginReview(tx, events, input, ctx, existing)
}

/**
 * Submits an object again after it changed: an open review is dropped with its decisions and a new
 * one begins on the new content; a finished one begins its next round. `locked` is the object's
 * review as the caller has already locked it (null: it has none); without it, it is locked here.
 */
export const restartReview = async (
  tx: DbOrTx,
  events: EventBus,
  input: StartReviewInput,
  ctx: ApprovalContext,
  locked?: ReviewRow | null,
): Promise<ReviewState> => {
  const existing = locked === undefined ? await lockReviewRow(tx, input) : locked
  if (!existing || !isOpen(existing.status)) return beginReview(tx, events, input, ctx, existing)
  await tx.delete(reviews).where(eq(reviews.id, existing.id))
  return beginReview(tx, events, input, ctx, null)
}

/**
 * Starts the reviews of objects of one business made in this transaction (a new order, an import's
 * products), by one submitter: no review of theirs is looked for or locked (none can exist yet), the
 * config is read once, the reviews and their steps go in bulk statements, and the first step's
 * reviewers are asked once for all of them (`approval.reviewsNeeded`; a single object is asked for
 * as `startReview` asks). Answers the review ids, in the order of the objects.
 */
export const startReviews = async (
  tx: DbOrTx,
  events: EventBus,
  input: StartReviewsInput,
  ctx: ApprovalContext,
): Promise<string[]> => {
  const { business, submitter, objects } = input
  if (objects.length === 0) return []
  const config = await configInForce(tx, business)
  const stepRows = stepRowsOf(config, submitter)
  const now = new Date()
  const rows = objects.map((o) =>
    newReviewRow(
      business,
      o.objectId,
      submitter,
      startValues({ objectNo: o.objectNo, submitter }, config, stepRows, now),
    ),
  )
  // the reviews, their steps and the log's lines in one statement (the unique index on (business,
  // object) still refuses a review another transaction started: `startedElsewhere`)
  await writeTogether(tx, [...rowsInserts(reviews, rows), ...stepsAndLog(ctx, rows, stepRows)]).catch(startedElsewhere)
  // one submitter, one config: the first step and who may decide it are the same for every review
  const reviewerIds = await candidatesOf(tx, stepRows[0]!, excludedAt(rows[0]!, undefined))
  const asked = rows.map((r) => ({ reviewId: r.id, objectId: r.objectId, objectNo: r.objectNo }))
  await events.emit(
    tx,
    asked.length === 1
      ? { type: 'approval.reviewNeeded', ...asked[0]!, business, stepNo: 1, reviewerIds, submitterId: submitter.userId }
      : {
          type: 'approval.reviewsNeeded',
          business,
          reviews: asked,
          startedAt: now,
          stepNo: 1,
          reviewerIds,
          submitterId: submitter.userId,
        },
  )
  return rows.map((r) => r.id)
}
