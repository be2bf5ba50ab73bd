import { randomUUID } from 'node:crypto'
import {
  DELIVERY_NO_PREFIX,
  type Delivery,
  type DeliveryAddSchema,
  type DeliveryCompleteSchema,
  type DeliveryDataEditSchema,
  Errors,
  OrderStatus,
  RoleCode,
} from '@app/contracts'
import { asc, eq, inArray, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { DbOrTx } from '../../db/client.ts'
import { productUnits, saleDeliveries, saleDeliveryLines, saleOrderLines, users } from '../../db/schema/index.ts'
import type { RequestInfo } from '../../platform/audit-log.ts'
import type { Principal } from '../../platform/auth/principal.ts'
import { today } from '../../platform/days.ts'
import { fail } from '../../platform/errors.ts'
import type { EventBus } from '../../platform/events.ts'
import { nextNumber } from '../../platform/sequence.ts'
import type { StockDocService } from '../stock/index.ts'
import { linesOf, lockLines } from './order.lines.ts'
import type { OrderService } from './order.service.ts'
import { lockOrder, moveOrder } from './order.status.ts'
import { salesTexts } from './texts.ts'

const q = (n: number) => Math.round(n * 1000) / 1000

const LOGISTICS: readonly string[] = [RoleCode.LogisticsChief, RoleCode.LogisticsAdmin]
export const isLogistics = (principal: Principal) => principal.roleCodes.some((r) => LOGISTICS.includes(r))

/**
 * SPEC 6 on an order's delivery data (dates, transport, container): logistics may change it only
 * on the day of delivery; once that day is reached nobody else may.
 */
export const assertMayChangeDeliveryData = (principal: Principal, expectedDeliveryDate: string) => {
  const day = today()
  if (isLogistics(principal)) {
    if (day !== expectedDeliveryDate) fail(Errors.LogisticsOnlyOnDeliveryDay)
  } else if (day >= expectedDeliveryDate) fail(Errors.DeliveryTimeReached)
}

/**
 * Deliveries (issue 16): a delivery posts a sales-out from its depot (batches earliest expiry
 * first, stock's `postOut`) in the same transaction as the order's delivered quantities and status.
 */
export const createDeliveries = (deps: { stock: StockDocService; orders: OrderService; events: EventBus }) => {
  const { stock, orders, events } = deps

  return {
    /** POST /sale/delivery/add */
    async deliver(tx: DbOrTx, principal: Principal, input: z.output<typeof DeliveryAddSchema>, req: RequestInfo) {
      // the order, then its lines, as every writer of an order takes them
      const order = await lockOrder(tx, input.orderId)
      if (order.status !== OrderStatus.PendingDelivery && order.status !== OrderStatus.PartlyDelivered)
        fail(Errors.NotPendingPreparation)
      const before = await lockLines(tx, [order.id])
      const byId = new Map(before.map((l) => [l.id, l]))
      const wanted = new Map<string, number>()
      for (const l of input.lines) wanted.set(l.orderLineId, q((wanted.get(l.orderLineId) ?? 0) + l.quantity))
      for (const [lineId, quantity] of wanted) {
        const line = byId.get(lineId) ?? fail(Errors.ParameterError, { orderLineId: lineId })
        if (quantity > q(line.quantity - line.deliveredQuantity))
          fail(Errors.PreparationOverLimit, {
            orderLineId: lineId,
            remaining: q(line.quantity - line.deliveredQuantity),
          })
      }
      // order quantities are in the sale unit, stock in the base unit
      const units = await tx
        .select({ id: productUnits.id, rate: productUnits.conversionRate })
        .from(productUnits)
        .where(
          inArray(
            productUnits.id,
            [...wanted.keys()].map((id) => byId.get(id)!.unitId),
          ),
        )
      const rate = new Map(units.map((u) => [u.id, u.rate]))
      const baseOf = (lineId: string, quantity: number) => q(quantity * (rate.get(byId.get(lineId)!.unitId) ?? 1))
      // the order's own rows first (locked above, nobody else's business); the rows every delivery
      // shares (the depot's stock, the day's document and delivery numbers) last, so they are held
      // for the few statements before the commit: deliveries of one depot and product queue there
      // the lines as they now stand: the locked ones read above with this delivery added, in one update
      const after = before.map((l) =>
        wanted.has(l.id) ? { ...l, deliveredQuantity: q(l.deliveredQuantity + wanted.get(l.id)!) } : l,
      )
      const delivered = after.filter((l) => wanted.has(l.id))
      await tx.execute(sql`
        update ${saleOrderLines} set delivered_quantity = v.quantity
        from (values ${sql.join(
          delivered.map((l) => sql`(${l.id}::uuid, ${l.deliveredQuantity}::numeric)`),
          sql`, `,
        )}) as v(id, quantity)
        where ${saleOrderLines.id} = v.id`)
      const full = after.every((l) => l.deliveredQuantity >= l.quantity)
      const moved = await moveOrder(
        tx,
        order,
        full ? OrderStatus.FullyDelivered : OrderStatus.PartlyDelivered,
        principal.userId,
      )
      await orders.log(
        tx,
        req,
        'sale_delivery:deliver',
        moved,
        { order, lines: before },
        { order: moved, lines: after },
      )

      const doc = await stock.postOut(tx, req, principal, {
        depotId: input.depotId,
        docDate: input.shipDate,
        branchId: order.branchId,
        remark: order.orderNo,
        lines: [...wanted].map(([lineId, quantity]) => ({
          productId: byId.get(lineId)!.productId,
          quantity: baseOf(lineId, quantity),
        })),
      })
      const deliveryNo = await nextNumber(tx, DELIVERY_NO_PREFIX)
      // the delivery and its lines go in together (one statement, below)
      const deliveryId = randomUUID()
      const head = tx.$with('head').as(
        tx
          .insert(saleDeliveries)
          .values({
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
          })
          .returning({ id: saleDeliveries.id }),
      )
      // the batches each product took, handed out to its lines in order
      const taken = new Map<string, { batchNo: string; quantity: number; expiryDate: string | null }[]>()
      for (const l of doc.lines) {
        const list = taken.get(l.productId) ?? []
        list.push({ batchNo: l.batchNo, quantity: l.quantity, expiryDate: l.expiryDate })
        taken.set(l.productId, list)
      }
      await tx
        .with(head)
        .insert(saleDeliveryLines)
        .values(
          [...wanted].map(([lineId, quantity]) => {
            const line = byId.get(lineId)!
            let need = baseOf(lineId, quantity)
            const batches = []
            for (const b of taken.get(line.productId) ?? []) {
              if (need <= 0) break
              const take = Math.min(need, b.quantity)
              if (take <= 0) continue
              batches.push({
                productId: line.productId,
                batchNo: b.batchNo,
                quantity: q(take),
                expiryDate: b.expiryDate,
              })
              b.quantity = q(b.quantity - take)
              need = q(need - take)
            }
            return { deliveryId, orderLineId: lineId, productId: line.productId, quantity, batches }
          }),
        )
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
      return { id: deliveryId, deliveryNo, status: moved.status }
    },

    /** POST /sale/delivery/complete: 100806 -> 100807 with the actual delivery date. */
    async complete(tx: DbOrTx, principal: Principal, input: z.output<typeof DeliveryCompleteSchema>, req: RequestInfo) {
      const order = await lockOrder(tx, input.orderId)
      if (order.status !== OrderStatus.FullyDelivered) fail(Errors.NotPendingPreparation)
      const moved = await moveOrder(tx, order, OrderStatus.DeliveryComplete, principal.userId, {
        actualDeliveryDate: input.actualDeliveryDate,
      })
      const lines = await linesOf(tx, order.id)
      await orders.log(tx, req, 'sale_delivery:edit', moved, { order, lines }, { order: moved, lines })
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
      if (order.status === OrderStatus.DeliveryComplete) fail(Errors.NotPendingPreparation)
      assertMayChangeDeliveryData(principal, order.expectedDeliveryDate)
      const moved = await moveOrder(tx, order, order.status, principal.userId, {
        expectedDeliveryDate: input.expectedDeliveryDate,
        transportMode: input.transportMode ?? null,
        containerSize: input.containerSize ?? null,
      })
      const lines = await linesOf(tx, order.id)
      await orders.log(tx, req, 'sale_delivery:edit', moved, { order, lines }, { order: moved, lines })
      return moved
    },

    /** An order's deliveries with their lines and batches, newest last. */
    async ofOrder(db: DbOrTx, orderId: string): Promise<Delivery[]> {
      // one read: the heads, each with its lines and whoever made it
      const rows = await db
        .select({
          h: saleDeliveries,
          creator: users.realname,
          lines: sql<Delivery['lines']>`(
            select coalesce(json_agg(json_build_object('orderLineId', ${saleDeliveryLines.orderLineId},
              'productId', ${saleDeliveryLines.productId}, 'quantity', ${saleDeliveryLines.quantity},
              'batches', ${saleDeliveryLines.batches})), '[]')
            from ${saleDeliveryLines} where ${saleDeliveryLines.deliveryId} = ${saleDeliveries.id})`,
        })
        .from(saleDeliveries)
        .leftJoin(users, eq(users.id, saleDeliveries.createBy))
        .where(eq(saleDeliveries.orderId, orderId))
        .orderBy(asc(saleDeliveries.createAt))
      return rows.map(({ h, creator, lines }) => ({
        id: h.id,
        deliveryNo: h.deliveryNo,
        orderId: h.orderId,
        depotId: h.depotId,
        shipDate: h.shipDate,
        stockDocId: h.stockDocId,
        stockDocNo: h.stockDocNo,
        remark: h.remark,
        createAt: h.createAt,
        creatorName: h.creatorName ?? creator ?? null,
        lines,
      }))
    },
  }
}

export type Deliveries = ReturnType<typeof createDeliveries>
