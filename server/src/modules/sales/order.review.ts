import {
  ORDER_ACTION_BUTTONS as ACTION_BUTTONS,
  type AdjustLimits,
  AuditBusiness,
  Errors,
  editNeedsConfirm,
  type Lang,
  mayReviewAdjust,
  ORDER_ACTIONS,
  type OrderAction,
  OrderStatus,
  orderRefusals,
  orderStatusOfReview,
  reviewAdjustRefusal,
  reviewerRefusal,
  reviewStatusRefusal,
  type SaleOrderAbilities,
  type SaleOrderAuditSchema,
  type SaleOrderReviewAdjustSchema,
} from '@app/contracts'
import { and, eq, inArray, or, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { DbOrTx } from '../../db/client.ts'
import { reusable } from '../../db/reusable.ts'
import { reviewSteps, reviews, saleOrderDeletes, saleOrders, saleSubApplies } from '../../db/schema/index.ts'
import { type ApprovalEngine, progressColumns, toProgress } from '../../platform/approval/index.ts'
import type { RequestInfo } from '../../platform/audit-log.ts'
import type { Principal } from '../../platform/auth/principal.ts'
import { fail, refuse } from '../../platform/errors.ts'
import type { EventBus } from '../../platform/events.ts'
import { hasOpenSubApply, type OrderFactsReader } from './order.facts.ts'
import { log } from './order.history.ts'
import { linesOf, orderTotals, reweigh, writeLines } from './order.lines.ts'
import {
  inScope,
  isLiveOrder,
  lockOrderAndReview,
  moveLiveOrder,
  moveOrder,
  type OrderOwner,
  ownerColumns,
  readOrder,
  readOrderOwner,
  reviewOfOrder,
} from './order.status.ts'
import { salesTexts } from './texts.ts'

const ref = (id: string) => ({ business: AuditBusiness.SaleOrder, objectId: id })
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * The live order's owner with its review's progress, in one statement (the progress's read
 * checks who may see it): no row when there is no live order, a null review when it was never
 * submitted.
 */
const ownedProgress = reusable('sale_order_owned_progress', (db) =>
  db
    .select({ owner: ownerColumns, ...progressColumns })
    .from(saleOrders)
    .leftJoin(reviews, reviewOfOrder())
    .where(isLiveOrder()),
)

/**
 * An order's review on the approval engine (issue 15): the audit modal's decision, a reviewer's
 * change to the lines, what the caller may do, and the statuses the review's end sets.
 */
export const createOrderReview = (deps: {
  engine: ApprovalEngine
  events: EventBus
  facts: OrderFactsReader
  limits: () => AdjustLimits
}) => {
  const { engine, events, facts, limits } = deps

  const review = {
    /** POST /sale/order/audit: the current reviewer decides the order's current step. */
    async audit(tx: DbOrTx, principal: Principal, input: z.output<typeof SaleOrderAuditSchema>, req: RequestInfo) {
      const { id, ...rest } = input
      // deciders queue on the review, taken with the order in one statement
      const { order, review: locked } = await lockOrderAndReview(tx, id)
      // the reviewer and their step are the engine's to check (it tells a stale step from a
      // stranger); the step's open sub-flow requests hold it (approval.deciding, below)
      refuse(reviewStatusRefusal(order))
      return engine.decide(
        tx,
        { ...ref(id), ...rest, actor: principal, locked: locked ?? undefined },
        { req: req as never },
      )
    },

    /**
     * POST /sale/order/reviewAdjust: the current reviewer, on a step that allows it, lowers
     * quantities or removes lines (SPEC 6 'some roles cannot adjust order products'). The
     * change is in the order's history and the submitter is told.
     */
    async reviewAdjust(
      tx: DbOrTx,
      principal: Principal,
      input: z.output<typeof SaleOrderReviewAdjustSchema>,
      req: RequestInfo,
    ) {
      const { order, review: locked } = await lockOrderAndReview(tx, input.id)
      if (order.version !== input.version) fail(Errors.DataChanged, { version: order.version })
      const current = await facts.currentStepOf(tx, principal, locked)
      refuse(mayReviewAdjust({ currentReviewer: !!current, stepAllowsAdjust: !!current?.step.allowAdjust }))
      const before = await linesOf(tx, order.id)
      const wanted = new Map(input.lines.map((l) => [l.lineId, l.quantity]))
      refuse(reviewAdjustRefusal(before, wanted), { lines: input.lines })
      const keptLines = before
        .map((l) => ({ ...l, quantity: wanted.get(l.id) ?? l.quantity }))
        .filter((l) => l.quantity > 0)
      const lines = await reweigh(tx, keptLines)
      const written = await writeLines(tx, order.id, before, lines)
      const updated = await moveOrder(tx, order, order.status, principal.userId, orderTotals(lines))
      await log(
        tx,
        req,
        'sale_order:reviewAdjust',
        updated,
        { order, lines: before },
        { order: updated, lines: written },
      )
      if (order.createBy)
        await events.emit(tx, {
          type: 'business.notify',
          recipientIds: [order.createBy],
          texts: salesTexts.reviewerAdjusted(order.orderNo, principal.realname, input.note ?? null),
          menuId: 'sale_order',
          objectNo: order.orderNo,
          creatorId: principal.userId,
        })
      return updated
    },

    /**
     * GET /sale/order/abilities: what the caller may do with the order now, and why not where they
     * may not: the order model's answers on the facts of the order and the caller, as every write
     * asks them; an action also needs its button.
     */
    async abilities(db: DbOrTx, principal: Principal, orderId: string): Promise<SaleOrderAbilities> {
      const order = await readOrder(db, orderId)
      const found = (await engine.find(db, ref(orderId))) ?? null
      const lines = await linesOf(db, orderId)
      const refusals = orderRefusals(
        await facts.order(db, order, found, lines),
        await facts.actor(db, principal, order, found),
        limits(),
      )
      const may = (action: OrderAction) =>
        refusals[action] === null && ACTION_BUTTONS[action].some((b) => principal.permissions.has(b))
      return {
        ...(Object.fromEntries(ORDER_ACTIONS.map((a) => [a, may(a)])) as Record<OrderAction, boolean>),
        editNeedsConfirm: editNeedsConfirm(order),
        refusals: Object.fromEntries(ORDER_ACTIONS.map((a) => [a, refusals[a]?.code ?? null])) as Record<
          OrderAction,
          number | null
        >,
      }
    },

    /**
     * The order's review progress (null before its first submission) with whose the order is, for
     * the caller's read check, which the route makes before answering (as the detail's and the
     * deliveries' do). 404 when there is no live order.
     */
    async progress(db: DbOrTx, orderId: string, lang: Lang) {
      const [row] = await ownedProgress(db, { id: orderId })
      if (!row) fail(Errors.OrderNotFound)
      return { owner: row.owner, progress: toProgress(row, lang) }
    },

    /**
     * The caller may read the order: their data scope, or they review it ('order not found' else).
     * Reads no more of the order than whose it is.
     */
    async assertMayRead(db: DbOrTx, principal: Principal, orderId: string): Promise<OrderOwner> {
      return review.assertOwnerReadable(db, principal, await readOrderOwner(db, orderId))
    },

    /** The check on an owner read with something else (null: there is no live order). */
    async assertOwnerReadable(db: DbOrTx, principal: Principal, owner: OrderOwner | null): Promise<OrderOwner> {
      if (!owner || (!inScope(principal, owner) && !(await review.readableByReviewer(db, principal, owner.id))))
        fail(Errors.OrderNotFound)
      return owner
    },

    /**
     * May someone outside the order's data scope read it by id? Those who review it (hold one
     * of its steps, or decided one), are asked about it in a sub-flow, or review its deletion.
     */
    async readableByReviewer(db: DbOrTx, principal: Principal, orderId: string) {
      const m = await engine.membershipsOf(db, principal)
      if (m.roleCodes.length === 0) return false
      const holds = and(
        inArray(reviewSteps.roleCode, m.roleCodes),
        m.orgCodes.length ? inArray(reviewSteps.deptCode, m.orgCodes) : sql`false`,
      )
      const [step] = await db
        .select({ id: reviewSteps.id })
        .from(reviewSteps)
        .innerJoin(reviews, eq(reviews.id, reviewSteps.reviewId))
        .where(
          and(
            or(
              and(eq(reviews.business, AuditBusiness.SaleOrder), eq(reviews.objectId, orderId)),
              and(
                eq(reviews.business, AuditBusiness.OrderDelete),
                sql`${reviews.objectId} in (select ${saleOrderDeletes.id}::text from ${saleOrderDeletes} where ${saleOrderDeletes.orderId} = ${orderId})`,
              ),
            ),
            or(holds, eq(reviewSteps.userId, principal.userId)),
          ),
        )
        .limit(1)
      if (step) return true
      const [asked] = await db
        .select({ id: saleSubApplies.id })
        .from(saleSubApplies)
        .where(and(eq(saleSubApplies.orderId, orderId), inArray(saleSubApplies.roleCode, m.roleCodes)))
        .limit(1)
      return !!asked
    },

    /** The order follows its review: first approval 100802, the last 100803, a rejection 100804. */
    subscribe() {
      const offs = [
        ...(['approval.approved', 'approval.rejected'] as const).map((type) =>
          events.on(type, async (tx, e) => {
            if (e.business !== AuditBusiness.SaleOrder || !UUID.test(e.objectId)) return
            const to = orderStatusOfReview(e.reviewStatus)
            // a review of something that is not (or no longer) an order moves no order
            const order = await moveLiveOrder(tx, e.objectId, to, e.decidedBy)
            if (!order) return
            // approved: the ERP receives the order as it now stands
            if (to === OrderStatus.PendingDelivery)
              await events.emit(tx, { type: 'erp.changed', kind: 'saleorder', orderId: order.id, objectId: order.id })
          }),
        ),
        // a step waits for its sub-flow requests, also when decided from the review centre
        events.on('approval.deciding', async (tx, e) => {
          if (e.business !== AuditBusiness.SaleOrder) return
          const openSubFlow = await hasOpenSubApply(tx, e.reviewId, e.round, e.stepNo)
          // the engine emits this once it knows the decider holds the current step
          refuse(reviewerRefusal({ currentReviewer: true, openSubFlow }))
        }),
      ]
      return () => {
        for (const off of offs) off()
      }
    },
  }
  return review
}

export type OrderReview = ReturnType<typeof createOrderReview>
