import { eq, inArray } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { products, users } from '../../db/schema/index.ts'
import {
  eventRequest,
  type OperationEntry,
  operationInsert,
  type RequestInfo,
  recordOperation,
} from '../../platform/audit-log.ts'
import type { LineRow } from './order.lines.ts'
import type { OrderRow } from './order.status.ts'

/** The resource name orders are logged under (modify history). */
export const ORDER_RESOURCE = 'sale_order'

/** An order as its history keeps it: the header and each line (compare shows them field by field). */
export const orderImage = (order: OrderRow, lines: readonly LineRow[], names: ReadonlyMap<string, string>) => {
  const { delFlag: _d, ...head } = order
  return {
    ...head,
    lines: lines.map((l) => ({
      lineNo: l.lineNo,
      productId: l.productId,
      product: names.get(l.productId) ?? l.productId,
      unit: l.unit,
      quantity: l.quantity,
      price: l.price,
      amount: l.amount,
      deliveredQuantity: l.deliveredQuantity,
    })),
  }
}

/** A product as an order's history names it (its lines' `product`). */
export const historyName = (product: { code: string; name: string }) => `${product.code} ${product.name}`

export const productNames = async (db: DbOrTx, ids: readonly string[]) => {
  if (ids.length === 0) return new Map<string, string>()
  const rows = await db
    .select({ id: products.id, code: products.code, name: products.name })
    .from(products)
    .where(inArray(products.id, [...new Set(ids)]))
  return new Map(rows.map((r) => [r.id, historyName(r)]))
}

/** What makes two versions of an order the same order (an edit that changes none of it is refused). */
export const contentOf = (o: {
  branchId: string
  companyCode: string
  orderDate: string
  expectedDeliveryDate: string
  transportMode: string | null
  containerSize: string | null
  certificateRequired: string
  certificateTypes: readonly string[]
  remark: string | null
  attachmentIds: readonly string[]
  lines: readonly { productId: string; unitId: string; quantity: number }[]
}) =>
  JSON.stringify([
    o.branchId,
    o.companyCode,
    o.orderDate,
    o.expectedDeliveryDate,
    o.transportMode ?? null,
    o.containerSize ?? null,
    o.certificateRequired,
    [...o.certificateTypes].sort(),
    o.remark ?? null,
    [...o.attachmentIds].sort(),
    o.lines.map((l) => [l.productId, l.unitId, Number(l.quantity)]),
  ])

/** An order with its lines, as one side of a history entry. */
export type OrderSide = { order: OrderRow; lines: readonly LineRow[] } | null

/** The names the offer gave priced lines' products (`PricedLine.product`), as the history names them. */
export const offeredNames = (lines: readonly { productId: string; product?: string }[]) =>
  new Map(lines.flatMap((l) => (l.product ? [[l.productId, l.product] as const] : [])))

/** The products of both sides' lines, as the history names them: those `known` does not name are read. */
export const sideNames = async (
  db: DbOrTx,
  before: OrderSide,
  after: OrderSide,
  known: ReadonlyMap<string, string> = new Map(),
) => {
  const unnamed = [...(before?.lines ?? []), ...(after?.lines ?? [])]
    .map((l) => l.productId)
    .filter((id) => !known.has(id))
  return unnamed.length === 0 ? known : new Map([...known, ...(await productNames(db, unnamed))])
}

/** An order's history entry: the order and its lines before and after (`names`: `productNames`). */
export const orderEntry = (
  operation: string,
  order: OrderRow,
  before: OrderSide,
  after: OrderSide,
  names: ReadonlyMap<string, string>,
): OperationEntry => ({
  operation,
  resource: ORDER_RESOURCE,
  objectId: order.id,
  objectLabel: order.orderNo,
  before: before ? orderImage(before.order, before.lines, names) : null,
  after: after ? orderImage(after.order, after.lines, names) : null,
})

/** An order's history entry, not yet written (a writer can make it a part of its own statement). */
export const logInsert = (
  tx: DbOrTx,
  req: RequestInfo,
  operation: string,
  order: OrderRow,
  before: OrderSide,
  after: OrderSide,
  /** the lines' products as `productNames` names them */
  names: ReadonlyMap<string, string>,
) => operationInsert(tx, req, orderEntry(operation, order, before, after, names))

export const log = async (
  tx: DbOrTx,
  req: RequestInfo,
  operation: string,
  order: OrderRow,
  before: OrderSide,
  after: OrderSide,
  /** products named already (`offeredNames`), not read again */
  known?: ReadonlyMap<string, string>,
) => recordOperation(tx, req, orderEntry(operation, order, before, after, await sideNames(tx, before, after, known)))

/** The same entry written by an event handler (a review's end), naming the decider. */
export const logAs = async (
  tx: DbOrTx,
  userId: string,
  operation: string,
  order: OrderRow,
  before: OrderSide,
  after: OrderSide,
) => {
  const [user] = await tx.select({ username: users.username }).from(users).where(eq(users.id, userId))
  await recordOperation(tx, eventRequest(`/${operation.replace(':', '/')}`), {
    ...orderEntry(operation, order, before, after, await sideNames(tx, before, after)),
    user: { id: userId, username: user?.username ?? '' },
  })
}
