import type { ErpMessageKind } from '@app/contracts'
import { eq, ne, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { reusable } from '../../db/reusable.ts'
import {
  branches,
  depots,
  erpOutbox,
  products,
  saleDeliveries,
  saleDeliveryLines,
  saleOrderLines,
  saleOrders,
} from '../../db/schema/index.ts'

/**
 * Our documents in U8's words (ERP-U8.md): every field name the ERP sees is in this file. The
 * customer is the branch (its code), the inventory the product's U8 code (else its own code),
 * the account set the order's company. Our idempotency key travels in the header (`define1`) so
 * that a duplicate can be found on the ERP side too.
 */
export type U8Call = { path: string; body: Record<string, unknown> }

export const ERP_PATHS: Record<ErpMessageKind, string> = {
  'saleorder.add': '/api/saleorder/add',
  'saleorder.edit': '/api/saleorder/edit',
  'saleorder.delete': '/api/saleorder/delete',
  'consignment.add': '/api/consignment/add',
}

const SALE_TYPE = '01'
const OPERATION_TYPE = '普通销售'

/** What a document takes of its order (joined with its branch, the U8 customer). */
const orderColumns = {
  id: saleOrders.id,
  orderNo: saleOrders.orderNo,
  orderDate: saleOrders.orderDate,
  expectedDeliveryDate: saleOrders.expectedDeliveryDate,
  companyCode: saleOrders.companyCode,
  remark: saleOrders.remark,
  totalAmount: saleOrders.totalAmount,
  currency: saleOrders.currency,
  version: saleOrders.version,
  custcode: branches.code,
}

/** An order line as the sales order document reads it. */
type OrderedLine = {
  lineNo: number
  quantity: number
  unit: string
  price: number
  amount: number
  inventory: string | null
  code: string
}

/** A message of the order itself (add, edit, delete), not of one of its deliveries. */
export const isOrderMessage = ne(erpOutbox.kind, 'consignment.add')

/**
 * An order as its documents take it, with its lines and whether the ERP has had the order itself
 * (a message other than a delivery's): one read, built once (every final approval queues one).
 */
const orderForErp = reusable('erp_order_document', (db) =>
  db
    .select({
      order: orderColumns,
      lines: sql<OrderedLine[]>`(
        select coalesce(json_agg(json_build_object('lineNo', ${saleOrderLines.lineNo}, 'quantity', ${saleOrderLines.quantity},
          'unit', ${saleOrderLines.unit}, 'price', ${saleOrderLines.price}, 'amount', ${saleOrderLines.amount},
          'inventory', ${products.u8Code}, 'code', ${products.code}) order by ${saleOrderLines.lineNo}), '[]')
        from ${saleOrderLines}
        inner join ${products} on ${products.id} = ${saleOrderLines.productId}
        where ${saleOrderLines.orderId} = ${saleOrders.id})`,
      sent: sql<boolean>`exists (select 1 from ${erpOutbox} where ${erpOutbox.orderId} = ${saleOrders.id} and ${isOrderMessage})`,
    })
    .from(saleOrders)
    .innerJoin(branches, eq(branches.id, saleOrders.branchId))
    .where(eq(saleOrders.id, sql.placeholder('orderId'))),
)

/** The order for its documents (none when it is gone). */
export const readOrderForErp = async (db: DbOrTx, orderId: string) => (await orderForErp(db, { orderId }))[0]

export type OrderForErp = NonNullable<Awaited<ReturnType<typeof readOrderForErp>>>

/** A sales order as U8 takes it (add, edit), or its code alone (delete). */
export const saleOrderDocument = (
  { order, lines }: Pick<OrderForErp, 'order' | 'lines'>,
  kind: ErpMessageKind,
  key: string,
) => {
  if (kind === 'saleorder.delete') return { saleorder: { code: order.orderNo, custcode: order.custcode, define1: key } }
  return {
    saleorder: {
      code: order.orderNo,
      date: order.orderDate,
      typecode: SALE_TYPE,
      custcode: order.custcode,
      dpredatebt: order.expectedDeliveryDate,
      remark: order.remark ?? '',
      sum: order.totalAmount,
      currency: order.currency,
      define1: key,
      entry: lines.map((l) => ({
        rowno: l.lineNo,
        inventorycode: l.inventory ?? l.code,
        quantity: l.quantity,
        unit: l.unit,
        quotedprice: l.price,
        unitprice: l.price,
        taxunitprice: l.price,
        money: l.amount,
        sum: l.amount,
        dpredate: order.expectedDeliveryDate,
      })),
    },
  }
}

/** A delivery line as the consignment reads it (quantity in the stock unit, as the batches). */
type DeliveredLine = {
  quantity: number
  batches: { batchNo: string; quantity: number; expiryDate: string | null }[] | null
  inventory: string | null
  code: string
}

/** A delivery with its order and lines in one read, built once: a delivery queues it inside its hold on the depot's stock. */
const deliveryForErp = reusable('erp_consignment_document', (db) =>
  db
    .select({
      deliveryNo: saleDeliveries.deliveryNo,
      shipDate: saleDeliveries.shipDate,
      warehouse: depots.code,
      order: orderColumns,
      lines: sql<DeliveredLine[]>`(
        select coalesce(json_agg(json_build_object('quantity', ${saleDeliveryLines.quantity}, 'batches', ${saleDeliveryLines.batches},
          'inventory', ${products.u8Code}, 'code', ${products.code}) order by ${saleOrderLines.lineNo}), '[]')
        from ${saleDeliveryLines}
        inner join ${products} on ${products.id} = ${saleDeliveryLines.productId}
        inner join ${saleOrderLines} on ${saleOrderLines.id} = ${saleDeliveryLines.orderLineId}
        where ${saleDeliveryLines.deliveryId} = ${saleDeliveries.id})`,
    })
    .from(saleDeliveries)
    .innerJoin(depots, eq(depots.id, saleDeliveries.depotId))
    .innerJoin(saleOrders, eq(saleOrders.id, saleDeliveries.orderId))
    .innerJoin(branches, eq(branches.id, saleOrders.branchId))
    .where(eq(saleDeliveries.id, sql.placeholder('deliveryId'))),
)

/** A delivery as a U8 consignment: per order line, the batches it took from the warehouse. */
export const consignmentDocument = async (db: DbOrTx, deliveryId: string, key: string) => {
  const [delivery] = await deliveryForErp(db, { deliveryId })
  if (!delivery) throw new Error(`erp: delivery ${deliveryId} not found`)
  const { order, lines } = delivery
  let rowno = 0
  const entry = lines.flatMap((l) => {
    const batches = l.batches ?? []
    // one row per batch taken (base units), else one for the line
    const parts = batches.length > 0 ? batches : [{ batchNo: '', quantity: l.quantity, expiryDate: null }]
    return parts.map((b) => ({
      rowno: ++rowno,
      inventory_code: l.inventory ?? l.code,
      warehouse_code: delivery.warehouse,
      quantity: b.quantity,
      batch: b.batchNo,
      invalid_date: b.expiryDate,
      socode: order.orderNo,
    }))
  })
  return {
    order,
    body: {
      consignment: {
        code: delivery.deliveryNo,
        date: delivery.shipDate,
        operation_type: OPERATION_TYPE,
        saletype: SALE_TYPE,
        custcode: order.custcode,
        define1: key,
        entry,
      },
    },
  }
}
