import { STOCK_DOC_PREFIX, StockDocType } from '@app/contracts'
import { eq } from 'drizzle-orm'
import { nextNumber } from '../../../platform/sequence.ts'
import type { DbOrTx } from '../../client.ts'
import { branchStocks, stockDocLines, stockDocs, stockLedger, stocks } from '../../schema/index.ts'
import { addDays } from './days.ts'
import type { PRODUCTS } from './product-data.ts'

const eqStock = (id: string) => eq(stocks.id, id)

export type Sellable = { p: (typeof PRODUCTS)[number]; id: string }

/** Stock posted as documents (production in, purchase in, one sales out) so the ledger adds up. */
export const seedStock = async (
  db: DbOrTx,
  userId: string,
  sellable: readonly Sellable[],
  depotIds: Map<string, string>,
  branchIds: Map<string, string>,
) => {
  const finished = ['WH-SZ-F', 'WH-TJ-F', 'WH-YW-F', 'WH-HRB-F']
  const raw = ['WH-SZ-R', 'WH-CD-R']
  type Line = { productId: string; batchNo: string; quantity: number; productionDate: string; expiryDate: string }
  const byDoc = new Map<string, { depot: string; docType: string; lines: Line[] }>()
  for (const [j, { p, id }] of sellable.entries()) {
    const pool = p[9] === 'finished' ? finished : raw
    for (const k of [0, 1]) {
      const depot = pool[(j + k * 2) % pool.length]!
      const productionDate = addDays('2026-01-05', (j * 7 + k * 31) % 150)
      const docType = p[8] === 'self' ? StockDocType.ProductionIn : StockDocType.PurchaseIn
      const key = `${depot}|${docType}`
      const doc = byDoc.get(key) ?? { depot, docType, lines: [] }
      doc.lines.push({
        productId: id,
        batchNo: `${productionDate.replace(/-/g, '')}-${String(j + 1).padStart(2, '0')}${k ? 'B' : 'A'}`,
        quantity: p[5] === 'kg' ? 500 + j * 10 : 120 + ((j * 37 + k * 53) % 900),
        productionDate,
        expiryDate: addDays(productionDate, p[12]),
      })
      byDoc.set(key, doc)
    }
  }
  const stockRows: (typeof stocks.$inferInsert)[] = []
  for (const doc of byDoc.values()) {
    const docNo = await nextNumber(db, STOCK_DOC_PREFIX[doc.docType as StockDocType])
    const depotId = depotIds.get(doc.depot)!
    const total = doc.lines.reduce((s, l) => s + l.quantity, 0)
    const [row] = await db
      .insert(stockDocs)
      .values({
        docNo,
        docType: doc.docType,
        depotId,
        docDate: '2026-06-01',
        lineCount: doc.lines.length,
        totalQuantity: total,
        remark: '期初库存 opening stock',
        createBy: userId,
        orgCode: 'A01A01',
      })
      .returning({ id: stockDocs.id })
    await db.insert(stockDocLines).values(doc.lines.map((l, i) => ({ ...l, docId: row!.id, lineNo: i + 1 })))
    await db.insert(stockLedger).values(
      doc.lines.map((l) => ({
        docId: row!.id,
        docNo,
        docType: doc.docType,
        depotId,
        productId: l.productId,
        batchNo: l.batchNo,
        change: l.quantity,
        quantityAfter: l.quantity,
        createBy: userId,
        orgCode: 'A01A01',
      })),
    )
    stockRows.push(...doc.lines.map((l) => ({ ...l, depotId, createBy: userId, orgCode: 'A01A01' })))
  }
  const inserted = await db.insert(stocks).values(stockRows).returning()

  // one sales out from Shenzhen to the Russia branch: three lines off the first batches there
  const shenzhen = depotIds.get('WH-SZ-F')!
  const out = inserted.filter((s) => s.depotId === shenzhen).slice(0, 3)
  const docNo = await nextNumber(db, STOCK_DOC_PREFIX[StockDocType.SalesOut])
  const [doc] = await db
    .insert(stockDocs)
    .values({
      docNo,
      docType: StockDocType.SalesOut,
      depotId: shenzhen,
      docDate: '2026-06-15',
      branchId: branchIds.get('RU-MOW') ?? null,
      lineCount: out.length,
      totalQuantity: out.length * 24,
      createBy: userId,
      orgCode: 'A01A01',
    })
    .returning({ id: stockDocs.id })
  for (const [i, s] of out.entries()) {
    await db.insert(stockDocLines).values({
      docId: doc!.id,
      lineNo: i + 1,
      productId: s.productId,
      batchNo: s.batchNo,
      quantity: 24,
      productionDate: s.productionDate,
      expiryDate: s.expiryDate,
    })
    await db
      .update(stocks)
      .set({ quantity: s.quantity - 24, version: 2 })
      .where(eqStock(s.id))
    await db.insert(stockLedger).values({
      docId: doc!.id,
      docNo,
      docType: StockDocType.SalesOut,
      depotId: shenzhen,
      productId: s.productId,
      batchNo: s.batchNo,
      change: -24,
      quantityAfter: s.quantity - 24,
      createBy: userId,
      orgCode: 'A01A01',
    })
  }

  // the Russia and Kazakhstan branches have reported their stock
  for (const [b, code] of [
    ['RU-MOW', 0],
    ['KZ-ALA', 1],
  ] as const) {
    const branchId = branchIds.get(b)!
    await db.insert(branchStocks).values(
      sellable
        .filter((_, j) => j % 4 === code)
        .map(({ id }, j) => ({
          branchId,
          productId: id,
          batchNo: `BR-2026-${String(j + 1).padStart(3, '0')}`,
          quantity: 20 + j * 5,
          expiryDate: '2027-06-30',
          createBy: userId,
          orgCode: 'A01A02',
        })),
    )
  }
}

/** Branches the demo orders for report their stock first (the order rules ask for it). */
export const reportBranchStock = async (
  db: DbOrTx,
  adminId: string,
  branchRows: readonly { id: string; code: string; orgCode: string | null }[],
  offers: ReadonlyMap<string, readonly { productId: string }[]>,
) => {
  const reported = new Set((await db.selectDistinct({ id: branchStocks.branchId }).from(branchStocks)).map((r) => r.id))
  const rows = branchRows
    .filter((b) => offers.has(b.code) && !reported.has(b.id))
    .flatMap((b) =>
      offers
        .get(b.code)!
        .slice(0, 12)
        .map((p, j) => ({
          branchId: b.id,
          productId: p.productId,
          batchNo: `BR-2026-${String(j + 1).padStart(3, '0')}`,
          quantity: 30 + j * 7,
          expiryDate: '2027-06-30',
          createBy: adminId,
          orgCode: b.orgCode,
        })),
    )
  if (rows.length > 0) await db.insert(branchStocks).values(rows)
}
