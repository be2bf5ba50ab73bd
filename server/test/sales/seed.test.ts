import {
  ApprovalStatus,
  AuditBusiness,
  DELIVERY_NO_PREFIX,
  Errors,
  OrderStatus,
  type Page,
  ReviewDecision,
  type ReviewItem,
  type ReviewProgress,
  type SaleOrder,
} from '@app/contracts'
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import {
  branchSaleRels,
  depots,
  productUnits,
  reviewDecisions,
  reviewSteps,
  reviews,
  saleApplyModifies,
  saleApplyModifyLines,
  saleDeliveries,
  saleDeliveryLines,
  saleOrderDeletes,
  saleOrderLines,
  saleOrders,
  saleSubApplies,
  sequences,
  stockDocs,
  stockLedger,
  users,
} from '../../src/db/schema/index.ts'
import { dayOf } from '../../src/platform/days.ts'
import { createTestApp, type TestApp } from '../helpers/app.ts'
import { type Api, addOrder, as, audit, branchId, orderForm, sellable } from './helpers.ts'

/** The demo sales orders (issue 15 seed), as a fresh database has them. */

type Order = typeof saleOrders.$inferSelect
type Review = typeof reviews.$inferSelect
type Step = typeof reviewSteps.$inferSelect

let t: TestApp
let orders: Order[]
let linesOf: Map<string, (typeof saleOrderLines.$inferSelect)[]>
let reviewOf: Map<string, Review>
let stepsOf: Map<string, Step[]>
let decisions: (typeof reviewDecisions.$inferSelect)[]
let userIds: Map<string, string>

// the demo's own today: the day it was seeded (a run may have gone past midnight since)
const today = inject('demoDay')
const OPEN: readonly number[] = [OrderStatus.PendingReview, OrderStatus.UnderReview]
const APPROVED: readonly number[] = [
  OrderStatus.PendingDelivery,
  OrderStatus.PartlyDelivered,
  OrderStatus.FullyDelivered,
  OrderStatus.DeliveryComplete,
]
const withStatus = (...statuses: number[]) => orders.filter((o) => statuses.includes(o.status))

beforeAll(async () => {
  t = await createTestApp()
  const db = t.database.db
  orders = await db.select().from(saleOrders).where(eq(saleOrders.delFlag, false))
  linesOf = new Map()
  for (const l of await db.select().from(saleOrderLines)) linesOf.set(l.orderId, [...(linesOf.get(l.orderId) ?? []), l])
  reviewOf = new Map(
    (await db.select().from(reviews).where(eq(reviews.business, AuditBusiness.SaleOrder))).map((r) => [r.objectId, r]),
  )
  stepsOf = new Map()
  for (const s of (await db.select().from(reviewSteps)).sort((a, b) => a.stepNo - b.stepNo))
    stepsOf.set(s.reviewId, [...(stepsOf.get(s.reviewId) ?? []), s])
  decisions = await db.select().from(reviewDecisions)
  userIds = new Map(
    (await db.select({ id: users.id, username: users.username }).from(users)).map((u) => [u.username, u.id]),
  )
})
afterAll(async () => t?.close())

