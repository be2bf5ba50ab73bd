import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core'
import { auditColumns, id, ts } from './columns.ts'
import { branches } from './masterdata.ts'
import { products, productUnits } from './product.ts'
import { users } from './system.ts'

const qty = () => numeric({ precision: 16, scale: 3, mode: 'number' })
const money = () => numeric({ precision: 18, scale: 2, mode: 'number' })

/**
 * Sales orders (SPEC 3 'Sales order', 4). `orgCode` is the department of the order's branch and
 * `createBy` the person who placed it: the data scope filters on these. A deleted or cancelled
 * order keeps its row (`delFlag`) so its history and number stay.
 */
export const saleOrders = pgTable(
  'sale_order',
  {
    id: id(),
    orderNo: varchar({ length: 32 }).notNull(),
    branchId: uuid()
      .notNull()
      .references(() => branches.id),
    /** The ERP account set (dictionary `erp_account_set`). */
    companyCode: varchar({ length: 16 }).notNull(),
    orderDate: date({ mode: 'string' }).notNull(),
    expectedDeliveryDate: date({ mode: 'string' }).notNull(),
    actualDeliveryDate: date({ mode: 'string' }),
    transportMode: varchar({ length: 16 }),
    containerSize: varchar({ length: 16 }),
    /** '1' | '0' (dictionary `yn`). */
    certificateRequired: varchar({ length: 1 }).notNull().default('0'),
    certificateTypes: varchar({ length: 16 }).array().notNull().default(sql`'{}'::varchar[]`),
    remark: text(),
    totalBoxes: qty().notNull().default(0),
    totalGrossWeightKg: qty().notNull().default(0),
    totalNetWeightKg: qty().notNull().default(0),
    totalVolumeM3: numeric({ precision: 16, scale: 6, mode: 'number' }).notNull().default(0),
    totalAmount: money().notNull().default(0),
    currency: varchar({ length: 8 }),
    /** OrderStatus 100801-100807. */
    status: integer().notNull(),
    /** ErpSyncStatus (dictionary `erp_sync_status`). */
    syncStatus: varchar({ length: 1 }).notNull().default('0'),
    creatorName: varchar({ length: 64 }),
    delFlag: boolean().notNull().default(false),
    orgCode: varchar({ length: 64 }),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('sale_order_no_uq').on(t.orderNo),
    index('sale_order_status_idx').on(t.status),
    index('sale_order_branch_idx').on(t.branchId),
    index('sale_order_org_idx').on(t.orgCode),
    index('sale_order_create_by_idx').on(t.createBy),
    // the list (issue 18): live orders newest first, in the list's own order (createAt, id), so a
    // page and the rows skipped to reach a deep one are read off the index; descending, so a scan
    // that counts up to the cap meets the newest (the most often matching) rows first
    index('sale_order_live_create_at_idx')
      .on(t.createAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.delFlag} = false`),
    // the list as a branch's orders are looked for (branch + status, a date range, newest first):
    // the page and its capped count read only this index; the order date and the department (a
    // department-scoped reader's condition) are in it so that nothing is read from the table
    index('sale_order_live_branch_status_idx')
      .on(t.branchId, t.status, t.createAt.desc().nullsFirst(), t.id.desc().nullsFirst(), t.orderDate, t.orgCode)
      .where(sql`${t.delFlag} = false`),
    // the super query's `like '%...%'` on the number and the remark
    index('sale_order_no_trgm_idx').using('gin', t.orderNo.op('gin_trgm_ops')),
    index('sale_order_remark_trgm_idx').using('gin', t.remark.op('gin_trgm_ops')),
    // the delivery list's default order (modules/sales/delivery.resource.ts): orders still to ship
    // (pending delivery 100803, partly delivered 100805: false) before the others, each by expected
    // delivery date; a page is read off the index in that order. Status and department are in it
    // for the list's status filter and a department-scoped reader's condition.
    index('sale_order_delivery_list_idx')
      .on(sql`(${t.status} not in (100803, 100805))`, t.expectedDeliveryDate, t.id, t.status, t.orgCode)
      .where(sql`${t.delFlag} = false and ${t.status} in (100803, 100805, 100806, 100807)`),
    // the dashboard: orders by month, deliveries due, orders not synced
    index('sale_order_order_date_idx').on(t.orderDate),
    index('sale_order_expected_delivery_idx').on(t.expectedDeliveryDate),
    index('sale_order_unsynced_idx').on(t.syncStatus).where(sql`${t.syncStatus} <> '2'`),
  ],
)

/**
 * The lines of an order: quantities in the line's unit, price in the branch's currency,
 * delivered so far (deliveries add to it, never above the quantity).
 */
export const saleOrderLines = pgTable(
  'sale_order_line',
  {
    id: id(),
    orderId: uuid()
      .notNull()
      .references(() => saleOrders.id, { onDelete: 'cascade' }),
    lineNo: integer().notNull(),
    productId: uuid()
      .notNull()
      .references(() => products.id),
    unitId: uuid()
      .notNull()
      .references(() => productUnits.id),
    unit: varchar({ length: 64 }).notNull(),
    quantity: qty().notNull(),
    price: numeric({ precision: 16, scale: 4, mode: 'number' }).notNull(),
    amount: money().notNull(),
    deliveredQuantity: qty().notNull().default(0),
    boxes: qty().notNull().default(0),
    grossWeightKg: qty().notNull().default(0),
    netWeightKg: qty().notNull().default(0),
    volumeM3: numeric({ precision: 16, scale: 6, mode: 'number' }).notNull().default(0),
  },
  (t) => [
    index('sale_order_line_order_idx').on(t.orderId),
    index('sale_order_line_product_idx').on(t.productId),
    check('sale_order_line_delivered_ck', sql`${t.deliveredQuantity} >= 0 and ${t.deliveredQuantity} <= ${t.quantity}`),
  ],
)

/** The order modal's draft box: one unsaved order per user. */
export const saleOrderDrafts = pgTable('sale_order_draft', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  draft: jsonb().notNull(),
  savedAt: ts().notNull().defaultNow(),
})

/**
 * Sub-flow requests: the current reviewer of an order's step asks another role (in a department)
 * about the order; the step cannot be decided while one is open (ApprovalStatus pending / in review).
 */
export const saleSubApplies = pgTable(
  'sale_sub_apply',
  {
    id: id(),
    orderId: uuid()
      .notNull()
      .references(() => saleOrders.id, { onDelete: 'cascade' }),
    orderNo: varchar({ length: 32 }).notNull(),
    reviewId: uuid().notNull(),
    round: integer().notNull(),
    stepNo: integer().notNull(),
    roleCode: varchar({ length: 64 }).notNull(),
    deptCode: varchar({ length: 64 }),
    content: text().notNull(),
    status: varchar({ length: 1 }).notNull().default('0'),
    requesterName: varchar({ length: 64 }),
    replyNote: text(),
    repliedBy: uuid(),
    replierName: varchar({ length: 64 }),
    repliedAt: ts(),
    orgCode: varchar({ length: 64 }),
    ...auditColumns(),
  },
  (t) => [
    index('sale_sub_apply_order_idx').on(t.orderId),
    index('sale_sub_apply_review_idx').on(t.reviewId, t.round, t.stepNo),
    index('sale_sub_apply_role_idx').on(t.roleCode, t.status),
  ],
)

/** Requests to delete an approved order, reviewed on the `order_delete` flow (object = the request). */
export const saleOrderDeletes = pgTable(
  'sale_order_delete',
  {
    id: id(),
    orderId: uuid()
      .notNull()
      .references(() => saleOrders.id, { onDelete: 'cascade' }),
    orderNo: varchar({ length: 32 }).notNull(),
    reason: text().notNull(),
    status: varchar({ length: 1 }).notNull().default('0'),
    requesterName: varchar({ length: 64 }),
    orgCode: varchar({ length: 64 }),
    ...auditColumns(),
  },
  (t) => [
    index('sale_order_delete_order_idx').on(t.orderId),
    // one open request per order
    uniqueIndex('sale_order_delete_open_uq').on(t.orderId).where(sql`${t.status} in ('0', '1')`),
  ],
)
