import { DELIVERABLE, DeliveryOrderSchema, deliveryOrderResource, OrderStatus, q } from '@app/contracts'
import { asc, eq, inArray, sql } from 'drizzle-orm'
import { z } from 'zod'
import { uuidArray } from '../../db/client.ts'
import { reusable } from '../../db/reusable.ts'
import { products, saleOrderLines, saleOrders } from '../../db/schema/index.ts'
import type { CrudResource } from '../../platform/crud/resource.ts'

/** The orders logistics delivers: pending delivery, partly and fully delivered, complete (SPEC 4). */
export const DELIVERY_STATUSES = [
  OrderStatus.PendingDelivery,
  OrderStatus.PartlyDelivered,
  OrderStatus.FullyDelivered,
  OrderStatus.DeliveryComplete,
] as const

/**
 * Not (or no longer) to ship: false for the orders still to ship (pending delivery, partly
 * delivered), true for the others. The statuses are written into the statement (constants of the
 * order model, not the caller's), so that it is the very expression the index
 * `sale_order_delivery_list_idx` (schema/sales.ts) is built on.
 */
export const shippedOrDone = () => sql`${saleOrders.status} not in (${sql.raw(DELIVERABLE.join(', '))})`

/**
 * The lines of a page of orders as the list shows them, with their products' names: in one
 * statement built once, and only the columns shown.
 */
const pageLines = reusable('sale_delivery_list_lines', (db) =>
  db
    .select({
      id: saleOrderLines.id,
      orderId: saleOrderLines.orderId,
      lineNo: saleOrderLines.lineNo,
      productId: saleOrderLines.productId,
      unit: saleOrderLines.unit,
      quantity: saleOrderLines.quantity,
      deliveredQuantity: saleOrderLines.deliveredQuantity,
      productName: products.name,
      productNameEn: products.nameEn,
    })
    .from(saleOrderLines)
    .innerJoin(products, eq(products.id, saleOrderLines.productId))
    .where(sql`${saleOrderLines.orderId} = any(${sql.placeholder('orderIds')}::uuid[])`)
    .orderBy(asc(saleOrderLines.orderId), asc(saleOrderLines.lineNo)),
)

/**
 * The delivery list (/sale/deliveryList): orders to deliver and delivered, in the caller's data
 * scope, each with its lines' ordered, delivered and remaining quantities. Unless the user sorts,
 * the orders still to ship come first by expected delivery date (the nearest, and the overdue,
 * first), then the others by the same date; the index on (that, date, id) reads a page off.
 */
export const deliveryOrderCrud: CrudResource = {
  meta: deliveryOrderResource,
  table: saleOrders,
  record: DeliveryOrderSchema,
  input: z.object({}),
  verbs: ['export'],
  scope: { org: saleOrders.orgCode, owner: saleOrders.createBy },
  softDelete: saleOrders.delFlag,
  baseWhere: () => inArray(saleOrders.status, [...DELIVERY_STATUSES]),
  defaultSort: { column: 'expectedDeliveryDate', order: 'asc', lead: shippedOrDone },
  async decorate(rows, db) {
    if (rows.length === 0) return rows
    const lines = await pageLines(db, { orderIds: uuidArray(rows.map((r) => r.id)) })
    return rows.map((r) => ({
      ...r,
      lines: lines
        .filter((l) => l.orderId === r.id)
        .map(({ orderId: _, ...l }) => ({ ...l, remaining: q(l.quantity - l.deliveredQuantity) })),
    }))
  },
}
