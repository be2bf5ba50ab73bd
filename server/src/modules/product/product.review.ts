import { ApprovalStatus, AuditBusiness, Errors, type Lang, type ReviewDecision } from '@app/contracts'
import { inArray, sql } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import type { DbOrTx } from '../../db/client.ts'
import { products } from '../../db/schema/index.ts'
import type { ApprovalEngine } from '../../platform/approval/index.ts'
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

  const setAuditStatus = (tx: DbOrTx, productIds: readonly string[], auditStatus: string) =>
    tx
      .update(products)
      .set({ auditStatus, version: sql`${products.version} + 1`, updateAt: new Date() })
      .where(inArray(products.id, [...productIds]))

  /** Starts reviews (`start`); without a product flow in force the products are approved at once. */
  const withoutFlowApproved = async (tx: DbOrTx, productIds: readonly string[], start: () => Promise<unknown>) => {
    try {
      await start()
      return ApprovalStatus.Pending
    } catch (e) {
      if (!isAppError(e) || e.entry.code !== Errors.AuditRecordNotFound.code) throw e
      await setAuditStatus(tx, productIds, ApprovalStatus.Approved)
      return ApprovalStatus.Approved
    }
  }

  return {
    /**
     * Submits a changed product for review again in the caller's transaction; an open review is
     * restarted (the product it was about has changed). Without a product flow in force the
     * product is approved at once. Answers the product's audit status.
     */
    async submit(tx: DbOrTx, product: { id: string; code: string }, principal: Principal, req?: RequestInfo) {
      return withoutFlowApproved(tx, [product.id], () =>
        engine.restart(
          tx,
          {
            ...refOf(product.id),
            objectNo: product.code,
            submitter: { userId: principal.userId, orgCode: principal.orgCode },
          },
          // the engine only logs with it; an import job passes a copy of its request
          { req: req as FastifyRequest | undefined },
        ),
      )
    },

    /**
     * Submits products made in the caller's transaction (one added, or a workbook's) for review:
     * their reviews start together and each reviewer is asked once. Answers their audit status.
     */
    submitNew: (tx: DbOrTx, made: readonly { id: string; code: string }[], principal: Principal, req?: RequestInfo) =>
      withoutFlowApproved(
        tx,
        made.map((p) => p.id),
        () =>
          engine.startMany(
            tx,
            {
              business: AuditBusiness.Product,
              submitter: { userId: principal.userId, orgCode: principal.orgCode },
              objects: made.map((p) => ({ objectId: p.id, objectNo: p.code })),
            },
            { req: req as FastifyRequest | undefined },
          ),
      ),

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
          await setAuditStatus(tx, [e.objectId], e.final ? ended : ApprovalStatus.UnderReview)
        }),
      )
      return () => {
        for (const off of offs) off()
      }
    },
  }
}

export type ProductReview = ReturnType<typeof createProductReview>
