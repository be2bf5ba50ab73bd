import { type ErpMessage, ErpSyncStatus, type SellableProduct } from '@app/contracts'
import { asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { depots, erpOutbox, saleOrders } from '../../src/db/schema/index.ts'
import { createErpSimulator, type SimDocument } from '../../src/modules/erp/simulator.ts'
import { createU8Client, type U8Client } from '../../src/modules/erp/u8-client.ts'
import { createErpWorker, type ErpWorkerSettings } from '../../src/modules/erp/worker.ts'
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
let depotId: string

const quiet = { info: () => undefined, warn: () => undefined }
const settings = (over: Partial<ErpWorkerSettings> = {}): ErpWorkerSettings => ({
  owner: 'test-a',
  pollMs: 3_600_000,
  maxAttempts: 3,
  retryBaseMs: 1,
  leaseMs: 30_000,
  batch: 20,
  ...over,
})
const clientOf = (timeoutMs = 5_000) =>
  createU8Client({ url, fromAccount: 'backoffice', appKey: 'key', appSecret: 'secret', timeoutMs })
const workerOf = (over: Partial<ErpWorkerSettings> = {}, client: U8Client = clientOf()) =>
  createErpWorker({ db: t.database.db, client, settings: settings(over), log: quiet })

/** Ticks until nothing is due (retries wait 1 ms here). */
const drain = async (worker = workerOf()) => {
  for (let i = 0; i < 30; i++) {
    await worker.tick()
    const open = await t.database.db.select().from(erpOutbox).where(eq(erpOutbox.status, 'pending'))
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
  products = (await sellable(branchAdmin, moscow)).slice(0, 3)
  const [depot] = await t.database.db.select().from(depots).where(eq(depots.code, 'WH-TJ-F'))
  depotId = depot!.id
  const stocked = await logistics.post('/api/pro/stock/purchaseIn', {
    depotId,
    lines: products.map((p) => ({
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
      (await t.database.db.select().from(erpOutbox).where(eq(erpOutbox.orderId, id)).orderBy(asc(erpOutbox.seq))).map(
        (m) => [m.kind, m.status],
      )
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
    await t.database.db.delete(erpOutbox).where(eq(erpOutbox.orderId, older.id))
    await deleteOnRequest(older.id)
    expect(await messagesOf(older.id)).toEqual([])
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
      const queued = await plain.database.db.select().from(erpOutbox).where(eq(erpOutbox.orderId, order.id))
      expect(queued.map((q) => q.status)).toEqual(['pending'])
    } finally {
      await plain.close()
    }
  })
})
