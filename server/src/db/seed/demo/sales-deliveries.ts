import { DELIVERY_NO_PREFIX, STOCK_DOC_PREFIX, StockDocType } from '@app/contracts'
import { and, eq, gte, inArray } from 'drizzle-orm'
import { createSalesServices } from '../../../modules/sales/index.ts'
import { createEventBus } from '../../../platform/events.ts'
import { nextNumber } from '../../../platform/sequence.ts'
import type { Db, DbOrTx } from '../../client.ts'
import {
  depots,
  operationLogs,
  productUnits,
  saleDeliveries,
  saleOrders,
  sequences,
  stockDocs,
  stockLedger,
} from '../../schema/index.ts'
import { addDays, DAY, dayOf } from './days.ts'
import { type Person, principalOf, requestAs } from './sales-review.ts'

/** One shipment of a seeded order: when, and how much of each line (in the line's unit). */
export type Shipment = { at: Date; quantities: readonly number[] }
/** A delivered demo order, inserted pending delivery, with what shipped and when it was complete. */
export type ToDeliver = {
  orderId: string
  lines: readonly { id: string; productId: string; unitId: string }[]
  shipments: readonly Shipment[]
  completedAt: Date | null
}

/** The export depot the demo ships from; the delivery journey uses another. */
const DEPOT = 'WH-SZ-F'
const NUMBERED = [
  DELIVERY_NO_PREFIX,
  STOCK_DOC_PREFIX[StockDocType.ProductionIn],
  STOCK_DOC_PREFIX[StockDocType.SalesOut],
]
/**
 * The deliveries of the delivered demo orders (issue 16), posted by the delivery service itself
 * as logistics_admin: each shipment's goods are made for it the day before (a production-in of
 * a batch of its own into the export depot), then the delivery takes them earliest expiry first
 * (stock's postOut), writes its sales-out and ledger lines, the order's delivered quantities,
 * status and history; a complete order is then marked complete with its actual delivery date.
 * Afterwards every record is dated and numbered for the day it happened, and today's number
 * sequences are left as they were. No messages are written (the seed has no subscribers).
 */
export const seedDeliveries = async (db: DbOrTx, orders: readonly ToDeliver[], by: Person, now: Date) => {
  if (orders.length === 0) return
  const events = createEventBus()
  const { deliveries, stock } = createSalesServices({
    db: db as Db,
    events,
    limits: () => ({ maxModifications: 3, modifyDeadlineDays: 7 }),
  })
  const principal = await principalOf(db, by, now)
  // the records name logistics_admin as their author, as a request of theirs would
  const as = (path: string) => requestAs(principal, path)
  const [depot] = await db.select({ id: depots.id }).from(depots).where(eq(depots.code, DEPOT))
  if (!depot) throw new Error(`seed deliveries: depot ${DEPOT}`)
  const units = await db.select({ id: productUnits.id, rate: productUnits.conversionRate }).from(productUnits)
  const rate = new Map(units.map((u) => [u.id, u.rate]))
  const today = dayOf(now).replaceAll('-', '')
  const kept = await db
    .select()
    .from(sequences)
    .where(and(eq(sequences.day, today), inArray(sequences.prefix, NUMBERED)))
  // the service's records are written now; each is then moved to when it happened
  const fresh = new Date(now.getTime() - 60_000)
  const dated = async (at: Date, ids: { delivery?: string; docs: string[]; orderId: string }) => {
    await db
      .update(operationLogs)
      .set({ createAt: at })
      .where(and(inArray(operationLogs.objectId, [ids.orderId, ...ids.docs]), gte(operationLogs.createAt, fresh)))
    for (const docId of ids.docs) {
      const [doc] = await db.select().from(stockDocs).where(eq(stockDocs.id, docId))
      const docNo = await nextNumber(db, STOCK_DOC_PREFIX[doc!.docType as StockDocType], at)
      await db.update(stockDocs).set({ docNo, createAt: at }).where(eq(stockDocs.id, docId))
      await db.update(stockLedger).set({ docNo, createAt: at }).where(eq(stockLedger.docId, docId))
      if (ids.delivery)
        await db.update(saleDeliveries).set({ stockDocNo: docNo }).where(eq(saleDeliveries.id, ids.delivery))
    }
    await db.update(saleOrders).set({ updateAt: at }).where(eq(saleOrders.id, ids.orderId))
    if (ids.delivery) {
      const deliveryNo = await nextNumber(db, DELIVERY_NO_PREFIX, at)
      await db.update(saleDeliveries).set({ deliveryNo, createAt: at }).where(eq(saleDeliveries.id, ids.delivery))
    }
  }

  const shipments = orders
    .flatMap((o) => o.shipments.map((s) => ({ order: o, shipment: s })))
    .sort((a, b) => a.shipment.at.getTime() - b.shipment.at.getTime())
  for (const [i, { order, shipment }] of shipments.entries()) {
    const shipDate = dayOf(shipment.at)
    const lines = order.lines.flatMap((l, j) => {
      const quantity = shipment.quantities[j] ?? 0
      return quantity > 0 ? [{ line: l, quantity, base: quantity * (rate.get(l.unitId) ?? 1) }] : []
    })
    const madeAt = new Date(shipment.at.getTime() - DAY)
    const made = await stock.postIn(db, as('/api/pro/stock/productionIn'), principal, StockDocType.ProductionIn, {
      depotId: depot.id,
      docDate: dayOf(madeAt),
      remark: null,
      lines: lines.map(({ line, base }) => ({
        productId: line.productId,
        batchNo: `P${shipDate.replaceAll('-', '')}-${String(i + 1).padStart(3, '0')}`,
        quantity: base,
        productionDate: dayOf(madeAt),
        expiryDate: addDays(dayOf(madeAt), 540),
      })),
    })
    await dated(madeAt, { docs: [made.id], orderId: order.orderId })
    const shipped = await deliveries.deliver(
      db,
      principal,
      {
        orderId: order.orderId,
        depotId: depot.id,
        shipDate,
        lines: lines.map(({ line, quantity }) => ({ orderLineId: line.id, quantity })),
      },
      as('/api/sale/delivery/add'),
    )
    const [row] = await db
      .select({ stockDocId: saleDeliveries.stockDocId })
      .from(saleDeliveries)
      .where(eq(saleDeliveries.id, shipped.id))
    await dated(shipment.at, { delivery: shipped.id, docs: [row!.stockDocId], orderId: order.orderId })
  }
  for (const order of orders) {
    if (!order.completedAt) continue
    await deliveries.complete(
      db,
      principal,
      { orderId: order.orderId, actualDeliveryDate: dayOf(order.completedAt) },
      as('/api/sale/delivery/complete'),
    )
    await dated(order.completedAt, { docs: [], orderId: order.orderId })
  }
  // today's numbers begin where they did: the demo's records took the numbers of their own days
  for (const prefix of NUMBERED) {
    const before = kept.find((k) => k.prefix === prefix)
    if (before)
      await db
        .update(sequences)
        .set({ value: before.value })
        .where(and(eq(sequences.prefix, prefix), eq(sequences.day, today)))
    else await db.delete(sequences).where(and(eq(sequences.prefix, prefix), eq(sequences.day, today)))
  }
}
