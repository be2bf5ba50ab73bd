import { Errors, q } from '@app/contracts'
import { and, asc, eq, inArray, type SQLWrapper, sql } from 'drizzle-orm'
import { type DbOrTx, rowsOf, uuidArray, writesAsCtes, writeTogether } from '../../db/client.ts'
import { rawStatement, reusable } from '../../db/reusable.ts'
import { branches, depots, products, stockLedger, stocks } from '../../db/schema/index.ts'
import { fail } from '../../platform/errors.ts'

export type Doc = { id: string; docNo: string; docType: string; depotId: string }
export type Actor = { userId: string; orgCode: string | null }
export type StockRow = typeof stocks.$inferSelect

type NewLine = {
  productId: string
  batchNo: string
  quantity: number
  productionDate: string | null
  expiryDate: string | null
}

/**
 * Adds a stock-in's lines to the depot's rows of their batches, which the stock-in made
 * (`makeStockRows`) and locked (`lockStock`) before, and writes each line's ledger row with the
 * quantity after it, in one statement whatever the number of lines. An update changes a row once,
 * so each batch's row takes the sum of its lines, and keeps its dates where it has them (the first
 * line's that gives one otherwise); lines of one batch follow one another in the ledger in their
 * order.
 */
export const addStock = async (tx: DbOrTx, doc: Doc, actor: Actor, lines: readonly NewLine[]) => {
  const batches = new Map<string, NewLine>()
  // each line with what its batch's lines up to it add
  const upTo = lines.map((l) => {
    const key = `${l.productId}|${l.batchNo}`
    const batch = batches.get(key)
    if (!batch) {
      const { productId, batchNo, quantity, productionDate, expiryDate } = l
      batches.set(key, { productId, batchNo, quantity, productionDate, expiryDate })
      return { key, line: l, added: l.quantity }
    }
    batch.quantity = q(batch.quantity + l.quantity)
    batch.productionDate ??= l.productionDate
    batch.expiryDate ??= l.expiryDate
    return { key, line: l, added: batch.quantity }
  })
  const moves = upTo.map(({ key, line, added }) => ({
    productId: line.productId,
    batchNo: line.batchNo,
    change: line.quantity,
    // what the batch's later lines add: the quantity after this line is the row's after them all, less that
    later: q(batches.get(key)!.quantity - added),
  }))
  const result = await tx.execute(sql`
    with added as (
      update ${stocks} set quantity = ${stocks.quantity} + b.quantity,
             production_date = coalesce(${stocks.productionDate}, b."productionDate"),
             expiry_date = coalesce(${stocks.expiryDate}, b."expiryDate"),
             version = ${stocks.version} + 1, update_at = ${new Date()}, update_by = ${actor.userId}
        from json_to_recordset(${JSON.stringify([...batches.values()])}::json) as b(
               "productId" uuid, "batchNo" varchar, quantity numeric, "productionDate" date, "expiryDate" date)
       where ${stocks.depotId} = ${doc.depotId} and ${stocks.productId} = b."productId"
         and ${stocks.batchNo} = b."batchNo"
      returning ${stocks.productId} as product_id, ${stocks.batchNo} as batch_no, ${stocks.quantity} as after
    ), ledger as (
      insert into ${stockLedger} (doc_id, doc_no, doc_type, depot_id, product_id, batch_no, change,
                                  quantity_after, create_by, org_code)
      select ${doc.id}, ${doc.docNo}, ${doc.docType}, ${doc.depotId}, m."productId", m."batchNo", m.change,
             a.after - m.later, ${actor.userId}, ${actor.orgCode}
        from json_to_recordset(${JSON.stringify(moves)}::json) as m(
               "productId" uuid, "batchNo" varchar, change numeric, later numeric)
        join added a on a.product_id = m."productId" and a.batch_no = m."batchNo"
    )
    select count(*)::int as rows from added`)
  const [{ rows }] = rowsOf<{ rows: number }>(result) as [{ rows: number }]
  // every row was made before: a batch not added to is a bug, and the transaction is undone
  if (rows !== batches.size) throw new Error(`stock-in added to ${rows} of ${batches.size} batches`)
}

/**
 * The depot's rows of these batches that are not there yet, made empty (quantity 0, no dates:
 * `addStock` gives them), in one order (product, batch), for a stock-in to make before it locks
 * the rows it adds to (`lockStock`). A row another stock-in made and committed after that lock was
 * upserted without it: a sales-out that took that row in between and waited for one the stock-in
 * held deadlocked. Made first, every row the stock-in adds to is there for `lockStock`: a row
 * another transaction is making is waited for here (and two stock-ins make theirs in the same
 * order, so they queue). A write to send with the document's (`writeTogether`).
 */
export const makeStockRows = (
  tx: DbOrTx,
  depotId: string,
  actor: Actor,
  batches: readonly { productId: string; batchNo: string }[],
) => {
  const byKey = new Map(batches.map((b) => [`${b.productId}|${b.batchNo}`, b]))
  return tx
    .insert(stocks)
    .values(
      [...byKey]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([, b]) => ({
          depotId,
          productId: b.productId,
          batchNo: b.batchNo,
          quantity: 0,
          createBy: actor.userId,
          orgCode: actor.orgCode,
        })),
    )
    .onConflictDoNothing({ target: [stocks.depotId, stocks.productId, stocks.batchNo] })
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

/** A depot's stock row as a sales-out takes from it. */
export type HeldStock = Pick<StockRow, 'id' | 'productId' | 'batchNo' | 'quantity' | 'productionDate' | 'expiryDate'>

