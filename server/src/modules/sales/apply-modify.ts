import {
  type AdjustLimits,
  type ApplyModifyAddSchema,
  type ApplyModifyAuditSchema,
  type ApplyModifyDetail,
  ApplyModifySchema,
  AuditBusiness,
  adjustmentLineRefusal,
  applyModifyResource,
  deliveryStatusOf,
  Errors,
  type Lang,
  ModifyType,
  mayRequestAdjustment,
  OPEN_APPROVAL,
} from '@app/contracts'
import { and, eq, inArray } from 'drizzle-orm'
import { z } from 'zod'
import { type DbOrTx, writeTogether } from '../../db/client.ts'
import { saleApplyModifies, saleApplyModifyLines } from '../../db/schema/index.ts'
import type { ApprovalEngine } from '../../platform/approval/index.ts'
import { operationInsert, type RequestInfo } from '../../platform/audit-log.ts'
import type { Principal } from '../../platform/auth/principal.ts'
import { rowsInserts } from '../../platform/bulk-insert.ts'
import type { CrudResource } from '../../platform/crud/resource.ts'
import { fail, refuse, refusedBy } from '../../platform/errors.ts'
import type { EventBus } from '../../platform/events.ts'
import { applied, type Diff, diffOf, NO_READER, type RequestRead, readRequest } from './apply-modify.diff.ts'
import type { OrderFactsReader } from './order.facts.ts'
import { logAs } from './order.history.ts'
import { type LineRow, linesOf, lockLines, orderTotals, priceLines, writeLines } from './order.lines.ts'
import { inScope, lockOrder, moveOrder, type OrderRow } from './order.status.ts'
import { followRequestReview, newRequest } from './request-review.ts'
import { reviewedBy } from './review-visibility.ts'
import { salesTexts } from './texts.ts'

const ref = (id: string) => ({ business: AuditBusiness.OrderAdjust, objectId: id })

type ApplyModifyRow = typeof saleApplyModifies.$inferSelect

/** Adjustment requests: scoped like orders (the branch's department, the requester). */
export const applyModifyCrud: CrudResource = {
  meta: applyModifyResource,
  table: saleApplyModifies,
  record: ApplyModifySchema,
  input: z.object({}),
  verbs: ['export'],
  ownReadById: true,
  scope: { org: saleApplyModifies.orgCode, owner: saleApplyModifies.createBy },
  alsoVisibleTo: reviewedBy(AuditBusiness.OrderAdjust, saleApplyModifies.id),
}

type RequestInput = z.output<typeof ApplyModifyAddSchema>['lines']

/**
 * A request's lines, checked line by line by the order model (SPEC 5): appended products priced
 * for the branch, added and reduced lines at the order line's price.
 */
const requestLines = async (
  tx: DbOrTx,
  order: Pick<OrderRow, 'branchId'>,
  lines: readonly LineRow[],
  input: RequestInput,
): Promise<Omit<typeof saleApplyModifyLines.$inferInsert, 'applyId'>[]> => {
  const onOrder = lines.map((l) => l.productId)
  const appends = input.filter((l) => l.type === ModifyType.Append)
  const appended = appends.map((l) => l.productId ?? '')
  for (const l of appends)
    refuse(
      adjustmentLineRefusal(
        { type: ModifyType.Append, productId: l.productId ?? '', quantity: l.quantity },
        onOrder,
        appended,
      ),
      {
        productId: l.productId,
      },
    )
  const changed = input.flatMap((l) => {
    if (l.type === ModifyType.Append) return []
    const line =
      lines.find((x) => x.id === l.orderLineId) ?? fail(Errors.ParameterError, { orderLineId: l.orderLineId })
    refuse(adjustmentLineRefusal({ type: l.type, line, quantity: l.quantity }, onOrder, appended), {
      orderLineId: line.id,
    })
    return [
      {
        type: l.type,
        orderLineId: line.id,
        productId: line.productId,
        unitId: line.unitId,
        quantity: l.quantity,
        price: line.price,
      },
    ]
  })
  const priced = appends.length
    ? await priceLines(
        tx,
        order.branchId,
        appends.map((l) => ({ productId: l.productId!, unitId: l.unitId!, quantity: l.quantity })),
      )
    : []
  return [
    ...priced.map((p) => ({
      type: ModifyType.Append,
      productId: p.productId,
      unitId: p.unitId,
      quantity: p.quantity,
      price: p.price,
    })),
    ...changed,
  ]
}

/**
 * Order adjustments (issue 16): the order's branch asks to append products, add to or reduce a
 * line of an order pending delivery or partly delivered; reviewed on the `order_adjust` flow;
 * approved, the order's lines change in the decision's transaction.
 */
