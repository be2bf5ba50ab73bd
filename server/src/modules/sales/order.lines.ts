import { randomUUID } from 'node:crypto'
import {
  attributeTotals,
  Errors,
  type LineAttributes,
  lineAmount,
  lineAttributes,
  orderAmount,
  type ProductAttributes,
  suggestContainer,
  unitPrice,
} from '@app/contracts'
import { asc, eq, inArray, sql } from 'drizzle-orm'
import { type DbOrTx, writeTogether } from '../../db/client.ts'
import { reusable } from '../../db/reusable.ts'
import { products, productUnits, saleOrderLines } from '../../db/schema/index.ts'
import { rowsInserts, rowsUpdate } from '../../platform/bulk-insert.ts'
import { fail } from '../../platform/errors.ts'
import { branchOfferOf, type OfferedProduct, productFacts } from '../product/index.ts'
import { historyName } from './order.history.ts'

/**
 * Order lines in one place (issue 15): what a line weighs and costs, the lines of an order as
 * priced for its branch, and the order's totals. Orders, reviewers' changes, deliveries and
 * adjustments all go through these.
 */

export type LineInput = { productId: string; unitId: string; quantity: number }
export type LineRow = typeof saleOrderLines.$inferSelect

export type Attributes = LineAttributes
export type PricedLine = LineInput &
  Attributes & {
    unit: string
    price: number
    amount: number
    currency?: string | null
    /** the product as the history names it (`historyName`), where priced from the offer */
    product?: string
  }

/** A line's attributes (the order model's) for a product as offered, in one of its units. */
export const attributesOf = (
  product: OfferedProduct,
  unitId: string,
  quantity: number,
): Attributes & { unit: string } => {
  const unit = product.units.find((u) => u.id === unitId) ?? fail(Errors.ParameterError, { unitId })
  return { unit: unit.unit, ...lineAttributes(product, unit, quantity) }
}

/** POST calculateProductAttributes: per line and in total, with the container that fits. */
export const calculateAttributes = async (db: DbOrTx, lines: readonly LineInput[]): Promise<ProductAttributes> => {
  const facts = await productFacts(
    db,
    lines.map((l) => l.productId),
  )
  const out = lines.map((l) => {
    const product = facts.get(l.productId) ?? fail(Errors.ProductMissing, { productId: l.productId })
    const { unit: _unit, ...attrs } = attributesOf(product, l.unitId, l.quantity)
    return { productId: l.productId, unitId: l.unitId, quantity: l.quantity, ...attrs }
  })
  const totals = attributeTotals(out)
  return { lines: out, totals, suggestedContainer: suggestContainer(totals.volumeM3, totals.grossWeightKg) }
}

/**
 * Prices the lines of an order for its branch. Only products the branch may order now are
 * accepted ('select product' for none, 'product missing' for one it may not order); a product
 * already on the order before this change (`kept`) stays at the price it had.
 */
export const priceLines = async (
  db: DbOrTx,
  branchId: string,
  lines: readonly LineInput[],
  kept: ReadonlyMap<string, { price: number }> = new Map(),
): Promise<PricedLine[]> => {
  if (lines.length === 0) fail(Errors.SelectProduct)
  const offer = await branchOfferOf(
    db,
    branchId,
    lines.map((l) => l.productId),
  )
  return lines.map((l) => {
    const product = offer.get(l.productId) ?? fail(Errors.ProductMissing, { productId: l.productId })
    const attrs = attributesOf(product, l.unitId, l.quantity)
    // the offered price is per base unit; a line's price is per its own unit
    const rate = product.units.find((u) => u.id === l.unitId)?.conversionRate ?? 1
    const price = kept.get(`${l.productId}:${l.unitId}`)?.price ?? unitPrice(product.price, rate)
    return {
      ...l,
      ...attrs,
      price,
      currency: product.currency,
      amount: lineAmount(price, l.quantity),
      product: historyName(product),
    }
  })
}

/** Re-weighs lines whose quantity changed (a reviewer lowered it, an adjustment), keeping their price. */
export const reweigh = async (db: DbOrTx, lines: readonly (LineInput & { price: number })[]) => {
  const facts = await productFacts(
    db,
    lines.map((l) => l.productId),
  )
  return lines.map((l) => {
    const product = facts.get(l.productId) ?? fail(Errors.ProductMissing, { productId: l.productId })
    return { ...l, ...attributesOf(product, l.unitId, l.quantity), amount: lineAmount(l.price, l.quantity) }
  })
}

/**
 * The lines of orders, locked until the transaction ends, always in one order (order, then line
 * number): a delivery, an adjustment and an edit of one order queue instead of deadlocking.
 */
export const lockLines = (tx: DbOrTx, orderIds: readonly string[]) =>
  tx
    .select()
    .from(saleOrderLines)
    .where(inArray(saleOrderLines.orderId, [...orderIds]))
    .orderBy(asc(saleOrderLines.orderId), asc(saleOrderLines.lineNo))
    .for('update')

const linesToDeliver = reusable('sale_order_lines_to_deliver', (db) =>
  db
    .select({
      line: saleOrderLines,
      rate: productUnits.conversionRate,
      product: sql<string | null>`${products.code} || ' ' || ${products.name}`,
    })
    .from(saleOrderLines)
    .leftJoin(productUnits, eq(productUnits.id, saleOrderLines.unitId))
    .leftJoin(products, eq(products.id, saleOrderLines.productId))
    .where(eq(saleOrderLines.orderId, sql.placeholder('orderId')))
    .orderBy(asc(saleOrderLines.lineNo))
    .for('update', { of: saleOrderLines }),
)

