import { randomUUID } from 'node:crypto'
import {
  DELIVERY_NO_PREFIX,
  type Delivery,
  type DeliveryAddSchema,
  type DeliveryCompleteSchema,
  type DeliveryDataEditSchema,
  type DeliveryStock,
  deliveryLineRefusal,
  deliveryStatusOf,
  Errors,
  mayChangeDeliveryData,
  mayComplete,
  mayDeliver,
  OrderStatus,
  q,
  remainingOf,
  STOCK_DOC_PREFIX,
  StockDocType,
} from '@app/contracts'
import { and, asc, eq, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { DbOrTx } from '../../db/client.ts'
import { reusable } from '../../db/reusable.ts'
import {
  productUnits,
  saleDeliveries,
  saleDeliveryLines,
  saleOrderLines,
  saleOrders,
  users,
} from '../../db/schema/index.ts'
import type { RequestInfo } from '../../platform/audit-log.ts'
import type { Principal } from '../../platform/auth/principal.ts'
import { rowsInserts } from '../../platform/bulk-insert.ts'
import { fail, refuse } from '../../platform/errors.ts'
import type { EventBus } from '../../platform/events.ts'
import { carriesPending, pendingNumber, takePendingNumbers } from '../../platform/sequence.ts'
import { batchesOf, type StockDocService } from '../stock/index.ts'
import type { OrderFactsReader } from './order.facts.ts'
import { log, logInsert } from './order.history.ts'
import { deliveredWrite, type LineRow, linesOf, lockLinesToDeliver } from './order.lines.ts'
import { lockOrder, moveOrder, type OrderOwner, ownerColumns } from './order.status.ts'
import { salesTexts } from './texts.ts'

type Batch = { productId: string; batchNo: string; quantity: number; expiryDate: string | null }

/**
 * A delivery's lines: the batches its sales-out took (`taken`, in the order taken) handed out to the
 * order lines shipped, each its quantity in the base unit in turn.
 */
const deliveryLines = (
  deliveryId: string,
  shipped: readonly { orderLineId: string; productId: string; quantity: number; baseQuantity: number }[],
  taken: readonly Batch[],
) => {
  const left = new Map<string, Batch[]>()
  for (const b of taken) left.set(b.productId, [...(left.get(b.productId) ?? []), { ...b }])
  return shipped.map(({ orderLineId, productId, quantity, baseQuantity }) => {
    let need = baseQuantity
    const batches: Batch[] = []
    for (const b of left.get(productId) ?? []) {
      if (need <= 0) break
      const take = Math.min(need, b.quantity)
      if (take <= 0) continue
      batches.push({ productId, batchNo: b.batchNo, quantity: q(take), expiryDate: b.expiryDate })
      b.quantity = q(b.quantity - take)
      need = q(need - take)
    }
    return { deliveryId, orderLineId, productId, quantity, batches }
  })
}

/**
 * What a delivery ships of an order's locked lines: each line's quantity (a line named twice, summed),
 * checked against what remains of it (the order model), in the sale unit and in the base unit stock
 * keeps; and the lines as they stand after it.
 */
const shipping = (
  before: readonly LineRow[],
  rates: ReadonlyMap<string, number>,
  asked: readonly { orderLineId: string; quantity: number }[],
) => {
  const byId = new Map(before.map((l) => [l.id, l]))
  const wanted = new Map<string, number>()
  for (const l of asked) wanted.set(l.orderLineId, q((wanted.get(l.orderLineId) ?? 0) + l.quantity))
  for (const [lineId, quantity] of wanted) {
    const line = byId.get(lineId) ?? fail(Errors.ParameterError, { orderLineId: lineId })
    refuse(deliveryLineRefusal(line, quantity), { orderLineId: lineId, remaining: remainingOf(line) })
  }
  const shipped = [...wanted].map(([orderLineId, quantity]) => ({
    orderLineId,
    productId: byId.get(orderLineId)!.productId,
    quantity,
    baseQuantity: q(quantity * rates.get(orderLineId)!),
  }))
  const after = before.map((l) =>
    wanted.has(l.id) ? { ...l, deliveredQuantity: q(l.deliveredQuantity + wanted.get(l.id)!) } : l,
  )
  return { shipped, after, wanted }
}

/** A delivery as `orderDeliveries` reads it (JSON: its time as text). */
type DeliveryJson = Omit<Delivery, 'createAt'> & { createAt: string }

/**
 * The deliveries of the order of the outer row, oldest first, each with its lines and whoever
 * made it, as one JSON array (`toDeliveries` makes them the API's): for an order's deliveries
 * alone and for its view (order.detail.ts). The order is named by its table: Drizzle leaves a
 * one-table select's columns unqualified, and `id` would name the delivery's.
 */
export const orderDeliveries = sql<DeliveryJson[]>`(
  select coalesce(json_agg(json_build_object('id', d.id, 'deliveryNo', d.delivery_no, 'orderId', d.order_id,
    'depotId', d.depot_id, 'shipDate', d.ship_date, 'stockDocId', d.stock_doc_id, 'stockDocNo', d.stock_doc_no,
    'remark', d.remark, 'createAt', d.create_at, 'creatorName', coalesce(d.creator_name, u.realname),
    'lines', (select coalesce(json_agg(json_build_object('orderLineId', l.order_line_id,
      'productId', l.product_id, 'quantity', l.quantity, 'batches', l.batches)), '[]')
      from ${saleDeliveryLines} l where l.delivery_id = d.id))
    order by d.create_at, d.id), '[]')
  from ${saleDeliveries} d left join ${users} u on u.id = d.create_by
  where d.order_id = ${saleOrders}.id)`

/** The deliveries `orderDeliveries` read, their times as Dates (as the driver gives the other times). */
export const toDeliveries = (list: DeliveryJson[]): Delivery[] =>
  list.map((d) => ({ ...d, createAt: new Date(d.createAt) }))

/** A live order's owner (for the read check) with its deliveries; no row when there is no such order. */
const deliveriesOf = reusable('sale_delivery_of_order', (db) =>
  db
    .select({ owner: ownerColumns, deliveries: orderDeliveries })
    .from(saleOrders)
    .where(and(eq(saleOrders.id, sql.placeholder('orderId')), eq(saleOrders.delFlag, false))),
)

/**
 * Deliveries (issue 16): a delivery posts a sales-out from its depot (batches earliest expiry
 * first, stock's `prepareOut` and `writeOut`) in the same transaction as the order's delivered
 * quantities and status.
 */
export const createDeliveries = (deps: { stock: StockDocService; events: EventBus; facts: OrderFactsReader }) => {
  const { stock, events, facts } = deps

  return {
    /** POST /sale/delivery/add */
    async deliver(tx: DbOrTx, principal: Principal, input: z.output<typeof DeliveryAddSchema>, req: RequestInfo) {
      // the order, then its lines, as every writer of an order takes them
      const order = await lockOrder(tx, input.orderId)
      refuse(mayDeliver(order, facts.person(principal, order)))
      const { lines: before, rates, names } = await lockLinesToDeliver(tx, order.id)
      const { shipped, after, wanted } = shipping(before, rates, input.lines)
      const moved = await moveOrder(tx, order, deliveryStatusOf(order.status, after), principal.userId)
      const full = moved.status === OrderStatus.FullyDelivered
      // the rows every delivery shares last, as they are held until the commit and deliveries queue
      // there: the depot's stock (locked by prepareOut), then everything written with it in one
      // statement, and the day's document and delivery numbers by the last statement (until then
      // the rows, the ERP's document and the messages carry stand-ins)
      const plan = await stock.prepareOut(tx, principal, {
        depotId: input.depotId,
        docDate: input.shipDate,
        branchId: order.branchId,
        remark: order.orderNo,
        lines: shipped.map((l) => ({ productId: l.productId, quantity: l.baseQuantity })),
      })
      const docNo = pendingNumber(tx, STOCK_DOC_PREFIX[StockDocType.SalesOut])
      const deliveryNo = pendingNumber(tx, DELIVERY_NO_PREFIX)
      const deliveryId = randomUUID()
      carriesPending(tx, () => deliveryNo, {
        table: saleDeliveries,
        where: eq(saleDeliveries.id, deliveryId),
        text: ['deliveryNo', 'stockDocNo'],
      })
      // the sales-out, the lines' delivered quantities, the order's history entry and the delivery
      // with its lines: one statement
      await stock.writeOut(tx, req, plan, docNo, (doc) => [
        deliveredWrite(after.filter((l) => wanted.has(l.id))),
        logInsert(
          tx,
          req,
          'sale_delivery:deliver',
          moved,
          { order, lines: before },
          { order: moved, lines: after },
          names,
        ),
        tx.insert(saleDeliveries).values({
          id: deliveryId,
          deliveryNo,
          orderId: order.id,
          orderNo: order.orderNo,
          depotId: input.depotId,
          shipDate: input.shipDate,
          stockDocId: doc.id,
          stockDocNo: doc.docNo,
          remark: input.remark ?? null,
          creatorName: principal.realname,
          orgCode: order.orgCode,
          createBy: principal.userId,
        }),
        ...rowsInserts(saleDeliveryLines, deliveryLines(deliveryId, shipped, doc.lines)),
      ])
      await events.emit(tx, { type: 'erp.changed', kind: 'consignment', orderId: order.id, objectId: deliveryId })
      if (order.createBy)
        await events.emit(tx, {
          type: 'business.notify',
          recipientIds: [order.createBy],
          texts: salesTexts.delivered(order.orderNo, deliveryNo, full),
          menuId: 'sale_order',
          objectNo: order.orderNo,
          creatorId: principal.userId,
        })
      const numberOf = await takePendingNumbers(tx)
      return { id: deliveryId, deliveryNo: numberOf(deliveryNo), status: moved.status }
    },

    /** POST /sale/delivery/complete: 100806 -> 100807 with the actual delivery date. */
    async complete(tx: DbOrTx, principal: Principal, input: z.output<typeof DeliveryCompleteSchema>, req: RequestInfo) {
      const order = await lockOrder(tx, input.orderId)
      refuse(mayComplete(order, facts.person(principal, order)))
      const moved = await moveOrder(tx, order, OrderStatus.DeliveryComplete, principal.userId, {
        actualDeliveryDate: input.actualDeliveryDate,
      })
      const lines = await linesOf(tx, order.id)
      await log(tx, req, 'sale_delivery:edit', moved, { order, lines }, { order: moved, lines })
      // whoever placed it is told (a message, and by the channels they chose)
      if (order.createBy)
        await events.emit(tx, {
          type: 'business.notify',
          recipientIds: [order.createBy],
          texts: salesTexts.completed(order.orderNo, input.actualDeliveryDate),
          menuId: 'sale_order',
          objectNo: order.orderNo,
          creatorId: principal.userId,
        })
      return moved
    },

    /** POST /sale/delivery/editDeliveryData (SPEC 6). */
    async editDeliveryData(
      tx: DbOrTx,
      principal: Principal,
      input: z.output<typeof DeliveryDataEditSchema>,
      req: RequestInfo,
    ) {
      const order = await lockOrder(tx, input.orderId)
      if (order.version !== input.version) fail(Errors.DataChanged, { version: order.version })
      refuse(mayChangeDeliveryData(order, facts.person(principal, order)))
      const moved = await moveOrder(tx, order, order.status, principal.userId, {
        expectedDeliveryDate: input.expectedDeliveryDate,
        transportMode: input.transportMode ?? null,
        containerSize: input.containerSize ?? null,
      })
      const lines = await linesOf(tx, order.id)
      await log(tx, req, 'sale_delivery:edit', moved, { order, lines }, { order: moved, lines })
      return moved
    },

    /** GET /sale/delivery/stock: the batches the order's products have in the warehouses a delivery ships from. */
    async stockFor(db: DbOrTx, orderId: string): Promise<DeliveryStock> {
      const lines = await db
        .select({
          orderLineId: saleOrderLines.id,
          productId: saleOrderLines.productId,
          conversionRate: sql<number>`coalesce(${productUnits.conversionRate}, 1)::float8`,
        })
        .from(saleOrderLines)
        .leftJoin(productUnits, eq(productUnits.id, saleOrderLines.unitId))
        .where(eq(saleOrderLines.orderId, orderId))
        .orderBy(asc(saleOrderLines.lineNo))
      return { lines, batches: await batchesOf(db, [...new Set(lines.map((l) => l.productId))]) }
    },

    /**
     * GET /sale/delivery/deliveries: the order's deliveries, oldest first, with whose the order is
     * (null when there is no live order), for the caller's read check; one statement.
     */
    async ofOrder(db: DbOrTx, orderId: string): Promise<{ owner: OrderOwner | null; deliveries: Delivery[] }> {
      const [row] = await deliveriesOf(db, { orderId })
      return { owner: row?.owner ?? null, deliveries: toDeliveries(row?.deliveries ?? []) }
    },
  }
}

export type Deliveries = ReturnType<typeof createDeliveries>
