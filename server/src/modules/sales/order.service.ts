import { randomUUID } from 'node:crypto'
import {
  AuditBusiness,
  anyShipped,
  ErpSyncStatus,
  Errors,
  isOpenApproval,
  mayDelete,
  mayEdit,
  ORDER_NO_PREFIX,
  OrderStatus,
  type SaleOrderEditSchema,
  type SaleOrderInputSchema,
} from '@app/contracts'
import { and, eq } from 'drizzle-orm'
import type { z } from 'zod'
import { type DbOrTx, writeTogether } from '../../db/client.ts'
import { reviews, saleOrderLines, saleOrders } from '../../db/schema/index.ts'
import type { ApprovalEngine } from '../../platform/approval/index.ts'
import type { RequestInfo } from '../../platform/audit-log.ts'
import type { Principal } from '../../platform/auth/principal.ts'
import { rowsInserts } from '../../platform/bulk-insert.ts'
import { fail, refuse } from '../../platform/errors.ts'
import { carriesPending, pendingNumber, takePendingNumbers } from '../../platform/sequence.ts'
import { attach, attachmentIdsOf } from './order.attachments.ts'
import type { OrderFactsReader } from './order.facts.ts'
import {
  contentOf,
  log,
  logAs,
  logInsert,
  ORDER_RESOURCE,
  offeredNames,
  orderImage,
  productNames,
} from './order.history.ts'
import { checked, headOf } from './order.input.ts'
import { linesOf, newLineRows, writeLines } from './order.lines.ts'
import { deleteOrder, lockOrder, lockOrderAndReview, moveOrder, type OrderRow } from './order.status.ts'

type Input = z.output<typeof SaleOrderInputSchema>
type EditInput = z.output<typeof SaleOrderEditSchema>

const ref = (id: string) => ({ business: AuditBusiness.SaleOrder, objectId: id })

export { ORDER_RESOURCE, orderImage, productNames }

