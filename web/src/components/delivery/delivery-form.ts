import {
  DELIVERABLE,
  type DeliveryAdd,
  type DeliveryLineState,
  type DeliveryStock,
  OrderStatus,
  q,
  takeEarliestExpiry,
} from '@app/contracts'
import { formatMeasure } from '../../config/constants.ts'

/** A quantity for the eye: thousands separators, at most three decimals; none is 0. */
export const qty = (v: number | null | undefined) => formatMeasure(v ?? 0)

// ---------------------------------------------------------------- the list's quick filter
/** SPEC 4: the delivery list filters by where the delivery stands ('partly or fully delivered' among them). */
export const DELIVERY_FILTERS = {
  // what still has to ship: pending delivery and partly delivered (the order model's)
  pending: DELIVERABLE,
  shipped: [OrderStatus.PartlyDelivered, OrderStatus.FullyDelivered],
  complete: [OrderStatus.DeliveryComplete],
} as const
export type DeliveryFilter = keyof typeof DELIVERY_FILTERS

/** The filter a search value (the statuses of an `in` search) stands for, or undefined (all). */
export const filterOf = (value: unknown): DeliveryFilter | undefined => {
  if (!Array.isArray(value) || value.length === 0) return undefined
  const wanted = new Set(value.map(Number))
  return (Object.keys(DELIVERY_FILTERS) as DeliveryFilter[]).find(
    (k) => DELIVERY_FILTERS[k].length === wanted.size && DELIVERY_FILTERS[k].every((s) => wanted.has(s)),
  )
}

// ---------------------------------------------------------------- the deliver form
/** The lines still to ship; fully delivered ones are left out of the form. */
export const openLines = (lines: readonly DeliveryLineState[]) => lines.filter((l) => q(l.remaining) > 0)

/** Each open line starts at what remains of it. */
export const deliverDefaults = (lines: readonly DeliveryLineState[]): Record<string, number> =>
  Object.fromEntries(openLines(lines).map((l) => [l.id, q(l.remaining)]))

/** Lines whose quantity is above what remains, with that remainder. */
export const overLimit = (lines: readonly DeliveryLineState[], quantities: Record<string, number | null | undefined>) =>
  lines.filter((l) => q(Number(quantities[l.id] ?? 0)) > q(l.remaining))

/** The request's lines: the quantities above 0 (a line at 0 or left empty is not shipped this time). */
export const deliveryLines = (
  lines: readonly DeliveryLineState[],
  quantities: Record<string, number | null | undefined>,
): DeliveryAdd['lines'] =>
  openLines(lines)
    .map((l) => ({ orderLineId: l.id, quantity: q(Number(quantities[l.id] ?? 0)) }))
    .filter((l) => l.quantity > 0)

/** Lines fully delivered out of all, for the list's progress. */
export const progressOf = (lines: readonly DeliveryLineState[]) => ({
  done: lines.filter((l) => q(l.remaining) <= 0).length,
  total: lines.length,
})

/**
 * What a refused delivery says about one line (the server's 'insufficient stock' names the product
 * with what is available and asked, in the base unit; 'over limit' names the line and what remains).
 */
export const refusalDetail = (
  result: unknown,
  lines: readonly DeliveryLineState[],
):
  | { kind: 'shortage'; line: DeliveryLineState; available: number; requested: number }
  | { kind: 'over'; line: DeliveryLineState; remaining: number }
  | null => {
  if (!result || typeof result !== 'object') return null
  const r = result as Record<string, unknown>
  if (typeof r.productId === 'string' && typeof r.available === 'number' && typeof r.requested === 'number') {
    const line = lines.find((l) => l.productId === r.productId)
    return line ? { kind: 'shortage', line, available: r.available, requested: r.requested } : null
  }
  if (typeof r.orderLineId === 'string' && typeof r.remaining === 'number') {
    const line = lines.find((l) => l.id === r.orderLineId)
    return line ? { kind: 'over', line, remaining: r.remaining } : null
  }
  return null
}

// ---------------------------------------------------------------- what a delivery would take
export type LineStock = {
  /** What the warehouse holds of the line's product, in the line's unit. */
  available: number
  /** The batches this line would take, earliest expiry first, in the line's unit. */
  takes: { batchNo: string; expiryDate: string | null; quantity: number }[]
  /** What the warehouse lacks for the quantity entered, in the line's unit (0: enough). */
  short: number
}

/**
 * What a delivery from `depotId` of these quantities would take, line by line in the order the
 * sales-out takes them (the order model's `takeEarliestExpiry`; two lines of one product share its
 * batches), in each line's unit. Empty without a warehouse or its stock.
 */
export const stockPlan = (
  stock: DeliveryStock | undefined,
  depotId: string | undefined,
  lines: readonly DeliveryLineState[],
  quantities: Record<string, number | null | undefined>,
): Map<string, LineStock> => {
  const plan = new Map<string, LineStock>()
  if (!stock || !depotId) return plan
  const left = stock.batches.filter((b) => b.depotId === depotId).map((b) => ({ ...b }))
  for (const line of openLines(lines)) {
    const rate = stock.lines.find((l) => l.orderLineId === line.id)?.conversionRate ?? 1
    const mine = left.filter((b) => b.productId === line.productId)
    const taken = takeEarliestExpiry(mine, q(Number(quantities[line.id] ?? 0) * rate))
    for (const t of taken.takes) t.batch.quantity = q(t.batch.quantity - t.quantity)
    plan.set(line.id, {
      available: q(taken.available / rate),
      takes: taken.takes.map((t) => ({
        batchNo: t.batch.batchNo,
        expiryDate: t.batch.expiryDate,
        quantity: q(t.quantity / rate),
      })),
      short: q(taken.short / rate),
    })
  }
  return plan
}
