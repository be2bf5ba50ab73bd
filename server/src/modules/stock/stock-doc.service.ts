import { randomUUID } from 'node:crypto'
import {
  Errors,
  isSellable,
  type ProductionIn,
  type PurchaseIn,
  q,
  type SalesOut,
  STOCK_DOC_PREFIX,
  StockDocType,
  takeEarliestExpiry,
} from '@app/contracts'
import { asc, eq, type SQLWrapper, sql } from 'drizzle-orm'
import { type Db, type DbOrTx, rowsOf, writeTogether } from '../../db/client.ts'
import { depots, stockDocLines, stockDocs, stockLedger, suppliers } from '../../db/schema/index.ts'
import { operationInsert, type RequestInfo } from '../../platform/audit-log.ts'
import type { Principal } from '../../platform/auth/principal.ts'
import { rowsInserts } from '../../platform/bulk-insert.ts'
import { addDays, today } from '../../platform/days.ts'
import { fail, notFound } from '../../platform/errors.ts'
import { carriesPending, pendingNumber, takePendingNumbers } from '../../platform/sequence.ts'
import { productsByIds, productsFound } from '../product/product.service.ts'
import { type Actor, addStock, lockStock, makeStockRows, readForOut, takeStock } from './movements.ts'

type DocRow = typeof stockDocs.$inferSelect
type DocLineRow = typeof stockDocLines.$inferSelect
/** A posted document as its service answers it: the head with its lines. */
export type PostedDoc = DocRow & { lines: DocLineRow[] }

type Line = {
  productId: string
  batchNo: string
  quantity: number
  productionDate: string | null
  expiryDate: string | null
  remark: string | null
}

/**
 * Stock documents (SPEC 3): purchase in, production in, sales out. Each is posted in one
 * transaction with its stock movements and ledger rows, logged, and numbered by the transaction's
 * last statement (`pendingNumber`, `takePendingNumbers`: the day's counter is held from there to
 * the commit). `post*` take the caller's transaction, so a delivery can post its sales-out with its
 * own writes: a delivery prepares it (`prepareOut`: the stock rows are held from then to the
 * commit), writes it (`writeOut`) with its own rows under pending numbers, and takes the
 * document's and the delivery's numbers last.
 */
