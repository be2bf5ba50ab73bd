import {
  Errors,
  isSellable,
  type ProductionIn,
  type PurchaseIn,
  type SalesOut,
  STOCK_DOC_PREFIX,
  StockDocType,
} from '@app/contracts'
import { and, asc, eq } from 'drizzle-orm'
import type { Db, DbOrTx } from '../../db/client.ts'
import { branches, depots, stockDocLines, stockDocs, suppliers } from '../../db/schema/index.ts'
import { type RequestInfo, recordOperation } from '../../platform/audit-log.ts'
import type { Principal } from '../../platform/auth/principal.ts'
import { addDays, today } from '../../platform/days.ts'
import { fail, notFound } from '../../platform/errors.ts'
import { nextNumber } from '../../platform/sequence.ts'
import { productsByIds } from '../product/product.service.ts'
import { type Actor, addStock, type Doc, fefo, lockStock, takeStock } from './movements.ts'

/** Quantities keep three decimals (numeric(16,3)); sums in JS are rounded back to them. */
const q = (n: number) => Math.round(n * 1000) / 1000

type Line = {
  productId: string
  batchNo: string
  quantity: number
  productionDate: string | null
  expiryDate: string | null
  remark: string | null
}

const exists = async (found: Promise<unknown[]>, field: string) => {
  if ((await found).length === 0) fail(Errors.ParameterError, { field })
}

/**
 * Stock documents (SPEC 3): purchase in, production in, sales out. Each is numbered
 * (nextNumber), posted in one transaction with its stock movements and ledger rows, and logged.
 * `post*` take the caller's transaction, so a delivery can post its sales-out with its own writes.
 */
