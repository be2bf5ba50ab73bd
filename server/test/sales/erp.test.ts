import { type ErpMessage, type ErpOrderMapping, ErpSyncStatus, type SellableProduct } from '@app/contracts'
import { and, asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { branches, departments, depots, outbox, saleOrders } from '../../src/db/schema/index.ts'
import { ERP_TOPIC, erpMessagesOf } from '../../src/modules/erp/messages.ts'
import { createErpSimulator, type SimDocument } from '../../src/modules/erp/simulator.ts'
import { createU8Client, type ErpSettings, type U8Client } from '../../src/modules/erp/u8-client.ts'
import { createErpWorker } from '../../src/modules/erp/worker.ts'
import type { OutboxWorkerSettings } from '../../src/platform/outbox/index.ts'
import { addUser, signIn } from '../approval/fixtures.ts'
import { createTestApp, type TestApp } from '../helpers/app.ts'
import { type Api, addOrder, as, audit, branchId, dayFrom, detail, orderForm, sellable } from './helpers.ts'

/**
 * ERP sync (issue 17) against the U8 simulator over real HTTP: approved orders, adjustments and
 * deliveries queued in their own transactions, sent by workers that the tests tick, as every
 * instance's worker does on its own. The app's own worker polls once an hour here, so only the
 * tests' workers send.
 */
const sim = createErpSimulator()
let url: string
let t: TestApp
let branchAdmin: Api
let region: Api
let finance: Api
let gm: Api
let logistics: Api
let admin: Api
let moscow: string
let products: SellableProduct[]
/** The demo's product sold in boxes of 12 (stock and U8 in pieces). */
let boxed: SellableProduct
let depotId: string
/** The Moscow branch's department (its org code), U8's `deptcode` for its orders. */
let moscowDept: string

const quiet = { info: () => undefined, warn: () => undefined }
const settings = (over: Partial<OutboxWorkerSettings> = {}): OutboxWorkerSettings => ({
  owner: 'test-a',
  pollMs: 3_600_000,
  maxAttempts: 3,
  retryBaseMs: 1,
  leaseMs: 30_000,
  batch: 20,
  ...over,
})
const clientOf = (timeoutMs = 5_000, more: Partial<ErpSettings> = {}) =>
  createU8Client({ url, fromAccount: 'backoffice', appKey: 'key', appSecret: 'secret', timeoutMs, ...more })
const workerOf = (over: Partial<OutboxWorkerSettings> = {}, client: U8Client = clientOf()) =>
  createErpWorker({ db: t.database.db, client, settings: settings(over), log: quiet })

/** Ticks until nothing is due (retries wait 1 ms here). */
const drain = async (worker = workerOf()) => {
  for (let i = 0; i < 30; i++) {
    await worker.tick()
    const open = await t.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.topic, ERP_TOPIC), eq(outbox.status, 'pending')))
    if (open.length === 0) return
    await new Promise((r) => setTimeout(r, 5))
  }
}
const mode = (m: string, extra: Record<string, unknown> = {}) =>
  fetch(`${url}/sim/mode`, { method: 'POST', body: JSON.stringify({ mode: m, ...extra }) })
const docsOf = (code: string): SimDocument[] =>
  sim.documents.filter(
    (d) =>
      d.code === code ||
      (d.body as { consignment?: { entry?: { socode: string }[] } }).consignment?.entry?.[0]?.socode === code,
  )
const syncStatusOf = async (id: string) =>
  (await t.database.db.select({ s: saleOrders.syncStatus }).from(saleOrders).where(eq(saleOrders.id, id)))[0]!.s
const history = async (id: string) => (await admin.get<ErpMessage[]>('/api/sale/order/syncHistory', { id })).body.result

const approvedOrder = async (quantities = [10, 20, 30]) => {
  const order = await addOrder(branchAdmin, orderForm(moscow, products, quantities))
  for (const api of [region, finance, gm]) expect((await audit(api, order.id, 'approve')).status).toBe(200)
  return order
}

