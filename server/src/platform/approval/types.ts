import type { ApprovalStatus, ReviewDecision, ReviewDecisionResult } from '@app/contracts'
import type { FastifyRequest } from 'fastify'
import type { reviewSteps, reviews } from '../../db/schema/index.ts'

/**
 * A user whose memberships may be known: a signed-in user (a Principal fits) carries its role and
 * department codes, remembered until the database announces a change to them as its permissions
 * are; without them they are read (`membershipsOf`).
 */
export type KnownUser = { userId: string; roleCodes?: readonly string[]; deptCodes?: readonly string[] }

/** Who acts: the signed-in user (a Principal fits). */
export type ApprovalActor = KnownUser & { username: string }

/** A review by its id, or by the business object it reviews. */
export type ReviewRef = { reviewId: string } | { business: string; objectId: string }

/** Optional context of a call made for an HTTP request: the operation log needs it. */
export type ApprovalContext = { req?: FastifyRequest }

export type StartReviewInput = {
  business: string
  objectId: string
  /** The number people see (order number, product code...), carried into events and lists. */
  objectNo?: string | null
  /** The submitter and the department they submit from (steps of type 'submitter' use it). */
  submitter: { userId: string; orgCode: string | null }
}

/**
 * Objects of one business made in the caller's transaction (a new order, an import's products),
 * submitted together by one submitter: they have no review yet, and none is looked for (the insert
 * of their reviews still refuses one another transaction started meanwhile).
 */
export type StartReviewsInput = {
  business: string
  submitter: StartReviewInput['submitter']
  objects: readonly { objectId: string; objectNo?: string | null }[]
}

export type DecideInput = ReviewRef & {
  decision: ReviewDecision
  note?: string | null
  /** The step the reviewer saw; a stale one answers 'already approved/rejected'. */
  stepNo?: number
  /** The version the reviewer saw; a stale one answers 'review failed, refresh'. */
  version?: number
  actor: ApprovalActor
  /**
   * The review row when the caller already holds its lock (`lockedReviewOf`, taken with the
   * business object's own): the decision then does not read and lock it a second time.
   */
  locked?: ReviewRow
}

export type DecisionResult = Omit<ReviewDecisionResult, 'id'> & { reviewId: string }

export type ReviewRow = typeof reviews.$inferSelect
export type ReviewStepRow = typeof reviewSteps.$inferSelect

/** A review as the engine reports it after a start. */
export type ReviewState = {
  reviewId: string
  business: string
  objectId: string
  objectNo: string | null
  status: ApprovalStatus
  round: number
  currentStep: number
  stepCount: number
  version: number
  /** Who may decide the current step now. */
  reviewerIds: string[]
}
