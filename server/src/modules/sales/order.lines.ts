import { Errors, type ProductAttributes, suggestContainer } from '@app/contracts'
import { asc, eq, inArray, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { reusable } from '../../db/reusable.ts'
import { products, productUnits, saleOrderLines } from '../../db/schema/index.ts'
import { fail } from '../../platform/errors.ts'
import { branchOfferOf, type OfferedProduct, productFacts } from '../product/product.service.ts'

/**
 * Order lines in one place (issue 15): what a line weighs and costs, the lines of an order as
 * priced for its branch, and the order's totals. Orders, reviewers' changes, deliveries and
 * adjustments all go through these.
 */

export type LineInput = { productId: string; unitId: string; quantity: number }
export type LineRow = typeof saleOrderLines.$inferSelect

export type Attributes = { boxes: number; grossWeightKg: number; netWeightKg: number; volumeM3: number }
export type PricedLine = LineInput &
  Attributes & { unit: string; price: number; amount: number; currency?: string | null }

const round = (n: number, digits: number) => {
  const f = 10 ** digits
  return Math.round(n * f) / f
}
const q3 = (n: number) => round(n, 3)

/**
 * A line's attributes: boxes from the unit's box spec (rounded up), weights and volume from the
 * product per base unit; without a product volume, the boxes' outer volume.
 */
export const attributesOf = (
  product: OfferedProduct,
  unitId: string,
  quantity: number,
): Attributes & { unit: string } => {
  const unit = product.units.find((u) => u.id === unitId) ?? fail(Errors.ParameterError, { unitId })
  const base = quantity * unit.conversionRate
  const boxes = unit.perBox ? Math.ceil(quantity / unit.perBox - 1e-9) : 0
  const volume = product.volumeM3 != null ? product.volumeM3 * base : (unit.boxVolumeM3 ?? 0) * boxes
  return {
    unit: unit.unit,
    boxes,
    grossWeightKg: q3((product.grossWeightKg ?? product.netWeightKg ?? 0) * base),
    netWeightKg: q3((product.netWeightKg ?? 0) * base),
    volumeM3: round(volume, 6),
  }
}

export const totalsOf = (lines: readonly Attributes[]): Attributes => ({
  boxes: q3(lines.reduce((s, l) => s + l.boxes, 0)),
  grossWeightKg: q3(lines.reduce((s, l) => s + l.grossWeightKg, 0)),
  netWeightKg: q3(lines.reduce((s, l) => s + l.netWeightKg, 0)),
  volumeM3: round(
    lines.reduce((s, l) => s + l.volumeM3, 0),
    6,
  ),
})

export const amountOf = (lines: readonly { amount: number }[]) =>
  round(
    lines.reduce((s, l) => s + l.amount, 0),
    2,
  )

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
  const totals = totalsOf(out)
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
    const price = kept.get(`${l.productId}:${l.unitId}`)?.price ?? round(product.price * rate, 4)
    return { ...l, ...attrs, price, currency: product.currency, amount: round(price * l.quantity, 2) }
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
    return { ...l, ...attributesOf(product, l.unitId, l.quantity), amount: round(l.price * l.quantity, 2) }
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

const lineValues = (l: PricedLine, lineNo: number) => ({
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
 * Makes an order's lines these (numbered from 1 in this order). A line of the same product and
 * unit keeps its row, so deliveries and open requests that name it still do; lines no longer
 * listed go, and one that has shipped cannot ('shipped orders cannot be adjusted').
 */
export const writeLines = async (tx: DbOrTx, orderId: string, lines: readonly PricedLine[]) => {
  const existing = await linesOf(tx, orderId)
  const free = [...existing]
  const out: LineRow[] = []
  for (const [i, l] of lines.entries()) {
    const at = free.findIndex((e) => e.productId === l.productId && e.unitId === l.unitId)
    const values = lineValues(l, i + 1)
    if (at >= 0) {
      const [kept] = free.splice(at, 1)
      if (values.quantity < kept!.deliveredQuantity) fail(Errors.ReduceRule, { lineId: kept!.id })
      const [row] = await tx.update(saleOrderLines).set(values).where(eq(saleOrderLines.id, kept!.id)).returning()
      out.push(row!)
    } else {
      const [row] = await tx
        .insert(saleOrderLines)
        .values({ ...values, orderId })
        .returning()
      out.push(row!)
    }
  }
  if (free.some((l) => l.deliveredQuantity > 0)) fail(Errors.ShippedCannotAdjust)
  if (free.length)
    await tx.delete(saleOrderLines).where(
      inArray(
        saleOrderLines.id,
        free.map((l) => l.id),
      ),
    )
  return out
}

/** The order's total columns from its lines. */
export const orderTotals = (lines: readonly (Attributes & { amount: number })[]) => {
  const t = totalsOf(lines)
  return {
    totalBoxes: t.boxes,
    totalGrossWeightKg: t.grossWeightKg,
    totalNetWeightKg: t.netWeightKg,
    totalVolumeM3: t.volumeM3,
    totalAmount: amountOf(lines),
  }
}