export const createStockDocService = (deps: { db: Db }) => {
  const { db } = deps

  /**
   * What a stock-in refers to exists, in one read: its depot (in use) and, when given, its
   * supplier; the first missing one is named as the error's field. (A sales-out reads its depot
   * and branch with its stock, `readForOut`.)
   */
  const assertRefs = async (tx: DbOrTx, refs: { depotId: string; supplierId?: string | null }) => {
    const [row] = rowsOf<Record<'depotId' | 'supplierId', boolean>>(
      await tx.execute(sql`
        select exists (select 1 from ${depots} where id = ${refs.depotId} and status = '1') as "depotId",
               ${refs.supplierId ? sql`exists (select 1 from ${suppliers} where id = ${refs.supplierId})` : sql`true`} as "supplierId"`),
    )
    refuseMissing(row!)
  }
  /** Refuses (parameter error) naming the first reference a read found missing. */
  const refuseMissing = (row: Partial<Record<'depotId' | 'supplierId' | 'branchId', boolean>>) => {
    const missing = (['depotId', 'supplierId', 'branchId'] as const).find((field) => row[field] === false)
    if (missing) fail(Errors.ParameterError, { field: missing })
  }

  /**
   * A document's rows as they are written, every column (a column added to the table is added
   * here: the type says so), so nothing is read back; its number is taken by the caller.
   */
  const docRows = (
    principal: Principal,
    docNo: string,
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
    const doc: DocRow = {
      id: randomUUID(),
      docNo,
      docType: head.docType,
      depotId: head.depotId,
      docDate: head.docDate ?? today(),
      supplierId: head.supplierId ?? null,
      branchId: head.branchId ?? null,
      lineCount: lines.length,
      totalQuantity: q(lines.reduce((s, l) => s + l.quantity, 0)),
      remark: head.remark ?? null,
      orgCode: principal.orgCode,
      createAt: new Date(),
      createBy: principal.userId,
      updateAt: null,
      updateBy: null,
      version: 1,
    }
    const rows: DocLineRow[] = lines.map((l, i) => ({ ...l, id: randomUUID(), docId: doc.id, lineNo: i + 1 }))
    return { doc, lines: rows }
  }

  /**
   * The document, its lines and its log entry: writes to send in one statement with its stock. A
   * document numbered at the end of its transaction (`pendingNumber`) has its number written in
   * then, with its ledger rows'.
   */
  const docWrites = (
    tx: DbOrTx,
    req: RequestInfo,
    { doc, lines }: ReturnType<typeof docRows>,
    button: 'stockIn' | 'stockOut',
  ) => {
    carriesPending(tx, () => doc.docNo, { table: stockDocs, where: eq(stockDocs.id, doc.id), text: ['docNo'] })
    carriesPending(tx, () => doc.docNo, { table: stockLedger, where: eq(stockLedger.docId, doc.id), text: ['docNo'] })
    return [
      tx.insert(stockDocs).values(doc),
      ...rowsInserts(stockDocLines, lines),
      operationInsert(tx, req, {
        operation: `pro_stock:${button}`,
        resource: 'pro_stock_doc',
        objectId: doc.id,
        before: null,
        after: { ...doc, lines },
      }),
    ]
  }

  /** Purchase in and production in: the batch is required (SPEC 5); expiry from the shelf life. */
  const postIn = async (
    tx: DbOrTx,
    req: RequestInfo,
    principal: Principal,
    docType: string,
    input: PurchaseIn | ProductionIn,
  ) => {
    const supplierId = 'supplierId' in input ? input.supplierId : null
    await assertRefs(tx, { depotId: input.depotId, supplierId })
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
    // numbered by the transaction's last statement (the day's counter is held from there to the commit)
    const posted = docRows(
      principal,
      pendingNumber(tx, STOCK_DOC_PREFIX[docType as StockDocType]),
      { ...input, docType, supplierId },
      lines,
    )
    const actor: Actor = principal
    // every row added to is there (made empty where it is new, with the document), then locked in
    // the order a sales-out locks them (by id): upserting them by product while a sales-out of the
    // same products held one and waited for another deadlocked
    await writeTogether(tx, [...docWrites(tx, req, posted, 'stockIn'), makeStockRows(tx, input.depotId, actor, lines)])
    await lockStock(
      tx,
      input.depotId,
      lines.map((l) => l.productId),
    )
    await addStock(tx, posted.doc, actor, lines)
    const numberOf = await takePendingNumbers(tx)
    return { ...posted.doc, docNo: numberOf(posted.doc.docNo), lines: posted.lines }
  }

  /**
   * A sales-out up to its number: only sellable products; a line with a batch takes from it, a
   * line without takes the earliest-expiring batches first. All of the depot's rows of these
   * products are locked here, so concurrent sales-outs queue and the second sees what the first
   * left: stock never goes negative ('insufficient stock'). `writeOut` posts what this chose.
   */
  const prepareOut = async (tx: DbOrTx, principal: Principal, input: SalesOut) => {
    const ids = input.lines.map((l) => l.productId)
    const read = await readForOut(tx, input.depotId, input.branchId ?? null, ids)
    refuseMissing(read)
    const found = productsFound(ids, read.products)
    const unsellable = [...found.values()].filter((p) => !isSellable(p)).map((p) => p.id)
    if (unsellable.length > 0) fail(Errors.DataChanged, { productIds: unsellable, reason: 'not approved' })

    const rows = read.stock
    const left = new Map(rows.map((r) => [r.id, r.quantity]))
    const takes: { row: (typeof rows)[number]; quantity: number; remark: string | null }[] = []
    for (const l of input.lines) {
      const need = q(Number(l.quantity))
      const batch = l.batchNo?.trim()
      // what is left of each row after the lines before (two lines of one product share its rows)
      const candidates = rows
        .filter((r) => r.productId === l.productId && (!batch || r.batchNo === batch))
        .map((r) => ({ ...r, row: r, quantity: left.get(r.id) ?? 0 }))
      const taken = takeEarliestExpiry(candidates, need)
      if (taken.short > 0) {
        fail(Errors.InsufficientStock, {
          productId: l.productId,
          batchNo: batch ?? null,
          available: taken.available,
          requested: need,
        })
      }
      for (const { batch: c, quantity } of taken.takes) {
        left.set(c.id, q(c.quantity - quantity))
        takes.push({ row: c.row, quantity, remark: l.remark ?? null })
      }
    }
    return { principal, input, takes }
  }

  /**
   * The sales-out `prepareOut` chose, numbered `docNo`: document, lines, stock, ledger and log in
   * one statement, with the caller's own writes that go with it (`also`, given the document).
   */
  const writeOut = async (
    tx: DbOrTx,
    req: RequestInfo,
    plan: Awaited<ReturnType<typeof prepareOut>>,
    docNo: string,
    also: (doc: PostedDoc) => SQLWrapper[] = () => [],
  ): Promise<PostedDoc> => {
    const { principal, input, takes } = plan
    const lines: Line[] = takes.map((t) => ({
      productId: t.row.productId,
      batchNo: t.row.batchNo,
      quantity: t.quantity,
      productionDate: t.row.productionDate,
      expiryDate: t.row.expiryDate,
      remark: t.remark,
    }))
    const posted = docRows(principal, docNo, { ...input, docType: StockDocType.SalesOut }, lines)
    const doc = { ...posted.doc, lines: posted.lines }
    await takeStock(tx, posted.doc, principal, takes, [...docWrites(tx, req, posted, 'stockOut'), ...also(doc)])
    return doc
  }

  /** A whole sales-out: prepared, written, numbered by its last statement. */
  const postOut = async (tx: DbOrTx, req: RequestInfo, principal: Principal, input: SalesOut) => {
    const doc = await writeOut(
      tx,
      req,
      await prepareOut(tx, principal, input),
      pendingNumber(tx, STOCK_DOC_PREFIX[StockDocType.SalesOut]),
    )
    const numberOf = await takePendingNumbers(tx)
    return { ...doc, docNo: numberOf(doc.docNo) }
  }

  return {
    postIn,
    prepareOut,
    writeOut,
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
