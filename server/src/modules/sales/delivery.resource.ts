import { DELIVERABLE, DeliveryOrderSchema, deliveryOrderResource, OrderStatus, q } from '@app/contracts'
import { asc, eq, inArray, sql } from 'drizzle-orm'
import { z } from 'zod'
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
    const lines = await db
      .select({ line: saleOrderLines, name: products.name, nameEn: products.nameEn })
      .from(saleOrderLines)
      .innerJoin(products, eq(products.id, saleOrderLines.productId))
      .where(
        inArray(
          saleOrderLines.orderId,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(asc(saleOrderLines.orderId), asc(saleOrderLines.lineNo))
    return rows.map((r) => ({
      ...r,
      lines: lines
        .filter((l) => l.line.orderId === r.id)
        .map(({ line: l, name, nameEn }) => ({
          id: l.id,
          lineNo: l.lineNo,
          productId: l.productId,
          productName: name,
          productNameEn: nameEn,
          unit: l.unit,
          quantity: l.quantity,
          deliveredQuantity: l.deliveredQuantity,
          remaining: q(l.quantity - l.deliveredQuantity),
        })),
    }))
  },
}