beforeAll(async () => {
  url = await sim.listen()
  t = await createTestApp({ ERP_URL: url, ERP_POLL_MS: '3600000' })
  branchAdmin = await as(t, 'branch_admin')
  region = await as(t, 'region_president')
  finance = await as(t, 'branch_finance')
  gm = await as(t, 'gm_president')
  logistics = await as(t, 'logistics_admin')
  admin = await as(t, 'admin')
  moscow = await branchId(t, 'RU-MOW')
  products = (await sellable(branchAdmin, moscow)).filter((p) => p.units[0]!.conversionRate === 1).slice(0, 3)
  const boxes = await branchAdmin.get<{ records: SellableProduct[] }>('/api/sale/order/sellableProducts', {
    branchId: moscow,
    keyword: 'DC-006',
  })
  boxed = boxes.body.result.records.find((p) => p.code === 'DC-006')!
  expect(boxed.units.map((u) => [u.unit, u.conversionRate])).toEqual([['box', 12]])
  const [dept] = await t.database.db
    .select({ orgCode: departments.orgCode })
    .from(branches)
    .innerJoin(departments, eq(departments.id, branches.departId))
    .where(eq(branches.id, moscow))
  moscowDept = dept!.orgCode
  const [depot] = await t.database.db.select().from(depots).where(eq(depots.code, 'WH-TJ-F'))
  depotId = depot!.id
  const stocked = await logistics.post('/api/pro/stock/purchaseIn', {
    depotId,
    lines: [...products, boxed].map((p) => ({
      productId: p.productId,
      batchNo: 'ERP-1',
      quantity: 5000,
      expiryDate: '2028-01-01',
    })),
  })
  expect(stocked.status).toBe(200)
})
afterAll(async () => {
  await t?.close()
  await sim.close()
})
beforeEach(async () => {
  await drain()
  await mode('ok')
})

