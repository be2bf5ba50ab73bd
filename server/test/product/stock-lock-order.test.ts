import { ApprovalStatus, type StockDocDetail } from '@app/contracts'
import { and, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { depots, products, stockLedger, stocks } from '../../src/db/schema/index.ts'
import type { TestApp } from '../helpers/app.ts'
import { lockWaitersReach, testDbKind } from '../helpers/database.ts'
import { type Api, as, createProductTestApp } from './helpers.ts'

/**
 * A stock-in and a sales-out of the same products at the same moment (found writing the soak,
 * `npm run bench:soak`). A sales-out locks the depot's rows of its products by id; a stock-in
 * upserted its rows by product and batch, so with two rows whose orders disagree each held one
 * and waited for the other: PostgreSQL broke the deadlock by failing one of them (a 500).
 * Real concurrency needs PostgreSQL: a transaction of the test holds one row while the two
 * documents start, so they meet in the order that deadlocked.
 */
describe.runIf(testDbKind() === 'pg')('a stock-in and a sales-out of the same products at once', () => {
  let t: TestApp
  let logistics: Api
  let depotId: string
  let ids: string[]
  const BATCH = 'LOCK-ORDER-1'

  beforeAll(async () => {
    t = await createProductTestApp()
    logistics = await as(t, 'logistics_admin')
    const [depot] = await t.database.db.select().from(depots).where(eq(depots.depotType, 'finished')).limit(1)
    depotId = depot!.id
    const sellable = await t.database.db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.auditStatus, ApprovalStatus.Approved), eq(products.status, '1')))
      .limit(8)
    ids = sellable.map((p) => p.id)
    const res = await logistics.post('/api/pro/stock/purchaseIn', {
      depotId,
      lines: ids.map((productId) => ({ productId, batchNo: BATCH, quantity: 100 })),
    })
    expect(res.status).toBe(200)
  })
  afterAll(async () => t?.close())

  const until = async (n: number) => expect(await lockWaitersReach(t.database, n)).toBeGreaterThanOrEqual(n)

  it('queue for the rows instead of deadlocking', async () => {
    const rows = await t.database.db
      .select({ id: stocks.id, productId: stocks.productId })
      .from(stocks)
      .where(and(eq(stocks.depotId, depotId), eq(stocks.batchNo, BATCH), inArray(stocks.productId, ids)))
    // two rows the stock-in took in one order (product, batch) and the sales-out in the other (row id)
    const byProduct = [...rows].sort((a, b) => `${a.productId}|${BATCH}`.localeCompare(`${b.productId}|${BATCH}`))
    const first = byProduct.find((x) => byProduct.some((y) => y.productId > x.productId && y.id < x.id))!
    const second = byProduct.find((y) => y.productId > first.productId && y.id < first.id)!
    const pair = [first.productId, second.productId]

    let release = () => {}
    const held = new Promise<void>((r) => {
      release = r
    })
    const holder = t.database.db.transaction(async (tx) => {
      await tx.select().from(stocks).where(eq(stocks.id, first.id)).for('update')
      await held
    })
    const stockIn = logistics.post<StockDocDetail>('/api/pro/stock/productionIn', {
      depotId,
      lines: pair.map((productId) => ({ productId, batchNo: BATCH, quantity: 5 })),
    })
    await until(1)
    const stockOut = logistics.post<StockDocDetail>('/api/pro/stock/salesOut', {
      depotId,
      lines: pair.map((productId) => ({ productId, batchNo: BATCH, quantity: 3 })),
    })
    await until(2)
    release()
    await holder
    const [inRes, outRes] = await Promise.all([stockIn, stockOut])
    expect([inRes.status, outRes.status], JSON.stringify([inRes.body, outRes.body])).toEqual([200, 200])
    for (const productId of pair) {
      const [row] = await t.database.db
        .select({ quantity: stocks.quantity })
        .from(stocks)
        .where(and(eq(stocks.depotId, depotId), eq(stocks.productId, productId), eq(stocks.batchNo, BATCH)))
      const moves = await t.database.db
        .select({ change: stockLedger.change })
        .from(stockLedger)
        .where(
          and(eq(stockLedger.depotId, depotId), eq(stockLedger.productId, productId), eq(stockLedger.batchNo, BATCH)),
        )
      expect(row!.quantity).toBe(102)
      expect(moves.reduce((s, m) => s + m.change, 0)).toBe(102)
    }
  })
})