/** What `readForOut` answers: whether each reference exists, the products read, the rows held. */
export type OutReads = {
  depotId: boolean
  branchId: boolean
  products: { id: string; auditStatus: string; status: string }[]
  stock: HeldStock[]
}

const depot = sql.placeholder('depotId')
const branch = sql.placeholder('branchId')
const productIds = sql.placeholder('productIds')
const outReads = reusable('pro_stock_out_reads', (db) =>
  rawStatement(
    db,
    sql`select exists (select 1 from ${depots} where ${depots.id} = ${depot} and ${depots.status} = '1') as "depotId",
      (${branch}::uuid is null or exists (select 1 from ${branches} where ${branches.id} = ${branch})) as "branchId",
      coalesce((select json_agg(json_build_object('id', ${products.id}, 'auditStatus', ${products.auditStatus},
          'status', ${products.status}))
        from ${products} where ${products.id} = any(${productIds}::uuid[])), '[]') as products,
      coalesce((select json_agg(held order by held."id") from (
          select ${stocks.id} as "id", ${stocks.productId} as "productId", ${stocks.batchNo} as "batchNo",
                 ${stocks.quantity} as "quantity", ${stocks.productionDate} as "productionDate",
                 ${stocks.expiryDate} as "expiryDate"
            from ${stocks} where ${stocks.depotId} = ${depot} and ${stocks.productId} = any(${productIds}::uuid[])
           order by ${stocks.id} for update) as held), '[]') as stock`,
  ),
)

/**
 * What a sales-out reads before it takes, in one statement: whether its depot is in use and its
 * branch (when given) exists, its products, and the depot's stock rows of them, locked until the
 * transaction ends in the order `lockStock` locks them (by id).
 */
export const readForOut = async (
  tx: DbOrTx,
  depotId: string,
  branchId: string | null,
  ids: readonly string[],
): Promise<OutReads> => {
  const [read] = rowsOf<OutReads>(await outReads(tx, { depotId, branchId, productIds: uuidArray([...new Set(ids)]) }))
  return read!
}

/**
 * Takes stock out of rows and writes their ledger rows, in one statement whatever the number of
 * rows (not an update per row and an insert). The update itself refuses to go below zero
 * (`quantity >= n`), so even a writer that skipped the lock cannot oversell: a row it did not
 * take fails the whole document, and the transaction takes back what the statement did. The
 * check constraint is the last guard.
 */
export const takeStock = async (
  tx: DbOrTx,
  doc: Doc,
  actor: Actor,
  takes: readonly { row: Pick<StockRow, 'id' | 'productId' | 'batchNo'>; quantity: number }[],
  /** writes of the same document that go in the same statement (writesAsCtes) */
  also: readonly SQLWrapper[] = [],
) => {
  if (takes.length === 0) return writeTogether(tx, also)
  // one take per row: an update changes a row once however many of its source rows match it, so
  // two lines of one product taking the same batch would take it once and write one ledger row
  const perRow = new Map<string, (typeof takes)[number]>()
  for (const t of takes) {
    const seen = perRow.get(t.row.id)
    perRow.set(t.row.id, { row: t.row, quantity: seen ? q(seen.quantity + t.quantity) : t.quantity })
  }
  const merged = [...perRow.values()]
  // arrays as PostgreSQL literals: uuids and decimal numbers need no quoting
  const ids = `{${merged.map((t) => t.row.id).join(',')}}`
  const quantities = `{${merged.map((t) => String(t.quantity)).join(',')}}`
  const result = await tx.execute(sql`
    with ${also.length > 0 ? sql`${writesAsCtes(also)},` : sql``} taken as (
      update ${stocks} set quantity = ${stocks.quantity} - t.quantity, version = ${stocks.version} + 1,
             update_at = ${new Date()}, update_by = ${actor.userId}
        from unnest(${ids}::uuid[], ${quantities}::numeric[]) as t(id, quantity)
       where ${stocks.id} = t.id and ${stocks.quantity} >= t.quantity
      returning ${stocks.id} as id, ${stocks.productId} as product_id, ${stocks.batchNo} as batch_no,
                t.quantity as taken, ${stocks.quantity} as after
    ), ledger as (
      insert into ${stockLedger} (doc_id, doc_no, doc_type, depot_id, product_id, batch_no, change,
                                  quantity_after, create_by, org_code)
      select ${doc.id}, ${doc.docNo}, ${doc.docType}, ${doc.depotId}, product_id, batch_no, -taken,
             after, ${actor.userId}, ${actor.orgCode}
        from taken
    )
    select id from taken`)
  const done = new Set(rowsOf<{ id: string }>(result).map((r) => r.id))
  const short = merged.find((t) => !done.has(t.row.id))
  if (short) {
    fail(Errors.InsufficientStock, {
      productId: short.row.productId,
      batchNo: short.row.batchNo,
      requested: short.quantity,
    })
  }
}

/**
 * The batches with stock of these products in the warehouses a delivery ships from (finished
 * goods, in use), for a delivery to show what it would take before it is made.
 */
export const batchesOf = (db: DbOrTx, productIds: readonly string[]) =>
  productIds.length === 0
    ? Promise.resolve([])
    : db
        .select({
          depotId: stocks.depotId,
          productId: stocks.productId,
          batchNo: stocks.batchNo,
          quantity: stocks.quantity,
          expiryDate: stocks.expiryDate,
          productionDate: stocks.productionDate,
        })
        .from(stocks)
        .innerJoin(depots, eq(depots.id, stocks.depotId))
        .where(
          and(
            inArray(stocks.productId, [...productIds]),
            sql`${stocks.quantity} > 0`,
            eq(depots.status, '1'),
            eq(depots.depotType, 'finished'),
          ),
        )
