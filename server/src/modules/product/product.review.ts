import { ApprovalStatus, AuditBusiness, Errors, type Lang, type ReviewDecision } from '@app/contracts'
import { eq, sql } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import type { DbOrTx } from '../../db/client.ts'
import { products } from '../../db/schema/index.ts'
import { type ApprovalEngine, isOpen } from '../../platform/approval/index.ts'
import type { RequestInfo } from '../../platform/audit-log.ts'
import type { Principal } from '../../platform/auth/principal.ts'
import { isAppError } from '../../platform/errors.ts'
import type { EventBus } from '../../platform/events.ts'

const refOf = (productId: string) => ({ business: AuditBusiness.Product, objectId: productId })

/**
 * The product audit (issue 7): a new product, or a change of its defining fields, goes through
 * the product flow of the approval engine; the review's end moves the product's audit status.
 * Until approved a product is not sellable.
 */
export const createProductReview = (deps: { engine: ApprovalEngine; events: EventBus }) => {
  const { engine, events } = deps

  const setAuditStatus = (tx: DbOrTx, productId: string, auditStatus: string) =>
    tx
      .update(products)
      .set({ auditStatus, version: sql`${products.version} + 1`, updateAt: new Date() })
      .where(eq(products.id, productId))
      .returning()

  return {
    /**
     * Submits a product for review in the caller's transaction; an open review is restarted (the
     * product it was about has changed). Without a product flow in force the product is approved
     * at once. Answers the product's audit status. A new product (`isNew`) has no review to look for.
     */
    async submit(
      tx: DbOrTx,
      product: { id: string; code: string },
      principal: Principal,
      req?: RequestInfo,
      isNew = false,
    ): Promise<string> {
      const existing = isNew ? null : await engine.find(tx, refOf(product.id))
      if (existing && isOpen(existing.status)) await engine.remove(tx, refOf(product.id))
      try {
        await engine.start(
          tx,
          {
            ...refOf(product.id),
            objectNo: product.code,
            submitter: { userId: principal.userId, orgCode: principal.orgCode },
            isNew,
          },
          // the engine only logs with it; an import job passes a copy of its request
          { req: req as FastifyRequest | undefined },
        )
        return ApprovalStatus.Pending
      } catch (e) {
        if (!isAppError(e) || e.entry.code !== Errors.AuditRecordNotFound.code) throw e
        await setAuditStatus(tx, product.id, ApprovalStatus.Approved)
        return ApprovalStatus.Approved
      }
    },

    /** Drops a deleted product's review. */
    remove: (tx: DbOrTx, productId: string) => engine.remove(tx, refOf(productId)),

    /** The review's steps and decisions (the audit modal), or null when never submitted. */
    progress: (db: DbOrTx, productId: string, lang: Lang) => engine.progress(db, refOf(productId), lang),

    /** The audit modal's decision on the current step. */
    decide: (
      tx: DbOrTx,
      input: { id: string; decision: ReviewDecision; note?: string | null; stepNo?: number; version?: number },
      principal: Principal,
      req: FastifyRequest,
    ) => {
      const { id, ...rest } = input
      return engine.decide(tx, { ...refOf(id), ...rest, actor: principal }, { req })
    },

    /**
     * Follows the product reviews: a step approved -> under review, the last one -> approved,
     * a final rejection -> rejected. In the decision's transaction. Answers the unsubscriber.
     */
    subscribe() {
      const offs = (['approval.approved', 'approval.rejected'] as const).map((type) =>
        events.on(type, async (tx, e) => {
          if (e.business !== AuditBusiness.Product) return
          const ended = e.type === 'approval.approved' ? ApprovalStatus.Approved : ApprovalStatus.Rejected
          await setAuditStatus(tx, e.objectId, e.final ? ended : ApprovalStatus.UnderReview)
        }),
      )
      return () => {
        for (const off of offs) off()
      }
    },
  }
}

export type ProductReview = ReturnType<typeof createProductReview>