describe('the demo sales orders', () => {
  it('are about 200, in every status, placed over the last year; delivered ones about 15%', () => {
    expect(orders.length).toBeGreaterThanOrEqual(190)
    expect(orders.length).toBeLessThanOrEqual(210)
    expect(new Set(orders.map((o) => o.status))).toEqual(new Set(Object.values(OrderStatus)))
    const delivered = withStatus(OrderStatus.PartlyDelivered, OrderStatus.FullyDelivered, OrderStatus.DeliveryComplete)
    expect(delivered.length / orders.length).toBeGreaterThan(0.1)
    expect(delivered.length / orders.length).toBeLessThan(0.2)
    const months = new Set(orders.map((o) => o.orderDate.slice(0, 7)))
    expect(months.size).toBeGreaterThanOrEqual(11)
    for (const o of orders) {
      expect(o.createAt.getTime()).toBeLessThanOrEqual(Date.now())
      expect(o.orderDate).toBe(dayOf(o.createAt))
    }
  })

  it('open ones wait on an open review at the step their status says; each reviewer has some', () => {
    const waitingAt = new Map<number, number>()
    for (const o of withStatus(...OPEN)) {
      const review = reviewOf.get(o.id)!
      const steps = stepsOf.get(review.id)!
      expect(review.status).toBe(
        o.status === OrderStatus.PendingReview ? ApprovalStatus.Pending : ApprovalStatus.UnderReview,
      )
      if (o.status === OrderStatus.PendingReview) expect(review.currentStep).toBe(1)
      else expect(review.currentStep).toBeGreaterThan(1)
      for (const s of steps) {
        if (s.stepNo < review.currentStep) expect([s.isAudit, s.decision]).toEqual([1, ReviewDecision.Approve])
        else expect([s.isAudit, s.decision]).toEqual([0, null])
      }
      waitingAt.set(review.currentStep, (waitingAt.get(review.currentStep) ?? 0) + 1)
      expect(o.expectedDeliveryDate >= today).toBe(true)
    }
    expect([...waitingAt.keys()].sort()).toEqual([1, 2, 3])
    // most pending ones were never decided on; a few came back after a rejection (round 2)
    const pending = withStatus(OrderStatus.PendingReview).map((o) => reviewOf.get(o.id)!)
    expect(pending.filter((r) => r.round === 1).length).toBeGreaterThan(pending.length / 2)
    const again = pending.filter((r) => r.round === 2)
    expect(again.length).toBeGreaterThan(0)
    for (const r of again) {
      expect(decisions.some((d) => d.reviewId === r.id && d.round === 1 && d.decision === ReviewDecision.Reject)).toBe(
        true,
      )
    }
  })

  it('approved ones passed every step; rejected ones stopped at one, with a reason; nobody decided their own', () => {
    for (const o of withStatus(...APPROVED)) {
      const review = reviewOf.get(o.id)!
      expect(review.status).toBe(ApprovalStatus.Approved)
      expect(review.finishedAt).not.toBeNull()
      expect(stepsOf.get(review.id)!.map((s) => s.decision)).toEqual(
        Array(review.stepCount).fill(ReviewDecision.Approve),
      )
    }
    for (const o of withStatus(OrderStatus.Rejected)) {
      const review = reviewOf.get(o.id)!
      expect(review.status).toBe(ApprovalStatus.Rejected)
      const steps = stepsOf.get(review.id)!
      const rejected = steps.filter((s) => s.decision === ReviewDecision.Reject)
      expect(rejected).toHaveLength(1)
      expect(rejected[0]!.stepNo).toBe(review.currentStep)
      expect(rejected[0]!.note?.length).toBeGreaterThan(5)
      expect(
        steps.filter((s) => s.stepNo < review.currentStep).every((s) => s.decision === ReviewDecision.Approve),
      ).toBe(true)
    }
    const submitterOf = new Map([...reviewOf.values()].map((r) => [r.id, r.submitterId]))
    for (const d of decisions) expect(d.userId).not.toBe(submitterOf.get(d.reviewId))
    // every decision that stands on a step is in the history
    for (const steps of stepsOf.values())
      for (const s of steps.filter((x) => x.decision)) {
        expect(decisions.some((d) => d.reviewId === s.reviewId && d.stepNo === s.stepNo && d.userId === s.userId)).toBe(
          true,
        )
      }
  })

  it('are priced for their branch in one currency; lines add up to the totals; deliveries follow the status', async () => {
    const db = t.database.db
    const offered = new Map(
      (await db.select().from(branchSaleRels)).map((r) => [`${r.branchId}:${r.productId}`, r] as const),
    )
    const rates = new Map((await db.select().from(productUnits)).map((u) => [u.id, u.conversionRate]))
    for (const o of orders) {
      const lines = linesOf.get(o.id) ?? []
      expect(lines.length).toBeGreaterThan(0)
      for (const l of lines) {
        // the branch-sale relation's price per base unit, times the line unit's rate
        const rel = offered.get(`${o.branchId}:${l.productId}`)!
        expect(l.price).toBeCloseTo(rel.salePrice! * rates.get(l.unitId)!, 4)
        expect(o.currency).toBe(rel.currency)
      }
      const sum = (f: (l: (typeof lines)[number]) => number) => lines.reduce((s, l) => s + f(l), 0)
      for (const l of lines) expect(l.amount).toBeCloseTo(l.price * l.quantity, 2)
      expect(o.totalAmount).toBeCloseTo(
        sum((l) => l.amount),
        2,
      )
      expect(o.totalBoxes).toBeCloseTo(
        sum((l) => l.boxes),
        3,
      )
      expect(o.totalGrossWeightKg).toBeCloseTo(
        sum((l) => l.grossWeightKg),
        3,
      )
      expect(o.totalNetWeightKg).toBeCloseTo(
        sum((l) => l.netWeightKg),
        3,
      )
      expect(o.totalVolumeM3).toBeCloseTo(
        sum((l) => l.volumeM3),
        6,
      )
      const shipped = lines.map((l) => l.deliveredQuantity)
      if (o.status === OrderStatus.PartlyDelivered) {
        expect(lines.some((l) => l.deliveredQuantity > 0)).toBe(true)
        expect(lines.some((l) => l.deliveredQuantity < l.quantity)).toBe(true)
      } else if (o.status === OrderStatus.FullyDelivered || o.status === OrderStatus.DeliveryComplete) {
        expect(shipped).toEqual(lines.map((l) => l.quantity))
        expect(o.expectedDeliveryDate < today).toBe(true)
      } else expect(shipped.every((q) => q === 0)).toBe(true)
      if (o.status === OrderStatus.DeliveryComplete) expect(o.actualDeliveryDate! < today).toBe(true)
      else expect(o.actualDeliveryDate).toBeNull()
    }
  })

  it('delivered ones were shipped by deliveries from the export depot, each with its sales-out, dated when it shipped', async () => {
    const db = t.database.db
    const delivered = withStatus(OrderStatus.PartlyDelivered, OrderStatus.FullyDelivered, OrderStatus.DeliveryComplete)
    const heads = await db.select().from(saleDeliveries)
    const lines = await db.select().from(saleDeliveryLines)
    const [depot] = await db.select().from(depots).where(eq(depots.code, 'WH-SZ-F'))
    const rates = new Map((await db.select().from(productUnits)).map((u) => [u.id, u.conversionRate]))
    const logistics = userIds.get('logistics_admin')
    for (const o of delivered) {
      const mine = heads.filter((h) => h.orderId === o.id)
      expect(mine.length).toBe(o.status === OrderStatus.PartlyDelivered ? 1 : 2)
      for (const h of mine) {
        expect(h.depotId).toBe(depot!.id)
        expect(h.createBy).toBe(logistics)
        // numbered and dated for the day it shipped, after the order was placed
        expect(h.deliveryNo).toBe(
          `${h.deliveryNo.slice(0, 2)}${h.shipDate.replaceAll('-', '')}${h.deliveryNo.slice(10)}`,
        )
        expect(dayOf(h.createAt)).toBe(h.shipDate)
        expect(h.shipDate >= o.orderDate && h.shipDate < today).toBe(true)
        const [doc] = await db.select().from(stockDocs).where(eq(stockDocs.id, h.stockDocId))
        expect(doc!.docNo).toBe(h.stockDocNo)
        expect(dayOf(doc!.createAt)).toBe(h.shipDate)
        // the sales-out took from the depot exactly what the delivery lines say, in base units
        const taken = await db.select().from(stockLedger).where(eq(stockLedger.docId, doc!.id))
        const shippedLines = lines.filter((l) => l.deliveryId === h.id)
        const base = shippedLines.reduce((s, l) => {
          const unitId = linesOf.get(o.id)!.find((x) => x.id === l.orderLineId)!.unitId
          return s + l.quantity * rates.get(unitId)!
        }, 0)
        expect(taken.reduce((s, l) => s - l.change, 0)).toBeCloseTo(base, 3)
      }
      // what the order says it delivered is what its deliveries shipped
      for (const l of linesOf.get(o.id)!) {
        const sum = lines.filter((x) => x.orderLineId === l.id).reduce((s, x) => s + x.quantity, 0)
        expect(sum).toBeCloseTo(l.deliveredQuantity, 3)
      }
    }
    expect(heads.every((h) => delivered.some((o) => o.id === h.orderId))).toBe(true)
    // stock equals the ledger, and nothing is negative
    const [mismatch] = (
      (await db.execute(sql`
        select count(*)::int as n from pro_stock s
        where s.quantity < 0 or s.quantity <> (
          select coalesce(sum(l.change), 0) from pro_stock_ledger l
          where l.depot_id = s.depot_id and l.product_id = s.product_id and l.batch_no = s.batch_no)`)) as unknown as {
        rows: { n: number }[]
      }
    ).rows
    expect(mismatch!.n).toBe(0)
    // today's delivery numbers start at 1
    const [seq] = await db
      .select()
      .from(sequences)
      .where(and(eq(sequences.prefix, DELIVERY_NO_PREFIX), eq(sequences.day, today.replaceAll('-', ''))))
    expect(seq).toBeUndefined()
  })

  it('are numbered per day without gaps, and a new order takes the next number', async () => {
    const byDay = new Map<string, number[]>()
    for (const o of orders) {
      const m = /^SO(\d{8})-(\d{4})$/.exec(o.orderNo)
      expect(m?.[1]).toBe(o.orderDate.replaceAll('-', ''))
      byDay.set(m![1]!, [...(byDay.get(m![1]!) ?? []), Number(m![2])])
    }
    expect(new Set(orders.map((o) => o.orderNo)).size).toBe(orders.length)
    const seqs = new Map(
      (await t.database.db.select().from(sequences).where(eq(sequences.prefix, 'SO'))).map((s) => [s.day, s.value]),
    )
    for (const [d, numbers] of byDay) {
      expect(numbers.sort((a, b) => a - b)).toEqual(numbers.map((_, i) => i + 1))
      expect(seqs.get(d)).toBe(numbers.length)
    }
    const todays = byDay.get(today.replaceAll('-', '')) ?? []
    expect(todays.length).toBeGreaterThan(0)
    const branchAdmin = await as(t, 'branch_admin')
    const moscow = await branchId(t, 'RU-MOW')
    const { orderNo } = await addOrder(
      branchAdmin,
      orderForm(moscow, (await sellable(branchAdmin, moscow)).slice(0, 2)),
    )
    // the next of the demo's day, or the first of a day after it
    const now = dayOf(new Date())
    const next = now === today ? todays.length + 1 : 1
    expect(orderNo).toBe(`SO${now.replaceAll('-', '')}-${String(next).padStart(4, '0')}`)
  })
})

