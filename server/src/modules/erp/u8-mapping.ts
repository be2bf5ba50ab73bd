import type { ErpMessageKind } from '@app/contracts'
import { q } from '@app/contracts'
import { eq, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { reusable } from '../../db/reusable.ts'
import {
  branches,
  countries,
  departments,
  depots,
  outbox,
  products,
  productUnits,
  saleDeliveries,
  saleDeliveryLines,
  saleOrderLines,
  saleOrders,
  users,
} from '../../db/schema/index.ts'
import { erpMessagesOf, isOrderMessage } from './messages.ts'

/**
 * Our documents in U8's words (ERP-U8.md): every field name the ERP sees is in this file. The
 * customer is the branch (its code), the department the branch's department (its org code),
 * the salesperson whoever placed the order (their user name), the delivery address the branch's
 * (its country and name), the inventory the product's U8 code (else its own code), the account
 * set the order's company. Quantities go in the product's base unit, the unit stock is kept in,
 * for the order and its deliveries alike; prices per base unit. Our idempotency key travels in
 * the header (`define1`) so that a duplicate can be found on the ERP side too.
 */
export type U8Call = { path: string; body: Record<string, unknown> }

export const ERP_PATHS: Record<ErpMessageKind, string> = {
  'saleorder.add': '/api/saleorder/add',
  'saleorder.edit': '/api/saleorder/edit',
  'saleorder.delete': '/api/saleorder/delete',
  'consignment.add': '/api/consignment/add',
}

const SALE_TYPE = '01'
const BUSINESS_TYPE = '普通销售'

/** What a document takes of its order, with its branch (the U8 customer), department and placer. */
const orderColumns = {
  id: saleOrders.id,
  orderNo: saleOrders.orderNo,
  orderDate: saleOrders.orderDate,
  expectedDeliveryDate: saleOrders.expectedDeliveryDate,
  companyCode: saleOrders.companyCode,
  remark: saleOrders.remark,
  totalAmount: saleOrders.totalAmount,
  version: saleOrders.version,
  custcode: branches.code,
  customer: branches.name,
  deptcode: departments.orgCode,
  deptName: departments.departName,
  personcode: users.username,
  personName: users.realname,
  sendaddress: sql<string>`concat_ws(' ', ${countries.name}, ${branches.name})`,
}

/** An order line as the sales order document reads it: in its own unit, with how many base units one holds. */
type OrderedLine = {
  lineNo: number
  quantity: number
  unit: string
  rate: number
  baseUnit: string
  price: number
  amount: number
  taxRate: number
  inventory: string | null
  code: string
  name: string
}

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
          'unit', ${saleOrderLines.unit}, 'rate', ${productUnits.conversionRate}, 'baseUnit', ${products.unit},
          'price', ${saleOrderLines.price}, 'amount', ${saleOrderLines.amount}, 'taxRate', ${products.taxRate},
          'inventory', ${products.u8Code}, 'code', ${products.code}, 'name', ${products.name}) order by ${saleOrderLines.lineNo}), '[]')
        from ${saleOrderLines}
        inner join ${products} on ${products.id} = ${saleOrderLines.productId}
        inner join ${productUnits} on ${productUnits.id} = ${saleOrderLines.unitId}
        where ${saleOrderLines.orderId} = ${saleOrders.id})`,
      sent: sql<boolean>`exists (select 1 from ${outbox} where ${erpMessagesOf(saleOrders.id)} and ${isOrderMessage})`,
    })
    .from(saleOrders)
    .innerJoin(branches, eq(branches.id, saleOrders.branchId))
    .leftJoin(departments, eq(departments.id, branches.departId))
    .leftJoin(countries, eq(countries.id, branches.countryId))
    .leftJoin(users, eq(users.id, saleOrders.createBy))
    .where(eq(saleOrders.id, sql.placeholder('orderId'))),
)

/** The order for its documents (none when it is gone). */
export const readOrderForErp = async (db: DbOrTx, orderId: string) => (await orderForErp(db, { orderId }))[0]

export type OrderForErp = NonNullable<Awaited<ReturnType<typeof readOrderForErp>>>

const cents = (n: number) => Math.round(n * 100) / 100
const perUnit = (n: number) => Math.round(n * 1e6) / 1e6

/**
 * A line's quantity, prices and amounts as U8 takes them, in the base unit: `sum` is what the
 * branch pays for the line (our amount, tax included), `money` the same without tax, `tax` the
 * difference; the prices are those per base unit (`taxunitprice` with tax, `unitprice` without),
 * so quantity x price gives the amount to the cent. A line at no charge is a gift (`bgift` 1).
 */
export const taxedLine = (l: Pick<OrderedLine, 'quantity' | 'rate' | 'amount' | 'taxRate' | 'baseUnit'>) => {
  const quantity = q(l.quantity * l.rate)
  const sum = cents(l.amount)
  const money = cents(sum / (1 + l.taxRate / 100))
  return {
    quantity,
    unitcode: l.baseUnit,
    bgift: sum === 0 ? 1 : 0,
    taxrate: l.taxRate,
    quotedprice: quantity ? perUnit(sum / quantity) : 0,
    taxunitprice: quantity ? perUnit(sum / quantity) : 0,
    unitprice: quantity ? perUnit(money / quantity) : 0,
    money,
    tax: cents(sum - money),
    sum,
  }
}

/** A sales order as U8 takes it (add, edit), or its code alone (delete). */
export const saleOrderDocument = (
  { order, lines }: Pick<OrderForErp, 'order' | 'lines'>,
  kind: ErpMessageKind,
  key: string,
) => {
  if (kind === 'saleorder.delete') return { saleorder: { code: order.orderNo, custcode: order.custcode, define1: key } }
  const entry = lines.map((l) => ({
    rowno: l.lineNo,
    inventorycode: l.inventory ?? l.code,
    ...taxedLine(l),
    dpredate: order.expectedDeliveryDate,
  }))
  return {
    saleorder: {
      code: order.orderNo,
      date: order.orderDate,
      businesstype: BUSINESS_TYPE,
      typecode: SALE_TYPE,
      custcode: order.custcode,
      deptcode: order.deptcode ?? '',
      personcode: order.personcode ?? '',
      sendaddress: order.sendaddress,
      dpredatebt: order.expectedDeliveryDate,
      memo: order.remark ?? '',
      sum: cents(entry.reduce((s, e) => s + e.sum, 0)),
      define1: key,
      entry,
    },
  }
}

/** A delivery line as the consignment reads it: shipped in the order line's unit, batches in the base unit. */
type DeliveredLine = {
  quantity: number
  rate: number
  baseUnit: string
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
          'rate', ${productUnits.conversionRate}, 'baseUnit', ${products.unit},
          'inventory', ${products.u8Code}, 'code', ${products.code}) order by ${saleOrderLines.lineNo}), '[]')
        from ${saleDeliveryLines}
        inner join ${products} on ${products.id} = ${saleDeliveryLines.productId}
        inner join ${saleOrderLines} on ${saleOrderLines.id} = ${saleDeliveryLines.orderLineId}
        inner join ${productUnits} on ${productUnits.id} = ${saleOrderLines.unitId}
        where ${saleDeliveryLines.deliveryId} = ${saleDeliveries.id})`,
    })
    .from(saleDeliveries)
    .innerJoin(depots, eq(depots.id, saleDeliveries.depotId))
    .innerJoin(saleOrders, eq(saleOrders.id, saleDeliveries.orderId))
    .innerJoin(branches, eq(branches.id, saleOrders.branchId))
    .leftJoin(departments, eq(departments.id, branches.departId))
    .leftJoin(countries, eq(countries.id, branches.countryId))
    .leftJoin(users, eq(users.id, saleOrders.createBy))
    .where(eq(saleDeliveries.id, sql.placeholder('deliveryId'))),
)