export const createOrderService = (deps: { engine: ApprovalEngine; facts: OrderFactsReader }) => {
  const { engine, facts } = deps

  const submitter = (principal: Principal) => ({ userId: principal.userId, orgCode: principal.orgCode })

  return {
    /**
     * POST /sale/order/add: pending review, its review started in the same transaction, numbered
     * by the transaction's last statement: until then the order, its review, the reviewers'
     * messages and mails and its history entry carry a stand-in (`pendingNumber`), so saves of
     * one day hold the day's counter only from that statement to their commit.
     */
    async add(tx: DbOrTx, principal: Principal, input: Input, req: RequestInfo) {
      const { branch, lines, currency } = await checked(tx, principal, input)
      const orderNo = pendingNumber(tx, ORDER_NO_PREFIX)
      // the order and its lines as they are written, every column, so nothing is read back
      const order: OrderRow = {
        id: randomUUID(),
        orderNo,
        ...headOf(input, lines, currency),
        actualDeliveryDate: null,
        status: OrderStatus.PendingReview,
        syncStatus: ErpSyncStatus.NotSynced,
        creatorName: principal.realname,
        delFlag: false,
        orgCode: branch.orgCode ?? principal.orgCode,
        createAt: new Date(),
        createBy: principal.userId,
        updateAt: null,
        updateBy: null,
        version: 1,
      }
      const written = newLineRows(order.id, lines)
      carriesPending(tx, () => orderNo, { table: saleOrders, where: eq(saleOrders.id, order.id), text: ['orderNo'] })
      // the order, its lines and its history entry in one statement (the lines were priced from
      // the offer, which named their products)
      const names = offeredNames(lines)
      await writeTogether(tx, [
        tx.insert(saleOrders).values(order),
        ...rowsInserts(saleOrderLines, written),
        logInsert(tx, req, 'sale_order:add', order, null, { order, lines: written }, names),
      ])
      // the uploads the form lists (attach does nothing without any: a new order holds none)
      await attach(tx, principal, order.id, input.attachmentIds)
      // a new order: its review is started as any object made in this transaction (none to look for)
      await engine.startMany(
        tx,
        {
          business: AuditBusiness.SaleOrder,
          submitter: submitter(principal),
          objects: [{ objectId: order.id, objectNo: orderNo }],
        },
        { req: req as never },
      )
      carriesPending(tx, () => orderNo, {
        table: reviews,
        where: and(eq(reviews.business, AuditBusiness.SaleOrder), eq(reviews.objectId, order.id))!,
        text: ['objectNo'],
      })
      const numberOf = await takePendingNumbers(tx)
      return { id: order.id, orderNo: numberOf(orderNo) }
    },

    /**
     * POST /sale/order/edit (SPEC 4): at 100801 before any decision (the review restarts) and at
     * 100804; refused at 100802; at 100803 only confirmed, and it goes back through review.
     */
    async edit(tx: DbOrTx, principal: Principal, input: EditInput, req: RequestInfo) {
      const { order, review } = await lockOrderAndReview(tx, input.id)
      const beforeLines = await linesOf(tx, order.id)
      const person = facts.person(principal, order)
      if (!person.owns) fail(Errors.OrderNotFound)
      if (order.version !== input.version) fail(Errors.DataChanged, { version: order.version })
      refuse(mayEdit(await facts.order(tx, order, review, beforeLines), person, input.confirmReview === true))

      const beforeAttachments = await attachmentIdsOf(tx, order.id)
      const same =
        contentOf({ ...order, attachmentIds: beforeAttachments, lines: beforeLines }) ===
        contentOf({
          ...input,
          orderDate: input.orderDate ?? order.orderDate,
          transportMode: input.transportMode ?? null,
          containerSize: input.containerSize ?? null,
          remark: input.remark ?? null,
          certificateRequired: input.certificateRequired ? '1' : '0',
          certificateTypes: input.certificateRequired ? input.certificateTypes : [],
        })
      if (same) fail(Errors.OrderUnchanged)

      const kept = new Map(beforeLines.map((l) => [`${l.productId}:${l.unitId}`, { price: l.price }]))
      const { branch, lines, currency } = await checked(
        tx,
        principal,
        { ...input, orderDate: input.orderDate ?? order.orderDate },
        kept,
      )
      const updated = await moveOrder(tx, order, OrderStatus.PendingReview, principal.userId, {
        ...headOf({ ...input, orderDate: input.orderDate ?? order.orderDate }, lines, currency),
        orgCode: branch.orgCode ?? order.orgCode,
        syncStatus: order.status === OrderStatus.PendingDelivery ? order.syncStatus : ErpSyncStatus.NotSynced,
      })
      const written = await writeLines(tx, order.id, beforeLines, lines)
      await attach(tx, principal, order.id, input.attachmentIds, beforeAttachments)
      // an open review (nobody decided yet) starts over on the new content; a finished one restarts
      await engine.restart(
        tx,
        { ...ref(order.id), objectNo: order.orderNo, submitter: submitter(principal) },
        { req: req as never },
        review,
      )
      // the new lines' products were named by the offer; a product the edit dropped is read
      const names = offeredNames(lines)
      await log(
        tx,
        req,
        'sale_order:edit',
        updated,
        { order, lines: beforeLines },
        { order: updated, lines: written },
        names,
      )
      return updated
    },

    /**
     * DELETE /sale/order/delete: an order nobody has decided on, or a rejected one. The row stays
     * (deleted), so its number and history remain.
     */
    async remove(tx: DbOrTx, principal: Principal, id: string, req: RequestInfo) {
      const { order, review } = await lockOrderAndReview(tx, id)
      const lines = await linesOf(tx, id)
      refuse(mayDelete(await facts.order(tx, order, review, lines), facts.person(principal, order)))
      const deleted = await deleteOrder(tx, order, principal.userId)
      if (review && isOpenApproval(review.status)) await engine.remove(tx, ref(id), review)
      await log(tx, req, 'sale_order:delete', order, { order, lines }, null)
      return deleted
    },

    /**
     * Cancels an approved order whose deletion request was approved (in the decision's
     * transaction): it leaves every list but history. Nothing of it may have shipped.
     */
    async cancel(tx: DbOrTx, orderId: string, by: string) {
      const order = await lockOrder(tx, orderId)
      const lines = await linesOf(tx, orderId)
      if (anyShipped(lines)) fail(Errors.ShippedCannotAdjust)
      await deleteOrder(tx, order, by)
      await logAs(tx, by, 'sale_order:applyDelete', order, { order, lines }, null)
      return order
    },
  }
}

export type OrderService = ReturnType<typeof createOrderService>
