import {
  type ApplyModifyDetail,
  AuditBusiness,
  adjustedQuantity,
  Errors,
  lineAmount,
  ModifyType,
  q,
} from '@app/contracts'
import { and, eq, type SQL, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { reusable } from '../../db/reusable.ts'
import {
  products,
  productUnits,
  saleApplyModifies,
  saleApplyModifyLines,
  saleOrderLines,
  saleOrders,
} from '../../db/schema/index.ts'
import { fail } from '../../platform/errors.ts'
import { named, placeholders } from '../../platform/list-query.ts'
import { type LineRow, orderTotals, reweigh } from './order.lines.ts'
import { type Reviewer, reviewedBy } from './review-visibility.ts'

/**
 * An adjustment request against its order: the order's lines after its changes, and the request
 * read with what its detail shows (one statement) and diffed against the order as it stands.
 */

export type RequestLine = typeof saleApplyModifyLines.$inferSelect

/**
 * The order's lines after a request's changes: appended lines priced as asked, added and reduced
 * ones re-weighed; a reduce below what has shipped is refused (SPEC 5).
 */
export const applied = async <
  L extends Pick<LineRow, 'id' | 'productId' | 'unitId' | 'quantity' | 'deliveredQuantity' | 'price'>,
>(
  tx: DbOrTx,
  lines: readonly L[],
  changes: readonly Pick<RequestLine, 'type' | 'orderLineId' | 'productId' | 'unitId' | 'quantity' | 'price'>[],
) => {
  const next = lines.map((l) => ({ ...l }))
  const appended = []
  for (const c of changes) {
    if (c.type === ModifyType.Append) {
      appended.push({ productId: c.productId, unitId: c.unitId, quantity: c.quantity, price: c.price })
      continue
    }
    const line = next.find((l) => l.id === c.orderLineId) ?? fail(Errors.DataChanged, { orderLineId: c.orderLineId })
    const quantity = adjustedQuantity(c.type as typeof ModifyType.Add | typeof ModifyType.Reduce, line, c.quantity)
    if (typeof quantity !== 'number') fail(quantity, { orderLineId: line.id })
    line.quantity = quantity
  }
  const kept = next.filter((l) => l.quantity > 0)
  return reweigh(tx, [...kept, ...appended])
}

export type Diff = Pick<ApplyModifyDetail, 'lines' | 'totals' | 'currency'>

/** An order line as the diff reads it (JSON: its numbers as numbers). */
type DiffLine = Pick<
  LineRow,
  'id' | 'productId' | 'unitId' | 'unit' | 'quantity' | 'deliveredQuantity' | 'price' | 'amount'
>

/** A request's change as the diff reads it, with its product's names and its unit's. */
type DiffChange = Pick<RequestLine, 'type' | 'orderLineId' | 'productId' | 'unitId' | 'quantity' | 'price'> & {
  name: string
  nameEn: string | null
  unitName: string
}

/** Whether the caller takes part in a request's review: a step held by their role in their department, or decided by them. */
const reviewing = reviewedBy(AuditBusiness.OrderAdjust, saleApplyModifies.id)

/**
 * The request of the placeholder `id` in one row: with its order's owner, totals and lines, its
 * changes (their products named), and whether the caller (`reviewing`'s placeholders) takes part
 * in its review. Read one at a time, these were six statements, each waiting for a pool connection.
 */
const requestStatement = (taking: SQL) =>
  reusable('sale_apply_modify_read', (db) => {
    const lines = db
      .select({
        list: sql<DiffLine[]>`coalesce(json_agg(json_build_object('id', ${saleOrderLines.id},
          'productId', ${saleOrderLines.productId}, 'unitId', ${saleOrderLines.unitId}, 'unit', ${saleOrderLines.unit},
          'quantity', ${saleOrderLines.quantity}, 'deliveredQuantity', ${saleOrderLines.deliveredQuantity},
          'price', ${saleOrderLines.price}, 'amount', ${saleOrderLines.amount}) order by ${saleOrderLines.lineNo}), '[]')`.as(
          'line_list',
        ),
      })
      .from(saleOrderLines)
      .where(eq(saleOrderLines.orderId, saleOrders.id))
      .as('order_lines')
    const changes = db
      .select({
        list: sql<DiffChange[]>`coalesce(json_agg(json_build_object('type', ${saleApplyModifyLines.type},
          'orderLineId', ${saleApplyModifyLines.orderLineId}, 'productId', ${saleApplyModifyLines.productId},
          'unitId', ${saleApplyModifyLines.unitId}, 'quantity', ${saleApplyModifyLines.quantity},
          'price', ${saleApplyModifyLines.price}, 'name', ${products.name}, 'nameEn', ${products.nameEn},
          'unitName', ${productUnits.unit}) order by ${saleApplyModifyLines.id}), '[]')`.as('change_list'),
      })
      .from(saleApplyModifyLines)
      .innerJoin(products, eq(products.id, saleApplyModifyLines.productId))
      .innerJoin(productUnits, eq(productUnits.id, saleApplyModifyLines.unitId))
      .where(eq(saleApplyModifyLines.applyId, saleApplyModifies.id))
      .as('request_lines')
    return db
      .select({
        request: saleApplyModifies,
        order: {
          id: saleOrders.id,
          orgCode: saleOrders.orgCode,
          createBy: saleOrders.createBy,
          totalAmount: saleOrders.totalAmount,
          totalBoxes: saleOrders.totalBoxes,
          currency: saleOrders.currency,
        },
        reviewing: sql<boolean>`${taking}`,
        lines: lines.list,
        changes: changes.list,
      })
      .from(saleApplyModifies)
      .leftJoin(saleOrders, and(eq(saleOrders.id, saleApplyModifies.orderId), eq(saleOrders.delFlag, false)))
      .leftJoinLateral(lines, sql`true`)
      .leftJoinLateral(changes, sql`true`)
      .where(eq(saleApplyModifies.id, sql.placeholder('id')))
  })
let readRequestStatement: ReturnType<typeof requestStatement> | undefined

/** No one: a reader who takes part in no review (the decision's own reading of its request). */
export const NO_READER = { roleCodes: [], deptCodes: [], userId: null }

/**
 * The request `id` as `requestStatement` reads it for `reader`; 404 when there is none, or its
 * order is gone.
 */
export const readRequest = async (db: DbOrTx, reader: Reviewer, id: string) => {
  const taking = reviewing(reader)
  readRequestStatement ??= requestStatement(taking.write(placeholders()) ?? sql`false`)
  const [row] = await readRequestStatement(db, { id, ...named(taking.values) })
  if (!row) fail(Errors.NotFound)
  return { ...row, order: row.order ?? fail(Errors.OrderNotFound) }
}
export type RequestRead = Awaited<ReturnType<typeof readRequest>>

/** A request's changes against its order as it stands: per line before and after, and the totals. */
export const diffOf = async (db: DbOrTx, { order, lines, changes }: RequestRead): Promise<Diff> => {
  const after = await applied(db, lines, changes).catch(() => null)
  const totalsAfter = after ? orderTotals(after) : null
  return {
    lines: changes.map((c) => {
      const line = lines.find((l) => l.id === c.orderLineId)
      const afterQty =
        c.type === ModifyType.Append
          ? c.quantity
          : c.type === ModifyType.Add
            ? q((line?.quantity ?? 0) + c.quantity)
            : q((line?.quantity ?? 0) - c.quantity)
      return {
        type: c.type as ModifyType,
        orderLineId: c.orderLineId,
        productId: c.productId,
        productName: c.name,
        productNameEn: c.nameEn,
        unit: line?.unit ?? c.unitName,
        quantity: c.quantity,
        price: c.price,
        before: c.type === ModifyType.Append || !line ? null : { quantity: line.quantity, amount: line.amount },
        after: { quantity: afterQty, amount: lineAmount(c.price, afterQty) },
      }
    }),
    totals: {
      before: { amount: order.totalAmount, boxes: order.totalBoxes },
      after: totalsAfter
        ? { amount: totalsAfter.totalAmount, boxes: totalsAfter.totalBoxes }
        : { amount: order.totalAmount, boxes: order.totalBoxes },
    },
    currency: order.currency,
  }
}
