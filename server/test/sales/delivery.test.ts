import { randomUUID } from 'node:crypto'
import {
  type ApplyModifyDetail,
  type Delivery,
  type DeliveryOrder,
  type DeliveryStock,
  Errors,
  OrderStatus,
  type Page,
  type SaleOrderView,
  type SellableProduct,
  type StockDocDetail,
  takeEarliestExpiry,
} from '@app/contracts'
import { and, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  depots,
  messages,
  operationLogs,
  reviewSteps,
  reviews,
  saleOrders,
  stocks,
  users,
} from '../../src/db/schema/index.ts'
import { addUser, signIn } from '../approval/fixtures.ts'
import type { TestApp } from '../helpers/app.ts'
import { createProductTestApp } from '../product/helpers.ts'
import { type Api, addOrder, as, audit, branchId, dayFrom, detail, orderForm, sellable } from './helpers.ts'

let t: TestApp
let branchAdmin: Api
let region: Api
let finance: Api
let gm: Api
let director: Api
let logistics: Api
let moscow: string
let products: SellableProduct[]
let extra: SellableProduct
let depotId: string

/** Stock of a product in the test depot, by batch. */
const stockOf = async (productId: string) =>
  t.database.db
    .select()
    .from(stocks)
    .where(and(eq(stocks.depotId, depotId), eq(stocks.productId, productId)))

beforeAll(async () => {
  t = await createProductTestApp()
  branchAdmin = await as(t, 'branch_admin')
  region = await as(t, 'region_president')
  finance = await as(t, 'branch_finance')
  gm = await as(t, 'gm_president')
  director = await as(t, 'finance_director')
  logistics = await as(t, 'logistics_admin')
  moscow = await branchId(t, 'RU-MOW')
  const offer = await sellable(branchAdmin, moscow)
  products = offer.slice(0, 3)
  extra = offer[3]!
  const [depot] = await t.database.db.select().from(depots).where(eq(depots.depotType, 'finished'))
  depotId = depot!.id
  // two batches of the first product, the later-expiring one first: deliveries take the earlier one first
  const stocked = await logistics.post('/api/pro/stock/purchaseIn', {
    depotId,
    lines: [
      {
        productId: products[0]!.productId,
        batchNo: 'T-LATE',
        quantity: 100,
        productionDate: '2026-06-01',
        expiryDate: '2028-01-01',
      },
      {
        productId: products[0]!.productId,
        batchNo: 'T-EARLY',
        quantity: 6,
        productionDate: '2026-01-01',
        expiryDate: '2027-01-01',
      },
      ...[...products.slice(1), extra].map((p) => ({
        productId: p.productId,
        batchNo: 'T-1',
        quantity: 200,
        expiryDate: '2028-01-01',
      })),
    ],
  })
  expect(stocked.status).toBe(200)
})
afterAll(async () => t?.close())

const approvedOrder = async (quantities = [10, 20, 30], expected = 30) => {
  const order = await addOrder(branchAdmin, {
    ...orderForm(moscow, products, quantities),
    expectedDeliveryDate: dayFrom(expected),
  })
  for (const api of [region, finance, gm]) expect((await audit(api, order.id, 'approve')).status).toBe(200)
  return order
}

const deliver = (orderId: string, lines: { orderLineId: string; quantity: number }[], api = logistics) =>
  api.post<{ deliveryNo: string; status: number }>('/api/sale/delivery/add', {
    orderId,
    depotId,
    shipDate: dayFrom(0),
    lines,
  })

