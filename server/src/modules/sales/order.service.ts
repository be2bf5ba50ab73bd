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
import { and, eq, inArray, isNull, or } from 'drizzle-orm'
import type { z } from 'zod'
import type { DbOrTx } from '../../db/client.ts'
import {
  attachments,
  branches,
  countries,
  departments,
  saleOrders,
  userBranches,
  users,
} from '../../db/schema/index.ts'
import type { ApprovalEngine } from '../../platform/approval/index.ts'
import { eventRequest, operationInsert, type RequestInfo, recordOperation } from '../../platform/audit-log.ts'
import type { Principal } from '../../platform/auth/principal.ts'
import { today } from '../../platform/days.ts'
import { fail, refuse } from '../../platform/errors.ts'
import { nextNumber } from '../../platform/sequence.ts'
import { assertBranchStockUploaded } from '../stock/index.ts'
import { ORDER_TABLE_DIC } from './order.detail.ts'
import type { OrderFactsReader } from './order.facts.ts'
import {
  contentOf,
  ORDER_RESOURCE,
  type OrderSide,
  orderEntry,
  orderImage,
  productNames,
  sideNames,
} from './order.image.ts'
import { linesOf, orderTotals, type PricedLine, priceLines, writeLines } from './order.lines.ts'
import { deleteOrder, lockOrder, lockOrderAndReview, moveOrder, type OrderRow } from './order.status.ts'

type Input = z.output<typeof SaleOrderInputSchema>
type EditInput = z.output<typeof SaleOrderEditSchema>

const ref = (id: string) => ({ business: AuditBusiness.SaleOrder, objectId: id })

export { ORDER_RESOURCE, orderImage, productNames }

