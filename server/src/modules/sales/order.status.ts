import { AuditBusiness, canMove, Errors, statusesMovingTo } from '@app/contracts'
import { and, eq, inArray, type Placeholder, type SQL, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { reusable, reusableEach } from '../../db/reusable.ts'
import { reviews, saleOrders } from '../../db/schema/index.ts'
import { lockedReviewOf, type ReviewRow } from '../../platform/approval/index.ts'
import type { Principal } from '../../platform/auth/principal.ts'
import { fail } from '../../platform/errors.ts'

export type OrderRow = typeof saleOrders.$inferSelect

/** The status update both moves write: the order stands where `where` says, or no row answers. */
const moveWhere = (
  tx: DbOrTx,
  where: SQL | undefined,
  to: number | Placeholder,
  by: string | null | Placeholder,
  patch: Partial<typeof saleOrders.$inferInsert> = {},
  at: Date | Placeholder = new Date(),
) =>
  tx
    .update(saleOrders)
    .set({
      ...patch,
      status: to as number,
      version: sql`${saleOrders.version} + 1`,
      updateAt: at as Date,
      updateBy: by as string,
    })
    .where(where)
    .returning()

/** A move of the status alone, the most frequent write of an order (a review's step, a delivery). */
const moveStatus = reusable('sale_order_move', (db) =>
  moveWhere(
    db,
    and(eq(saleOrders.id, sql.placeholder('id')), eq(saleOrders.status, sql.placeholder('from'))),
    sql.placeholder('to'),
    sql.placeholder('by'),
    {},
    sql.placeholder('at'),
  ),
)

/**
 * The one writer of an order's status (SPEC 4's transitions are the order model's, in contracts):
 * moves an order to a status, in the caller's transaction, with any other columns that change
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
  const [row] =
    Object.keys(patch).length === 0
      ? await moveStatus(tx, { id: order.id, from: order.status, to, by, at: new Date() })
      : await moveWhere(tx, and(eq(saleOrders.id, order.id), eq(saleOrders.status, order.status)), to, by, patch)
  if (!row) fail(Errors.DataChanged, { status: order.status, to })
  return row
}

/**
 * Deletes an order as it stands (its row stays, so its number and history remain): an undecided
 * or rejected order deleted by its owner, an approved one cancelled by its deletion request.
 * Refuses (409) when someone moved it meanwhile.
 */
export const deleteOrder = async (tx: DbOrTx, order: Pick<OrderRow, 'id' | 'status'>, by: string | null) => {
  const [row] = await moveWhere(
    tx,
    and(eq(saleOrders.id, order.id), eq(saleOrders.status, order.status), eq(saleOrders.delFlag, false)),
    order.status,
    by,
    { delFlag: true },
  )
  return row ?? fail(Errors.DataChanged, { status: order.status })
}

/** The move to each status from wherever it stands, built once per status. */
const moveLive = reusableEach('sale_order_move_live', (db, to: number) =>
  moveWhere(
    db,
    and(
      eq(saleOrders.id, sql.placeholder('id')),
      eq(saleOrders.delFlag, false),
      inArray(saleOrders.status, [...statusesMovingTo(to)]),
    ),
    to,
    sql.placeholder('by'),
    {},
    sql.placeholder('at'),
  ),
)

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
  const [row] = await moveLive(to)(tx, { id, by, at: new Date() })
  if (row) return row
  const live = and(eq(saleOrders.id, id), eq(saleOrders.delFlag, false))
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

/** The order's review on the `sale_order` flow, joined to the order of the outer row. */
export const reviewOfOrder = () =>
  and(eq(reviews.business, AuditBusiness.SaleOrder), eq(reviews.objectId, sql`${saleOrders.id}::text`))

/** The order of the placeholder `id`, live (not deleted). */
export const isLiveOrder = () => and(eq(saleOrders.id, sql.placeholder('id')), eq(saleOrders.delFlag, false))

/** The order, live (not deleted), locked until the transaction ends; 404 when there is none. */
const liveOrder = (db: DbOrTx) => db.select().from(saleOrders).where(isLiveOrder())
const lockStatement = reusable('sale_order_lock', (db) => liveOrder(db).for('update'))
const readStatement = reusable('sale_order_read', liveOrder)

export const lockOrder = async (tx: DbOrTx, id: string): Promise<OrderRow> => {
  const [row] = await lockStatement(tx, { id })
  return row ?? fail(Errors.OrderNotFound)
}

const lockWithReviewStatement = reusable('sale_order_lock_review', (db) => {
  const review = lockedReviewOf(db, AuditBusiness.SaleOrder, sql.placeholder('id'))
  return db
    .with(review)
    .select()
    .from(saleOrders)
    .leftJoin(review, sql`true`)
    .where(isLiveOrder())
    .for('update', { of: saleOrders })
})

/**
 * The order and its review (null before its first submission), both locked until the transaction
 * ends, in one statement and in the order every writer of an order under review takes them: the
 * review, then the order. 404 when there is no live order.
 */
export const lockOrderAndReview = async (
  tx: DbOrTx,
  id: string,
): Promise<{ order: OrderRow; review: ReviewRow | null }> => {
  const [row] = await lockWithReviewStatement(tx, { id })
  return row ? { order: row.sale_order, review: row.locked_review } : fail(Errors.OrderNotFound)
}

export const readOrder = async (db: DbOrTx, id: string): Promise<OrderRow> => {
  const [row] = await readStatement(db, { id })
  return row ?? fail(Errors.OrderNotFound)
}

/** What the read check needs of an order: whose it is (`inScope`). */
export type OrderOwner = Pick<OrderRow, 'id' | 'orgCode' | 'createBy'>

/** The columns of `OrderOwner`, for a select that reads them with something else. */
export const ownerColumns = { id: saleOrders.id, orgCode: saleOrders.orgCode, createBy: saleOrders.createBy }

const ownerStatement = reusable('sale_order_owner', (db) =>
  db.select(ownerColumns).from(saleOrders).where(isLiveOrder()),
)

/**
 * Whose the live order is, for a read that needs no more of it (its progress, its deliveries):
 * three columns instead of the order's forty, which the driver describes and parses on every
 * call. 404 when there is none.
 */
export const readOrderOwner = async (db: DbOrTx, id: string): Promise<OrderOwner> => {
  const [row] = await ownerStatement(db, { id })
  return row ?? fail(Errors.OrderNotFound)
}
