import { ApprovalStatus, Errors, RejectFlow, ReviewDecision } from '@app/contracts'
import { and, asc, eq, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { placed, placeholders, reusable, reusableEach } from '../../db/reusable.ts'
import { operationLogs, reviewDecisions, reviewSteps, reviews } from '../../db/schema/index.ts'
import { LogType, placedOperation, placedOperationInsert } from '../audit-log.ts'
import { fail } from '../errors.ts'
import type { EventBus } from '../events.ts'
import {
  assertReviewer,
  barredRepeatApprover,
  barredSubmitter,
  candidatesPlaced,
  candidatesQuery,
  excludedAt,
  holdsStep,
  membershipsOf,
} from './reviewers.ts'
import { holderOf, lockReviewRow } from './start.ts'
import type { ApprovalContext, DecideInput, DecisionResult, ReviewRef, ReviewRow, ReviewStepRow } from './types.ts'

const HOUR_MS = 3_600_000

/** The review row, locked until the end of the transaction: deciders of one review queue here. */
export const lockReview = async (tx: DbOrTx, ref: ReviewRef): Promise<ReviewRow> =>
  (await lockReviewRow(tx, ref)) ?? fail(Errors.AuditRecordNotFound)

const steps = reusable('sys_review_steps', (db) =>
  db
    .select()
    .from(reviewSteps)
    .where(eq(reviewSteps.reviewId, sql.placeholder('reviewId')))
    .orderBy(asc(reviewSteps.stepNo)),
)

/** A review's steps in order. */
export const stepsOf = (db: DbOrTx, reviewId: string): Promise<ReviewStepRow[]> => steps(db, { reviewId })

/** Refuses a decision on a review that is finished. */
export const assertOpen = (review: ReviewRow) => {
  if (review.status === ApprovalStatus.Approved) fail(Errors.AlreadyApproved)
  if (review.status === ApprovalStatus.Rejected) fail(Errors.AlreadyRejected)
}

/** When the current step's time limit runs out, or null without a limit. */
export const deadlineOf = (stepStartedAt: Date, timeLimitHours: number | null): Date | null =>
  timeLimitHours == null ? null : new Date(stepStartedAt.getTime() + timeLimitHours * HOUR_MS)

/**
 * The reviewer saw another step than the current one: someone decided it in the meantime (or it is
 * not its turn yet). Says which, so the loser of a race gets a clear answer.
 */
const refuseStaleStep = (steps: readonly ReviewStepRow[], stepNo: number, currentStep: number): never => {
  const seen = steps.find((s) => s.stepNo === stepNo)
  if (!seen) fail(Errors.AuditRecordNotFound)
  if (seen.decision === ReviewDecision.Approve) fail(Errors.AlreadyApproved)
  if (seen.decision === ReviewDecision.Reject) fail(Errors.AlreadyRejected)
  if (stepNo > currentStep) fail(Errors.OnlyCurrentReviewer)
  fail(Errors.ReviewFailed)
}

const decidedStep = (decision: string, userId: string, now: Date, note: string, isAudit: number) => ({
  isAudit,
  decision,
  userId,
  decidedAt: now,
  note,
})

/** The columns a decision records on its step (the type checks none is missed). */
const STEP_DECISION = Object.keys({
  isAudit: true,
  decision: true,
  userId: true,
  decidedAt: true,
  note: true,
} satisfies Record<keyof ReturnType<typeof decidedStep>, true>)

/** The columns of its review a decision moves: the review ends, or another step becomes current. */
const REVIEW_MOVES = {
  ended: ['status', 'finishedAt'],
  moved: ['status', 'currentStep', 'currentRoleCode', 'currentDeptCode', 'currentTimeLimitHours', 'stepStartedAt'],
} as const
type ReviewMove = keyof typeof REVIEW_MOVES
type ReviewPatch = {
  [M in ReviewMove]: Pick<typeof reviews.$inferInsert, (typeof REVIEW_MOVES)[M][number]>
}[ReviewMove]

/**
 * The decision's writes (step, decision row, review, and a request's log entry when `logged`),
 * answering the review as it stands and, when another step becomes current, who may review it.
 */
const buildDecisionWrites = (db: DbOrTx, move: ReviewMove, logged: boolean) => {
  const stepWritten = db.$with('step_written').as(
    db
      .update(reviewSteps)
      .set(placeholders('step', STEP_DECISION))
      .where(eq(reviewSteps.id, sql.placeholder('stepId')))
      .returning({ id: reviewSteps.id }),
  )
  const decisionWritten = db.$with('decision_written').as(
    db
      .insert(reviewDecisions)
      .values({
        reviewId: sql.placeholder('reviewId'),
        round: sql.placeholder('round'),
        stepNo: sql.placeholder('stepNo'),
        deptCode: sql.placeholder('deptCode'),
        roleCode: sql.placeholder('roleCode'),
        decision: sql.placeholder('decision'),
        userId: sql.placeholder('actorId'),
        note: sql.placeholder('note'),
        createAt: sql.placeholder('now'),
      })
      .returning({ id: reviewDecisions.id }),
  )
  const logWritten = db.$with('log_written').as(placedOperationInsert(db).returning({ id: operationLogs.id }))
  return db
    .with(stepWritten, decisionWritten, ...(logged ? [logWritten] : []))
    .update(reviews)
    .set({
      ...placeholders('review', REVIEW_MOVES[move]),
      version: sql`${reviews.version} + 1`,
      updateAt: sql.placeholder('now'),
      updateBy: sql.placeholder('actorId'),
    } as never)
    .where(and(eq(reviews.id, sql.placeholder('reviewId')), eq(reviews.version, sql.placeholder('version'))))
    .returning({
      status: reviews.status,
      currentStep: reviews.currentStep,
      version: reviews.version,
      // who must review the step made current, announced with the decision (none when it ends)
      reviewerIds:
        move === 'moved'
          ? sql<string[]>`array(select c.id::text from (${candidatesQuery(db, 'next')}) as c)`
          : sql<string[]>`'{}'::text[]`,
    })
}

/** The decision's writes built once for each way the review moves, without and with the log entry. */
const decisionWrites = {
  unlogged: reusableEach('sys_review_decide', (db, move: ReviewMove) => buildDecisionWrites(db, move, false)),
  logged: reusableEach('sys_review_decide_logged', (db, move: ReviewMove) => buildDecisionWrites(db, move, true)),
}

const clearedStep = { isAudit: 0, decision: null, userId: null, decidedAt: null, note: null }

/** Clears a step that comes round again (after a return) of its old decision; a clear one is left. */
const clearStep = async (tx: DbOrTx, step: ReviewStepRow) => {
  const clear = Object.entries(clearedStep).every(([k, v]) => step[k as keyof typeof clearedStep] === v)
  if (!clear) await tx.update(reviewSteps).set(clearedStep).where(eq(reviewSteps.id, step.id))
}

/**
 * The checks before a decision, on the locked review: open, the step the reviewer saw, its version,
 * the reviewer holding the current step (not its submitter, not the approver of the step before
 * where repeat audit is off), its time, a note; then the business's own (`approval.deciding`).
 */
const checkDecision = async (tx: DbOrTx, events: EventBus, input: DecideInput) => {
  const review = input.locked ?? (await lockReview(tx, input))
  assertOpen(review)
  const steps = await stepsOf(tx, review.id)
  if (input.stepNo !== undefined && input.stepNo !== review.currentStep) {
    refuseStaleStep(steps, input.stepNo, review.currentStep)
  }
  if (input.version !== undefined && input.version !== review.version) fail(Errors.ReviewFailed)
  const current = steps.find((s) => s.stepNo === review.currentStep) ?? fail(Errors.AuditRecordNotFound)
  const previous = steps.find((s) => s.stepNo === review.currentStep - 1)
  const actorId = input.actor.userId

  const memberships = await membershipsOf(tx, input.actor)
  if (input.stepNo === undefined && !holdsStep(memberships, current)) {
    // no step named (bulk approve): the step this reviewer saw is the decided one they hold
    const seen = steps.find((s) => s.stepNo !== current.stepNo && s.decision !== null && holdsStep(memberships, s))
    if (seen) refuseStaleStep(steps, seen.stepNo, review.currentStep)
  }
  assertReviewer(memberships, current)
  if (barredSubmitter(review) === actorId) fail(Errors.SelfApprovalForbidden)
  if (input.decision === ReviewDecision.Approve && barredRepeatApprover(review, previous) === actorId)
    fail(Errors.RepeatAuditForbidden)
  const deadline = deadlineOf(review.stepStartedAt, current.timeLimitHours)
  if (deadline && new Date() > deadline) fail(Errors.ReviewTimeExpired)
  const note = input.note?.trim() || fail(Errors.ReviewNoteRequired)
  await events.emit(tx, {
    type: 'approval.deciding',
    reviewId: review.id,
    round: review.round,
    business: review.business,
    objectId: review.objectId,
    stepNo: current.stepNo,
    decision: input.decision,
    actorId,
  })
  return { review, steps, current, previous, actorId, note }
}

type Checked = Awaited<ReturnType<typeof checkDecision>>

/**
 * Where the decision takes the review: the step's record, the review's move and the step made
 * current (with the step before it, for the repeat-audit rule); a step coming round again (after
 * a return) starts without its old decision.
 */
const planDecision = async (tx: DbOrTx, c: Checked, approve: boolean, now: Date) => {
  const { review, steps, previous, actorId, note } = c
  const last = review.currentStep === review.stepCount
  const toSubmitter = review.rejectFlow !== RejectFlow.ToPrevious || review.currentStep === 1
  type Next = { step: ReviewStepRow; before: Pick<ReviewStepRow, 'decision' | 'userId'> | undefined }
  if (approve && last)
    return {
      outcome: 'approved' as const,
      stepSet: decidedStep(ReviewDecision.Approve, actorId, now, note, 1),
      patch: { status: ApprovalStatus.Approved, finishedAt: now } as ReviewPatch,
      next: null as Next | null,
    }
  if (approve) {
    const step = steps.find((s) => s.stepNo === review.currentStep + 1)!
    await clearStep(tx, step)
    return {
      outcome: 'advanced' as const,
      stepSet: decidedStep(ReviewDecision.Approve, actorId, now, note, 1),
      patch: {
        status: ApprovalStatus.UnderReview,
        currentStep: step.stepNo,
        ...holderOf(step),
        stepStartedAt: now,
      } as ReviewPatch,
      next: { step, before: { decision: ReviewDecision.Approve, userId: actorId } } as Next | null,
    }
  }
  if (toSubmitter)
    return {
      outcome: 'rejected' as const,
      stepSet: decidedStep(ReviewDecision.Reject, actorId, now, note, 1),
      patch: { status: ApprovalStatus.Rejected, finishedAt: now } as ReviewPatch,
      next: null as Next | null,
    }
  // sent back: the rejecting step keeps who sent it back (not audited: it decides again later)
  const step = previous!
  await clearStep(tx, step)
  const backTo = review.currentStep - 1
  return {
    outcome: 'returned' as const,
    stepSet: decidedStep(ReviewDecision.Reject, actorId, now, note, 0),
    patch: {
      status: backTo > 1 ? ApprovalStatus.UnderReview : ApprovalStatus.Pending,
      currentStep: backTo,
      ...holderOf(step),
      stepStartedAt: now,
    } as ReviewPatch,
    next: { step, before: steps.find((s) => s.stepNo === backTo - 1) } as Next | null,
  }
}

type Plan = Awaited<ReturnType<typeof planDecision>>

/**
 * The step's record, the decision's row, the review's move and the log in one statement, which
 * also reads who may review the step it makes current; a review whose version moved meanwhile
 * updates nothing and the transaction (with the others) is undone.
 */
const writeDecision = async (tx: DbOrTx, c: Checked, plan: Plan, decision: string, now: Date, ctx: ApprovalContext) => {
  const { review, current, actorId, note } = c
  const { patch, outcome } = plan
  const move: ReviewMove = 'finishedAt' in patch ? 'ended' : 'moved'
  const log = ctx.req
    ? placedOperation(ctx.req, {
        logType: LogType.Review,
        operation: `approval:${decision}`,
        resource: review.business,
        objectId: review.objectId,
        before: { reviewId: review.id, status: review.status, currentStep: review.currentStep },
        after: {
          status: patch.status,
          currentStep: 'currentStep' in patch ? patch.currentStep : review.currentStep,
          outcome,
          note,
        },
      })
    : {}
  const [updated] = await decisionWrites[ctx.req ? 'logged' : 'unlogged'](move)(tx, {
    ...placed('step', plan.stepSet),
    ...placed('review', patch),
    ...log,
    stepId: current.id,
    reviewId: review.id,
    round: review.round,
    stepNo: current.stepNo,
    deptCode: current.deptCode,
    roleCode: current.roleCode,
    decision,
    actorId,
    note,
    now,
    version: review.version,
    ...(plan.next ? candidatesPlaced('next', plan.next.step, excludedAt(review, plan.next.before)) : {}),
  })
  return updated ?? fail(Errors.ReviewFailed)
}

/**
 * Approves or rejects the current step of a review, inside the caller's transaction. The review row
 * is locked first, so of two reviewers deciding at once the second sees the first one's result and
 * is refused; the version guards the update as well.
 *
 * Approve: the step is audited; the next step becomes current, or the review is approved.
 * Reject: back to the submitter (the review ends rejected), or back to the previous step (its
 * decision is undone and it decides again); a rejection at step 1 always goes to the submitter.
 */
export const decideReview = async (
  tx: DbOrTx,
  events: EventBus,
  input: DecideInput,
  ctx: ApprovalContext,
): Promise<DecisionResult> => {
  const checked = await checkDecision(tx, events, input)
  const { review, current, actorId, note } = checked
  const approve = input.decision === ReviewDecision.Approve
  const now = new Date()
  const plan = await planDecision(tx, checked, approve, now)
  const updated = await writeDecision(tx, checked, plan, input.decision, now, ctx)

  const final = plan.outcome === 'approved' || plan.outcome === 'rejected'
  const about = { business: review.business, objectId: review.objectId, objectNo: review.objectNo }
  // the step made current and who must review it now, announced with the decision
  const next = plan.next
  const asked = next ? { stepNo: next.step.stepNo, reviewerIds: updated.reviewerIds } : undefined
  await events.emit(tx, {
    type: approve ? 'approval.approved' : 'approval.rejected',
    reviewId: review.id,
    stepNo: current.stepNo,
    ...about,
    final,
    reviewStatus: updated.status as ApprovalStatus,
    submitterId: review.submitterId,
    decidedBy: actorId,
    note,
    next: asked,
  })
  return {
    reviewId: review.id,
    ...about,
    stepNo: current.stepNo,
    decision: input.decision,
    outcome: plan.outcome,
    final,
    status: updated.status as DecisionResult['status'],
    currentStep: updated.currentStep,
    version: updated.version,
  }
}