describe('ERP sync', () => {
  it('an approved order is queued with its approval and reaches the ERP once, in U8 terms; the order says synced', async () => {
    const order = await addOrder(branchAdmin, orderForm(moscow, products))
    for (const api of [region, finance]) await audit(api, order.id, 'approve')
    // not approved yet: nothing for the ERP
    expect(await history(order.id)).toEqual([])
    await audit(gm, order.id, 'approve')
    expect((await history(order.id)).map((m) => [m.kind, m.status])).toEqual([['saleorder.add', 'pending']])
    expect(await syncStatusOf(order.id)).toBe(ErpSyncStatus.Syncing)

    await drain()
    const [doc, ...more] = docsOf(order.orderNo)
    expect(more).toHaveLength(0)
    const o = await detail(branchAdmin, order.id)
    const head = (doc!.body as { saleorder: Record<string, unknown> }).saleorder
    expect(doc!.account).toBe(o.companyCode)
    expect(head.custcode).toBe('RU-MOW')
    expect(head.define1).toBe(`saleorder:${order.id}:v${o.version}`)
    expect((head.entry as { quantity: number }[]).map((e) => e.quantity)).toEqual([10, 20, 30])
    expect(await syncStatusOf(order.id)).toBe(ErpSyncStatus.Synced)
    const [sent] = await history(order.id)
    expect(sent).toMatchObject({ status: 'sent', erpDocId: doc!.id, attempts: 1 })
  })

  it('the ERP down for a while, then back: the order, its adjustment and its delivery arrive once each, in order', async () => {
    await mode('refuse')
    const order = await approvedOrder()
    const o = await detail(branchAdmin, order.id)
    const adjust = await branchAdmin.post<{ id: string }>('/api/sale/applyModify/add', {
      orderId: order.id,
      reason: 'more of the first',
      lines: [{ type: 'add', orderLineId: o.lines[0]!.id, quantity: 5 }],
    })
    expect(adjust.status).toBe(200)
    for (const api of [region, await as(t, 'finance_director')])
      expect(
        (await api.post('/api/sale/applyModify/audit', { id: adjust.body.result.id, decision: 'approve', note: 'ok' }))
          .status,
      ).toBe(200)
    const shipped = await logistics.post<{ deliveryNo: string }>('/api/sale/delivery/add', {
      orderId: order.id,
      depotId,
      shipDate: dayFrom(0),
      lines: [{ orderLineId: o.lines[1]!.id, quantity: 20 }],
    })
    expect(shipped.status).toBe(200)

    // down: the first message is tried and waits; the later ones wait behind it
    await workerOf().tick()
    const waiting = await history(order.id)
    expect(waiting.map((m) => [m.kind, m.status])).toEqual([
      ['saleorder.add', 'pending'],
      ['saleorder.edit', 'pending'],
      ['consignment.add', 'pending'],
    ])
    expect(waiting[0]!.lastError).toContain('account period closed')
    expect(waiting.slice(1).map((m) => m.attempts)).toEqual([0, 0])
    expect(docsOf(order.orderNo)).toHaveLength(0)

    await mode('ok')
    await drain()
    const docs = docsOf(order.orderNo)
    expect(docs.map((d) => `${d.type}.${d.action}`)).toEqual(['saleorder.add', 'saleorder.edit', 'consignment.add'])
    const edited = (docs[1]!.body as { saleorder: { entry: { quantity: number }[] } }).saleorder.entry
    expect(edited.map((e) => e.quantity)).toEqual([15, 20, 30])
    // the consignment in U8 terms: the delivery's number and date, the branch, the depot, the order
    type Consignment = { code: string; date: string; custcode: string; entry: Record<string, unknown>[] }
    const consignment = (docs[2]!.body as { consignment: Consignment }).consignment
    expect(consignment).toMatchObject({ code: shipped.body.result.deliveryNo, date: dayFrom(0), custcode: 'RU-MOW' })
    expect(consignment.entry).toEqual([
      expect.objectContaining({ rowno: 1, warehouse_code: 'WH-TJ-F', socode: order.orderNo, batch: 'ERP-1' }),
    ])
    expect(docs[2]!.account).toBe(docs[0]!.account)
    expect(await syncStatusOf(order.id)).toBe(ErpSyncStatus.Synced)
  })

  it("after the last try the order says 'sync failed' with the ERP's reason; the sync button sends it again", async () => {
    await mode('refuse')
    const order = await approvedOrder()
    await drain()
    const [failed] = await history(order.id)
    expect(failed).toMatchObject({ status: 'failed', attempts: 3 })
    expect(failed!.lastError).toContain('account period closed')
    expect(await syncStatusOf(order.id)).toBe(ErpSyncStatus.Failed)
    // the ERP's documents are the order's, not the sent notifications' (their list and its "send again")
    const listed = await admin.get<{ total: number }>('/api/sys/notifyOutbox/list', { topic: 'erp' })
    expect(listed.body.result.total).toBe(0)
    const notifyRetry = await admin.post<{ count: number }>('/api/sys/notifyOutbox/retry', { ids: [failed!.id] })
    expect(notifyRetry.body.result.count).toBe(0)
    expect(await syncStatusOf(order.id)).toBe(ErpSyncStatus.Failed)

    // the button is a permission of its own, and the order must be the caller's to see
    expect((await finance.post('/api/sale/order/sync', { ids: [order.id] })).status).toBe(403)
    await mode('ok')
    const again = await admin.post<{ queued: number }>('/api/sale/order/sync', { ids: [order.id] })
    expect(again.status).toBe(200)
    expect(await syncStatusOf(order.id)).toBe(ErpSyncStatus.Syncing)
    await drain()
    expect(docsOf(order.orderNo)).toHaveLength(1)
    expect(await syncStatusOf(order.id)).toBe(ErpSyncStatus.Synced)
  })

  it('a message the ERP took but whose answer was lost, twice, makes one document (same trade id)', async () => {
    // the ERP answers after 300 ms; our calls give up after 100: the write happens, the answer is lost
    await mode('slow', { delayMs: 300, times: 2 })
    const order = await approvedOrder()
    const impatient = workerOf({}, clientOf(100))
    for (let i = 0; i < 3; i++) {
      await impatient.tick()
      await new Promise((r) => setTimeout(r, 350))
    }
    const [m] = await history(order.id)
    expect(m).toMatchObject({ status: 'sent', attempts: 3 })
    expect(docsOf(order.orderNo)).toHaveLength(1)
    expect(docsOf(order.orderNo)[0]!.tradeId).toBe(m!.tradeId)
  })

  it('an instance that dies between sending and recording: another sends it again after the lease, still one document', async () => {
    const order = await approvedOrder()
    // the dying instance's client writes, then never comes back (the process is gone)
    const real = clientOf()
    const dying: U8Client = {
      tradeId: () => real.tradeId(),
      write: async (...args) => {
        await real.write(...args)
        return new Promise<string>(() => undefined)
      },
    }
    void workerOf({ owner: 'dying', leaseMs: 300 }, dying).tick()
    await expect.poll(() => docsOf(order.orderNo).length).toBe(1)
    const [leased] = await history(order.id)
    expect(leased!.status).toBe('pending')
    await new Promise((r) => setTimeout(r, 350))
    await drain(workerOf({ owner: 'restarted' }))
    const [m] = await history(order.id)
    expect(m).toMatchObject({ status: 'sent', attempts: 2 })
    expect(docsOf(order.orderNo)).toHaveLength(1)
  })

  it('two instances on one database never send the same message at once, and every message goes once', async () => {
    await fetch(`${url}/sim/reset`, { method: 'POST' })
    await mode('slow', { delayMs: 40 })
    const orders = []
    for (let i = 0; i < 4; i++) orders.push(await approvedOrder([1 + i, 2, 3]))
    const [a, b] = [workerOf({ owner: 'a', batch: 2 }), workerOf({ owner: 'b', batch: 2 })]
    for (let i = 0; i < 10; i++) await Promise.all([a.tick(), b.tick()])
    const state = (await (await fetch(`${url}/sim/documents`)).json()) as {
      mostAtOnce: number
      documents: SimDocument[]
    }
    expect(state.mostAtOnce).toBe(1)
    for (const o of orders) expect(docsOf(o.orderNo)).toHaveLength(1)
    for (const o of orders) expect((await history(o.id))[0]!.status).toBe('sent')
  })

  /** Logistics asks to delete an approved order; the regional president and the president agree. */
  const deleteOnRequest = async (orderId: string) => {
    const asked = await logistics.post<{ id: string }>('/api/sale/order/applyDelete', { id: orderId, reason: 'x' })
    expect(asked.status).toBe(200)
    for (const api of [region, gm])
      expect(
        (await api.post('/api/sale/orderDelete/audit', { id: asked.body.result.id, decision: 'approve', note: 'ok' }))
          .status,
      ).toBe(200)
  }

  it('an approved order deleted on request: the ERP deletes it once by its code; one it never had is not sent', async () => {
    await fetch(`${url}/sim/reset`, { method: 'POST' })
    const order = await approvedOrder()
    await drain()
    await deleteOnRequest(order.id)
    // the order is gone from the screens (its sync history with it): its messages as the outbox holds them
    const messagesOf = async (id: string) =>
      (await t.database.db.select().from(outbox).where(erpMessagesOf(id)).orderBy(asc(outbox.seq))).map((m) => [
        m.event,
        m.status,
      ])
    expect(await messagesOf(order.id)).toEqual([
      ['saleorder.add', 'sent'],
      ['saleorder.delete', 'pending'],
    ])
    await drain()
    const docs = docsOf(order.orderNo)
    expect(docs.map((d) => `${d.type}.${d.action}`)).toEqual(['saleorder.add', 'saleorder.delete'])
    expect(docs[1]!.body).toEqual({
      saleorder: { code: order.orderNo, custcode: 'RU-MOW', define1: `saleorder.delete:${order.id}` },
    })

    // approved before the ERP sync existed: no message of it, so its deletion sends none
    const older = await approvedOrder()
    await t.database.db.delete(outbox).where(erpMessagesOf(older.id))
    await deleteOnRequest(older.id)
    expect(await messagesOf(older.id)).toEqual([])
  })
})

