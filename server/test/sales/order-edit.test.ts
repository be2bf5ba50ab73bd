import type { SaleOrder, SellableProduct } from '@app/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestApp } from '../helpers/app.ts'
import { type Api, addOrder, detail, editForm, orderForm, orderingInMoscow, sellable } from './helpers.ts'

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
    const edit = (
      await branchAdmin.get<{ operation: string; after: { lines: { quantity: number }[] } }[]>(
        '/api/sale/order/modifyHistory',
        { id },
      )
    ).body.result.find((h) => h.operation === 'sale_order:edit')
    expect(edit?.after.lines.map((l) => l.quantity)).toEqual([35, 5, a!.quantity])
  })
})
