import { AuditBusiness, DELIVERY_NO_PREFIX, type SellableProduct, STOCK_DOC_PREFIX, StockDocType } from '@app/contracts'
import { and, eq, inArray, like, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  depots,
  messages,
  operationLogs,
  outbox,
  reviews,
  saleDeliveries,
  saleOrderLines,
  saleOrders,
  sequences,
  stockDocs,
  stockLedger,
} from '../../src/db/schema/index.ts'
import { type MailSink, startMailSink } from '../../src/modules/notify/mail-sink.ts'
import { dayOf } from '../../src/platform/days.ts'
import { createTestApp, type TestApp } from '../helpers/app.ts'
import { type Api, as, audit, branchId, dayFrom, orderForm, sellable } from './helpers.ts'

/**
 * Business numbers under concurrency: an order's save, a delivery and a stock document take the
 * day's numbers by their last statement, so saves of one day run side by side until then and a
 * save that fails takes no number. PGlite serves one transaction at a time (one connection), so
 * there the saves cannot overlap and only the numbers are checked; on PostgreSQL
 * (TEST_DATABASE_URL) both.
 */

let t: TestApp
let sink: MailSink
let branchAdmin: Api
let moscow: string
let products: SellableProduct[]

beforeAll(async () => {
  // mails to the reviewers are queued too (they name the order)
  sink = await startMailSink()
  t = await createTestApp({
    SMTP_URL: sink.url,
    MAIL_FROM: 'Back office <backoffice@example.com>',
  })
  branchAdmin = await as(t, 'branch_admin')
  moscow = await branchId(t, 'RU-MOW')
  products = (await sellable(branchAdmin, moscow)).slice(0, 2)
})
afterAll(async () => {
  await t?.close()
  await sink?.close()
})

const SAVES = 50
/** Saves made to fail after their order, lines, review, messages and history are written. */
const FAILING = 5
/** Saves that must be inside their transactions, past writing their order, all at once. */
const TOGETHER = 6
const BARRIER_LIMIT_MS = 20_000

/**
 * Holds each save at its review's start (inside its transaction, its order already written, where
 * a save used to hold the day's number) until TOGETHER saves are there at once, or until
 * BARRIER_LIMIT_MS passed since the first came (then no save waits any more). Answers the most
 * that were there at once. Saves whose `fails` says so throw there, undoing their transaction.
 */
const holdSaves = (wait: boolean, fails: (arrival: number) => boolean) => {
  let inside = 0
  let most = 0
  let arrivals = 0
  let open = false
  let release = () => {}
  const gate = new Promise<void>((resolve) => {
    release = () => {
      open = true
      resolve()
    }
  })
  let timer: NodeJS.Timeout | undefined
  const off = t.app.deps.events.on('approval.reviewNeeded', async () => {
    const arrival = arrivals++
    inside++
    most = Math.max(most, inside)
    try {
      if (wait && !open) {
        timer ??= setTimeout(release, BARRIER_LIMIT_MS)
        if (inside >= TOGETHER) release()
        await gate
      }
      if (fails(arrival)) throw new Error('save failed after writing its order')
    } finally {
      inside--
    }
  })
  return {
    most: () => most,
    stop() {
      clearTimeout(timer)
      release()
      off()
    },
  }
}

const today = () => dayOf(new Date()).replaceAll('-', '')

/** The sequence numbers of the day's order numbers, ascending. */
const dayNumbers = async (day: string) =>
  (
    await t.database.db
      .select({ orderNo: saleOrders.orderNo })
      .from(saleOrders)
      .where(like(saleOrders.orderNo, `SO${day}-%`))
  )
    .map((r) => Number(r.orderNo.slice(-4)))
    .sort((a, b) => a - b)

/** The day's counter of a prefix. */
const counter = async (prefix: string, day: string) =>
  (
    await t.database.db
      .select({ value: sequences.value })
      .from(sequences)
      .where(and(eq(sequences.prefix, prefix), eq(sequences.day, day)))
  )[0]?.value ?? 0

/** Numbers `<prefix><day>-0001` .. up to `n`. */
const numbered = (prefix: string, day: string, n: number) =>
  Array.from({ length: n }, (_, i) => `${prefix}${day}-${String(i + 1).padStart(4, '0')}`)

/** Every saved order of the first test. */
let saved: { id: string; orderNo: string }[] = []