/**
 * A delivery as a U8 consignment: per order line, the batches it took from the warehouse, in the
 * base unit as the order's lines went (a line shipped without batches converts its quantity).
 */
export const consignmentDocument = async (db: DbOrTx, deliveryId: string, key: string) => {
  const [delivery] = await deliveryForErp(db, { deliveryId })
  if (!delivery) throw new Error(`erp: delivery ${deliveryId} not found`)
  const { order, lines } = delivery
  let rowno = 0
  const entry = lines.flatMap((l) => {
    const batches = l.batches ?? []
    // one row per batch taken (base units), else one for the line
    const parts = batches.length > 0 ? batches : [{ batchNo: '', quantity: q(l.quantity * l.rate), expiryDate: null }]
    return parts.map((b) => ({
      rowno: ++rowno,
      inventory_code: l.inventory ?? l.code,
      warehouse_code: delivery.warehouse,
      quantity: b.quantity,
      unitcode: l.baseUnit,
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
        operation_type: BUSINESS_TYPE,
        saletype: SALE_TYPE,
        custcode: order.custcode,
        deptcode: order.deptcode ?? '',
        personcode: order.personcode ?? '',
        define1: key,
        entry,
      },
    },
  }
}

/**
 * What the order detail's ERP tab shows: where each header field of the sales order comes from,
 * and each line as U8 receives it (in the base unit), beside the line as ordered.
 */
export const orderMapping = async (db: DbOrTx, orderId: string) => {
  const facts = await readOrderForErp(db, orderId)
  if (!facts) return null
  const { order, lines } = facts
  return {
    toAccount: order.companyCode,
    custcode: order.custcode,
    customer: order.customer,
    deptcode: order.deptcode,
    deptName: order.deptName,
    personcode: order.personcode,
    personName: order.personName,
    sendaddress: order.sendaddress,
    lines: lines.map((l) => ({
      rowno: l.lineNo,
      inventorycode: l.inventory ?? l.code,
      product: l.name,
      ordered: l.quantity,
      unit: l.unit,
      rate: l.rate,
      ...taxedLine(l),
    })),
  }
}
