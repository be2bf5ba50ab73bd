import {
  ApprovalStatus,
  AuditBusiness,
  Errors,
  type Lang,
  OrderStatus,
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
import { fail } from '../../platform/errors.ts'
import type { EventBus } from '../../platform/events.ts'
import { linesOf, orderTotals, reweigh, writeLines } from './order.lines.ts'
import type { OrderService } from './order.service.ts'
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
  SHIPPED,
} from './order.status.ts'
import { salesTexts } from './texts.ts'

const ref = (id: string) => ({ business: AuditBusiness.SaleOrder, objectId: id })
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const OPEN = [ApprovalStatus.Pending, ApprovalStatus.UnderReview] as string[]

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

/** An open sub-flow request at a review's step, if any (the step cannot be decided while there is). */
const openSubApply = reusable('sale_sub_apply_open', (db) =>
  db
    .select({ id: saleSubApplies.id })
    .from(saleSubApplies)
    .where(
      and(
        eq(saleSubApplies.reviewId, sql.placeholder('reviewId')),
        eq(saleSubApplies.round, sql.placeholder('round')),
        eq(saleSubApplies.stepNo, sql.placeholder('stepNo')),
        inArray(saleSubApplies.status, OPEN),
      ),
    )
    .limit(1),
)

/**
 * An order's review on the approval engine (issue 15): the audit modal's decision, a reviewer's
 * change to the lines, what the caller may do, and the statuses the review's end sets.
 */
export const createOrderReview = (deps: { engine: ApprovalEngine; events: EventBus; orders: OrderService }) => {
  const { engine, events, orders } = deps

  /** The caller holds the order's current step. */
  const currentStepOf = async (db: DbOrTx, principal: Principal, orderId: string) => {
    const review = await engine.find(db, ref(orderId))
    if (!review || !OPEN.includes(review.status)) return null
    const steps = await engine.stepsOf(db, review.id)
    const step = steps.find((s) => s.stepNo === review.currentStep)
    if (!step) return null
    const memberships = await engine.membershipsOf(db, principal)
    return engine.holdsStep(memberships, step) ? { review, step } : null
  }

  const hasOpenSubApply = async (db: DbOrTx, reviewId: string, round: number, stepNo: number) =>
    (await openSubApply(db, { reviewId, round, stepNo })).length > 0

  const review = {
    currentStepOf,

    /** POST /sale/order/audit: the current reviewer decides the order's current step. */
    async audit(tx: DbOrTx, principal: Principal, input: z.output<typeof SaleOrderAuditSchema>, req: RequestInfo) {
      const { id, ...rest } = input
      // deciders queue on the review, taken with the order in one statement
      const { order, review: locked } = await lockOrderAndReview(tx, id)
      if (![OrderStatus.PendingReview, OrderStatus.UnderReview].includes(order.status as never))
        fail(order.status === OrderStatus.Rejected ? Errors.AlreadyRejected : Errors.AlreadyApproved)
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
      const { order } = await lockOrderAndReview(tx, input.id)
      if (order.version !== input.version) fail(Errors.DataChanged, { version: order.version })
      const current = await currentStepOf(tx, principal, order.id)
      if (!current) fail(Errors.OnlyCurrentReviewer)
      if (!current.step.allowAdjust) fail(Errors.CannotAdjustProducts)
      const before = await linesOf(tx, order.id)
      const wanted = new Map(input.lines.map((l) => [l.lineId, l.quantity]))
      for (const [lineId, quantity] of wanted) {
        const line = before.find((l) => l.id === lineId) ?? fail(Errors.ParameterError, { lineId })
        if (quantity > line.quantity) fail(Errors.ReduceRule, { lineId })
      }
      const keptLines = before
        .map((l) => ({ ...l, quantity: wanted.get(l.id) ?? l.quantity }))
        .filter((l) => l.quantity > 0)
      if (keptLines.length === 0) fail(Errors.SelectProduct)
      if (keptLines.length === before.length && keptLines.every((l, i) => l.quantity === before[i]!.quantity))
        fail(Errors.OrderUnchanged)
      const lines = await reweigh(tx, keptLines)
      const written = await writeLines(tx, order.id, lines)
      const updated = await moveOrder(tx, order, order.status, principal.userId, orderTotals(lines))
      await orders.log(
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

    /** GET /sale/order/abilities: what the caller may do with the order now (the web mirrors it). */
    async abilities(db: DbOrTx, principal: Principal, orderId: string): Promise<SaleOrderAbilities> {
      const order = await readOrder(db, orderId)
      const mine = inScope(principal, order)
      const has = (button: string) => principal.permissions.has(`sale_order:${button}`)
      const review = await engine.find(db, ref(orderId))
      const decided = review
        ? ((await engine.progress(db, ref(orderId)))?.history.some((h) => h.round === review.round) ?? false)
        : false
      const current = await currentStepOf(db, principal, orderId)
      const lines = await linesOf(db, orderId)
      const shipped = SHIPPED.includes(order.status) || lines.some((l) => l.deliveredQuantity > 0)
      const [openDelete] = await db
        .select({ id: saleOrderDeletes.id })
        .from(saleOrderDeletes)
        .where(and(eq(saleOrderDeletes.orderId, orderId), inArray(saleOrderDeletes.status, OPEN)))
      const editable =
        order.status === OrderStatus.Rejected ||
        order.status === OrderStatus.PendingDelivery ||
        (order.status === OrderStatus.PendingReview && !decided)
      return {
        edit: mine && has('edit') && editable,
        editNeedsConfirm: order.status === OrderStatus.PendingDelivery,
        delete:
          mine &&
          has('delete') &&
          (order.status === OrderStatus.Rejected || (order.status === OrderStatus.PendingReview && !decided)),
        applyDelete: has('applyDelete') && order.status === OrderStatus.PendingDelivery && !shipped && !openDelete,
        // a step with an open sub-flow request waits for its answer
        audit:
          has('audit') &&
          !!current &&
          !(await hasOpenSubApply(db, current.review.id, current.review.round, current.step.stepNo)),
        reviewAdjust: has('audit') && !!current?.step.allowAdjust,
        subApply: has('subApply') && !!current,
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
            const to =
              e.type === 'approval.rejected'
                ? e.final
                  ? OrderStatus.Rejected
                  : OrderStatus.UnderReview
                : e.final
                  ? OrderStatus.PendingDelivery
                  : OrderStatus.UnderReview
            // a review of something that is not (or no longer) an order moves no order
            const order = await moveLiveOrder(tx, e.objectId, to, e.decidedBy)
            if (!order) return
            // approved: the ERP receives the order as it now stands
            if (to === OrderStatus.PendingDelivery)
              await events.emit(tx, { type: 'erp.changed', kind: 'saleorder', orderId: order.id, objectId: order.id })
          }),
        ),
        // a step waits for its sub-flow requests
        events.on('approval.deciding', async (tx, e) => {
          if (e.business !== AuditBusiness.SaleOrder) return
          const open = await hasOpenSubApply(tx, e.reviewId, e.round, e.stepNo)
          if (open) fail(Errors.SubProcessUnfinished)
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
