import { DeliveryOrderSchema, deliveryOrderResource, OrderStatus, q } from '@app/contracts'
import { asc, eq, inArray } from 'drizzle-orm'
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
 * The delivery list (/sale/deliveryList): orders to deliver and delivered, in the caller's data
 * scope, each with its lines' ordered, delivered and remaining quantities.
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
  defaultSort: { column: 'expectedDeliveryDate', order: 'asc' },
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
