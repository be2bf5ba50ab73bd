import { Errors, type Lang } from '@app/contracts'
import { eq } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { reviews } from '../../db/schema/index.ts'
import { LogType, recordOperation } from '../audit-log.ts'
import { fail } from '../errors.ts'
import type { EventBus } from '../events.ts'
import { assertOpen, decideReview, lockReview, stepsOf } from './decide.ts'
import { countTodo, listTodo } from './inbox.ts'
import { findReview, getProgress, listDone, type ReviewListFilter, reviewersOf } from './queries.ts'
import { holdersOf, holdsStep, type Member, membershipsOf } from './reviewers.ts'
import { lockReviewRow, restartReview, startReview, startReviews } from './start.ts'
import type {
  ApprovalActor,
  ApprovalContext,
  DecideInput,
  ReviewRef,
  ReviewRow,
  StartReviewInput,
  StartReviewsInput,
} from './types.ts'

export { deadlineOf } from './decide.ts'
export type { ReviewListFilter } from './queries.ts'
export { nameIn, progressColumns, toProgress } from './queries.ts'
export { isOpen, lockedReviewOf, OPEN_STATUSES, reviewDeadline } from './start.ts'
export type * from './types.ts'

export type ApprovalDeps = { events: EventBus }

/**
 * The approval engine (issue 5): reviews of business objects along the audit config of their
 * business. Writes take the caller's transaction, so a business change, its review and the
 * events the review emits (`approval.reviewNeeded`, `approval.approved`, `approval.rejected`)
 * commit together. Stateless: any module may create its own with the app's event bus.
 */
export const createApprovalEngine = ({ events }: ApprovalDeps) => ({
  /** Submits an object for review; restarts a finished review. Refuses while one is open. */
  start: (tx: DbOrTx, input: StartReviewInput, ctx: ApprovalContext = {}) => startReview(tx, events, input, ctx),

  /**
   * Submits a changed object again: an open review starts over, a finished one begins its next
   * round. `locked`: its review as the caller already locked it (null: none), not looked up again.
   */
  restart: (tx: DbOrTx, input: StartReviewInput, ctx: ApprovalContext = {}, locked?: ReviewRow | null) =>
    restartReview(tx, events, input, ctx, locked),

  /**
   * Starts the reviews of objects of one business made in this transaction, by one submitter (a new
   * order, an import): in bulk, their reviewers asked once. Answers the review ids in order.
   */
  startMany: (tx: DbOrTx, input: StartReviewsInput, ctx: ApprovalContext = {}) => startReviews(tx, events, input, ctx),

  /** Approves or rejects the current step; see decide.ts for every rule. */
  decide: (tx: DbOrTx, input: DecideInput, ctx: ApprovalContext = {}) => decideReview(tx, events, input, ctx),

  /** The review of an object (or by id), or null. */
  find: (db: DbOrTx, ref: ReviewRef) => findReview(db, ref),

  /** Who may decide the current step now. */
  reviewersOf: (db: DbOrTx, ref: ReviewRef) => reviewersOf(db, ref),

  /** Steps, decisions and the step to show (SPEC 4), or null when the object was never submitted. */
  progress: (db: DbOrTx, ref: ReviewRef, lang: Lang = 'zh') => getProgress(db, ref, lang),

  /** The user's inbox: open reviews they may decide now (a principal: no read of its memberships). */
  listTodo: (db: DbOrTx, who: Member, filter: ReviewListFilter, lang: Lang = 'zh') => listTodo(db, who, filter, lang),
  /** The inbox's size and how many are past their time limit (the dashboard). */
  countTodo: (db: DbOrTx, who: Member) => countTodo(db, who),

  /** Reviews the user has decided. */
  listDone: (db: DbOrTx, userId: string, filter: ReviewListFilter, lang: Lang = 'zh') =>
    listDone(db, userId, filter, lang),

  /** The role codes and departments that make a user a reviewer. */
  membershipsOf: (db: DbOrTx, who: Member) => membershipsOf(db, who),

  /** Enabled users holding a role, in a department or in any. */
  holdersOf: (db: DbOrTx, roleCode: string, deptCode: string | null) => holdersOf(db, roleCode, deptCode),

  /** Whether a user holds a step (its role, in its department). */
  holdsStep,

  /** The steps of a review's current round, in order. */
  stepsOf: (db: DbOrTx, reviewId: string) => stepsOf(db, reviewId),

  /**
   * Drops an object's review with its history, when the object itself is deleted (whether it may
   * be deleted is the business module's rule, e.g. only unreviewed orders). False when none.
   * `locked`: the review as the caller already locked it (null: none), not looked up again.
   */
  async remove(tx: DbOrTx, ref: ReviewRef, locked?: ReviewRow | null) {
    const review = locked === undefined ? await lockReviewRow(tx, ref) : locked
    if (!review) return false
    await tx.delete(reviews).where(eq(reviews.id, review.id))
    return true
  },

  /**
   * Restarts the current step's time limit: the administrator's answer to 'review time has
   * expired, please contact the administrator'.
   */
  async renewDeadline(tx: DbOrTx, ref: ReviewRef, actor: ApprovalActor, ctx: ApprovalContext = {}) {
    const review = await lockReview(tx, ref)
    assertOpen(review)
    const now = new Date()
    const [updated] = await tx
      .update(reviews)
      .set({ stepStartedAt: now, version: review.version + 1, updateAt: now, updateBy: actor.userId })
      .where(eq(reviews.id, review.id))
      .returning()
    if (!updated) fail(Errors.ReviewFailed)
    if (ctx.req) {
      await recordOperation(tx, ctx.req, {
        logType: LogType.Review,
        operation: 'approval:renewDeadline',
        resource: review.business,
        objectId: review.objectId,
        before: { reviewId: review.id, stepStartedAt: review.stepStartedAt },
        after: { stepStartedAt: now },
      })
    }
    return { reviewId: review.id, stepStartedAt: now, version: updated.version }
  },
})

export type ApprovalEngine = ReturnType<typeof createApprovalEngine>