export const createStockDocService = (deps: { db: Db }) => {
  const { db } = deps

  const assertDepot = (tx: DbOrTx, depotId: string) =>
    exists(
      tx
        .select({ id: depots.id })
        .from(depots)
        .where(and(eq(depots.id, depotId), eq(depots.status, '1'))),
      'depotId',
    )

  const createDoc = async (
    tx: DbOrTx,
    principal: Principal,
    head: {
      docType: string
      depotId: string
      docDate?: string
      remark?: string | null
      supplierId?: string | null
      branchId?: string | null
    },
    lines: readonly Line[],
  ) => {
    const docNo = await nextNumber(tx, STOCK_DOC_PREFIX[head.docType as StockDocType])
    const [doc] = await tx
      .insert(stockDocs)
      .values({
        docNo,
        docType: head.docType,
        depotId: head.depotId,
        docDate: head.docDate ?? today(),
        supplierId: head.supplierId ?? null,
        branchId: head.branchId ?? null,
        remark: head.remark ?? null,
        lineCount: lines.length,
        totalQuantity: q(lines.reduce((s, l) => s + l.quantity, 0)),
        createBy: principal.userId,
        orgCode: principal.orgCode,
      })
      .returning()
    const written = await tx
      .insert(stockDocLines)
      .values(lines.map((l, i) => ({ ...l, docId: doc!.id, lineNo: i + 1 })))
      .returning()
    return { doc: doc!, lines: written.sort((a, b) => a.lineNo - b.lineNo) }
  }

  /** Logs the posted document with its lines (as createDoc wrote them) and answers both. */
  const finish = async (
    tx: DbOrTx,
    req: RequestInfo,
    { doc, lines }: Awaited<ReturnType<typeof createDoc>>,
    button: string,
  ) => {
    await recordOperation(tx, req, {
      operation: `pro_stock:${button}`,
      resource: 'pro_stock_doc',
      objectId: doc.id,
      before: null,
      after: { ...doc, lines },
    })
    return { ...doc, lines }
  }

  /** Purchase in and production in: the batch is required (SPEC 5); expiry from the shelf life. */
  const postIn = async (
    tx: DbOrTx,
    req: RequestInfo,
    principal: Principal,
    docType: string,
    input: PurchaseIn | ProductionIn,
  ) => {
    await assertDepot(tx, input.depotId)
    const supplierId = 'supplierId' in input ? input.supplierId : null
    if (supplierId)
      await exists(tx.select({ id: suppliers.id }).from(suppliers).where(eq(suppliers.id, supplierId)), 'supplierId')
    const found = await productsByIds(
      tx,
      input.lines.map((l) => l.productId),
    )
    const lines: Line[] = input.lines.map((l) => {
      const shelf = found.get(l.productId)?.shelfLifeDays
      const productionDate = l.productionDate ?? null
      return {
        productId: l.productId,
        batchNo: l.batchNo.trim(),
        quantity: q(Number(l.quantity)),
        productionDate,
        expiryDate: l.expiryDate ?? (productionDate && shelf != null ? addDays(productionDate, shelf) : null),
        remark: l.remark ?? null,
      }
    })
    const posted = await createDoc(tx, principal, { ...input, docType, supplierId }, lines)
    const doc = posted.doc
    const actor: Actor = principal
    // the rows there are first, in the order a sales-out locks them (by id): upserting them by
    // product while a sales-out of the same products held one and waited for another deadlocked
    await lockStock(
      tx,
      input.depotId,
      lines.map((l) => l.productId),
    )
    // one order of upserts whatever the document (no lock cycles between two stock-ins)
    for (const line of [...lines].sort((a, b) =>
      `${a.productId}|${a.batchNo}`.localeCompare(`${b.productId}|${b.batchNo}`),
    )) {
      await addStock(tx, doc as Doc, actor, line)
    }
    return finish(tx, req, posted, 'stockIn')
  }

  /**
   * Sales out: only sellable products; a line with a batch takes from it, a line without takes
   * the earliest-expiring batches first. All of the depot's rows of these products are locked
   * up front, so concurrent sales-outs queue and the second sees what the first left: stock
   * never goes negative ('insufficient stock').
   */
  const postOut = async (tx: DbOrTx, req: RequestInfo, principal: Principal, input: SalesOut) => {
    await assertDepot(tx, input.depotId)
    if (input.branchId) {
      await exists(tx.select({ id: branches.id }).from(branches).where(eq(branches.id, input.branchId)), 'branchId')
    }
    const found = await productsByIds(
      tx,
      input.lines.map((l) => l.productId),
    )
    const unsellable = [...found.values()].filter((p) => !isSellable(p)).map((p) => p.id)
    if (unsellable.length > 0) fail(Errors.DataChanged, { productIds: unsellable, reason: 'not approved' })

    const rows = await lockStock(tx, input.depotId, [...found.keys()])
    const left = new Map(rows.map((r) => [r.id, r.quantity]))
    const takes: { row: (typeof rows)[number]; quantity: number; remark: string | null }[] = []
    for (const l of input.lines) {
      let need = q(Number(l.quantity))
      const batch = l.batchNo?.trim()
      const candidates = rows.filter((r) => r.productId === l.productId && (!batch || r.batchNo === batch)).sort(fefo)
      const available = q(candidates.reduce((s, r) => s + (left.get(r.id) ?? 0), 0))
      if (available < need) {
        fail(Errors.InsufficientStock, { productId: l.productId, batchNo: batch ?? null, available, requested: need })
      }
      for (const r of candidates) {
        if (need <= 0) break
        const take = Math.min(need, left.get(r.id) ?? 0)
        if (take <= 0) continue
        left.set(r.id, q((left.get(r.id) ?? 0) - take))
        takes.push({ row: r, quantity: q(take), remark: l.remark ?? null })
        need = q(need - take)
      }
    }
    const lines: Line[] = takes.map((t) => ({
      productId: t.row.productId,
      batchNo: t.row.batchNo,
      quantity: t.quantity,
      productionDate: t.row.productionDate,
      expiryDate: t.row.expiryDate,
      remark: t.remark,
    }))
    const posted = await createDoc(tx, principal, { ...input, docType: StockDocType.SalesOut }, lines)
    await takeStock(tx, posted.doc as Doc, principal, takes)
    return finish(tx, req, posted, 'stockOut')
  }

  return {
    postIn,
    postOut,
    purchaseIn: (req: RequestInfo, principal: Principal, input: PurchaseIn) =>
      db.transaction((tx) => postIn(tx, req, principal, StockDocType.PurchaseIn, input)),
    productionIn: (req: RequestInfo, principal: Principal, input: ProductionIn) =>
      db.transaction((tx) => postIn(tx, req, principal, StockDocType.ProductionIn, input)),
    salesOut: (req: RequestInfo, principal: Principal, input: SalesOut) =>
      db.transaction((tx) => postOut(tx, req, principal, input)),

    /** A document with its lines. */
    async detail(id: string) {
      const [doc] = await db.select().from(stockDocs).where(eq(stockDocs.id, id))
      if (!doc) notFound()
      const lines = await db
        .select()
        .from(stockDocLines)
        .where(eq(stockDocLines.docId, id))
        .orderBy(asc(stockDocLines.lineNo))
      return { ...doc, lines }
    },
  }
}

export type StockDocService = ReturnType<typeof createStockDocService>