/**
 * One order's lines locked as `lockLines` locks them, each with what a delivery needs besides: its
 * unit's conversion rate (order quantities are in the sale unit, stock in the base unit) and its
 * product as the history names it (`productNames`). Only the lines are locked.
 */
export const lockLinesToDeliver = async (tx: DbOrTx, orderId: string) => {
  const rows = await linesToDeliver(tx, { orderId })
  return {
    lines: rows.map((r) => r.line),
    rates: new Map(rows.map((r) => [r.line.id, r.rate ?? 1])),
    names: new Map(rows.flatMap((r) => (r.product ? [[r.line.productId, r.product] as const] : []))),
  }
}

export const linesOf = (db: DbOrTx, orderId: string) =>
  db.select().from(saleOrderLines).where(eq(saleOrderLines.orderId, orderId)).orderBy(asc(saleOrderLines.lineNo))

/** The columns of a line its product, unit and quantity set (`lineValues`; a kept line's update). */
const LINE_VALUES = [
  'lineNo',
  'productId',
  'unitId',
  'unit',
  'quantity',
  'price',
  'amount',
  'boxes',
  'grossWeightKg',
  'netWeightKg',
  'volumeM3',
] as const

const lineValues = (l: PricedLine, lineNo: number): Pick<LineRow, (typeof LINE_VALUES)[number]> => ({
  lineNo,
  productId: l.productId,
  unitId: l.unitId,
  unit: l.unit,
  quantity: l.quantity,
  price: l.price,
  amount: l.amount,
  boxes: l.boxes,
  grossWeightKg: l.grossWeightKg,
  netWeightKg: l.netWeightKg,
  volumeM3: l.volumeM3,
})

/**
 * A new order's lines as they are written, every column (numbered from 1 in this order), so
 * nothing is read back: rows to send with the order's own (`rowsInserts`, `writeTogether`).
 */
export const newLineRows = (orderId: string, lines: readonly PricedLine[]): LineRow[] =>
  lines.map((l, i) => newLineRow(orderId, l, i + 1))

const newLineRow = (orderId: string, l: PricedLine, lineNo: number): LineRow => ({
  id: randomUUID(),
  orderId,
  ...lineValues(l, lineNo),
  deliveredQuantity: 0,
})

/**
 * Makes an order's lines these (numbered from 1 in this order), given the lines it has
 * (`existing`, read by the caller under the order's lock). A line of the same product and unit
 * keeps its row, so deliveries and open requests that name it still do; lines no longer listed
 * go, and one that has shipped cannot ('shipped orders cannot be adjusted'). The rows are built
 * whole and written in one statement whatever their number (kept ones updated, new ones
 * inserted, the others deleted); answers them as written.
 */
export const writeLines = async (
  tx: DbOrTx,
  orderId: string,
  existing: readonly LineRow[],
  lines: readonly PricedLine[],
) => {
  const free = [...existing]
  const kept: LineRow[] = []
  const made: LineRow[] = []
  const out: LineRow[] = []
  for (const [i, l] of lines.entries()) {
    const at = free.findIndex((e) => e.productId === l.productId && e.unitId === l.unitId)
    const values = lineValues(l, i + 1)
    if (at >= 0) {
      const [was] = free.splice(at, 1)
      if (values.quantity < was!.deliveredQuantity) fail(Errors.ReduceRule, { lineId: was!.id })
      const row = { ...was!, ...values }
      kept.push(row)
      out.push(row)
    } else {
      const row = newLineRow(orderId, l, i + 1)
      made.push(row)
      out.push(row)
    }
  }
  if (free.some((l) => l.deliveredQuantity > 0)) fail(Errors.ShippedCannotAdjust)
  await writeTogether(tx, [
    ...(kept.length > 0 ? [rowsUpdate(saleOrderLines, LINE_VALUES, kept)] : []),
    ...rowsInserts(saleOrderLines, made),
    ...(free.length > 0
      ? [
          tx.delete(saleOrderLines).where(
            inArray(
              saleOrderLines.id,
              free.map((l) => l.id),
            ),
          ),
        ]
      : []),
  ])
  return out
}

/**
 * The update of the delivered quantities of lines a delivery shipped (locked by
 * `lockLinesToDeliver`, at least one), for the statement that writes the delivery.
 */
export const deliveredWrite = (lines: readonly Pick<LineRow, 'id' | 'deliveredQuantity'>[]) => sql`
    update ${saleOrderLines} set delivered_quantity = v.quantity
    from (values ${sql.join(
      lines.map((l) => sql`(${l.id}::uuid, ${l.deliveredQuantity}::numeric)`),
      sql`, `,
    )}) as v(id, quantity)
    where ${saleOrderLines.id} = v.id`

/** The order's total columns from its lines. */
export const orderTotals = (lines: readonly (Attributes & { amount: number })[]) => {
  const t = attributeTotals(lines)
  return {
    totalBoxes: t.boxes,
    totalGrossWeightKg: t.grossWeightKg,
    totalNetWeightKg: t.netWeightKg,
    totalVolumeM3: t.volumeM3,
    totalAmount: orderAmount(lines),
  }
}