export const createOrderService = (deps: { engine: ApprovalEngine; facts: OrderFactsReader }) => {
  const { engine, facts } = deps

  /** The branch, if the caller may order for it: their managed branches, or any with the `all` permission. */
  const branchFor = async (tx: DbOrTx, principal: Principal, branchId: string) => {
    const [branch] = await tx
      .select({
        id: branches.id,
        status: branches.status,
        orgCode: departments.orgCode,
        currency: countries.currencyCode,
      })
      .from(branches)
      .leftJoin(departments, eq(departments.id, branches.departId))
      .leftJoin(countries, eq(countries.id, branches.countryId))
      .where(eq(branches.id, branchId))
    if (branch?.status !== '1') fail(Errors.ParameterError, { field: 'branchId' })
    if (principal.dataScope !== 'all') {
      const [managed] = await tx
        .select({ id: userBranches.branchId })
        .from(userBranches)
        .where(and(eq(userBranches.userId, principal.userId), eq(userBranches.branchId, branchId)))
      if (!managed) fail(Errors.PermissionDenied, { field: 'branchId' })
    }
    return branch
  }

  /** The header and priced lines of a form, checked (SPEC 5 required fields, issue 15 rules). */
  const checked = async (
    tx: DbOrTx,
    principal: Principal,
    input: Input,
    kept?: ReadonlyMap<string, { price: number }>,
  ) => {
    if (input.expectedDeliveryDate < today()) fail(Errors.DeliveryDateInPast, { field: 'expectedDeliveryDate' })
    const branch = await branchFor(tx, principal, input.branchId)
    await assertBranchStockUploaded(tx, input.branchId)
    const lines = await priceLines(tx, input.branchId, input.lines, kept)
    // prices are in the currency the branch buys in (its branch-sale relation's); one per order
    const currencies = new Set(lines.flatMap((l) => (l.currency ? [l.currency] : [])))
    if (currencies.size > 1) fail(Errors.ParameterError, { field: 'lines', currencies: [...currencies] })
    const currency = [...currencies][0] ?? branch.currency
    return { branch, lines, currency }
  }

  const headOf = (input: Input, lines: readonly PricedLine[], currency: string | null) => ({
    branchId: input.branchId,
    companyCode: input.companyCode,
    orderDate: input.orderDate ?? today(),
    expectedDeliveryDate: input.expectedDeliveryDate,
    transportMode: input.transportMode ?? null,
    containerSize: input.containerSize ?? null,
    certificateRequired: input.certificateRequired ? '1' : '0',
    certificateTypes: input.certificateRequired ? [...new Set(input.certificateTypes)] : [],
    remark: input.remark ?? null,
    currency,
    ...orderTotals(lines),
  })

  /** Attaches the caller's uploads to the order and lets go of the ones no longer listed. */
  const attach = async (tx: DbOrTx, principal: Principal, orderId: string, ids: readonly string[]) => {
    const mine = ids.length
      ? await tx
          .select({ id: attachments.id })
          .from(attachments)
          .where(
            and(
              inArray(attachments.id, [...ids]),
              or(
                and(isNull(attachments.objectId), eq(attachments.createBy, principal.userId)),
                and(eq(attachments.tableDic, ORDER_TABLE_DIC), eq(attachments.objectId, orderId)),
              ),
            ),
          )
      : []
    if (mine.length !== new Set(ids).size) fail(Errors.FileNotFound, { field: 'attachmentIds' })
    await tx
      .update(attachments)
      .set({ tableDic: null, objectId: null })
      .where(and(eq(attachments.tableDic, ORDER_TABLE_DIC), eq(attachments.objectId, orderId)))
    if (ids.length)
      await tx
        .update(attachments)
        .set({ tableDic: ORDER_TABLE_DIC, objectId: orderId })
        .where(inArray(attachments.id, [...ids]))
  }

  const attachmentIdsOf = async (db: DbOrTx, orderId: string) =>
    (
      await db
        .select({ id: attachments.id })
        .from(attachments)
        .where(and(eq(attachments.tableDic, ORDER_TABLE_DIC), eq(attachments.objectId, orderId)))
    ).map((r) => r.id)

  /** An order's history entry, not yet written (a writer can make it a part of its own statement). */
  const logInsert = (
    tx: DbOrTx,
    req: RequestInfo,
    operation: string,
    order: OrderRow,
    before: OrderSide,
    after: OrderSide,
    /** the lines' products as `productNames` names them */
    names: ReadonlyMap<string, string>,
  ) => operationInsert(tx, req, orderEntry(operation, order, before, after, names))

  const log = async (
    tx: DbOrTx,
    req: RequestInfo,
    operation: string,
    order: OrderRow,
    before: OrderSide,
    after: OrderSide,
  ) => recordOperation(tx, req, orderEntry(operation, order, before, after, await sideNames(tx, before, after)))

  /** The same entry written by an event handler (a review's end), naming the decider. */
  const logAs = async (
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

  const submitter = (principal: Principal) => ({ userId: principal.userId, orgCode: principal.orgCode })

  return {
    /** POST /sale/order/add: numbered at save, pending review, its review started in the same transaction. */
    async add(tx: DbOrTx, principal: Principal, input: Input, req: RequestInfo) {
      const { branch, lines, currency } = await checked(tx, principal, input)
      const orderNo = await nextNumber(tx, ORDER_NO_PREFIX)
      const [order] = await tx
        .insert(saleOrders)
        .values({
          ...headOf(input, lines, currency),
          orderNo,
          status: OrderStatus.PendingReview,
          syncStatus: ErpSyncStatus.NotSynced,
          creatorName: principal.realname,
          orgCode: branch.orgCode ?? principal.orgCode,
          createBy: principal.userId,
        })
        .returning()
      if (!order) fail(Errors.OperationFailed)
      const written = await writeLines(tx, order.id, lines)
      await attach(tx, principal, order.id, input.attachmentIds)
      await engine.start(
        tx,
        { ...ref(order.id), objectNo: orderNo, submitter: submitter(principal) },
        { req: req as never },
      )
      await log(tx, req, 'sale_order:add', order, null, { order, lines: written })
      return { id: order.id, orderNo }
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
      const written = await writeLines(tx, order.id, lines)
      await attach(tx, principal, order.id, input.attachmentIds)
      // an open review (nobody decided yet) starts over on the new content; a finished one restarts
      if (review && isOpenApproval(review.status)) await engine.remove(tx, ref(order.id))
      await engine.start(
        tx,
        { ...ref(order.id), objectNo: order.orderNo, submitter: submitter(principal) },
        {
          req: req as never,
        },
      )
      await log(tx, req, 'sale_order:edit', updated, { order, lines: beforeLines }, { order: updated, lines: written })
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
      if (review && isOpenApproval(review.status)) await engine.remove(tx, ref(id))
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

    log,
    logInsert,
    logAs,
  }
}

export type OrderService = ReturnType<typeof createOrderService>
