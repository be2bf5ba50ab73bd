import { describe, expect, it } from 'vitest'
import {
  type ActorFacts,
  adjustedQuantity,
  adjustmentLineRefusal,
  canMove,
  deliveryLineRefusal,
  deliveryStatusOf,
  Errors,
  lineAmount,
  ModifyType,
  mayChangeDeliveryData,
  mayEdit,
  mayRequestAdjustment,
  ORDER_ACTIONS,
  ORDER_STATUSES,
  type OrderFacts,
  OrderStatus,
  orderRefusals,
  q,
  remainingOf,
  reviewAdjustRefusal,
  statusesMovingTo,
  unitPrice,
} from '../src/index.ts'

const S = OrderStatus
const order = (status: number, more: Partial<OrderFacts> = {}): OrderFacts => ({
  status,
  expectedDeliveryDate: '2026-12-31',
  lines: [{ quantity: 10, deliveredQuantity: status === S.PartlyDelivered ? 4 : status > S.PartlyDelivered ? 10 : 0 }],
  decided: false,
  openAdjustment: false,
  openDeletion: false,
  approvedAdjustments: 0,
  ...more,
})
const actor = (more: Partial<ActorFacts> = {}): ActorFacts => ({
  owns: true,
  logistics: false,
  currentReviewer: false,
  stepAllowsAdjust: false,
  openSubFlow: false,
  today: '2026-12-01',
  ...more,
})
const limits = { maxModifications: 3, modifyDeadlineDays: 7 }
const allowed = (status: number, more: Partial<ActorFacts> = {}) =>
  ORDER_ACTIONS.filter((a) => orderRefusals(order(status), actor(more), limits)[a] === null)

describe('the statuses', () => {
  it('move as SPEC 4 draws them, and nowhere else', () => {
    const moves = ORDER_STATUSES.flatMap((from) =>
      ORDER_STATUSES.filter((to) => to !== from && canMove(from, to)).map((to) => `${from}>${to}`),
    )
    expect(moves).toEqual([
      '100801>100802',
      '100801>100803',
      '100801>100804',
      '100802>100801',
      '100802>100803',
      '100802>100804',
      '100803>100801',
      '100803>100805',
      '100803>100806',
      '100804>100801',
      '100805>100806',
      '100806>100807',
    ])
    expect(statusesMovingTo(S.DeliveryComplete)).toEqual([S.FullyDelivered, S.DeliveryComplete])
  })

  it('follow the lines once something has shipped', () => {
    expect(deliveryStatusOf(S.PendingDelivery, [{ quantity: 5, deliveredQuantity: 0 }])).toBe(S.PendingDelivery)
    expect(deliveryStatusOf(S.PendingDelivery, [{ quantity: 5, deliveredQuantity: 2 }])).toBe(S.PartlyDelivered)
    expect(
      deliveryStatusOf(S.PartlyDelivered, [
        { quantity: 5, deliveredQuantity: 5 },
        { quantity: 1, deliveredQuantity: 1 },
      ]),
    ).toBe(S.FullyDelivered)
  })
})

describe('what each status allows the order’s own branch, a reviewer and logistics', () => {
  it('the owner: edit and delete before review, edit and ask once approved', () => {
    // delivery data (dates, transport) may change before the delivery day in any open status
    expect(allowed(S.PendingReview)).toEqual(['edit', 'delete', 'deliveryData'])
    expect(allowed(S.UnderReview)).toEqual(['deliveryData'])
    expect(allowed(S.PendingDelivery)).toEqual(['edit', 'applyDelete', 'deliver', 'deliveryData', 'adjust', 'sync'])
    expect(allowed(S.Rejected)).toEqual(['edit', 'delete', 'deliveryData'])
    expect(allowed(S.PartlyDelivered)).toEqual(['deliver', 'deliveryData', 'adjust', 'sync'])
    expect(allowed(S.FullyDelivered)).toEqual(['complete', 'deliveryData', 'sync'])
    expect(allowed(S.DeliveryComplete)).toEqual(['sync'])
  })

  it('the current reviewer: decide, lower quantities where the step allows, ask a sub-flow', () => {
    const reviewer = { currentReviewer: true, stepAllowsAdjust: true }
    expect(allowed(S.UnderReview, reviewer)).toEqual(['audit', 'reviewAdjust', 'subApply', 'deliveryData'])
    expect(orderRefusals(order(S.UnderReview), actor({ ...reviewer, openSubFlow: true }), limits).audit).toBe(
      Errors.SubProcessUnfinished,
    )
    expect(orderRefusals(order(S.UnderReview), actor(), limits).audit).toBe(Errors.ReviewerMismatch)
    expect(orderRefusals(order(S.Rejected), actor(reviewer), limits).audit).toBe(Errors.AlreadyRejected)
  })

  it('someone outside the order’s scope: not found, whatever the status', () => {
    for (const status of ORDER_STATUSES) {
      const r = orderRefusals(order(status), actor({ owns: false }), limits)
      for (const a of ['edit', 'delete', 'applyDelete', 'deliver', 'complete', 'deliveryData', 'adjust'] as const)
        expect(r[a]).toBe(Errors.OrderNotFound)
    }
  })

  it('names the real reason a second request is refused', () => {
    const r = orderRefusals(order(S.PendingDelivery, { openDeletion: true, openAdjustment: true }), actor(), limits)
    expect(r.applyDelete).toBe(Errors.DuplicatePendingApplication)
    expect(r.adjust).toBe(Errors.DuplicatePendingApplication)
    expect(r.edit).toBe(Errors.DuplicatePendingApplication)
  })
})

