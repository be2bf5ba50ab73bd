import {
  type ActorFacts,
  ApprovalStatus,
  AuditBusiness,
  isOpenApproval,
  OPEN_APPROVAL,
  type OrderFacts,
  OrderStatus,
  RoleCode,
} from '@app/contracts'
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { reusable } from '../../db/reusable.ts'
import { saleOrders, saleSubApplies } from '../../db/schema/index.ts'
import type { ApprovalEngine, ReviewRow } from '../../platform/approval/index.ts'
import type { Principal } from '../../platform/auth/principal.ts'
import { today } from '../../platform/days.ts'
import type { LineRow } from './order.lines.ts'
import { inScope, type OrderRow } from './order.status.ts'

/**
 * What the order model (contracts `order-model.ts`) needs to know, read from the database: the
 * order's facts (its requests, whether its review has a decision) and the acting person's (their
 * scope, their role, the step they hold). Every sales write reads what its rule needs here, and the
 * "what may I do" answer reads all of it.
 */

const LOGISTICS: readonly string[] = [RoleCode.LogisticsChief, RoleCode.LogisticsAdmin]
export const isLogistics = (principal: Principal) => principal.roleCodes.some((r) => LOGISTICS.includes(r))

const open = OPEN_APPROVAL.map((s) => `'${s}'`).join(', ')

/**
 * An order's requests in one statement: an adjustment or a deletion waiting, adjustments approved.
 * Written in SQL: a one-table select leaves its columns unqualified, and the subqueries must name
 * the order's id.
 */
const requestFactsStatement = reusable('sale_order_request_facts', (db) =>
  db
    .select({
      openAdjustment: sql<boolean>`exists (select 1 from sale_apply_modify a where a.order_id = o.id and a.status in (${sql.raw(open)}))`,
      openDeletion: sql<boolean>`exists (select 1 from sale_order_delete d where d.order_id = o.id and d.status in (${sql.raw(open)}))`,
      approvedAdjustments: sql<number>`(select count(*)::int from sale_apply_modify a where a.order_id = o.id and a.status = ${sql.raw(`'${ApprovalStatus.Approved}'`)})`,
    })
    .from(sql`${saleOrders} o`)
    .where(sql`o.id = ${sql.placeholder('id')}`),
)

/** An open sub-flow request at a review's step, if any (the step cannot be decided while there is). */
const openSubApplyStatement = reusable('sale_sub_apply_open', (db) =>
  db
    .select({ id: saleSubApplies.id })
    .from(saleSubApplies)
    .where(
      and(
        eq(saleSubApplies.reviewId, sql.placeholder('reviewId')),
        eq(saleSubApplies.round, sql.placeholder('round')),
        eq(saleSubApplies.stepNo, sql.placeholder('stepNo')),
        inArray(saleSubApplies.status, [...OPEN_APPROVAL]),
      ),
    )
    .limit(1),
)

export const hasOpenSubApply = async (db: DbOrTx, reviewId: string, round: number, stepNo: number) =>
  (await openSubApplyStatement(db, { reviewId, round, stepNo })).length > 0

const ref = (id: string) => ({ business: AuditBusiness.SaleOrder, objectId: id })

export const createOrderFacts = (engine: ApprovalEngine) => {
  /** The current step of an open review, when the principal holds it. */
  const currentStepOf = async (db: DbOrTx, principal: Principal, review: ReviewRow | null) => {
    if (!review || !isOpenApproval(review.status)) return null
    const steps = await engine.stepsOf(db, review.id)
    const step = steps.find((s) => s.stepNo === review.currentStep)
    if (!step) return null
    const memberships = await engine.membershipsOf(db, principal)
    return engine.holdsStep(memberships, step) ? { review, step, steps } : null
  }

  /**
   * Someone decided in the review's current round. Read only where a rule asks it (an order
   * pending review: in review once decided); false elsewhere.
   */
  const decided = async (db: DbOrTx, order: Pick<OrderRow, 'id' | 'status'>, review: ReviewRow | null) =>
    order.status === OrderStatus.PendingReview && review
      ? ((await engine.progress(db, ref(order.id)))?.history.some((h) => h.round === review.round) ?? false)
      : false

  const facts = {
    currentStepOf,

    /** The order's facts; `lines` and the review when the caller has them (locked) already. */
    async order(
      db: DbOrTx,
      order: OrderRow,
      review: ReviewRow | null,
      lines: readonly Pick<LineRow, 'quantity' | 'deliveredQuantity'>[],
    ): Promise<OrderFacts> {
      const [requests] = await requestFactsStatement(db, { id: order.id })
      return {
        status: order.status,
        expectedDeliveryDate: order.expectedDeliveryDate,
        lines,
        decided: await decided(db, order, review),
        openAdjustment: requests?.openAdjustment ?? false,
        openDeletion: requests?.openDeletion ?? false,
        approvedAdjustments: requests?.approvedAdjustments ?? 0,
      }
    },

    /** The person's facts about this order; `current` when the caller has worked it out already. */
    async actor(
      db: DbOrTx,
      principal: Principal,
      order: Pick<OrderRow, 'orgCode' | 'createBy'>,
      review: ReviewRow | null,
    ): Promise<ActorFacts> {
      const current = await currentStepOf(db, principal, review)
      return {
        owns: inScope(principal, order),
        logistics: isLogistics(principal),
        currentReviewer: !!current,
        stepAllowsAdjust: !!current?.step.allowAdjust,
        openSubFlow: current ? await hasOpenSubApply(db, review!.id, review!.round, current.step.stepNo) : false,
        today: today(),
      }
    },

    /** Just what needs no read: scope, role, day (the rules of writes that ask nothing else of the person). */
    person: (principal: Principal, order: Pick<OrderRow, 'orgCode' | 'createBy'>) => ({
      owns: inScope(principal, order),
      logistics: isLogistics(principal),
      today: today(),
    }),
  }
  return facts
}

export type OrderFactsReader = ReturnType<typeof createOrderFacts>