describe('delivery', () => {
  it('shows what each warehouse holds of the order before delivering, and what a delivery would take', async () => {
    const { id } = await approvedOrder([10, 20, 30])
    const o = await detail(branchAdmin, id)
    const res = await logistics.get<DeliveryStock>('/api/sale/delivery/stock', { orderId: id })
    expect(res.status).toBe(200)
    expect(res.body.result.lines.map((l) => l.orderLineId)).toEqual(o.lines.map((l) => l.id))
    const first = products[0]!.productId
    const held = res.body.result.batches.filter((b) => b.depotId === depotId && b.productId === first)
    const rows = (await stockOf(first)).filter((r) => r.quantity > 0)
    expect(held.map((b) => [b.batchNo, b.quantity]).sort()).toEqual(rows.map((r) => [r.batchNo, r.quantity]).sort())
    // ten of the first product: the early batch first, then the late one, as the sales-out takes them
    const rate = res.body.result.lines[0]!.conversionRate
    const plan = takeEarliestExpiry(held, 10 * rate)
    expect(plan.takes.map((x) => [x.batch.batchNo, x.quantity])).toEqual([
      ['T-EARLY', 6],
      ['T-LATE', 10 * rate - 6],
    ])
    // read as the order is: not by someone who may not deliver, nor for an order that does not exist
    expect((await branchAdmin.get('/api/sale/delivery/stock', { orderId: id })).status).toBe(403)
    expect((await logistics.get('/api/sale/delivery/stock', { orderId: randomUUID() })).status).toBe(404)
  })

  it('delivers in parts from a depot, earliest expiry first; the order moves 100805, 100806, 100807', async () => {
    const { id, orderNo } = await approvedOrder()
    const o = await detail(branchAdmin, id)
    // nothing shipped yet: no deliveries; an order that does not exist is not found
    const none = await branchAdmin.get<Delivery[]>('/api/sale/delivery/deliveries', { orderId: id })
    expect(none.body.result).toEqual([])
    const missing = await branchAdmin.get('/api/sale/delivery/deliveries', { orderId: randomUUID() })
    expect(missing.status).toBe(404)
    const list = await logistics.get<Page<DeliveryOrder>>('/api/sale/delivery/list', {
      search: JSON.stringify({ orderNo }),
    })
    expect(list.body.result.records[0]!.lines!.map((l) => l.remaining)).toEqual([10, 20, 30])

    const first = await deliver(id, [
      { orderLineId: o.lines[0]!.id, quantity: 10 },
      { orderLineId: o.lines[1]!.id, quantity: 20 },
    ])
    expect(first.status).toBe(200)
    expect(first.body.result.deliveryNo).toMatch(/^FH\d{8}-\d{4}$/)
    expect(first.body.result.status).toBe(OrderStatus.PartlyDelivered)
    const batches = await stockOf(products[0]!.productId)
    expect(batches.find((b) => b.batchNo === 'T-EARLY')!.quantity).toBe(0)
    expect(batches.find((b) => b.batchNo === 'T-LATE')!.quantity).toBe(96)
    // the list shows each line as the order holds it, with what has shipped and what is left
    const listed = await logistics.get<Page<DeliveryOrder>>('/api/sale/delivery/list', {
      search: JSON.stringify({ orderNo }),
    })
    expect(listed.body.result.records[0]!.lines).toEqual(
      o.lines.map((l, i) => ({
        id: l.id,
        lineNo: l.lineNo,
        productId: l.productId,
        productName: l.productName,
        productNameEn: l.productNameEn,
        unit: l.unit,
        quantity: l.quantity,
        deliveredQuantity: [10, 20, 0][i],
        remaining: l.quantity - [10, 20, 0][i]!,
      })),
    )

    const shipped = await branchAdmin.get<Delivery[]>('/api/sale/delivery/deliveries', { orderId: id })
    expect(shipped.body.result).toHaveLength(1)
    // the order as its modal opens it: the detail, the review's progress and the deliveries in one answer
    const view = await branchAdmin.get<SaleOrderView>('/api/sale/order/view', { id })
    expect(view.body.result).toEqual({
      order: (await branchAdmin.get('/api/sale/order/queryById', { id })).body.result,
      progress: (await branchAdmin.get('/api/sale/order/progress', { id })).body.result,
      deliveries: shipped.body.result,
    })
    expect(view.body.result.progress?.status).toBe('2')
    expect((await branchAdmin.get('/api/sale/order/view', { id: randomUUID() })).status).toBe(404)
    const line0 = shipped.body.result[0]!.lines.find((l) => l.orderLineId === o.lines[0]!.id)!
    expect(line0.batches.map((b) => [b.batchNo, b.quantity])).toEqual([
      ['T-EARLY', 6],
      ['T-LATE', 4],
    ])
    // the order's history names the delivery with the lines before and after it
    type Image = { lines: { lineNo: number; product: string; deliveredQuantity: number }[] }
    const history = await branchAdmin.get<{ operation: string; before: Image; after: Image }[]>(
      '/api/sale/order/modifyHistory',
      { id },
    )
    const delivered = history.body.result.find((h) => h.operation === 'sale_delivery:deliver')!
    expect(delivered.before.lines.map((l) => l.deliveredQuantity)).toEqual([0, 0, 0])
    expect(delivered.after.lines.map((l) => l.deliveredQuantity)).toEqual([10, 20, 0])
    expect(delivered.after.lines[0]!.product).toBe(`${products[0]!.code} ${products[0]!.name}`)
    // its sales-out: numbered as the delivery says, its lines the batches taken, logged
    const out = await logistics.get<StockDocDetail>('/api/pro/stockDoc/queryDetail', {
      id: shipped.body.result[0]!.stockDocId,
    })
    expect(out.body.result.docNo).toBe(shipped.body.result[0]!.stockDocNo)
    expect(out.body.result.lines.map((l) => [l.batchNo, l.quantity])).toEqual(
      expect.arrayContaining([
        ['T-EARLY', 6],
        ['T-LATE', 4],
      ]),
    )
    const [logged] = await t.database.db
      .select()
      .from(operationLogs)
      .where(and(eq(operationLogs.objectId, out.body.result.id), eq(operationLogs.operation, 'pro_stock:stockOut')))
    expect((logged?.after as { docNo: string } | null)?.docNo).toBe(out.body.result.docNo)

    const over = await deliver(id, [{ orderLineId: o.lines[2]!.id, quantity: 31 }])
    expect(over.body.code).toBe(Errors.PreparationOverLimit.code)
    const early = await logistics.post('/api/sale/delivery/complete', { orderId: id, actualDeliveryDate: dayFrom(0) })
    expect(early.body.code).toBe(Errors.NotPendingPreparation.code)
    const rest = await deliver(id, [{ orderLineId: o.lines[2]!.id, quantity: 30 }])
    expect(rest.body.result.status).toBe(OrderStatus.FullyDelivered)
    const again = await deliver(id, [{ orderLineId: o.lines[2]!.id, quantity: 1 }])
    expect(again.body.code).toBe(Errors.NotPendingPreparation.code)
    const done = await logistics.post<{ status: number; actualDeliveryDate: string }>('/api/sale/delivery/complete', {
      orderId: id,
      actualDeliveryDate: dayFrom(0),
    })
    expect(done.body.result.status).toBe(OrderStatus.DeliveryComplete)
    expect(done.body.result.actualDeliveryDate).toBe(dayFrom(0))
    // the branch administrator who placed it is told
    const told = await t.database.db
      .select({ title: messages.title })
      .from(messages)
      .innerJoin(users, eq(users.id, messages.recipientId))
      .where(eq(users.username, 'branch_admin'))
    expect(
      told.some((m) => m.title === `订单已完成交货：${orderNo}` || m.title === `Order delivered: ${orderNo}`),
    ).toBe(true)
  })

  it('refuses an order not yet approved, and the branch', async () => {
    const { id } = await addOrder(branchAdmin, orderForm(moscow, products))
    const o = await detail(branchAdmin, id)
    expect((await deliver(id, [{ orderLineId: o.lines[0]!.id, quantity: 1 }])).body.code).toBe(
      Errors.NotPendingPreparation.code,
    )
    expect((await deliver(id, [{ orderLineId: o.lines[0]!.id, quantity: 1 }], branchAdmin)).status).toBe(403)
  })

  it('insufficient stock writes nothing', async () => {
    const { id } = await approvedOrder([500, 1, 1])
    const o = await detail(branchAdmin, id)
    const before = await stockOf(products[0]!.productId)
    const res = await deliver(id, [
      { orderLineId: o.lines[1]!.id, quantity: 1 },
      { orderLineId: o.lines[0]!.id, quantity: 500 },
    ])
    expect(res.body.code).toBe(Errors.InsufficientStock.code)
    expect(await stockOf(products[0]!.productId)).toEqual(before)
    const after = await detail(branchAdmin, id)
    expect(after.status).toBe(OrderStatus.PendingDelivery)
    expect(after.lines.every((l) => l.deliveredQuantity === 0)).toBe(true)
  })

  it('two deliveries of the last units at once: one ships, stock never negative', async () => {
    const { id } = await approvedOrder([1, 1, 1])
    const o = await detail(branchAdmin, id)
    const results = await Promise.all([0, 1].map(() => deliver(id, [{ orderLineId: o.lines[2]!.id, quantity: 1 }])))
    expect(results.filter((r) => r.status === 200)).toHaveLength(1)
    const after = await detail(branchAdmin, id)
    expect(after.lines[2]!.deliveredQuantity).toBe(1)
    const rows = await t.database.db.select().from(stocks).where(eq(stocks.depotId, depotId))
    expect(rows.every((r) => r.quantity >= 0)).toBe(true)
  })

  it('an order holding one product on two lines ships both from the same batch: stock drops by both', async () => {
    const twice = products[1]!
    const order = await addOrder(branchAdmin, orderForm(moscow, [twice, twice], [3, 4]))
    for (const api of [region, finance, gm]) expect((await audit(api, order.id, 'approve')).status).toBe(200)
    const o = await detail(branchAdmin, order.id)
    const sum = (rows: { quantity: number }[]) => rows.reduce((s, r) => s + r.quantity, 0)
    const before = sum(await stockOf(twice.productId))
    const res = await deliver(
      order.id,
      o.lines.map((l) => ({ orderLineId: l.id, quantity: l.quantity })),
    )
    expect(res.body.result.status).toBe(OrderStatus.FullyDelivered)
    const [shipped] = (await branchAdmin.get<Delivery[]>('/api/sale/delivery/deliveries', { orderId: order.id })).body
      .result
    // each line took its own quantity, in the base unit, from the one batch there is
    const taken = shipped!.lines.map((l) => sum(l.batches))
    expect(taken).toHaveLength(2)
    expect(taken[1]! / taken[0]!).toBeCloseTo(4 / 3)
    expect(sum(await stockOf(twice.productId))).toBeCloseTo(before - taken[0]! - taken[1]!)
    const out = await logistics.get<StockDocDetail>('/api/pro/stockDoc/queryDetail', { id: shipped!.stockDocId })
    expect(sum(out.body.result.lines)).toBeCloseTo(taken[0]! + taken[1]!)
  })

  it('SPEC 6: logistics changes delivery data only on the delivery day; others not once it is reached', async () => {
    const { id } = await approvedOrder([1, 1, 1])
    const o = await detail(branchAdmin, id)
    const edit = (api: Api, version: number, expectedDeliveryDate: string) =>
      api.post('/api/sale/delivery/editDeliveryData', {
        orderId: id,
        version,
        expectedDeliveryDate,
        transportMode: 'air',
      })
    expect((await edit(logistics, o.version, dayFrom(10))).body.code).toBe(Errors.LogisticsOnlyOnDeliveryDay.code)
    await t.database.db
      .update(saleOrders)
      .set({ expectedDeliveryDate: dayFrom(0) })
      .where(eq(saleOrders.id, id))
    expect((await edit(branchAdmin, o.version, dayFrom(5))).body.code).toBe(Errors.DeliveryTimeReached.code)
    const res = await edit(logistics, o.version, dayFrom(2))
    expect(res.status).toBe(200)
    expect((await detail(branchAdmin, id)).transportMode).toBe('air')
  })
})