describe('the days', () => {
  it('an approved order is edited before its delivery day only; logistics change delivery data on that day only', () => {
    const due = order(S.PendingDelivery, { expectedDeliveryDate: '2026-12-01' })
    expect(mayEdit(due, actor())).toBe(Errors.DeliveryTimeReached)
    expect(mayEdit(order(S.PendingDelivery), actor(), false)).toBe(Errors.ConfirmReviewRequired)
    expect(mayChangeDeliveryData(due, actor({ logistics: true }))).toBeNull()
    expect(mayChangeDeliveryData(order(S.PendingDelivery), actor({ logistics: true }))).toBe(
      Errors.LogisticsOnlyOnDeliveryDay,
    )
    expect(mayChangeDeliveryData(due, actor())).toBe(Errors.DeliveryTimeReached)
  })

  it('adjustments stop the configured days before delivery and after the configured count', () => {
    const at = (expectedDeliveryDate: string, approvedAdjustments = 0) =>
      mayRequestAdjustment(order(S.PendingDelivery, { expectedDeliveryDate, approvedAdjustments }), actor(), limits)
    expect(at('2026-12-08')).toBeNull()
    expect(at('2026-12-07')).toBe(Errors.ModificationTimePassed)
    expect(at('2026-12-31', 3)).toBe(Errors.ModificationCountExceeded)
  })
})

describe('quantities and prices', () => {
  it('rounds as the columns keep them and prices a unit from the base price', () => {
    expect(q(0.1 + 0.2)).toBe(0.3)
    expect(remainingOf({ quantity: 2.5, deliveredQuantity: 1.25 })).toBe(1.25)
    expect(unitPrice(1.2345, 12)).toBe(14.814)
    expect(lineAmount(14.814, 3)).toBe(44.44)
  })

  it('checks the lines of a change: append, add, reduce, deliver, a reviewer’s lowering', () => {
    const line = { quantity: 10, deliveredQuantity: 4 }
    expect(adjustmentLineRefusal({ type: ModifyType.Reduce, line, quantity: 6 }, [], [])).toBeNull()
    expect(adjustmentLineRefusal({ type: ModifyType.Reduce, line, quantity: 6.001 }, [], [])).toBe(Errors.ReduceRule)
    expect(adjustmentLineRefusal({ type: ModifyType.Add, line, quantity: 0 }, [], [])).toBe(Errors.AddRule)
    expect(adjustmentLineRefusal({ type: ModifyType.Append, productId: 'p', quantity: 1 }, ['p'], ['p'])).toBe(
      Errors.AppendRule,
    )
    expect(adjustmentLineRefusal({ type: ModifyType.Append, productId: 'p', quantity: 1 }, [], ['p', 'p'])).toBe(
      Errors.AppendRule,
    )
    expect(adjustedQuantity(ModifyType.Reduce, line, 7)).toBe(Errors.ReduceRule)
    expect(adjustedQuantity(ModifyType.Add, line, 0.5)).toBe(10.5)
    expect(deliveryLineRefusal(line, 6)).toBeNull()
    expect(deliveryLineRefusal(line, 6.5)).toBe(Errors.PreparationOverLimit)
    const lines = [
      { id: 'a', quantity: 5 },
      { id: 'b', quantity: 3 },
    ]
    expect(reviewAdjustRefusal(lines, new Map([['a', 6]]))).toBe(Errors.ReduceRule)
    expect(
      reviewAdjustRefusal(
        lines,
        new Map([
          ['a', 0],
          ['b', 0],
        ]),
      ),
    ).toBe(Errors.SelectProduct)
    expect(reviewAdjustRefusal(lines, new Map([['a', 5]]))).toBe(Errors.OrderUnchanged)
    expect(reviewAdjustRefusal(lines, new Map([['a', 4]]))).toBeNull()
  })
})
