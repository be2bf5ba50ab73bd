import { Errors, type Lang, type SaleOrderDetail, type SaleOrderLine, type SaleOrderView } from '@app/contracts'
import { and, eq, sql } from 'drizzle-orm'
import type { SelectedFields } from 'drizzle-orm/pg-core'
import type { DbOrTx } from '../../db/client.ts'
import { reusable } from '../../db/reusable.ts'
import { attachments, products, reviews, saleOrderLines, saleOrders } from '../../db/schema/index.ts'
import { progressColumns, toProgress } from '../../platform/approval/index.ts'
import { fail } from '../../platform/errors.ts'
import { orderDeliveries, toDeliveries } from './delivery.service.ts'
import { isLiveOrder, type OrderOwner, reviewOfOrder } from './order.status.ts'

/** The attachments of orders are kept under this table name. */
export const ORDER_TABLE_DIC = 'saleOrder'

/** An attachment of the detail as the statement reads it (JSON: its time as text). */
type DetailFile = {
  id: string
  name: string
  size: number
  mime: string
  tableDic: string | null
  objectId: string | null
  createAt: string
}

/**
 * The detail in one row: the order with its lines (and their products) and its attachments, each
 * as JSON read lateral to the order. One statement, and the order's forty columns described and
 * parsed once rather than again on a row per line.
 */
const detailOf = (db: DbOrTx) => {
  const lines = db
    .select({
      // a line's numbers are JSON numbers, as the driver's numeric columns in 'number' mode give them
      list: sql<SaleOrderLine[]>`coalesce(json_agg(json_build_object('id', ${saleOrderLines.id},
        'lineNo', ${saleOrderLines.lineNo}, 'productId', ${saleOrderLines.productId},
        'productCode', coalesce(${products.code}, ''), 'productName', coalesce(${products.name}, ''),
        'productNameEn', ${products.nameEn}, 'spec', ${products.spec}, 'specEn', ${products.specEn},
        'unitId', ${saleOrderLines.unitId},
        'unit', ${saleOrderLines.unit}, 'quantity', ${saleOrderLines.quantity}, 'price', ${saleOrderLines.price},
        'amount', ${saleOrderLines.amount}, 'deliveredQuantity', ${saleOrderLines.deliveredQuantity},
        'boxes', ${saleOrderLines.boxes}, 'grossWeightKg', ${saleOrderLines.grossWeightKg},
        'netWeightKg', ${saleOrderLines.netWeightKg}, 'volumeM3', ${saleOrderLines.volumeM3})
        order by ${saleOrderLines.lineNo}), '[]')`.as('line_list'),
    })
    .from(saleOrderLines)
    .leftJoin(products, eq(products.id, saleOrderLines.productId))
    .where(eq(saleOrderLines.orderId, saleOrders.id))
    .as('order_lines')
  const files = db
    .select({
      list: sql<DetailFile[]>`coalesce(json_agg(json_build_object('id', ${attachments.id},
        'name', ${attachments.originalName}, 'size', ${attachments.size}, 'mime', ${attachments.mime},
        'tableDic', ${attachments.tableDic}, 'objectId', ${attachments.objectId},
        'createAt', ${attachments.createAt}) order by ${attachments.createAt}, ${attachments.id}), '[]')`.as(
        'file_list',
      ),
    })
    .from(attachments)
    .where(and(eq(attachments.tableDic, ORDER_TABLE_DIC), eq(attachments.objectId, sql`${saleOrders.id}::text`)))
    .as('order_files')
  const columns = { order: saleOrders, lines: lines.list, files: files.list }
  return {
    /** The detail's columns with `more`, from the order with its lines and attachments joined. */
    select: <T extends SelectedFields>(more: T) =>
      db
        .select({ ...columns, ...more })
        .from(saleOrders)
        .leftJoinLateral(lines, sql`true`)
        .leftJoinLateral(files, sql`true`),
  }
}

/** The detail of the live order of the placeholder `id`. */
const detailStatement = reusable('sale_order_detail', (db) => detailOf(db).select({}).where(isLiveOrder()))

/**
 * The view of the live order of the placeholder `id`: its detail, its review's progress (the
 * review left-joined, the engine's `progressColumns`) and its deliveries, in one row. The order's
 * modal opened these as three calls and statements.
 */
const viewStatement = reusable('sale_order_view', (db) =>
  detailOf(db)
    .select({ ...progressColumns, deliveries: orderDeliveries })
    .leftJoin(reviews, reviewOfOrder())
    .where(isLiveOrder()),
)

/** A detail row as the API answers it, with whose the order is. */
const toDetail = (row: { order: typeof saleOrders.$inferSelect; lines: SaleOrderLine[]; files: DetailFile[] }) => {
  const { delFlag: _d, orgCode: _o, updateBy: _u, ...head } = row.order
  // the attachment's time came as JSON text: a Date, as the driver gives the other times
  const files = row.files.map((f) => ({ ...f, createAt: new Date(f.createAt) }))
  return { owner: row.order, detail: { ...head, lines: row.lines, attachments: files } }
}

/**
 * GET /sale/order/queryById: the order with its lines and attachments (one statement), and whose
 * it is for the caller's read check, which the route makes before answering. 404 when there is
 * no live order.
 */
export const readOrderDetail = async (
  db: DbOrTx,
  id: string,
): Promise<{ owner: OrderOwner; detail: SaleOrderDetail }> => {
  const [row] = await detailStatement(db, { id })
  return toDetail(row ?? fail(Errors.OrderNotFound))
}

/**
 * GET /sale/order/view: the order as its modal opens it (its detail, its review's progress, its
 * deliveries) in one statement, with whose it is for the caller's read check, which the route
 * makes before answering. 404 when there is no live order.
 */
export const readOrderView = async (
  db: DbOrTx,
  id: string,
  lang: Lang,
): Promise<{ owner: OrderOwner; view: SaleOrderView }> => {
  const [row] = await viewStatement(db, { id })
  if (!row) fail(Errors.OrderNotFound)
  const { owner, detail } = toDetail(row)
  return { owner, view: { order: detail, progress: toProgress(row, lang), deliveries: toDeliveries(row.deliveries) } }
}