describe('on the screens', () => {
  const todo = async (api: Api, business: string) =>
    (await api.get<Page<ReviewItem>>('/api/sys/todo/list', { business, pageSize: 100 })).body.result

  it('each reviewer of the flow has the orders waiting at their step', async () => {
    const waiting = (step: number) => withStatus(...OPEN).filter((o) => reviewOf.get(o.id)!.currentStep === step)
    for (const [username, step] of [
      ['region_president', 1],
      ['branch_finance', 2],
      ['gm_president', 3],
    ] as const) {
      const api = await as(t, username)
      const mine = await todo(api, AuditBusiness.SaleOrder)
      expect(mine.total).toBeGreaterThanOrEqual(waiting(step).length)
      expect(mine.records.map((r) => r.objectNo)).toEqual(expect.arrayContaining(waiting(step).map((o) => o.orderNo)))
      const detailList = await api.get<Page<ReviewItem>>('/api/audit/detail/list', { tab: 'todo', pageSize: 5 })
      expect(detailList.body.result.total).toBeGreaterThan(0)
    }
    const region = await as(t, 'region_president')
    expect((await todo(region, AuditBusiness.OrderDelete)).total).toBe(1)
  })

  it('the branch administrator sees their own orders; a rejected one shows its rejecting step', async () => {
    const branchAdmin = await as(t, 'branch_admin')
    const list = await branchAdmin.get<Page<SaleOrder>>('/api/sale/order/list', { pageSize: 10 })
    const theirs = orders.filter((o) => o.createBy === userIds.get('branch_admin'))
    expect(theirs.length).toBeGreaterThan(orders.length / 2)
    expect(list.body.result.total).toBeGreaterThanOrEqual(theirs.length)
    const rejected = theirs.find((o) => o.status === OrderStatus.Rejected)!
    const progress = await branchAdmin.get<ReviewProgress>('/api/sale/order/progress', { id: rejected.id })
    expect(progress.body.result.currentStep).toBe(reviewOf.get(rejected.id)!.currentStep)
    expect(progress.body.result.history.at(-1)?.decision).toBe(ReviewDecision.Reject)
    const history = await branchAdmin.get<{ operation: string }[]>('/api/sale/order/modifyHistory', { id: rejected.id })
    expect(history.body.result.map((h) => h.operation)).toContain('sale_order:add')
  })

  it('has sub-flow requests waiting and answered, and a deletion request under review', async () => {
    const db = t.database.db
    const asked = await db.select().from(saleSubApplies)
    expect(asked.map((a) => a.status).sort()).toEqual([
      ApprovalStatus.Pending,
      ApprovalStatus.Approved,
      ApprovalStatus.Rejected,
    ])
    for (const a of asked) {
      const review = reviewOf.get(a.orderId)!
      expect(a.reviewId).toBe(review.id)
      if (a.status === ApprovalStatus.Pending) expect([review.currentStep, review.status]).toEqual([a.stepNo, '1'])
      else expect(a.repliedAt!.getTime()).toBeGreaterThan(a.createAt.getTime())
    }
    const [request, ...more] = await db.select().from(saleOrderDeletes)
    expect(more).toHaveLength(0)
    expect(request!.status).toBe(ApprovalStatus.Pending)
    const order = orders.find((o) => o.id === request!.orderId)!
    expect(order.status).toBe(OrderStatus.PendingDelivery)
    const [review] = await db.select().from(reviews).where(eq(reviews.objectId, request!.id))
    expect(review).toMatchObject({
      business: AuditBusiness.OrderDelete,
      status: ApprovalStatus.Pending,
      currentStep: 1,
    })
  })

  it('has adjustment requests: waiting, under review, approved (the order changed) and rejected', async () => {
    const admin = await as(t, 'admin')
    const db = t.database.db
    const asked = await db.select().from(saleApplyModifies)
    expect(asked.map((a) => a.status).sort()).toEqual(
      [ApprovalStatus.Pending, ApprovalStatus.UnderReview, ApprovalStatus.Approved, ApprovalStatus.Rejected].sort(),
    )
    for (const a of asked) {
      const order = orders.find((o) => o.id === a.orderId)!
      expect(order.status).toBe(OrderStatus.PendingDelivery)
      const [review] = await db.select().from(reviews).where(eq(reviews.objectId, a.id))
      expect(review!.business).toBe(AuditBusiness.OrderAdjust)
      const changes = await db.select().from(saleApplyModifyLines).where(eq(saleApplyModifyLines.applyId, a.id))
      expect(changes.length).toBeGreaterThan(0)
      const lines = linesOf.get(order.id)!
      for (const c of changes) expect(lines.some((l) => l.id === c.orderLineId)).toBe(true)
      // an approved request changed its order (the history says so); the others left it as placed
      const history = await admin.get<{ operation: string }[]>('/api/sale/order/modifyHistory', { id: order.id })
      const adjusted = history.body.result.some((h) => h.operation === 'sale_apply_modify:audit')
      expect(adjusted).toBe(a.status === ApprovalStatus.Approved)
    }
    // the request under review adds to one line and reduces another, as its reason says
    const twoLines = asked.find((a) => a.status === ApprovalStatus.UnderReview)!
    const changes = await db.select().from(saleApplyModifyLines).where(eq(saleApplyModifyLines.applyId, twoLines.id))
    expect(changes.map((c) => c.type).sort()).toEqual(['add', 'reduce'])
    // on the screen
    const list = await admin.get<Page<{ id: string }>>('/api/sale/applyModify/list', { pageSize: 50 })
    expect(list.body.result.records.map((r) => r.id).sort()).toEqual(asked.map((a) => a.id).sort())
  })

  it('carry on: the reviewers decide seeded orders as they would any other', async () => {
    const asked = await t.database.db.select().from(saleSubApplies)
    const held = asked.find((a) => a.status === ApprovalStatus.Pending)!
    const answered = asked.find((a) => a.status === ApprovalStatus.Approved)!
    const finance = await as(t, 'branch_finance')
    expect((await audit(finance, held.orderId, 'approve')).body.code).toBe(Errors.SubProcessUnfinished.code)
    const gm = await as(t, 'gm_president')
    expect((await audit(gm, answered.orderId, 'approve')).status).toBe(200)
    const region = await as(t, 'region_president')
    const fresh = withStatus(OrderStatus.PendingReview).find((o) => reviewOf.get(o.id)!.round === 1)!
    expect((await audit(region, fresh.id, 'approve')).status).toBe(200)
    const [after] = await t.database.db.select().from(saleOrders).where(eq(saleOrders.id, answered.orderId))
    const [moved] = await t.database.db.select().from(saleOrders).where(eq(saleOrders.id, fresh.id))
    expect([after!.status, moved!.status]).toEqual([OrderStatus.PendingDelivery, OrderStatus.UnderReview])
    expect(moved!.version).toBe(fresh.version + 1)
  })
})
