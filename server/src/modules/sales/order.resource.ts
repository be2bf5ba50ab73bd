import { AuditBusiness, type Lang, localName, SaleOrderSchema, saleOrderResource } from '@app/contracts'
import { asc, eq, sql } from 'drizzle-orm'
import { z } from 'zod'
import { products, saleOrderLines, saleOrders } from '../../db/schema/index.ts'
import type { CrudResource } from '../../platform/crud/resource.ts'
import { dictText } from '../../platform/excel/dicts.ts'
import type { OrderReview } from './order.review.ts'
import { reviewedBy } from './review-visibility.ts'

const LINE_COLUMNS = {
  orderNo: { zh: '订单号', en: 'Order number' },
  lineNo: { zh: '行号', en: 'Line' },
  productCode: { zh: '产品编码', en: 'Product code' },
  productName: { zh: '产品名称', en: 'Product' },
  unit: { zh: '单位', en: 'Unit' },
  quantity: { zh: '数量', en: 'Quantity' },
  price: { zh: '单价', en: 'Price' },
  amount: { zh: '金额', en: 'Amount' },
  deliveredQuantity: { zh: '已发货数量', en: 'Delivered' },
  boxes: { zh: '箱数', en: 'Boxes' },
  grossWeightKg: { zh: '毛重(kg)', en: 'Gross weight (kg)' },
  netWeightKg: { zh: '净重(kg)', en: 'Net weight (kg)' },
  volumeM3: { zh: '体积(m³)', en: 'Volume (m³)' },
} as const satisfies Record<string, Record<Lang, string>>

/** The export's second sheet: the exported orders' lines, order by order. */
const exportLines: NonNullable<CrudResource['exportDetail']> = {
  sheet: (lang) => (lang === 'en' ? 'Order lines' : '订单明细'),
  columns: (lang) => Object.entries(LINE_COLUMNS).map(([key, title]) => ({ key, header: title[lang] })),
  dicts: ['product_unit'],
  async rows(db, ids, lang, units) {
    if (ids.length === 0) return []
    // the parents in the sheet's order, each one's lines read by the line table's order index: the
    // rows come in the sheet's order (with \`order_id IN (...)\` PostgreSQL scans a bitmap of them
    // all in parallel workers, and the rows would then be sorted here)
    const parents = sql`unnest(ARRAY[${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )}]::uuid[]) WITH ORDINALITY AS parent(id, n)`
    // only the columns the sheet shows: a batch's rows live while it is written
    const rows = await db
      .select({
        orderNo: saleOrders.orderNo,
        lineNo: saleOrderLines.lineNo,
        code: products.code,
        name: products.name,
        nameEn: products.nameEn,
        unit: saleOrderLines.unit,
        quantity: saleOrderLines.quantity,
        price: saleOrderLines.price,
        amount: saleOrderLines.amount,
        deliveredQuantity: saleOrderLines.deliveredQuantity,
        boxes: saleOrderLines.boxes,
        grossWeightKg: saleOrderLines.grossWeightKg,
        netWeightKg: saleOrderLines.netWeightKg,
        volumeM3: saleOrderLines.volumeM3,
      })
      .from(parents)
      .innerJoin(saleOrderLines, sql`${saleOrderLines.orderId} = parent.id`)
      .innerJoin(saleOrders, eq(saleOrders.id, saleOrderLines.orderId))
      .innerJoin(products, eq(products.id, saleOrderLines.productId))
      .orderBy(sql`parent.n`, asc(saleOrderLines.lineNo))
    return rows.map((l) => ({
      orderNo: l.orderNo,
      lineNo: l.lineNo,
      productCode: l.code,
      productName: localName(l, lang),
      unit: dictText(units, 'product_unit', l.unit, lang),
      quantity: l.quantity,
      price: l.price,
      amount: l.amount,
      deliveredQuantity: l.deliveredQuantity,
      boxes: l.boxes,
      grossWeightKg: l.grossWeightKg,
      netWeightKg: l.netWeightKg,
      volumeM3: l.volumeM3,
    }))
  },
}

/**
 * The order list, its export (orders, and their lines on a second sheet) and each order's modify
 * history on the generic mechanism; writes have routes of their own (order.routes.ts). Scoped by
 * the branch's department and the person who placed it; reviewers of an order may read it by id
 * beyond that scope.
 */
export const orderCrud = (review: OrderReview): CrudResource => ({
  meta: saleOrderResource,
  table: saleOrders,
  record: SaleOrderSchema,
  input: z.object({}),
  verbs: ['history', 'export'],
  ownReadById: true,
  scope: { org: saleOrders.orgCode, owner: saleOrders.createBy },
  softDelete: saleOrders.delFlag,
  alsoVisibleTo: reviewedBy(AuditBusiness.SaleOrder, saleOrders.id),
  // asked in a sub-flow request, or reviewing its deletion: the order by id only
  readableBeyondScope: (db, principal, id) => review.readableByReviewer(db, principal, id),
  exportDetail: exportLines,
})
