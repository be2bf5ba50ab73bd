import { mkdtemp } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { AuditBusiness, type SellableProduct } from '@app/contracts'
import { and, eq, like, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { messages, operationLogs, outbox, reviews, saleOrders, sequences } from '../../src/db/schema/index.ts'
import { type MailSink, startMailSink } from '../../src/modules/notify/mail-sink.ts'
import { dayOf } from '../../src/platform/days.ts'
import { createTestApp, type TestApp } from '../helpers/app.ts'
import { type Api, as, branchId, orderForm, sellable } from './helpers.ts'

/**
 * Order numbers under concurrency: an order's save takes the day's number by its last statement,
 * so saves of one day run side by side until then and a save that fails takes no number. PGlite
 * serves one transaction at a time (one connection), so there the saves cannot overlap and only
 * the numbers are checked; on PostgreSQL (TEST_DATABASE_URL) both.
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
    FILES_DIR: await mkdtemp(path.join(os.tmpdir(), 'order-numbers-')),
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

    const saved = answers.filter((a) => a.status === 200).map((a) => a.body.result)
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
      .select({ title: messages.title, params: messages.params })
      .from(messages)
      .where(sql`${messages.params}->>'busObjNo' = ${orderNo}`)
    expect(told.length).toBeGreaterThan(0)
    for (const m of told) expect(m.title).toContain(orderNo)
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

  it('no stand-in of a number is left in what the saves wrote', async () => {
    const db = t.database.db
    const standIn = '%~%'
    const left = await Promise.all([
      db.$count(saleOrders, like(saleOrders.orderNo, standIn)),
      db.$count(reviews, like(reviews.objectNo, standIn)),
      db.$count(
        messages,
        sql`${messages.title} || ${messages.content} || coalesce(${messages.params}::text, '') similar to '%[A-Z]+~[0-9a-f]{12}%'`,
      ),
      db.$count(outbox, sql`${outbox.subject} || ${outbox.payload}::text similar to '%[A-Z]+~[0-9a-f]{12}%'`),
      db.$count(
        operationLogs,
        sql`coalesce(${operationLogs.objectLabel}, '') || coalesce(${operationLogs.after}::text, '') similar to '%[A-Z]+~[0-9a-f]{12}%'`,
      ),
    ])
    expect(left).toEqual([0, 0, 0, 0, 0])
  })
})
