import { Errors, OrderStatus } from '@app/contracts'
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { saleOrders } from '../../db/schema/index.ts'
import type { Principal } from '../../platform/auth/principal.ts'
import { fail } from '../../platform/errors.ts'

/**
 * An order's status transitions in one place (SPEC 4): who moves an order where is decided here,
 * whether by a review, an edit, a delivery or its completion.
 */
const NEXT: Record<number, readonly number[]> = {
  [OrderStatus.PendingReview]: [
    OrderStatus.PendingReview,
    OrderStatus.UnderReview,
    OrderStatus.PendingDelivery,
    OrderStatus.Rejected,
  ],
  [OrderStatus.UnderReview]: [
    OrderStatus.UnderReview,
    OrderStatus.PendingDelivery,
    OrderStatus.Rejected,
    OrderStatus.PendingReview,
  ],
  [OrderStatus.PendingDelivery]: [OrderStatus.PendingReview, OrderStatus.PartlyDelivered, OrderStatus.FullyDelivered],
  [OrderStatus.Rejected]: [OrderStatus.PendingReview],
  [OrderStatus.PartlyDelivered]: [OrderStatus.PartlyDelivered, OrderStatus.FullyDelivered],
  [OrderStatus.FullyDelivered]: [OrderStatus.DeliveryComplete],
  [OrderStatus.DeliveryComplete]: [],
}

/** A move SPEC 4 allows; staying put (a change of other columns) always is. */
export const canMove = (from: number, to: number) => from === to || (NEXT[from]?.includes(to) ?? false)

export type OrderRow = typeof saleOrders.$inferSelect

/** Statuses in which something has shipped. */
export const SHIPPED: readonly number[] = [
  OrderStatus.PartlyDelivered,
  OrderStatus.FullyDelivered,
  OrderStatus.DeliveryComplete,
]

/** The status update both moves write: the order stands where `where` says, or no row answers. */
const moveWhere = (
  tx: DbOrTx,
  where: SQL | undefined,
  to: number,
  by: string | null,
  patch: Partial<typeof saleOrders.$inferInsert> = {},
) =>
  tx
    .update(saleOrders)
    .set({ ...patch, status: to, version: sql`${saleOrders.version} + 1`, updateAt: new Date(), updateBy: by })
    .where(where)
    .returning()

/**
 * Moves an order to a status, in the caller's transaction, with any other columns that change
 * with it. Refuses a move SPEC 4 does not allow (409 data changed: someone moved it meanwhile).
 */
export const moveOrder = async (
  tx: DbOrTx,
  order: Pick<OrderRow, 'id' | 'status'>,
  to: number,
  by: string | null,
  patch: Partial<typeof saleOrders.$inferInsert> = {},
): Promise<OrderRow> => {
  if (!canMove(order.status, to)) fail(Errors.DataChanged, { status: order.status, to })
  const [row] = await moveWhere(
    tx,
    and(eq(saleOrders.id, order.id), eq(saleOrders.status, order.status)),
    to,
    by,
    patch,
  )
  if (!row) fail(Errors.DataChanged, { status: order.status, to })
  return row
}

/**
 * Moves a live order to a status from wherever it stands, in one statement (a review's end moves
 * its order this way, without reading it first). Null when there is no live order; refuses, as
 * `moveOrder` does, when SPEC 4 allows no move from where it stands.
 */
export const moveLiveOrder = async (
  tx: DbOrTx,
  id: string,
  to: number,
  by: string | null,
): Promise<OrderRow | null> => {
  const live = and(eq(saleOrders.id, id), eq(saleOrders.delFlag, false))
  const from = Object.keys(NEXT)
    .map(Number)
    .filter((s) => canMove(s, to))
  const [row] = await moveWhere(tx, and(live, inArray(saleOrders.status, from)), to, by)
  if (row) return row
  const [order] = await tx.select({ status: saleOrders.status }).from(saleOrders).where(live)
  return order ? fail(Errors.DataChanged, { status: order.status, to }) : null
}

/** The data permission on one order, as the list applies it (platform/data-scope.ts). */
export const inScope = (principal: Principal, order: Pick<OrderRow, 'orgCode' | 'createBy'>) => {
  if (principal.dataScope === 'all') return true
  if (principal.dataScope === 'department')
    return !!principal.orgCode && (order.orgCode ?? '').startsWith(principal.orgCode)
  return order.createBy === principal.userId
}

/** The order, live (not deleted), locked until the transaction ends; 404 when there is none. */
export const lockOrder = async (tx: DbOrTx, id: string): Promise<OrderRow> => {
  const [row] = await tx
    .select()
    .from(saleOrders)
    .where(and(eq(saleOrders.id, id), eq(saleOrders.delFlag, false)))
    .for('update')
  return row ?? fail(Errors.OrderNotFound)
}

export const readOrder = async (db: DbOrTx, id: string): Promise<OrderRow> => {
  const [row] = await db
    .select()
    .from(saleOrders)
    .where(and(eq(saleOrders.id, id), eq(saleOrders.delFlag, false)))
  return row ?? fail(Errors.OrderNotFound)
}
