import { AuditBusiness, ModifyType, ReviewDecision } from '@app/contracts'
import { createSalesServices } from '../../../modules/sales/index.ts'
import { createEventBus } from '../../../platform/events.ts'
import type { Db, DbOrTx } from '../../client.ts'
import { loadFlow, type Person, principalOf, requestAs } from './sales-review.ts'

/** An order a request may be made on: pending delivery, its lines, and who placed it. */
export type Adjustable = {
  orderId: string
  submitter: Person
  lines: readonly { id: string; quantity: number }[]
}

const STORIES = [
  { reason: '客户促销提前结束，减少第一项数量 (the customer’s promotion ended early)', decided: 0, approve: true },
  { reason: '旺季备货，增加第一项并减少最后一项 (stocking up for the high season)', decided: 1, approve: true },
  { reason: '新店开业，增加第一项数量 (a new shop opens)', decided: Number.POSITIVE_INFINITY, approve: true },
  // rejected at the first step: nowhere to go back to, so the request ends rejected
  { reason: '仓库容量不足，减少第一项 (the branch warehouse is full)', decided: 1, approve: false },
] as const

/**
 * Order adjustment requests (issue 16) on four orders pending delivery, made by the order's
 * branch and decided on the `order_adjust` flow in force, through the adjustment service and the
 * approval engine as the screens would: one waiting at the first step, one at the second, one
 * approved (the order's lines changed, its history kept) and one rejected (the order untouched).
 */
export const seedAdjustments = async (
  db: DbOrTx,
  orders: readonly Adjustable[],
  people: ReadonlyMap<string, Person>,
  now: Date,
) => {
  const events = createEventBus()
  const { adjustments } = createSalesServices({
    db: db as Db,
    events,
    // the settings' defaults (ORDER_MAX_MODIFICATIONS, ORDER_MODIFY_DEADLINE_DAYS): the orders given are far enough ahead
    limits: () => ({ maxModifications: 3, modifyDeadlineDays: 7 }),
  })
  const off = adjustments.subscribe()
  const flow = await loadFlow(db, AuditBusiness.OrderAdjust, people, { storied: false })
  const unused = [...orders]
  for (const [i, story] of STORIES.entries()) {
    // the second story changes two lines: an order with at least two
    const at = unused.findIndex((o) => (i === 1 ? o.lines.length > 1 : true))
    if (at < 0) break
    const [order] = unused.splice(at, 1) as [Adjustable]
    const [first, last] = [order.lines[0]!, order.lines[order.lines.length - 1]!]
    const lines =
      i === 1
        ? [
            { type: ModifyType.Add, orderLineId: first.id, quantity: Math.ceil(first.quantity / 2) },
            { type: ModifyType.Reduce, orderLineId: last.id, quantity: Math.ceil(last.quantity / 3) },
          ]
        : i === 2
          ? [{ type: ModifyType.Add, orderLineId: first.id, quantity: Math.ceil(first.quantity / 4) }]
          : [{ type: ModifyType.Reduce, orderLineId: first.id, quantity: Math.ceil(first.quantity / 3) }]
    const asker = await principalOf(db, order.submitter, now)
    const { id } = await adjustments.add(
      db,
      asker,
      { orderId: order.orderId, reason: story.reason, lines },
      requestAs(asker, '/api/sale/applyModify/add'),
    )
    let previous: Person | undefined
    for (const step of flow.config.steps) {
      if (step.stepNo > story.decided) break
      const who = flow.reviewerOf(step.stepNo, order.submitter.id, previous)
      const reviewer = await principalOf(db, who, now)
      const approve = story.approve || step.stepNo < story.decided
      await adjustments.audit(
        db,
        reviewer,
        {
          id,
          decision: approve ? ReviewDecision.Approve : ReviewDecision.Reject,
          note: approve ? '同意 (agreed)' : '请先清理分公司库存再申请 (clear the branch stock first)',
        },
        requestAs(reviewer, '/api/sale/applyModify/audit'),
      )
      if (!approve) break
      previous = who
    }
  }
  off()
}
