import { Errors, type Page, type Stock, type StockDocDetail, type StockLedger } from '@app/contracts'
import { and, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { depots, stockLedger, stocks } from '../../src/db/schema/index.ts'
import type { TestApp } from '../helpers/app.ts'
import { type Api, as, createProductTestApp, idOf, resultOf } from './helpers.ts'

let t: TestApp
let logistics: Api
let capsules: string
let grapeSeed: string
let depotId: string
beforeAll(async () => {
  t = await createProductTestApp()
  logistics = await as(t, 'logistics_admin')
  capsules = await idOf(t, 'product', 'CP-001')
  grapeSeed = await idOf(t, 'product', 'CP-003')
  // a finished-goods depot where neither product has stock yet
  const held = await t.database.db
    .select({ depotId: stocks.depotId })
    .from(stocks)
    .where(inArray(stocks.productId, [capsules, grapeSeed]))
  const finished = await t.database.db.select().from(depots).where(eq(depots.depotType, 'finished'))
  depotId = finished.find((d) => !held.some((h) => h.depotId === d.id))!.id
})
afterAll(async () => t?.close())

const stockOf = async (productId: string) =>
  (
    await t.database.db
      .select()
      .from(stocks)
      .where(and(eq(stocks.depotId, depotId), eq(stocks.productId, productId)))
  ).reduce((s, r) => s + r.quantity, 0)

const salesOut = (lines: unknown[], api = logistics) =>
  api.post<StockDocDetail>('/api/pro/stock/salesOut', { depotId, lines })

describe('stock in', () => {
  it('needs a batch number (SPEC 5)', async () => {
    const res = await logistics.post('/api/pro/stock/purchaseIn', {
      depotId,
      lines: [{ productId: capsules, batchNo: '', quantity: 10 }],
    })
    expect(res.status).toBe(400)
  })

  it('posts a numbered purchase-in; the stock list and the ledger show it', async () => {
    const res = await logistics.post<StockDocDetail>('/api/pro/stock/purchaseIn', {
      depotId,
      remark: '六月到货',
      lines: [
        {
          productId: capsules,
          batchNo: 'P2606-A',
          quantity: 100,
          productionDate: '2026-06-01',
          expiryDate: '2028-05-31',
        },
        { productId: capsules, batchNo: 'P2606-A', quantity: 20, productionDate: '2026-06-01' },
      ],
    })
    expect(res.status).toBe(200)
    const doc = res.body.result
    expect(doc.docNo).toMatch(/^CGRK\d{8}-\d{4}$/)
    expect(doc).toMatchObject({ docType: 'purchase_in', lineCount: 2, totalQuantity: 120 })
    const list = resultOf(
      await logistics.get<Page<Stock>>('/api/pro/stock/list', {
        search: JSON.stringify({ depotId, productId: capsules }),
      }),
    )
    expect(list.records.map((r) => [r.batchNo, r.quantity, r.expiryDate])).toEqual([['P2606-A', 120, '2028-05-31']])
    const ledger = resultOf(
      await logistics.get<Page<StockLedger>>('/api/pro/stockLedger/list', {
        search: JSON.stringify({ docNo: doc.docNo }),
      }),
    )
    expect(ledger.records.map((l) => l.quantityAfter).sort((a, b) => a - b)).toEqual([100, 120])
  })

  it('production in takes the expiry from the shelf life', async () => {
    const res = await logistics.post<StockDocDetail>('/api/pro/stock/productionIn', {
      depotId,
      lines: [{ productId: capsules, batchNo: 'M2601-B', quantity: 30, productionDate: '2026-01-10' }],
    })
    expect(res.body.result.docNo).toMatch(/^SCRK/)
    // CP-001 keeps 730 days
    expect(res.body.result.lines[0]).toMatchObject({ batchNo: 'M2601-B', expiryDate: '2028-01-10' })
  })
  it('adds a document of many lines at once: each batch their sum, each line its ledger row, dates kept', async () => {
    const product = await idOf(t, 'product', 'CP-002')
    const batchOf = (batchNo: string) =>
      t.database.db
        .select()
        .from(stocks)
        .where(and(eq(stocks.depotId, depotId), eq(stocks.productId, product), eq(stocks.batchNo, batchNo)))
    // a batch first received without dates
    const first = await logistics.post('/api/pro/stock/purchaseIn', {
      depotId,
      lines: [{ productId: product, batchNo: 'DATES-1', quantity: 5 }],
    })
    expect(first.status).toBe(200)
    const many = Array.from({ length: 60 }, (_, i) => ({ productId: product, batchNo: `MANY-${i}`, quantity: i + 1 }))
    const res = await logistics.post<StockDocDetail>('/api/pro/stock/purchaseIn', {
      depotId,
      lines: [
        {
          productId: product,
          batchNo: 'DATES-1',
          quantity: 10,
          productionDate: '2026-03-01',
          expiryDate: '2027-03-01',
        },
        ...many.slice(0, 30),
        { productId: product, batchNo: 'DATES-1', quantity: 2, expiryDate: '2099-01-01' },
        ...many.slice(30),
        { productId: product, batchNo: 'DATES-1', quantity: 3 },
      ],
    })
    expect(res.status).toBe(200)
    expect(res.body.result).toMatchObject({ lineCount: 63, totalQuantity: 15 + 1830 })
    // the row had no dates: the first line that gives them gives them, a later one changes nothing
    expect((await batchOf('DATES-1')).map((r) => [r.quantity, r.productionDate, r.expiryDate])).toEqual([
      [20, '2026-03-01', '2027-03-01'],
    ])
    expect((await batchOf('MANY-59')).map((r) => r.quantity)).toEqual([60])
    const moves = await t.database.db.select().from(stockLedger).where(eq(stockLedger.docId, res.body.result.id))
    expect(moves).toHaveLength(63)
    expect(moves.every((m) => m.docNo === res.body.result.docNo)).toBe(true)
    // the batch's three lines in their order, each with what it left
    expect(
      moves
        .filter((m) => m.batchNo === 'DATES-1')
        .map((m) => [m.change, m.quantityAfter])
        .sort((a, b) => a[1]! - b[1]!),
    ).toEqual([
      [10, 15],
      [2, 17],
      [3, 20],
    ])
    expect(moves.filter((m) => m.batchNo.startsWith('MANY-')).every((m) => m.quantityAfter === m.change)).toBe(true)
    // a batch that has its dates keeps them
    await logistics.post('/api/pro/stock/purchaseIn', {
      depotId,
      lines: [
        { productId: product, batchNo: 'MANY-0', quantity: 1, productionDate: '2026-01-01', expiryDate: '2026-12-31' },
      ],
    })
    await logistics.post('/api/pro/stock/purchaseIn', {
      depotId,
      lines: [
        { productId: product, batchNo: 'MANY-0', quantity: 1, productionDate: '2025-01-01', expiryDate: '2025-12-31' },
      ],
    })
    expect((await batchOf('MANY-0')).map((r) => [r.quantity, r.productionDate, r.expiryDate])).toEqual([
      [3, '2026-01-01', '2026-12-31'],
    ])
  })
})

describe('sales out', () => {
  it('takes the earliest-expiring batch first and splits a line across batches', async () => {
    const res = await salesOut([{ productId: capsules, quantity: 40 }])
    expect(res.status).toBe(200)
    expect(res.body.result.docNo).toMatch(/^XSCK/)
    expect(res.body.result.lines.map((l) => [l.batchNo, l.quantity])).toEqual([
      ['M2601-B', 30],
      ['P2606-A', 10],
    ])
    expect(await stockOf(capsules)).toBe(110)
  })

  it("answers 'insufficient stock' and changes nothing", async () => {
    const res = await salesOut([
      { productId: capsules, quantity: 10 },
      { productId: capsules, batchNo: 'P2606-A', quantity: 101 },
    ])
    expect(res.status).toBe(409)
    expect(res.body).toMatchObject({
      code: Errors.InsufficientStock.code,
      message: 'Insufficient stock',
      // the first line already took 10 of the 110 left
      result: { batchNo: 'P2606-A', available: 100, requested: 101 },
    })
    expect(await stockOf(capsules)).toBe(110)
  })

  it('refuses a product that is not approved', async () => {
    const pending = await idOf(t, 'product', 'DR-006')
    const res = await salesOut([{ productId: pending, quantity: 1 }])
    expect(res.status).toBe(409)
    expect(res.body.code).toBe(Errors.DataChanged.code)
  })

  it('names what it refers to that does not exist, and takes nothing', async () => {
    const nowhere = '00000000-0000-4000-8000-000000000001'
    const fromNowhere = await logistics.post('/api/pro/stock/salesOut', {
      depotId: nowhere,
      lines: [{ productId: capsules, quantity: 1 }],
    })
    expect(fromNowhere.status).toBe(400)
    expect(fromNowhere.body).toMatchObject({ code: Errors.ParameterError.code, result: { field: 'depotId' } })
    const toNowhere = await logistics.post('/api/pro/stock/salesOut', {
      depotId,
      branchId: nowhere,
      lines: [{ productId: capsules, quantity: 1 }],
    })
    expect(toNowhere.body).toMatchObject({ code: Errors.ParameterError.code, result: { field: 'branchId' } })
    const noProduct = await salesOut([
      { productId: capsules, quantity: 1 },
      { productId: nowhere, quantity: 1 },
    ])
    expect(noProduct.status).toBe(400)
    expect(noProduct.body).toMatchObject({ code: Errors.ProductMissing.code, result: { productIds: [nowhere] } })
    expect(await stockOf(capsules)).toBe(110)
  })

  it('is closed to roles without the stock-out right', async () => {
    const finance = await as(t, 'finance_admin')
    expect((await salesOut([{ productId: capsules, quantity: 1 }], finance)).status).toBe(403)
  })

  it('never goes below zero under 20 parallel sales-outs', async () => {
    await logistics.post('/api/pro/stock/purchaseIn', {
      depotId,
      lines: [
        { productId: grapeSeed, batchNo: 'PAR-1', quantity: 100, expiryDate: '2027-01-01' },
        { productId: grapeSeed, batchNo: 'PAR-2', quantity: 50, expiryDate: '2027-06-01' },
      ],
    })
    const results = await Promise.all(
      Array.from({ length: 20 }, () => salesOut([{ productId: grapeSeed, quantity: 9 }])),
    )
    const ok = results.filter((r) => r.status === 200)
    const refused = results.filter((r) => r.status !== 200)
    // 150 in stock, 9 each: 16 documents fit, 4 do not
    expect(ok).toHaveLength(16)
    expect(refused.every((r) => r.body.code === Errors.InsufficientStock.code)).toBe(true)
    expect(await stockOf(grapeSeed)).toBe(6)
    expect(new Set(ok.map((r) => r.body.result.docNo)).size).toBe(16)

    const moves = await t.database.db
      .select()
      .from(stockLedger)
      .where(and(eq(stockLedger.depotId, depotId), eq(stockLedger.productId, grapeSeed)))
    expect(moves.every((m) => m.quantityAfter >= 0)).toBe(true)
    expect(moves.reduce((s, m) => s + m.change, 0)).toBe(6)
    // each batch's movements form one chain: every quantity-after is the one before plus the change
    for (const [batch, start] of [
      ['PAR-1', 100],
      ['PAR-2', 50],
    ] as const) {
      const outs = moves
        .filter((m) => m.batchNo === batch && m.change < 0)
        .sort((a, b) => b.quantityAfter - a.quantityAfter)
      let left = start
      for (const m of outs) {
        left += m.change
        expect(m.quantityAfter).toBe(left)
      }
    }
  })

  it('answers a document with its lines', async () => {
    const docs = resultOf(
      await logistics.get<Page<{ id: string; docType: string }>>('/api/pro/stockDoc/list', {
        search: JSON.stringify({ docType: 'sales_out', depotId }),
      }),
    )
    expect(docs.total).toBeGreaterThanOrEqual(17)
    const detail = resultOf(
      await logistics.get<StockDocDetail>('/api/pro/stockDoc/queryDetail', { id: docs.records[0]!.id }),
    )
    expect(detail.lines.length).toBeGreaterThan(0)
  })

  it('takes two lines of the same product and batch both: stock, ledger and document agree', async () => {
    // an order may hold a product on two lines; its delivery's sales-out then takes one batch twice
    const before = await stockOf(capsules)
    const res = await salesOut([
      { productId: capsules, batchNo: 'P2606-A', quantity: 7 },
      { productId: capsules, batchNo: 'P2606-A', quantity: 5 },
    ])
    expect(res.status).toBe(200)
    expect(res.body.result.lines.map((l) => l.quantity)).toEqual([7, 5])
    expect(await stockOf(capsules)).toBe(before - 12)
    const moves = await t.database.db
      .select()
      .from(stockLedger)
      .where(and(eq(stockLedger.docId, res.body.result.id), eq(stockLedger.productId, capsules)))
    // the batch's one movement for the document: both lines' quantity, and what it left
    expect(moves.map((m) => [m.change, m.quantityAfter])).toEqual([[-12, before - 12]])
  })
})
