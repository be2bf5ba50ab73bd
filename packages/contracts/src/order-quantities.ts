/**
 * The order model's arithmetic: quantities as the columns keep them, what is left to ship, a sale
 * unit's price, a line's amount and attributes (boxes, weights, volume), and what a delivery takes
 * from stock, earliest expiry first. Pure, for the server and the web alike (order-model.ts holds
 * the rules that use them).
 */

// ---------------------------------------------------------------- quantities and prices
const round = (n: number, digits: number) => {
  const f = 10 ** digits
  return Math.round(n * f) / f
}

/** A quantity as the quantity columns keep it (numeric, three decimals): sums of them stay exact. */
export const q = (n: number) => round(n, 3)

/** An amount as the amount columns keep it: two decimals. */
export const money = (n: number) => round(n, 2)

/** A line's quantities, as far as the rules need them. */
export type LineQuantities = { quantity: number; deliveredQuantity: number }

/** What is still to ship of a line; also what a reduce may take off it (SPEC 5: never below what shipped). */
export const remainingOf = (line: LineQuantities) => Math.max(0, q(line.quantity - line.deliveredQuantity))

/** Something of the order has shipped. */
export const anyShipped = (lines: readonly LineQuantities[]) => lines.some((l) => l.deliveredQuantity > 0)

/** The price of one sale unit: the offered price is per base unit (a box of 12 costs twelve pieces). */
export const unitPrice = (basePrice: number, conversionRate = 1) => round(basePrice * conversionRate, 4)

/** A line's amount: its price per unit times its quantity, to the cent. */
export const lineAmount = (price: number, quantity: number) => money(price * quantity)

/** What a line or an order carries: boxes, weights and volume. */
export type LineAttributes = { boxes: number; grossWeightKg: number; netWeightKg: number; volumeM3: number }

/** A volume as the volume columns keep it: six decimals. */
const volume = (n: number) => round(n, 6)

/**
 * A line's attributes: boxes from the unit's box spec (rounded up), weights and volume from the
 * product per base unit; without a product volume, the boxes' outer volume.
 */
export const lineAttributes = (
  product: { grossWeightKg: number | null; netWeightKg: number | null; volumeM3: number | null },
  unit: { conversionRate: number; perBox: number | null; boxVolumeM3?: number | null },
  quantity: number,
): LineAttributes => {
  const base = quantity * unit.conversionRate
  const boxes = unit.perBox ? Math.ceil(quantity / unit.perBox - 1e-9) : 0
  return {
    boxes,
    grossWeightKg: q((product.grossWeightKg ?? product.netWeightKg ?? 0) * base),
    netWeightKg: q((product.netWeightKg ?? 0) * base),
    volumeM3: volume(product.volumeM3 != null ? product.volumeM3 * base : (unit.boxVolumeM3 ?? 0) * boxes),
  }
}

/** The attributes of lines together. */
export const attributeTotals = (lines: readonly LineAttributes[]): LineAttributes => ({
  boxes: q(lines.reduce((s, l) => s + l.boxes, 0)),
  grossWeightKg: q(lines.reduce((s, l) => s + l.grossWeightKg, 0)),
  netWeightKg: q(lines.reduce((s, l) => s + l.netWeightKg, 0)),
  volumeM3: volume(lines.reduce((s, l) => s + l.volumeM3, 0)),
})

/** The order's amount from its lines. */
export const orderAmount = (lines: readonly { amount: number }[]) => money(lines.reduce((s, l) => s + l.amount, 0))

// ---------------------------------------------------------------- stock a delivery takes
/** A batch of stock as a delivery takes it. */
export type StockBatch = {
  batchNo: string
  expiryDate: string | null
  productionDate: string | null
  quantity: number
}

/** Earliest expiry first (no expiry last), then earliest production, then batch number. */
export const earliestExpiryFirst = (a: Omit<StockBatch, 'quantity'>, b: Omit<StockBatch, 'quantity'>) =>
  (a.expiryDate ?? '9999').localeCompare(b.expiryDate ?? '9999') ||
  (a.productionDate ?? '9999').localeCompare(b.productionDate ?? '9999') ||
  a.batchNo.localeCompare(b.batchNo)

/**
 * What a delivery of `need` takes from these batches of one product, earliest expiry first (the
 * sales-out posts it so, and the deliver dialog shows it before): each batch and the quantity taken,
 * what they hold together, and what is missing (0 when there is enough).
 */
export const takeEarliestExpiry = <B extends StockBatch>(batches: readonly B[], need: number) => {
  const sorted = [...batches].sort(earliestExpiryFirst)
  const available = q(sorted.reduce((s, b) => s + Math.max(0, b.quantity), 0))
  const takes: { batch: B; quantity: number }[] = []
  let left = q(need)
  for (const batch of sorted) {
    if (left <= 0) break
    const take = Math.min(left, batch.quantity)
    if (take <= 0) continue
    takes.push({ batch, quantity: q(take) })
    left = q(left - take)
  }
  return { takes, available, short: Math.max(0, left) }
}