describe('order numbers', () => {
  it(`${SAVES} parallel saves (and ${FAILING} failing): numbers without a gap or a duplicate, the saves side by side`, async () => {
    const day = today()
    const before = await dayNumbers(day)
    const overlap = t.database.kind === 'pg'
    const hold = holdSaves(overlap, (arrival) => arrival % 11 === 10)
    const answers = await Promise.all(
      Array.from({ length: SAVES + FAILING }, () =>
        branchAdmin.post<{ id: string; orderNo: string }>('/api/sale/order/add', orderForm(moscow, products)),
      ),
    ).finally(() => hold.stop())

    saved = answers.filter((a) => a.status === 200).map((a) => a.body.result)
    expect(saved).toHaveLength(SAVES)
    expect(answers.filter((a) => a.status === 500)).toHaveLength(FAILING)
    // the day's numbers: 1..n, each once, the counter at n; the saves took the last SAVES of them
    const after = await dayNumbers(day)
    expect(after).toEqual(Array.from({ length: before.length + SAVES }, (_, i) => i + 1))
    expect(await counter('SO', day)).toBe(after.length)
    expect(saved.map((s) => Number(s.orderNo.slice(-4))).sort((a, b) => a - b)).toEqual(after.slice(before.length))
    if (overlap) expect(hold.most()).toBeGreaterThanOrEqual(TOGETHER)
  })

  it('a saved order is named by its number in its review, the reviewers’ messages and mails and its history', async () => {
    const [order] = await t.database.db
      .select({ id: saleOrders.id, orderNo: saleOrders.orderNo })
      .from(saleOrders)
      .orderBy(sql`${saleOrders.createAt} desc`)
      .limit(1)
    const { id, orderNo } = order!
    expect(orderNo).toMatch(/^SO\d{8}-\d{4}$/)
    const db = t.database.db
    const [review] = await db
      .select({ objectNo: reviews.objectNo })
      .from(reviews)
      .where(and(eq(reviews.business, AuditBusiness.SaleOrder), eq(reviews.objectId, id)))
    expect(review?.objectNo).toBe(orderNo)
    const told = await db
      .select({ title: messages.title, titleEn: messages.titleEn, params: messages.params })
      .from(messages)
      .where(sql`${messages.params}->>'busObjNo' = ${orderNo}`)
    expect(told.length).toBeGreaterThan(0)
    for (const m of told) {
      expect(m.title).toContain(orderNo)
      expect(m.titleEn).toContain(orderNo)
    }
    const mails = await db
      .select({ subject: outbox.subject, payload: outbox.payload })
      .from(outbox)
      .where(and(eq(outbox.topic, 'mail'), like(outbox.subject, `%${orderNo}%`)))
    expect(mails.length).toBeGreaterThan(0)
    for (const m of mails) expect(JSON.stringify(m.payload)).toContain(`orderNo=${orderNo}`)
    const [entry] = await db
      .select({ label: operationLogs.objectLabel, after: operationLogs.after })
      .from(operationLogs)
      .where(and(eq(operationLogs.operation, 'sale_order:add'), eq(operationLogs.objectId, id)))
    expect(entry?.label).toBe(orderNo)
    expect((entry?.after as { orderNo: string } | undefined)?.orderNo).toBe(orderNo)
  })

  it('parallel deliveries and stock documents: numbers without a gap, in their rows, ledger, messages and ERP document', async () => {
    const day = today()
    const db = t.database.db
    const reviewers = await Promise.all(['region_president', 'branch_finance', 'gm_president'].map((u) => as(t, u)))
    const logistics = await as(t, 'logistics_admin')
    const toShip = saved.slice(0, 4)
    for (const api of reviewers) for (const o of toShip) expect((await audit(api, o.id, 'approve')).status).toBe(200)
    const [depot] = await db.select({ id: depots.id }).from(depots).where(eq(depots.depotType, 'finished'))
    const stockLine = (batchNo: string, quantity: number) =>
      products.map((p) => ({ productId: p.productId, batchNo, quantity, expiryDate: '2030-01-01' }))
    expect(
      (await logistics.post('/api/pro/stock/purchaseIn', { depotId: depot!.id, lines: stockLine('N-1', 100_000) }))
        .status,
    ).toBe(200)
    const lines = await db
      .select({ orderId: saleOrderLines.orderId, id: saleOrderLines.id, quantity: saleOrderLines.quantity })
      .from(saleOrderLines)
      .where(
        inArray(
          saleOrderLines.orderId,
          toShip.map((o) => o.id),
        ),
      )
    const prefixes = [DELIVERY_NO_PREFIX, ...Object.values(STOCK_DOC_PREFIX)]
    const before = Object.fromEntries(await Promise.all(prefixes.map(async (p) => [p, await counter(p, day)] as const)))
    const [delivered, made] = await Promise.all([
      Promise.all(
        toShip.map((o) =>
          logistics.post<{ id: string; deliveryNo: string }>('/api/sale/delivery/add', {
            orderId: o.id,
            depotId: depot!.id,
            shipDate: dayFrom(0),
            lines: lines.filter((l) => l.orderId === o.id).map((l) => ({ orderLineId: l.id, quantity: l.quantity })),
          }),
        ),
      ),
      Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          logistics.post<{ docNo: string }>('/api/pro/stock/productionIn', {
            depotId: depot!.id,
            lines: stockLine(`N-P${i}`, 10),
          }),
        ),
      ),
    ])
    expect(delivered.map((d) => d.status)).toEqual(toShip.map(() => 200))
    expect(made.map((d) => d.status)).toEqual(made.map(() => 200))
    // each prefix's numbers of the day run on without a gap from where they were
    const docs = await db
      .select({ id: stockDocs.id, docNo: stockDocs.docNo })
      .from(stockDocs)
      .where(like(stockDocs.docNo, `%${day}-%`))
    const deliveries = await db
      .select()
      .from(saleDeliveries)
      .where(
        inArray(
          saleDeliveries.id,
          delivered.map((d) => d.body.result.id),
        ),
      )
    const all = [...docs.map((d) => d.docNo), ...deliveries.map((d) => d.deliveryNo)]
    const added = { [DELIVERY_NO_PREFIX]: 4, XSCK: 4, CGRK: 0, SCRK: 6 }
    for (const prefix of prefixes) {
      const n = await counter(prefix, day)
      expect(n - before[prefix]!).toBe(added[prefix as keyof typeof added])
      if (prefix !== DELIVERY_NO_PREFIX)
        expect(all.filter((no) => no.startsWith(prefix)).sort()).toEqual(numbered(prefix, day, n))
    }
    expect(deliveries.map((d) => d.deliveryNo).sort()).toEqual(
      numbered(DELIVERY_NO_PREFIX, day, before[DELIVERY_NO_PREFIX]! + 4).slice(-4),
    )
    expect(made.map((m) => m.body.result.docNo).sort()).toEqual(
      numbered(STOCK_DOC_PREFIX[StockDocType.ProductionIn], day, before.SCRK! + 6).slice(-6),
    )
    // a delivery's numbers where people read them: its row, its sales-out and ledger, the message
    // to whoever placed the order, and the ERP's document
    for (const d of deliveries) {
      expect(delivered.map((x) => x.body.result.deliveryNo)).toContain(d.deliveryNo)
      const [doc] = await db.select().from(stockDocs).where(eq(stockDocs.id, d.stockDocId))
      expect(doc?.docNo).toBe(d.stockDocNo)
      const ledger = await db
        .select({ docNo: stockLedger.docNo })
        .from(stockLedger)
        .where(eq(stockLedger.docId, doc!.id))
      expect(ledger.length).toBeGreaterThan(0)
      for (const row of ledger) expect(row.docNo).toBe(d.stockDocNo)
      expect(await db.$count(messages, like(messages.content, `%${d.deliveryNo}%`))).toBeGreaterThan(0)
      expect(await db.$count(messages, like(messages.contentEn, `%${d.deliveryNo}%`))).toBeGreaterThan(0)
      const [erp] = await db
        .select({ subject: outbox.subject })
        .from(outbox)
        .where(and(eq(outbox.topic, 'erp'), eq(outbox.key, `consignment:${d.id}`)))
      expect(erp?.subject).toBe(d.deliveryNo)
    }
  })

  it('no stand-in of a number is left in what the saves, deliveries and documents wrote', async () => {
    const db = t.database.db
    const standIn = '%~%'
    const left = await Promise.all([
      db.$count(saleOrders, like(saleOrders.orderNo, standIn)),
      db.$count(reviews, like(reviews.objectNo, standIn)),
      db.$count(saleDeliveries, sql`${saleDeliveries.deliveryNo} || ${saleDeliveries.stockDocNo} like ${standIn}`),
      db.$count(stockDocs, like(stockDocs.docNo, standIn)),
      db.$count(stockLedger, like(stockLedger.docNo, standIn)),
      db.$count(
        messages,
        sql`${messages.title} || ${messages.content} || coalesce(${messages.titleEn}, '') || coalesce(${messages.contentEn}, '') || coalesce(${messages.params}::text, '') similar to '%[A-Z]+~[0-9a-f]{12}%'`,
      ),
      db.$count(outbox, sql`${outbox.subject} || ${outbox.payload}::text similar to '%[A-Z]+~[0-9a-f]{12}%'`),
      db.$count(
        operationLogs,
        sql`coalesce(${operationLogs.objectLabel}, '') || coalesce(${operationLogs.after}::text, '') similar to '%[A-Z]+~[0-9a-f]{12}%'`,
      ),
    ])
    expect(left).toEqual([0, 0, 0, 0, 0, 0, 0, 0])
  })
})
