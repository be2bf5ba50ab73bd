import { sql } from 'drizzle-orm'
import { date, index, jsonb, numeric, pgTable, text, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core'
import { auditColumns, id } from './columns.ts'
import { branches, depots } from './masterdata.ts'
import { products, productUnits } from './product.ts'
import { saleOrderLines, saleOrders } from './sales.ts'
import { stockDocs } from './stock.ts'

const qty = () => numeric({ precision: 16, scale: 3, mode: 'number' })

/**
 * Deliveries of an order (issue 16): each one posts a sales-out stock document from its depot in
 * its own transaction; the order's lines count what has shipped (`deliveredQuantity`).
 */
export const saleDeliveries = pgTable(
  'sale_delivery',
  {
    id: id(),
    deliveryNo: varchar({ length: 32 }).notNull(),
    orderId: uuid()
      .notNull()
      .references(() => saleOrders.id),
    orderNo: varchar({ length: 32 }).notNull(),
    depotId: uuid()
      .notNull()
      .references(() => depots.id),
    shipDate: date({ mode: 'string' }).notNull(),
    stockDocId: uuid()
      .notNull()
      .references(() => stockDocs.id),
    stockDocNo: varchar({ length: 32 }).notNull(),
    remark: text(),
    creatorName: varchar({ length: 64 }),
    orgCode: varchar({ length: 64 }),
    ...auditColumns(),
  },
  (t) => [uniqueIndex('sale_delivery_no_uq').on(t.deliveryNo), index('sale_delivery_order_idx').on(t.orderId)],
)

/** What a delivery shipped of each order line, with the batches the sales-out took (earliest expiry first). */
export const saleDeliveryLines = pgTable(
  'sale_delivery_line',
  {
    id: id(),
    deliveryId: uuid()
      .notNull()
      .references(() => saleDeliveries.id, { onDelete: 'cascade' }),
    orderLineId: uuid()
      .notNull()
      .references(() => saleOrderLines.id),
    productId: uuid()
      .notNull()
      .references(() => products.id),
    quantity: qty().notNull(),
    /** [{ batchNo, quantity, expiryDate }] in the stock unit. */
    batches: jsonb().notNull().default(sql`'[]'::jsonb`),
  },
  (t) => [
    index('sale_delivery_line_delivery_idx').on(t.deliveryId),
    index('sale_delivery_line_order_line_idx').on(t.orderLineId),
  ],
)

/**
 * Adjustment requests of an order (append, add, reduce), reviewed on the `order_adjust` flow
 * (object = the request). At most one open request per order.
 */
export const saleApplyModifies = pgTable(
  'sale_apply_modify',
  {
    id: id(),
    orderId: uuid()
      .notNull()
      .references(() => saleOrders.id),
    orderNo: varchar({ length: 32 }).notNull(),
    branchId: uuid()
      .notNull()
      .references(() => branches.id),
    /** The kinds of change it holds, comma-joined (append,add,reduce). */
    modifyTypes: varchar({ length: 32 }).notNull(),
    reason: text().notNull(),
    /** ApprovalStatus. */
    status: varchar({ length: 1 }).notNull().default('0'),
    requesterName: varchar({ length: 64 }),
    /** The request as a diff against the order, kept when it is decided (the order moves on after). */
    decidedDiff: jsonb(),
    orgCode: varchar({ length: 64 }),
    ...auditColumns(),
  },
  (t) => [
    index('sale_apply_modify_order_idx').on(t.orderId),
    uniqueIndex('sale_apply_modify_open_uq').on(t.orderId).where(sql`${t.status} in ('0', '1')`),
  ],
)

export const saleApplyModifyLines = pgTable(
  'sale_apply_modify_line',
  {
    id: id(),
    applyId: uuid()
      .notNull()
      .references(() => saleApplyModifies.id, { onDelete: 'cascade' }),
    /** 'append' | 'add' | 'reduce' */
    type: varchar({ length: 8 }).notNull(),
    orderLineId: uuid().references(() => saleOrderLines.id, { onDelete: 'set null' }),
    productId: uuid()
      .notNull()
      .references(() => products.id),
    unitId: uuid()
      .notNull()
      .references(() => productUnits.id),
    quantity: qty().notNull(),
    /** The price an appended line takes (the branch's price when asked). */
    price: numeric({ precision: 16, scale: 4, mode: 'number' }).notNull().default(0),
  },
  (t) => [index('sale_apply_modify_line_apply_idx').on(t.applyId)],
)
