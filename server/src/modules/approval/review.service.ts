import {
  type BatchApproveResult,
  Errors,
  errorText,
  type Lang,
  OK,
  ReviewDecision,
  type ReviewProgress,
} from '@app/contracts'
import { and, eq, inArray } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import type { Db } from '../../db/client.ts'
import { reviewDecisions, reviewSteps } from '../../db/schema/index.ts'
import type { ApprovalEngine, ReviewRef } from '../../platform/approval/index.ts'
import type { Principal } from '../../platform/auth/principal.ts'
import { fail, isAppError } from '../../platform/errors.ts'
import { requestLang } from '../../platform/i18n.ts'

/** At most this many ids in one bulk approve: each is its own transaction. */
export const BATCH_LIMIT = 200

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export const createReviewService = (deps: { db: Db; engine: ApprovalEngine }) => {
  const { db, engine } = deps

  /**
   * Who may see a review's progress: everyone with the 'all' data permission, its submitter, whoever
   * decided on it, and whoever holds the role and department of one of its steps.
   */
  const assertVisible = async (principal: Principal, reviewId: string, submitterId: string | null) => {
    if (principal.dataScope === 'all' || submitterId === principal.userId) return
    const [decided] = await db
      .select({ id: reviewDecisions.id })
      .from(reviewDecisions)
      .where(and(eq(reviewDecisions.reviewId, reviewId), eq(reviewDecisions.userId, principal.userId)))
      .limit(1)
    if (decided) return
    const m = await engine.membershipsOf(db, principal)
    if (m.roleCodes.length > 0 && m.orgCodes.length > 0) {
      const [step] = await db
        .select({ id: reviewSteps.id })
        .from(reviewSteps)
        .where(
          and(
            eq(reviewSteps.reviewId, reviewId),
            inArray(reviewSteps.roleCode, m.roleCodes),
            inArray(reviewSteps.deptCode, m.orgCodes),
          ),
        )
        .limit(1)
      if (step) return
    }
    fail(Errors.PermissionDenied)
  }

  return {
    /** Null when the object was never submitted; 404 for an unknown review id. */
    async progress(principal: Principal, ref: ReviewRef, lang: Lang): Promise<ReviewProgress | null> {
      const review = await engine.find(db, ref)
      if (!review) {
        if ('reviewId' in ref) fail(Errors.NotFound)
        return null
      }
      await assertVisible(principal, review.id, review.submitterId)
      return engine.progress(db, { reviewId: review.id }, lang)
    },

    /**
     * Approves each review on its own transaction, so one refusal (already decided, not the
     * reviewer, expired...) leaves the others decided; answers per id in the caller's language.
     */
    async batchApprove(req: FastifyRequest, principal: Principal, ids: string, note: string | null | undefined) {
      const list = [...new Set(ids.split(',').map((s) => s.trim()))].filter(Boolean)
      if (list.length === 0) fail(Errors.SelectRecord)
      if (list.length > BATCH_LIMIT) fail(Errors.ParameterError, { max: BATCH_LIMIT })
      const lang = requestLang(req)
      const results: BatchApproveResult = []
      for (const id of list) {
        try {
          if (!UUID.test(id)) fail(Errors.AuditRecordNotFound)
          await db.transaction((tx) =>
            engine.decide(tx, { reviewId: id, decision: ReviewDecision.Approve, note, actor: principal }, { req }),
          )
          results.push({ id, success: true, code: OK, message: lang === 'en' ? 'Approved' : '审核通过' })
        } catch (e) {
          if (!isAppError(e)) throw e
          results.push({ id, success: false, code: e.entry.code, message: errorText(e.entry.code, lang) ?? e.message })
        }
      }
      return results
    },
  }
}

export type ReviewService = ReturnType<typeof createReviewService>
