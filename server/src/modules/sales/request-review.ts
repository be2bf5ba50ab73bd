import { randomUUID } from 'node:crypto'
import { ApprovalStatus } from '@app/contracts'
import { eq, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { type saleApplyModifies, type saleOrderDeletes, saleOrders } from '../../db/schema/index.ts'
import type { Principal } from '../../platform/auth/principal.ts'
import type { DomainEvent, EventBus } from '../../platform/events.ts'
import type { OrderRow } from './order.status.ts'

type RequestTable = typeof saleOrderDeletes | typeof saleApplyModifies
type Decision = Extract<DomainEvent, { type: 'approval.approved' | 'approval.rejected' }>

/** The columns a request on an order (a deletion, an adjustment) is made with: pending, by its requester. */
export const newRequest = (order: Pick<OrderRow, 'id' | 'orderNo'>, principal: Principal, reason: string) => ({
  id: randomUUID(),
  orderId: order.id,
  orderNo: order.orderNo,
  reason,
  status: ApprovalStatus.Pending,
  requesterName: principal.realname,
  createAt: new Date(),
  createBy: principal.userId,
  updateAt: null,
  updateBy: null,
  version: 1,
})

/**
 * A request on an order (a deletion, an adjustment) follows its own review: under review after a
 * step, approved or rejected at the end. `onFinal` runs in the deciding transaction with the
 * request as it now stands (the deletion cancels the order, the adjustment changes it).
 * Answers the unsubscriber.
 */
export const followRequestReview = <T extends RequestTable>(
  events: EventBus,
  business: string,
  table: T,
  onFinal: (tx: DbOrTx, request: T['$inferSelect'], e: Decision, approved: boolean) => Promise<void>,
) => {
  const offs = (['approval.approved', 'approval.rejected'] as const).map((type) =>
    events.on(type, async (tx, e) => {
      if (e.business !== business) return
      const approved = e.type === 'approval.approved'
      // approved, `onFinal` changes the order: its lock first, then the request's row, the order a
      // new request on the order takes them in (its insert waits on this one's entry in the
      // one-open-request index); the request first, the two deadlocked
      if (approved && e.final) {
        const [request] = await tx
          .select({ orderId: table.orderId })
          .from(table as typeof saleOrderDeletes)
          .where(eq(table.id, e.objectId))
        if (request)
          await tx
            .select({ id: saleOrders.id })
            .from(saleOrders)
            .where(eq(saleOrders.id, request.orderId))
            .for('update')
      }
      // as its review now stands: a rejection sent back to the first step leaves it pending
      const status = e.reviewStatus
      const [request] = (await tx
        .update(table as typeof saleOrderDeletes)
        .set({ status, version: sql`${table.version} + 1`, updateAt: new Date(), updateBy: e.decidedBy })
        .where(eq(table.id, e.objectId))
        .returning()) as T['$inferSelect'][]
      if (request && e.final) await onFinal(tx, request, e, approved)
    }),
  )
  return () => {
    for (const off of offs) off()
  }
}
