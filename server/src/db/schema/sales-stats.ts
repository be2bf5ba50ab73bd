import { date, integer, numeric, pgTable, pgView, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core'

/**
 * The dashboard's sums of live orders, kept exact by triggers on `sale_order` and
 * `sale_order_line` (migration 0017, its SQL functions and triggers): at a million orders the
 * home page adds up a few thousand rows instead of every order and line.
 *
 * A change never updates a sum: the triggers append its difference to the `_delta` tables, which
 * nobody else writes but the compaction (`sale_stats_compact()`, one instance at a time, every few
 * seconds), so orders changing at once never wait for each other on a shared sum nor deadlock. The
 * `_facts` views read the sums and the pending differences together, exact at any moment.
 * `sale_stats_rebuild()` makes them again from the orders (after a bulk load without triggers).
 *
 * The scope columns are those of the order (the branch's department, who placed it), '' and the
 * zero UUID where the order has none, so the data scope filters these rows as it filters orders.
 * Amounts are kept per currency (the order's, '' where it has none): different currencies are
 * never added together.
 */
const orderKey = {
  /** The first day of the order date's month. */
  month: date({ mode: 'string' }).notNull(),
  orgCode: varchar({ length: 64 }).notNull(),
  createBy: uuid().notNull(),
  /** The order's currency (sale_order.currency). */
  currency: varchar({ length: 8 }).notNull().default(''),
}
const orderSums = {
  ...orderKey,
  branchId: uuid().notNull(),
  status: integer().notNull(),
  syncStatus: varchar({ length: 1 }).notNull(),
  orders: integer().notNull(),
  amount: numeric({ precision: 18, scale: 2, mode: 'number' }).notNull(),
}
const lineSums = {
  ...orderKey,
  productId: uuid().notNull(),
  quantity: numeric({ precision: 20, scale: 3, mode: 'number' }).notNull(),
  amount: numeric({ precision: 20, scale: 2, mode: 'number' }).notNull(),
}

export const saleOrderStats = pgTable('sale_order_stat', orderSums, (t) => [
  uniqueIndex('sale_order_stat_uq').on(t.month, t.branchId, t.status, t.syncStatus, t.orgCode, t.createBy, t.currency),
])
export const saleOrderStatDeltas = pgTable('sale_order_stat_delta', orderSums)
export const saleOrderLineStats = pgTable('sale_order_line_stat', lineSums, (t) => [
  uniqueIndex('sale_order_line_stat_uq').on(t.month, t.productId, t.orgCode, t.createBy, t.currency),
])
export const saleOrderLineStatDeltas = pgTable('sale_order_line_stat_delta', lineSums)

/** Sums and pending differences together (defined in migration 0034): group and sum over these. */
export const saleOrderFacts = pgView('sale_order_facts', orderSums).existing()
export const saleOrderLineFacts = pgView('sale_order_line_facts', lineSums).existing()
