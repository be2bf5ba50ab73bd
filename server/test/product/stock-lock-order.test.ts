import { ApprovalStatus, Errors, type StockDocDetail } from '@app/contracts'
import { and, eq, inArray, notInArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { depots, products, stockLedger, stocks } from '../../src/db/schema/index.ts'
import type { TestApp } from '../helpers/app.ts'
import { lockWaiters, lockWaitersReach, testDbKind } from '../helpers/database.ts'
import { type Api, as, createProductTestApp } from './helpers.ts'

/**
 * A stock-in and a sales-out of the same products at the same moment (found writing the soak,
 * `npm run bench:soak`). A sales-out locks the depot's rows of its products by id; a stock-in
 * upserted its rows by product and batch, so with two rows whose orders disagree each held one
 * and waited for the other: PostgreSQL broke the deadlock by failing one of them (a 500). Later,
 * a third writer: a batch another stock-in made after the first had locked its rows, which a
 * sales-out took and held while it waited for a row the first held, and the first then upserted.
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

  it('queue when another stock-in makes a batch meanwhile, instead of deadlocking', async () => {
    const [held, kept] = ids.slice(2, 4) as [string, string]
    // a product with no row in the depot: the stock-in locks none of its rows, nor does another's
    const inDepot = await t.database.db
      .select({ productId: stocks.productId })
      .from(stocks)
      .where(eq(stocks.depotId, depotId))
    const [fresh] = await t.database.db
      .select({ id: products.id })
      .from(products)
      .where(
        and(
          eq(products.auditStatus, ApprovalStatus.Approved),
          eq(products.status, '1'),
          notInArray(
            products.id,
            inDepot.map((r) => r.productId),
          ),
        ),
      )
      .limit(1)
    const made = fresh!.id
    const FRESH = 'LOCK-ORDER-NEW'
    const where = (table: typeof stocks | typeof stockLedger, productId: string, batchNo: string) =>
      and(eq(table.depotId, depotId), eq(table.productId, productId), eq(table.batchNo, batchNo))
    const quantityOf = async (productId: string, batchNo: string) => {
      const [row] = await t.database.db
        .select({ quantity: stocks.quantity })
        .from(stocks)
        .where(where(stocks, productId, batchNo))
      return row?.quantity ?? 0
    }
    const start = { kept: await quantityOf(kept, BATCH), held: await quantityOf(held, BATCH) }
    // every row of the products the stock-in adds to gets an id above any other (a sales-out
    // locks by id), the held one the highest: a row made meanwhile comes before them all in a
    // sales-out's order, whatever its random id
    const theirs = await t.database.db
      .select({ id: stocks.id, productId: stocks.productId, batchNo: stocks.batchNo })
      .from(stocks)
      .where(and(eq(stocks.depotId, depotId), inArray(stocks.productId, [kept, held])))
    const HELD_ID = 'ffffffff-ffff-4fff-bfff-ffffffffffff'
    for (const [i, row] of theirs.entries()) {
      const high =
        row.productId === held && row.batchNo === BATCH
          ? HELD_ID
          : `ffffffff-ffff-4fff-bfff-fffe${String(i).padStart(8, '0')}`
      await t.database.db.update(stocks).set({ id: high }).where(eq(stocks.id, row.id))
    }

    let release = () => {}
    const waiting = new Promise<void>((r) => {
      release = r
    })
    const holder = t.database.db.transaction(async (tx) => {
      await tx.select().from(stocks).where(eq(stocks.id, HELD_ID)).for('update')
      await waiting
    })
    // the stock-in locks its rows and waits at the last (held), holding the others (kept's)
    const stockIn = logistics.post<StockDocDetail>('/api/pro/stock/productionIn', {
      depotId,
      lines: [
        { productId: kept, batchNo: BATCH, quantity: 5 },
        { productId: held, batchNo: BATCH, quantity: 5 },
        { productId: made, batchNo: FRESH, quantity: 5 },
      ],
    })
    await until(1)
    // another stock-in makes the new batch: done at once, or waiting for the first to make it
    const other = logistics.post<StockDocDetail>('/api/pro/stock/productionIn', {
      depotId,
      lines: [{ productId: made, batchNo: FRESH, quantity: 7 }],
    })
    await Promise.race([other, until(2)])
    // a sales-out of the new batch and of the row the stock-in holds
    const before = await lockWaiters(t.database)
    const stockOut = logistics.post<StockDocDetail>('/api/pro/stock/salesOut', {
      depotId,
      lines: [
        { productId: made, batchNo: FRESH, quantity: 3 },
        { productId: kept, batchNo: BATCH, quantity: 3 },
      ],
    })
    await until(before + 1)
    release()
    await holder
    const [inRes, otherRes, outRes] = await Promise.all([stockIn, other, stockOut])
    const answers = JSON.stringify([inRes.body, otherRes.body, outRes.body])
    expect([inRes.status, otherRes.status], answers).toEqual([200, 200])
    // the sales-out takes the new batch, or finds it not there yet when it read: never a 500
    const sold = outRes.status === 200
    if (!sold) expect(outRes.body.code, answers).toBe(Errors.InsufficientStock.code)
    const expected: [string, string, number][] = [
      [kept, BATCH, start.kept + 5 - (sold ? 3 : 0)],
      [held, BATCH, start.held + 5],
      [made, FRESH, 12 - (sold ? 3 : 0)],
    ]
    for (const [productId, batchNo, quantity] of expected) {
      const moves = await t.database.db
        .select({ change: stockLedger.change })
        .from(stockLedger)
        .where(where(stockLedger, productId, batchNo))
      expect(await quantityOf(productId, batchNo)).toBe(quantity)
      expect(moves.reduce((s, m) => s + m.change, 0)).toBe(quantity)
    }
  })
})