export const createApplyModifies = (deps: {
  engine: ApprovalEngine
  events: EventBus
  facts: OrderFactsReader
  limits: () => AdjustLimits
}) => {
  const { engine, events, facts, limits } = deps

  /** Applies an approved request to its order: lines, totals, history, the branch told. */
  const apply = async (tx: DbOrTx, { request, changes }: RequestRead, by: string, note: string | null) => {
    const order = await lockOrder(tx, request.orderId)
    const before = await lockLines(tx, [order.id])
    const lines = await applied(tx, before, changes)
    const written = await writeLines(tx, order.id, before, lines)
    const moved = await moveOrder(tx, order, deliveryStatusOf(order.status, written), by, orderTotals(written))
    await events.emit(tx, { type: 'erp.changed', kind: 'saleorder', orderId: order.id, objectId: order.id })
    await logAs(tx, by, 'sale_apply_modify:audit', moved, { order, lines: before }, { order: moved, lines: written })
    if (order.createBy)
      await events.emit(tx, {
        type: 'business.notify',
        recipientIds: [order.createBy],
        texts: salesTexts.adjustmentDecided(order.orderNo, true, note),
        menuId: 'sale_apply_modify',
        objectNo: order.orderNo,
        creatorId: by,
      })
  }

  /**
   * The request with its order, when the caller may read it: it or its order is in their data
   * scope, or they hold or decided a step of its review; 404 else.
   */
  const readable = async (db: DbOrTx, principal: Principal, id: string) => {
    const read = await readRequest(db, principal, id)
    if (!read.reviewing && !inScope(principal, read.order) && !inScope(principal, read.request)) fail(Errors.NotFound)
    return read
  }
  return {
    /** POST /sale/applyModify/add (SPEC 4, 5, 8 rules). */
    async add(tx: DbOrTx, principal: Principal, input: z.output<typeof ApplyModifyAddSchema>, req: RequestInfo) {
      const order = await lockOrder(tx, input.orderId)
      const lines = await linesOf(tx, order.id)
      refuse(mayRequestAdjustment(await facts.order(tx, order, null, lines), facts.person(principal, order), limits()))
      const values = await requestLines(tx, order, lines, input.lines)
      const types = [...new Set(values.map((v) => v.type))].sort().join(',')
      const request: ApplyModifyRow = {
        ...newRequest(order, principal, input.reason),
        branchId: order.branchId,
        modifyTypes: types,
        decidedDiff: null,
        orgCode: order.orgCode,
      }
      // the request, its lines and its log entry in one statement
      await writeTogether(tx, [
        tx.insert(saleApplyModifies).values(request),
        ...rowsInserts(
          saleApplyModifyLines,
          values.map((v) => ({ ...v, applyId: request.id })),
        ),
        operationInsert(tx, req, {
          operation: 'sale_apply_modify:add',
          resource: 'sale_apply_modify',
          objectId: request.id,
          objectLabel: order.orderNo,
          after: { ...request, lines: values },
        }),
      ]).catch(refusedBy('sale_apply_modify_open_uq', Errors.DuplicatePendingApplication))
      // a request made just now has no review to look for
      await engine.startMany(
        tx,
        {
          business: AuditBusiness.OrderAdjust,
          submitter: { userId: principal.userId, orgCode: principal.orgCode },
          objects: [{ objectId: request.id, objectNo: order.orderNo }],
        },
        { req: req as never },
      )
      return request
    },

    /** POST /sale/applyModify/audit: the request's current reviewer decides. */
    async audit(tx: DbOrTx, principal: Principal, input: z.output<typeof ApplyModifyAuditSchema>, req: RequestInfo) {
      const { id, ...rest } = input
      return engine.decide(tx, { ...ref(id), ...rest, actor: principal }, { req: req as never })
    },

    /** GET /sale/applyModify/progress: the request's review, for those who may read the request. */
    async progress(db: DbOrTx, principal: Principal, id: string, lang: Lang) {
      await readable(db, principal, id)
      return engine.progress(db, ref(id), lang)
    },

    /** GET /sale/applyModify/queryById: the request as a diff against its order (as it was when decided). */
    async detail(db: DbOrTx, principal: Principal, id: string): Promise<ApplyModifyDetail> {
      const read = await readable(db, principal, id)
      const { request } = read
      const diff = (request.decidedDiff as Diff | null) ?? (await diffOf(db, read))
      const { orgCode: _o, updateBy: _u, createBy: _c, decidedDiff: _d, ...head } = request
      return { ...head, ...diff }
    },

    /** The request follows its review; approved, the order changes in the same transaction. */
    subscribe: () =>
      followRequestReview(events, AuditBusiness.OrderAdjust, saleApplyModifies, async (tx, request, e, approved) => {
        // the diff as decided: the order moves on after (this change, deliveries, other requests)
        const read = await readRequest(tx, NO_READER, request.id)
        await tx
          .update(saleApplyModifies)
          .set({ decidedDiff: await diffOf(tx, read) })
          .where(eq(saleApplyModifies.id, request.id))
        if (approved) await apply(tx, read, e.decidedBy, e.note)
        else if (request.createBy)
          await events.emit(tx, {
            type: 'business.notify',
            recipientIds: [request.createBy],
            texts: salesTexts.adjustmentDecided(request.orderNo, false, e.note),
            menuId: 'sale_apply_modify',
            objectNo: request.orderNo,
            creatorId: e.decidedBy,
          })
      }),

    openOf: (db: DbOrTx, orderId: string) =>
      db
        .select()
        .from(saleApplyModifies)
        .where(and(eq(saleApplyModifies.orderId, orderId), inArray(saleApplyModifies.status, [...OPEN_APPROVAL]))),
  }
}

export type ApplyModifies = ReturnType<typeof createApplyModifies>