describe('adjustments', () => {
  const ask = (orderId: string, lines: unknown[], api = branchAdmin) =>
    api.post<{ id: string }>('/api/sale/applyModify/add', { orderId, reason: 'customer asks', lines })

  it('append, add and reduce; approved on the order_adjust flow the order carries them', async () => {
    const { id } = await approvedOrder([10, 20, 30])
    const o = await detail(branchAdmin, id)
    const res = await ask(id, [
      { type: 'reduce', orderLineId: o.lines[2]!.id, quantity: 10 },
      { type: 'add', orderLineId: o.lines[0]!.id, quantity: 5 },
      { type: 'append', productId: extra.productId, unitId: extra.units[0]!.id, quantity: 7 },
    ])
    expect(res.status).toBe(200)
    const diff = await region.get<ApplyModifyDetail>('/api/sale/applyModify/queryById', { id: res.body.result.id })
    expect(diff.status).toBe(200)
    const reduce = diff.body.result.lines.find((l) => l.type === 'reduce')!
    expect([reduce.before?.quantity, reduce.after?.quantity]).toEqual([30, 20])
    expect(diff.body.result.totals.after.amount).not.toBe(diff.body.result.totals.before.amount)
    expect((await ask(id, [{ type: 'add', orderLineId: o.lines[0]!.id, quantity: 1 }])).body.code).toBe(
      Errors.DuplicatePendingApplication.code,
    )
    const requestId = res.body.result.id
    // the request is in the operation log with its lines, and its review's start beside it
    const logged = await t.database.db
      .select({ operation: operationLogs.operation, label: operationLogs.objectLabel, after: operationLogs.after })
      .from(operationLogs)
      .where(eq(operationLogs.objectId, requestId))
    const asked = logged.find((l) => l.operation === 'sale_apply_modify:add')
    expect(asked?.label).toBe(o.orderNo)
    expect(asked?.after).toMatchObject({ id: requestId, reason: 'customer asks', modifyTypes: 'add,append,reduce' })
    const types = (asked?.after as { lines: { type: string }[] } | undefined)?.lines.map((l) => l.type)
    expect(types?.sort()).toEqual(['add', 'append', 'reduce'])
    expect(logged.find((l) => l.operation === 'approval:start')?.after).toMatchObject({ round: 1 })
    // its review's progress is read as the request is: not by another branch's administrator
    // (scope: personal), as by the reviewer
    expect((await region.get('/api/sale/applyModify/progress', { id: requestId })).status).toBe(200)
    await addUser(t.database.db, 'branch_admin_other', ['branch_admin'], ['A01A02'])
    const other = await signIn(t.app, 'branch_admin_other')
    for (const path of ['/api/sale/applyModify/queryById', '/api/sale/applyModify/progress'])
      expect((await other.get(path, { id: requestId })).status).toBe(404)
    // a regional president whose current department is another reads it while holding its step
    // (in the step's department too); one of that other department alone does not
    const [held] = await t.database.db
      .select({ deptCode: reviewSteps.deptCode })
      .from(reviewSteps)
      .innerJoin(reviews, eq(reviews.id, reviewSteps.reviewId))
      .where(and(eq(reviews.objectId, requestId), eq(reviewSteps.roleCode, 'region_president')))
    expect(held?.deptCode).not.toBe('A01A03')
    await addUser(t.database.db, 'region_also_elsewhere', ['region_president'], ['A01A03', held!.deptCode!])
    await addUser(t.database.db, 'region_elsewhere', ['region_president'], ['A01A03'])
    const [holder, elsewhere] = [await signIn(t.app, 'region_also_elsewhere'), await signIn(t.app, 'region_elsewhere')]
    for (const path of ['/api/sale/applyModify/queryById', '/api/sale/applyModify/progress']) {
      expect((await holder.get(path, { id: requestId })).status).toBe(200)
      expect((await elsewhere.get(path, { id: requestId })).status).toBe(404)
    }
    expect(
      (await holder.get<ApplyModifyDetail>('/api/sale/applyModify/queryById', { id: requestId })).body.result,
    ).toEqual(diff.body.result)
    const decide = (api: Api) =>
      api.post('/api/sale/applyModify/audit', { id: requestId, decision: 'approve', note: 'fine' })
    expect((await decide(region)).status).toBe(200)
    expect((await detail(branchAdmin, id)).lines.map((l) => l.quantity)).toEqual([10, 20, 30])
    expect((await decide(director)).status).toBe(200)
    const after = await detail(branchAdmin, id)
    expect(after.lines.map((l) => [l.productId, l.quantity])).toEqual([
      [products[0]!.productId, 15],
      [products[1]!.productId, 20],
      [products[2]!.productId, 20],
      [extra.productId, 7],
    ])
    expect(after.lines[0]!.id).toBe(o.lines[0]!.id)
    // once decided the request still reads as it was decided, not against the changed order
    const decided = await region.get<ApplyModifyDetail>('/api/sale/applyModify/queryById', { id: requestId })
    const add = decided.body.result.lines.find((l) => l.type === 'add')!
    expect([add.before?.quantity, add.after?.quantity]).toEqual([10, 15])
    expect(decided.body.result.lines.find((l) => l.type === 'append')!.unit).not.toBe('')
    expect(after.totalAmount).toBeCloseTo(
      after.lines.reduce((s, l) => s + l.amount, 0),
      2,
    )
    const history = await branchAdmin.get<{ operation: string }[]>('/api/sale/order/modifyHistory', { id })
    expect(history.body.result.map((h) => h.operation)).toContain('sale_apply_modify:audit')
  })

  it('a rejected request leaves the order untouched', async () => {
    const { id } = await approvedOrder()
    const o = await detail(branchAdmin, id)
    const res = await ask(id, [{ type: 'add', orderLineId: o.lines[0]!.id, quantity: 5 }])
    await region.post('/api/sale/applyModify/audit', { id: res.body.result.id, decision: 'reject', note: 'no' })
    const list = await branchAdmin.get<Page<{ id: string; status: string }>>('/api/sale/applyModify/list', {
      search: JSON.stringify({ orderNo: o.orderNo }),
    })
    expect(list.body.result.records[0]!.status).toBe('3')
    expect((await detail(branchAdmin, id)).lines.map((l) => l.quantity)).toEqual([10, 20, 30])
  })

  it('refuses every case of SPEC 5 and 8', async () => {
    const pending = await addOrder(branchAdmin, orderForm(moscow, products))
    const p = await detail(branchAdmin, pending.id)
    expect((await ask(p.id, [{ type: 'add', orderLineId: p.lines[0]!.id, quantity: 1 }])).body.code).toBe(
      Errors.UnfinishedCannotAdjust.code,
    )
    const { id } = await approvedOrder()
    const o = await detail(branchAdmin, id)
    expect((await ask(id, [{ type: 'reduce', orderLineId: o.lines[0]!.id, quantity: 0 }])).body.code).toBe(
      Errors.ReduceRule.code,
    )
    expect((await ask(id, [{ type: 'reduce', orderLineId: o.lines[0]!.id, quantity: 11 }])).body.code).toBe(
      Errors.ReduceRule.code,
    )
    expect((await ask(id, [{ type: 'add', orderLineId: o.lines[0]!.id, quantity: 0 }])).body.code).toBe(
      Errors.AddRule.code,
    )
    expect(
      (
        await ask(id, [
          { type: 'append', productId: products[0]!.productId, unitId: products[0]!.units[0]!.id, quantity: 1 },
        ])
      ).body.code,
    ).toBe(Errors.AppendRule.code)
    // the reduce is bounded by what has not shipped
    await deliver(id, [{ orderLineId: o.lines[0]!.id, quantity: 8 }])
    expect((await ask(id, [{ type: 'reduce', orderLineId: o.lines[0]!.id, quantity: 3 }])).body.code).toBe(
      Errors.ReduceRule.code,
    )
    // past the last modification time (7 days before the expected delivery date)
    const soon = await approvedOrder([1, 1, 1], 3)
    const s = await detail(branchAdmin, soon.id)
    expect((await ask(soon.id, [{ type: 'add', orderLineId: s.lines[0]!.id, quantity: 1 }])).body.code).toBe(
      Errors.ModificationTimePassed.code,
    )
    // fully shipped
    await deliver(
      soon.id,
      s.lines.map((l) => ({ orderLineId: l.id, quantity: l.quantity })),
    )
    expect((await ask(soon.id, [{ type: 'add', orderLineId: s.lines[0]!.id, quantity: 1 }])).body.code).toBe(
      Errors.ShippedCannotAdjust.code,
    )
  })

  it('more approved adjustments than allowed (3) are refused', async () => {
    const { id } = await approvedOrder()
    for (let i = 0; i < 3; i++) {
      const o = await detail(branchAdmin, id)
      const res = await ask(id, [{ type: 'add', orderLineId: o.lines[0]!.id, quantity: 1 }])
      expect(res.status).toBe(200)
      await region.post('/api/sale/applyModify/audit', { id: res.body.result.id, decision: 'approve', note: 'ok' })
      await director.post('/api/sale/applyModify/audit', { id: res.body.result.id, decision: 'approve', note: 'ok' })
    }
    const o = await detail(branchAdmin, id)
    expect(o.lines[0]!.quantity).toBe(13)
    expect((await ask(id, [{ type: 'add', orderLineId: o.lines[0]!.id, quantity: 1 }])).body.code).toBe(
      Errors.ModificationCountExceeded.code,
    )
  })

  it('a reduce approved while a delivery is posted: never more shipped than ordered', async () => {
    const { id } = await approvedOrder([10, 1, 1])
    const o = await detail(branchAdmin, id)
    const res = await ask(id, [{ type: 'reduce', orderLineId: o.lines[0]!.id, quantity: 6 }])
    await region.post('/api/sale/applyModify/audit', { id: res.body.result.id, decision: 'approve', note: 'ok' })
    const [approval, delivery] = await Promise.all([
      director.post('/api/sale/applyModify/audit', { id: res.body.result.id, decision: 'approve', note: 'ok' }),
      deliver(id, [{ orderLineId: o.lines[0]!.id, quantity: 10 }]),
    ])
    // whichever went first, the other is refused
    expect([approval.status, delivery.status].filter((s) => s === 200)).toHaveLength(1)
    const after = await detail(branchAdmin, id)
    for (const l of after.lines) expect(l.deliveredQuantity).toBeLessThanOrEqual(l.quantity)
  })
})

describe('data scope of the new lists', () => {
  it('another department sees none of these orders or requests', async () => {
    const other = await as(t, 'finance_admin')
    const list = await other.get<Page<DeliveryOrder>>('/api/sale/delivery/list')
    expect(list.status === 403 || list.body.result.total === 0).toBe(true)
    const ids = (
      await t.database.db
        .select({ id: saleOrders.id })
        .from(saleOrders)
        .where(inArray(saleOrders.status, [100803]))
    ).map((r) => r.id)
    expect(ids.length).toBeGreaterThan(0)
  })
})