type Head = Record<string, unknown> & { entry: Record<string, number | string>[] }
const saleorderOf = (d: SimDocument) => (d.body as { saleorder: Head }).saleorder
const consignmentOf = (d: SimDocument) => (d.body as { consignment: Head }).consignment
const sumOf = (entry: Record<string, number | string>[], field: string) =>
  Math.round(entry.reduce((s, e) => s + Number(e[field]), 0) * 1000) / 1000

describe('ERP sync: what U8 requires', () => {
  it("the order's department, orderer and address reach U8 in the order and the delivery, as the ERP tab shows them", async () => {
    const order = await approvedOrder()
    const o = await detail(branchAdmin, order.id)
    const shipped = await logistics.post('/api/sale/delivery/add', {
      orderId: order.id,
      depotId,
      shipDate: dayFrom(0),
      lines: [{ orderLineId: o.lines[0]!.id, quantity: 4 }],
    })
    expect(shipped.status).toBe(200)
    await drain()
    const [sent, delivery] = docsOf(order.orderNo)
    const head = saleorderOf(sent!)
    expect(head).toMatchObject({
      businesstype: '普通销售',
      typecode: '01',
      custcode: 'RU-MOW',
      deptcode: moscowDept,
      personcode: 'branch_admin',
    })
    const [branch] = await t.database.db.select({ name: branches.name }).from(branches).where(eq(branches.id, moscow))
    expect(head.sendaddress).toContain(branch!.name)
    expect(consignmentOf(delivery!)).toMatchObject({ custcode: 'RU-MOW', deptcode: moscowDept })

    const mapping = await branchAdmin.get<ErpOrderMapping>('/api/sale/order/erpMapping', { id: order.id })
    expect(mapping.status).toBe(200)
    expect(mapping.body.result).toMatchObject({
      toAccount: sent!.account,
      custcode: 'RU-MOW',
      deptcode: moscowDept,
      personcode: 'branch_admin',
      sendaddress: head.sendaddress,
    })
    expect(mapping.body.result.deptName).toBeTruthy()
    expect(mapping.body.result.lines.map((l) => [l.quantity, l.sum])).toEqual(
      head.entry.map((e) => [e.quantity, e.sum]),
    )
    // read as the order is: not by another branch's administrator (scope: personal)
    await addUser(t.database.db, 'branch_admin_erp', ['branch_admin'], ['A01A02'])
    const other = await signIn(t.app, 'branch_admin_erp')
    expect((await other.get('/api/sale/order/erpMapping', { id: order.id })).status).toBe(404)
  })

  it('a document without a field U8 requires is refused with the field named, the order and the delivery alike', async () => {
    const client = clientOf()
    const order = { businesstype: '普通销售', typecode: '01', custcode: 'RU-MOW' }
    const line = { rowno: 1, inventorycode: 'U8-X', quantity: 1, bgift: 0 }
    await expect(
      client.write('/api/saleorder/add', '002', await client.tradeId(), { saleorder: { ...order, entry: [line] } }),
    ).rejects.toThrow('deptcode is required (2001)')
    await expect(
      client.write('/api/saleorder/add', '002', await client.tradeId(), {
        saleorder: { ...order, deptcode: moscowDept, entry: [{ ...line, bgift: undefined }] },
      }),
    ).rejects.toThrow('entry 1: bgift is required')
    await expect(
      client.write('/api/consignment/add', '002', await client.tradeId(), {
        consignment: {
          operation_type: '普通销售',
          saletype: '01',
          custcode: 'RU-MOW',
          entry: [{ rowno: 1, inventory_code: 'U8-X', warehouse_code: 'WH-TJ-F', quantity: 1 }],
        },
      }),
    ).rejects.toThrow('deptcode is required')
  })

  it('lines carry the tax rate, prices with and without tax, amounts that add up, and whether they are gifts', async () => {
    const order = await approvedOrder([7, 3, 11])
    await drain()
    const o = await detail(branchAdmin, order.id)
    const head = saleorderOf(docsOf(order.orderNo)[0]!)
    expect(head.entry.map((e) => [e.taxrate, e.bgift, e.sum])).toEqual(o.lines.map((l) => [13, 0, l.amount]))
    for (const e of head.entry) {
      const [quantity, sum, money, tax] = [e.quantity, e.sum, e.money, e.tax].map(Number) as number[]
      expect(money! + tax!).toBeCloseTo(sum!, 2)
      expect(money!).toBeCloseTo(sum! / 1.13, 2)
      expect(Number(e.taxunitprice) * quantity!).toBeCloseTo(sum!, 2)
      expect(Number(e.unitprice) * quantity!).toBeCloseTo(money!, 2)
    }
    expect(head.sum).toBe(o.totalAmount)
  })

  it("a product's tax rate is edited on the product and its next order carries it; a rate of 100 % is refused", async () => {
    const [product] = products
    const read = await admin.get<Record<string, unknown>>('/api/pro/product/queryById', { id: product!.productId })
    expect(read.body.result.taxRate).toBe(13)
    const {
      units: _u,
      createAt: _c,
      updateAt: _a,
      createBy: _b,
      updateBy: _d,
      auditStatus: _s,
      ...form
    } = read.body.result
    expect((await admin.put('/api/pro/product/edit', { ...form, taxRate: 100 })).status).toBe(400)
    const edited = await admin.put<{ version: number }>('/api/pro/product/edit', { ...form, taxRate: 9 })
    expect(edited.status).toBe(200)
    try {
      const order = await approvedOrder([12, 1, 1])
      await drain()
      const [line] = saleorderOf(docsOf(order.orderNo)[0]!).entry
      expect(line).toMatchObject({ taxrate: 9 })
      expect(Number(line!.money)).toBeCloseTo(Number(line!.sum) / 1.09, 2)
    } finally {
      await admin.put('/api/pro/product/edit', { ...form, version: edited.body.result.version, taxRate: 13 })
    }
  })

  it('a product sold in boxes of 12 reaches U8 in pieces, its order and its delivery alike', async () => {
    const order = await addOrder(branchAdmin, orderForm(moscow, [boxed, products[0]!], [3, 5]))
    for (const api of [region, finance, gm]) expect((await audit(api, order.id, 'approve')).status).toBe(200)
    const o = await detail(branchAdmin, order.id)
    const boxLine = o.lines.find((l) => l.productId === boxed.productId)!
    expect(boxLine).toMatchObject({ unit: 'box', quantity: 3 })
    const shipped = await logistics.post('/api/sale/delivery/add', {
      orderId: order.id,
      depotId,
      shipDate: dayFrom(0),
      lines: [{ orderLineId: boxLine.id, quantity: 2 }],
    })
    expect(shipped.status).toBe(200)
    await drain()
    const [sent, delivery] = docsOf(order.orderNo)
    const [boxEntry, pieceEntry] = saleorderOf(sent!).entry
    expect(boxEntry).toMatchObject({ quantity: 36, unitcode: 'piece', sum: boxLine.amount })
    expect(Number(boxEntry!.taxunitprice)).toBeCloseTo(boxLine.price / 12, 4)
    expect(pieceEntry).toMatchObject({ quantity: 5 })
    const entry = consignmentOf(delivery!).entry
    expect(new Set(entry.map((e) => e.unitcode))).toEqual(new Set(['piece']))
    expect(sumOf(entry, 'quantity')).toBe(24)
    const mapping = (await branchAdmin.get<ErpOrderMapping>('/api/sale/order/erpMapping', { id: order.id })).body.result
    expect(mapping.lines[0]).toMatchObject({ ordered: 3, unit: 'box', rate: 12, quantity: 36, unitcode: 'piece' })
  })

  it('a token U8 stops accepting before its life (a restart) is dropped and renewed, for the trade id and the write', async () => {
    const client = clientOf()
    await client.tradeId()
    // the platform restarts: the token the client holds is refused on its next call (the trade id's)
    await fetch(`${url}/sim/restart`, { method: 'POST' })
    const order = await approvedOrder()
    await drain(workerOf({}, client))
    expect((await history(order.id))[0]).toMatchObject({ status: 'sent', attempts: 1 })

    // and again between the trade id and the write
    const next = await approvedOrder()
    const restartBeforeWrite: U8Client = {
      tradeId: async () => {
        const id = await client.tradeId()
        await fetch(`${url}/sim/restart`, { method: 'POST' })
        return id
      },
      write: (...args) => client.write(...args),
    }
    await drain(workerOf({}, restartBeforeWrite))
    expect((await history(next.id))[0]).toMatchObject({ status: 'sent', attempts: 1 })
    expect(docsOf(next.orderNo)).toHaveLength(1)
  })

  it('a write answered with a url is asked again until its result, keeping its trade id; unanswered, it is tried again later', async () => {
    await mode('async', { delayMs: 60 })
    const order = await approvedOrder()
    await drain(workerOf({}, clientOf(5_000, { resultPollMs: 20, resultPolls: 10 })))
    const [m] = await history(order.id)
    expect(m).toMatchObject({ status: 'sent', attempts: 1 })
    const [doc, ...more] = docsOf(order.orderNo)
    expect(more).toHaveLength(0)
    expect(m!.erpDocId).toBe(doc!.id)

    // the result comes later than the polls wait: not done, not failed; the next try asks with the same trade id
    await mode('async', { delayMs: 1_000 })
    const slow = await approvedOrder()
    const impatient = workerOf({}, clientOf(5_000, { resultPollMs: 10, resultPolls: 2 }))
    await impatient.tick()
    const [waiting] = await history(slow.id)
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1 })
    expect(waiting!.lastError).toContain('no result after 2 polls')
    await mode('ok')
    await new Promise((r) => setTimeout(r, 5))
    await drain()
    const [done] = await history(slow.id)
    expect(done).toMatchObject({ status: 'sent', attempts: 2, tradeId: waiting!.tradeId })
    expect(docsOf(slow.orderNo)).toHaveLength(1)
    expect(docsOf(slow.orderNo)[0]!.tradeId).toBe(waiting!.tradeId)

    // a refusal given through the url counts as a failure with the ERP's words
    await mode('async', { delayMs: 20 })
    const client = clientOf(5_000, { resultPollMs: 10 })
    await expect(
      client.write('/api/saleorder/add', '002', await client.tradeId(), { saleorder: { typecode: '01' } }),
    ).rejects.toThrow('businesstype is required (2001)')
  })
})

describe('ERP not configured', () => {
  it("messages wait in the outbox and the order says 'ERP not configured'", async () => {
    const plain = await createTestApp()
    try {
      const [ba, rp, bf, gp] = await Promise.all(
        ['branch_admin', 'region_president', 'branch_finance', 'gm_president'].map((u) => as(plain, u)),
      )
      const m = await branchId(plain, 'RU-MOW')
      const order = await addOrder(ba!, orderForm(m, (await sellable(ba!, m)).slice(0, 2)))
      for (const api of [rp!, bf!, gp!]) await audit(api, order.id, 'approve')
      const [row] = await plain.database.db.select().from(saleOrders).where(eq(saleOrders.id, order.id))
      expect(row!.syncStatus).toBe(ErpSyncStatus.NotConfigured)
      const queued = await plain.database.db.select().from(outbox).where(erpMessagesOf(order.id))
      expect(queued.map((q) => q.status)).toEqual(['pending'])
    } finally {
      await plain.close()
    }
  })
})
