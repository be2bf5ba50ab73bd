import { Errors, type SaleOrderDetail } from '@app/contracts'
import { and, asc, eq, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { reusable } from '../../db/reusable.ts'
import { attachments, products, saleOrderLines, saleOrders } from '../../db/schema/index.ts'
import { fail } from '../../platform/errors.ts'
import { isLiveOrder, type OrderOwner } from './order.status.ts'

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
 * The detail in one read: the live order of the placeholder `id` with its attachments as JSON
 * (read once, lateral to the order), then its lines with their products, a row per line in line
 * order (an order without lines: one row, no line). Three statements before (the order, its
 * lines, its files).
 */
const detailStatement = reusable('sale_order_detail', (db) => {
  const files = db
    .select({
      list: sql<DetailFile[]>`coalesce(json_agg(json_build_object('id', ${attachments.id},
        'name', ${attachments.originalName}, 'size', ${attachments.size}, 'mime', ${attachments.mime},
        'tableDic', ${attachments.tableDic}, 'objectId', ${attachments.objectId},
        'createAt', ${attachments.createAt}) order by ${attachments.createAt}, ${attachments.id}), '[]')`.as('list'),
    })
    .from(attachments)
    .where(and(eq(attachments.tableDic, ORDER_TABLE_DIC), eq(attachments.objectId, sql`${saleOrders.id}::text`)))
    .as('order_files')
  return db
    .select({
      order: saleOrders,
      files: files.list,
      line: saleOrderLines,
      code: products.code,
      name: products.name,
      nameEn: products.nameEn,
      spec: products.spec,
    })
    .from(saleOrders)
    .leftJoinLateral(files, sql`true`)
    .leftJoin(saleOrderLines, eq(saleOrderLines.orderId, saleOrders.id))
    .leftJoin(products, eq(products.id, saleOrderLines.productId))
    .where(isLiveOrder())
    .orderBy(asc(saleOrderLines.lineNo))
})

/**
 * GET /sale/order/queryById: the order with its lines and attachments (one statement), and whose
 * it is for the caller's read check, which the route makes before answering. 404 when there is
 * no live order.
 */
export const readOrderDetail = async (
  db: DbOrTx,
  id: string,
): Promise<{ owner: OrderOwner; detail: SaleOrderDetail }> => {
  const rows = await detailStatement(db, { id })
  const first = rows[0] ?? fail(Errors.OrderNotFound)
  const { delFlag: _d, orgCode: _o, updateBy: _u, ...head } = first.order
  const lines = rows.flatMap(({ line, code, name, nameEn, spec }) =>
    line
      ? [
          {
            ...line,
            productCode: code ?? '',
            productName: name ?? '',
            productNameEn: nameEn ?? null,
            spec: spec ?? null,
          },
        ]
      : [],
  )
  // the attachment's time came as JSON text: a Date, as the driver gives the other times
  const files = (first.files ?? []).map((f) => ({ ...f, createAt: new Date(f.createAt) }))
  return { owner: first.order, detail: { ...head, lines, attachments: files } }
}
