import type { ReviewProgress, SaleOrder, SellableProduct } from '@app/contracts'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { operationLogs } from '../../src/db/schema/index.ts'
import type { TestApp } from '../helpers/app.ts'
import { type Api, addOrder, as, audit, detail, editForm, orderForm, orderingInMoscow, sellable } from './helpers.ts'

let t: TestApp
let branchAdmin: Api
let moscow: string
let products: SellableProduct[]

beforeAll(async () => {
  ;({ t, branchAdmin, moscow, products } = await orderingInMoscow())
})
afterAll(async () => t?.close())

describe('editing an order', () => {
  it('an edit keeps the rows of lines it keeps, adds new ones and drops the others, in the order given', async () => {
    const offer = await sellable(branchAdmin, moscow)
    const extra = offer.find(
      (p) => !products.some((q) => q.productId === p.productId) && p.currency === products[0]!.currency,
    )!
    const { id } = await addOrder(branchAdmin, orderForm(moscow, products))
    const before = await detail(branchAdmin, id)
    const [a, b, c] = before.lines
    const form = editForm(before)
    const res = await branchAdmin.post<SaleOrder>('/api/sale/order/edit', {
      ...form,
      lines: [
        { productId: c!.productId, unitId: c!.unitId, quantity: 35 },
        { productId: extra.productId, unitId: extra.units[0]!.id, quantity: 5 },
        { productId: a!.productId, unitId: a!.unitId, quantity: a!.quantity },
      ],
    })
    expect(res.status).toBe(200)
    const after = await detail(branchAdmin, id)
    expect(after.lines.map((l) => [l.lineNo, l.productId, l.quantity])).toEqual([
      [1, c!.productId, 35],
      [2, extra.productId, 5],
      [3, a!.productId, a!.quantity],
    ])
    // the kept lines are the same rows (what names them still does); the dropped one is gone
    expect(after.lines[0]!.id).toBe(c!.id)
    expect(after.lines[2]!.id).toBe(a!.id)
    expect(after.lines.map((l) => l.id)).not.toContain(b!.id)
    expect(after.lines[0]!.amount).toBe(Math.round(c!.price * 35 * 100) / 100)
    expect(after.totalAmount).toBe(Math.round(after.lines.reduce((s, l) => s + l.amount, 0) * 100) / 100)
    type Side = { lines: { product: string; quantity: number }[] }
    const edit = (
      await branchAdmin.get<{ operation: string; before: Side; after: Side }[]>('/api/sale/order/modifyHistory', { id })
    ).body.result.find((h) => h.operation === 'sale_order:edit')
    expect(edit?.after.lines.map((l) => l.quantity)).toEqual([35, 5, a!.quantity])
    // each side names its products by code and name: the dropped one, the added one
    const named = (l: { productCode: string; productName: string }) => `${l.productCode} ${l.productName}`
    expect(edit?.before.lines.map((l) => l.product)).toEqual(before.lines.map(named))
    expect(edit?.after.lines.map((l) => l.product)).toEqual(after.lines.map(named))
  })
})

describe('an edit submits the order again', () => {
  const progress = async (id: string) => {
    const res = await branchAdmin.get<ReviewProgress>('/api/sale/order/progress', { id })
    expect(res.status).toBe(200)
    return res.body.result
  }
  const stepsOf = (p: ReviewProgress) => p.steps.map((s) => [s.stepNo, s.isAudit, s.decision])
  const unDecided = [
    [1, 0, null],
    [2, 0, null],
    [3, 0, null],
  ]

  it('before any decision its review starts over; once rejected it begins its next round from the first step', async () => {
    const region = await as(t, 'region_president')
    const { id } = await addOrder(branchAdmin, orderForm(moscow, products))
    const first = await progress(id)

    // changed before anyone decided: a new review of the new content, in its first round
    const edited = await branchAdmin.post('/api/sale/order/edit', {
      ...editForm(await detail(branchAdmin, id)),
      remark: 'changed',
    })
    expect(edited.status).toBe(200)
    const anew = await progress(id)
    expect(anew).toMatchObject({ status: '0', round: 1, currentStep: 1, history: [] })
    expect(anew.id).not.toBe(first.id)
    expect(stepsOf(anew)).toEqual(unDecided)

    // rejected at the first step, changed again: the same review's second round, its steps undecided
    expect((await audit(region, id, 'reject', 'too much')).status).toBe(200)
    const again = await branchAdmin.post('/api/sale/order/edit', {
      ...editForm(await detail(branchAdmin, id)),
      remark: 'changed again',
    })
    expect(again.status).toBe(200)
    const next = await progress(id)
    expect(next).toMatchObject({ id: anew.id, status: '0', round: 2, currentStep: 1 })
    expect(next.version).toBeGreaterThan(anew.version)
    expect(stepsOf(next)).toEqual(unDecided)
    expect(next.history).toMatchObject([{ round: 1, stepNo: 1, decision: 'reject', note: 'too much' }])

    // every start is in the operation log, and the first step is the region president's again
    const starts = await t.database.db
      .select({ after: operationLogs.after })
      .from(operationLogs)
      .where(and(eq(operationLogs.operation, 'approval:start'), eq(operationLogs.objectId, id)))
    expect(starts.map((s) => (s.after as { round: number }).round).sort()).toEqual([1, 1, 2])
    expect((await audit(region, id, 'approve')).status).toBe(200)
    expect((await progress(id)).currentStep).toBe(2)
  })
})
