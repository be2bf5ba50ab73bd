import {
  AuditBusiness,
  Errors,
  type Lang,
  mayRequestDeletion,
  type OrderDeleteAuditSchema,
  OrderDeleteSchema,
  orderDeleteResource,
  type SaleOrderApplyDeleteSchema,
} from '@app/contracts'
import { z } from 'zod'
import { type DbOrTx, writeTogether } from '../../db/client.ts'
import { saleOrderDeletes } from '../../db/schema/index.ts'
import type { ApprovalEngine } from '../../platform/approval/index.ts'
import { operationInsert, type RequestInfo } from '../../platform/audit-log.ts'
import type { Principal } from '../../platform/auth/principal.ts'
import type { CrudResource } from '../../platform/crud/resource.ts'
import { refuse, refusedBy } from '../../platform/errors.ts'
import type { EventBus } from '../../platform/events.ts'
import type { OrderFactsReader } from './order.facts.ts'
import { linesOf } from './order.lines.ts'
import type { OrderService } from './order.service.ts'
import { lockOrder } from './order.status.ts'
import { followRequestReview, newRequest } from './request-review.ts'
import { reviewedBy } from './review-visibility.ts'
import { salesTexts } from './texts.ts'

const ref = (id: string) => ({ business: AuditBusiness.OrderDelete, objectId: id })

type OrderDeleteRow = typeof saleOrderDeletes.$inferSelect

/** Deletion requests (Order deletion review): read by those who review them and who asked. */
export const orderDeleteCrud: CrudResource = {
  meta: orderDeleteResource,
  table: saleOrderDeletes,
  record: OrderDeleteSchema,
  input: z.object({}),
  verbs: ['export'],
  scope: { org: saleOrderDeletes.orgCode, owner: saleOrderDeletes.createBy },
  alsoVisibleTo: reviewedBy(AuditBusiness.OrderDelete, saleOrderDeletes.id),
}

/**
 * An approved order none of which has shipped may be deleted only through a request of the order
 * centre (the `applyDelete` button), reviewed on the `order_delete` flow; once approved the order
 * is cancelled and leaves every list but history.
 */
export const createOrderDeletes = (deps: {
  engine: ApprovalEngine
  events: EventBus
  orders: OrderService
  facts: OrderFactsReader
}) => {
  const { engine, events, orders, facts } = deps

  return {
    /** POST /sale/order/applyDelete */
    async apply(
      tx: DbOrTx,
      principal: Principal,
      input: z.output<typeof SaleOrderApplyDeleteSchema>,
      req: RequestInfo,
    ) {
      const order = await lockOrder(tx, input.id)
      const lines = await linesOf(tx, order.id)
      refuse(mayRequestDeletion(await facts.order(tx, order, null, lines), facts.person(principal, order)))
      const row: OrderDeleteRow = { ...newRequest(order, principal, input.reason), orgCode: principal.orgCode }
      // the request and its log entry in one statement
      await writeTogether(tx, [
        tx.insert(saleOrderDeletes).values(row),
        operationInsert(tx, req, {
          operation: 'sale_order:applyDelete',
          resource: 'sale_order_delete',
          objectId: row.id,
          objectLabel: order.orderNo,
          after: row,
        }),
      ]).catch(refusedBy('sale_order_delete_open_uq', Errors.DuplicatePendingApplication))
      // a request made just now has no review to look for
      await engine.startMany(
        tx,
        {
          business: AuditBusiness.OrderDelete,
          submitter: { userId: principal.userId, orgCode: principal.orgCode },
          objects: [{ objectId: row.id, objectNo: order.orderNo }],
        },
        { req: req as never },
      )
      return row
    },

    /** POST /sale/orderDelete/audit: the request's current reviewer decides. */
    async audit(tx: DbOrTx, principal: Principal, input: z.output<typeof OrderDeleteAuditSchema>, req: RequestInfo) {
      const { id, ...rest } = input
      return engine.decide(tx, { ...ref(id), ...rest, actor: principal }, { req: req as never })
    },

    progress: (db: DbOrTx, id: string, lang: Lang) => engine.progress(db, ref(id), lang),

    /** The request follows its review; an approved one cancels the order in the same transaction. */
    subscribe: () =>
      followRequestReview(events, AuditBusiness.OrderDelete, saleOrderDeletes, async (tx, request, e, approved) => {
        if (!approved) return
        const order = await orders.cancel(tx, request.orderId, e.decidedBy)
        await events.emit(tx, {
          type: 'erp.changed',
          kind: 'saleorder.delete',
          orderId: order.id,
          objectId: order.id,
        })
        await events.emit(tx, {
          type: 'business.notify',
          recipientIds: [order.createBy].filter((x): x is string => !!x),
          texts: salesTexts.orderCancelled(request.orderNo),
          menuId: 'sale_order',
          objectNo: request.orderNo,
          creatorId: e.decidedBy,
        })
      }),
  }
}

export type OrderDeletes = ReturnType<typeof createOrderDeletes>
