import {
  type ApplyModify,
  ApprovalStatus,
  AuditBusiness,
  OrderStatus,
  RejectFlow,
  type SellableProduct,
} from '@app/contracts'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditConfigs, reviews, saleApplyModifies } from '../../src/db/schema/index.ts'
import type { TestApp } from '../helpers/app.ts'
import { createProductTestApp } from '../product/helpers.ts'
import { type Api, addOrder, as, audit, branchId, dayFrom, detail, orderForm, sellable } from './helpers.ts'

/**
 * A flow whose rejection goes back one step: sent back to its first step, the review is pending
 * again, and so are the order (100801) and a request (status 0) it reviews, not 'under review'.
 */

let t: TestApp
let branchAdmin: Api
let region: Api
let finance: Api
let gm: Api
let director: Api
let moscow: string
let products: SellableProduct[]

const reviewOf = async (business: string, objectId: string) => {
  const [r] = await t.database.db
    .select({ status: reviews.status, currentStep: reviews.currentStep })
    .from(reviews)
    .where(and(eq(reviews.business, business), eq(reviews.objectId, objectId)))
  return r
}

beforeAll(async () => {
  t = await createProductTestApp()
  branchAdmin = await as(t, 'branch_admin')
  region = await as(t, 'region_president')
  finance = await as(t, 'branch_finance')
  gm = await as(t, 'gm_president')
  director = await as(t, 'finance_director')
  moscow = await branchId(t, 'RU-MOW')
  products = (await sellable(branchAdmin, moscow)).slice(0, 2)
  // both flows send a rejection back one step
  for (const business of [AuditBusiness.SaleOrder, AuditBusiness.OrderAdjust])
    await t.database.db
      .update(auditConfigs)
      .set({ rejectFlow: RejectFlow.ToPrevious })
      .where(and(eq(auditConfigs.business, business), eq(auditConfigs.status, '1')))
})
afterAll(async () => t?.close())

describe('a rejection sent back to the first step', () => {
  it('leaves the order pending review, as its review is', async () => {
    const { id } = await addOrder(branchAdmin, orderForm(moscow, products, [10, 20]))
    expect((await audit(region, id, 'approve')).status).toBe(200)
    expect((await detail(branchAdmin, id)).status).toBe(OrderStatus.UnderReview)
    // the second step sends it back to the first
    expect((await audit(finance, id, 'reject', 'check the quantities')).status).toBe(200)
    expect(await reviewOf(AuditBusiness.SaleOrder, id)).toEqual({ status: ApprovalStatus.Pending, currentStep: 1 })
    expect((await detail(branchAdmin, id)).status).toBe(OrderStatus.PendingReview)
    // and it goes on from there
    for (const api of [region, finance, gm]) expect((await audit(api, id, 'approve')).status).toBe(200)
    expect((await detail(branchAdmin, id)).status).toBe(OrderStatus.PendingDelivery)
  })

  it('leaves an adjustment request pending, as its review is', async () => {
    const { id } = await addOrder(branchAdmin, {
      ...orderForm(moscow, products, [10, 20]),
      expectedDeliveryDate: dayFrom(30),
    })
    for (const api of [region, finance, gm]) expect((await audit(api, id, 'approve')).status).toBe(200)
    const o = await detail(branchAdmin, id)
    const asked = await branchAdmin.post<ApplyModify>('/api/sale/applyModify/add', {
      orderId: id,
      reason: 'more',
      lines: [{ type: 'add', orderLineId: o.lines[0]!.id, quantity: 5 }],
    })
    expect(asked.status).toBe(200)
    const requestId = asked.body.result.id
    const decide = (api: Api, decision: 'approve' | 'reject') =>
      api.post('/api/sale/applyModify/audit', { id: requestId, decision, note: 'n' })
    expect((await decide(region, 'approve')).status).toBe(200)
    expect((await decide(director, 'reject')).status).toBe(200)
    const review = await reviewOf(AuditBusiness.OrderAdjust, requestId)
    expect(review).toEqual({ status: ApprovalStatus.Pending, currentStep: 1 })
    const [request] = await t.database.db
      .select({ status: saleApplyModifies.status })
      .from(saleApplyModifies)
      .where(eq(saleApplyModifies.id, requestId))
    expect(request?.status).toBe(review?.status)
  })
})
