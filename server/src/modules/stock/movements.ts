import { Errors } from '@app/contracts'
import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { stockLedger, stocks } from '../../db/schema/index.ts'
import { fail } from '../../platform/errors.ts'

export type Doc = { id: string; docNo: string; docType: string; depotId: string }
export type Actor = { userId: string; orgCode: string | null }
export type StockRow = typeof stocks.$inferSelect

type Move = { productId: string; batchNo: string; change: number; after: number }

const ledgerRow = (doc: Doc, actor: Actor, m: Move): typeof stockLedger.$inferInsert => ({
  docId: doc.id,
  docNo: doc.docNo,
  docType: doc.docType,
  depotId: doc.depotId,
  productId: m.productId,
  batchNo: m.batchNo,
  change: m.change,
  quantityAfter: m.after,
  createBy: actor.userId,
  orgCode: actor.orgCode,
})

/**
 * Adds stock to a depot/product/batch in one atomic upsert (concurrent stock-ins add up) and
 * writes the ledger row with the quantity after it.
 */
export const addStock = async (
  tx: DbOrTx,
  doc: Doc,
  actor: Actor,
  line: {
    productId: string
    batchNo: string
    quantity: number
    productionDate: string | null
    expiryDate: string | null
  },
) => {
  const now = new Date()
  const [row] = await tx
    .insert(stocks)
    .values({
      depotId: doc.depotId,
      productId: line.productId,
      batchNo: line.batchNo,
      quantity: line.quantity,
      productionDate: line.productionDate,
      expiryDate: line.expiryDate,
      createBy: actor.userId,
      orgCode: actor.orgCode,
    })
    .onConflictDoUpdate({
      target: [stocks.depotId, stocks.productId, stocks.batchNo],
      set: {
        quantity: sql`${stocks.quantity} + excluded.quantity`,
        productionDate: sql`coalesce(${stocks.productionDate}, excluded.production_date)`,
        expiryDate: sql`coalesce(${stocks.expiryDate}, excluded.expiry_date)`,
        version: sql`${stocks.version} + 1`,
        updateAt: now,
        updateBy: actor.userId,
      },
    })
    .returning({ quantity: stocks.quantity })
  await tx.insert(stockLedger).values(ledgerRow(doc, actor, { ...line, change: line.quantity, after: row!.quantity }))
}

/**
 * The depot's stock rows of these products, locked until the transaction ends, in one order
 * (by id) whatever the document: two sales-outs over the same rows queue instead of deadlocking.
 */
export const lockStock = (tx: DbOrTx, depotId: string, productIds: readonly string[]) =>
  tx
    .select()
    .from(stocks)
    .where(and(eq(stocks.depotId, depotId), inArray(stocks.productId, [...new Set(productIds)])))
    .orderBy(asc(stocks.id))
    .for('update')

/** Earliest expiry first, then earliest production, then batch number (FEFO). */
export const fefo = (a: StockRow, b: StockRow) =>
  (a.expiryDate ?? '9999').localeCompare(b.expiryDate ?? '9999') ||
  (a.productionDate ?? '9999').localeCompare(b.productionDate ?? '9999') ||
  a.batchNo.localeCompare(b.batchNo)

/**
 * Takes stock out of rows, then writes their ledger rows in one insert. Each UPDATE itself refuses
 * to go below zero (`quantity >= n`), so even a writer that skipped the lock cannot oversell; the
 * check constraint is the last guard.
 */
export const takeStock = async (
  tx: DbOrTx,
  doc: Doc,
  actor: Actor,
  takes: readonly { row: StockRow; quantity: number }[],
) => {
  const moves: { productId: string; batchNo: string; change: number; after: number }[] = []
  for (const { row, quantity } of takes) {
    const [after] = await tx
      .update(stocks)
      .set({
        quantity: sql`${stocks.quantity} - ${quantity}`,
        version: sql`${stocks.version} + 1`,
        updateAt: new Date(),
        updateBy: actor.userId,
      })
      .where(and(eq(stocks.id, row.id), gte(stocks.quantity, quantity)))
      .returning({ quantity: stocks.quantity })
    if (!after) {
      fail(Errors.InsufficientStock, { productId: row.productId, batchNo: row.batchNo, requested: quantity })
    }
    moves.push({ productId: row.productId, batchNo: row.batchNo, change: -quantity, after: after.quantity })
  }
  if (moves.length > 0) await tx.insert(stockLedger).values(moves.map((m) => ledgerRow(doc, actor, m)))
}
