import { ApprovalStatus, ModifyType, OrderStatus } from './dicts/sales.ts'
import { Errors } from './errors.ts'
import { anyShipped, type LineQuantities, q, remainingOf } from './order-quantities.ts'

/**
 * The sales order's rules in one place (SPEC 4, 5, 6, 8): its statuses and their transitions,
 * what each action needs of the order and of the person acting, the next delivery status (the
 * arithmetic they use is order-quantities.ts). Pure: the server calls these before every write and
 * refuses with the answer; the "what may I do" answer and the web's buttons and forms read the
 * same functions. An action's rule answers null (allowed) or the SPEC 8 entry it is refused with.
 */

export type Refusal = (typeof Errors)[keyof typeof Errors]

// ---------------------------------------------------------------- statuses
/** SPEC 4's transitions: from each status, the statuses an order may move to (staying put is always allowed). */
export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  [OrderStatus.PendingReview]: [OrderStatus.UnderReview, OrderStatus.PendingDelivery, OrderStatus.Rejected],
  [OrderStatus.UnderReview]: [OrderStatus.PendingDelivery, OrderStatus.Rejected, OrderStatus.PendingReview],
  [OrderStatus.PendingDelivery]: [OrderStatus.PendingReview, OrderStatus.PartlyDelivered, OrderStatus.FullyDelivered],
  [OrderStatus.Rejected]: [OrderStatus.PendingReview],
  [OrderStatus.PartlyDelivered]: [OrderStatus.FullyDelivered],
  [OrderStatus.FullyDelivered]: [OrderStatus.DeliveryComplete],
  [OrderStatus.DeliveryComplete]: [],
}

export const ORDER_STATUSES = Object.values(OrderStatus) as readonly OrderStatus[]

/** A move SPEC 4 allows; staying put (a change of other columns) always is. */
export const canMove = (from: number, to: number) =>
  from === to || (ORDER_TRANSITIONS[from as OrderStatus]?.includes(to as OrderStatus) ?? false)

/** The statuses from which an order may move to `to`. */
export const statusesMovingTo = (to: number) => ORDER_STATUSES.filter((s) => canMove(s, to))

/** Statuses of an order under review. */
export const REVIEWING: readonly number[] = [OrderStatus.PendingReview, OrderStatus.UnderReview]
/** Statuses of an approved order: what the ERP has (or should have) and what ships. */
export const APPROVED: readonly number[] = [
  OrderStatus.PendingDelivery,
  OrderStatus.PartlyDelivered,
  OrderStatus.FullyDelivered,
  OrderStatus.DeliveryComplete,
]
/** Statuses in which something may still be shipped. */
export const DELIVERABLE: readonly number[] = [OrderStatus.PendingDelivery, OrderStatus.PartlyDelivered]
/** Statuses in which something has shipped. */
export const SHIPPED: readonly number[] = [
  OrderStatus.PartlyDelivered,
  OrderStatus.FullyDelivered,
  OrderStatus.DeliveryComplete,
]

/** An approval (of a request or a review) still waiting for a decision. */
export const OPEN_APPROVAL: readonly string[] = [ApprovalStatus.Pending, ApprovalStatus.UnderReview]
export const isOpenApproval = (status: string | null | undefined) => OPEN_APPROVAL.includes(status ?? '')

/**
 * Where an order's review leaves it (the review's status after a decision): pending review (its
 * first step, also when a rejection sent it back there), under review, approved (pending
 * delivery) or rejected.
 */
export const orderStatusOfReview = (reviewStatus: string): OrderStatus => {
  if (reviewStatus === ApprovalStatus.Approved) return OrderStatus.PendingDelivery
  if (reviewStatus === ApprovalStatus.Rejected) return OrderStatus.Rejected
  if (reviewStatus === ApprovalStatus.UnderReview) return OrderStatus.UnderReview
  return OrderStatus.PendingReview
}

/**
 * Where delivery leaves an order once its lines stand as given: everything shipped, fully
 * delivered; something shipped, partly; nothing, where it was (pending delivery).
 */
export const deliveryStatusOf = (current: number, lines: readonly LineQuantities[]): number => {
  if (!anyShipped(lines)) return current
  return lines.every((l) => l.deliveredQuantity >= l.quantity)
    ? OrderStatus.FullyDelivered
    : OrderStatus.PartlyDelivered
}

// ---------------------------------------------------------------- facts
/** What the rules need to know of an order. */
export type OrderFacts = {
  status: number
  /** YYYY-MM-DD */
  expectedDeliveryDate: string
  lines: readonly LineQuantities[]
  /** Someone has decided in the current round of its review (an order pending review is then in review). */
  decided: boolean
  /** An adjustment request waiting for its review. */
  openAdjustment: boolean
  /** A deletion request waiting for its review. */
  openDeletion: boolean
  /** Adjustments approved so far. */
  approvedAdjustments: number
}

/** What the rules need to know of the person acting. */
export type ActorFacts = {
  /** The order is within their data permission (the branch's department, or their own order). */
  owns: boolean
  /** Logistics chief or administrator. */
  logistics: boolean
  /** Holds the current step of the order's open review. */
  currentReviewer: boolean
  /** That step lets its reviewer lower quantities. */
  stepAllowsAdjust: boolean
  /** That step waits for a sub-flow request's answer. */
  openSubFlow: boolean
  /** YYYY-MM-DD, the server's day. */
  today: string
}

/** The group's limits on adjustments (ORDER_MAX_MODIFICATIONS, ORDER_MODIFY_DEADLINE_DAYS). */
export type AdjustLimits = { maxModifications: number; modifyDeadlineDays: number }

/** A day `n` days after (or before) a YYYY-MM-DD day. */
export const addDays = (day: string, n: number) => {
  const d = new Date(`${day}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + n)
  return d.toISOString().slice(0, 10)
}

// ---------------------------------------------------------------- the actions
type O<K extends keyof OrderFacts> = Pick<OrderFacts, K>
type A<K extends keyof ActorFacts> = Pick<ActorFacts, K>

/**
 * Edit (SPEC 4): pending review before any decision, rejected, or approved and not yet shipped
 * (confirm-edit: it goes back through review, so it is asked first, and never once the delivery
 * day is reached or while an adjustment waits).
 */
export const mayEdit = (
  order: O<'status' | 'expectedDeliveryDate' | 'decided' | 'openAdjustment'>,
  actor: A<'owns' | 'today'>,
  confirmed = true,
): Refusal | null => {
  if (!actor.owns) return Errors.OrderNotFound
  if (order.status === OrderStatus.UnderReview) return Errors.OrderUnderReview
  if (order.status === OrderStatus.PendingReview && order.decided) return Errors.OrderUnderReview
  if (order.status === OrderStatus.PendingDelivery) {
    // SPEC 6: once the delivery date is reached only logistics changes the order (on that day)
    if (actor.today >= order.expectedDeliveryDate) return Errors.DeliveryTimeReached
    if (order.openAdjustment) return Errors.DuplicatePendingApplication
    if (!confirmed) return Errors.ConfirmReviewRequired
  }
  return EDITABLE.includes(order.status) ? null : Errors.ShippedCannotAdjust
}

const EDITABLE: readonly number[] = [OrderStatus.PendingReview, OrderStatus.PendingDelivery, OrderStatus.Rejected]

/** Editing this order sends an approved order back to review: the user confirms first. */
export const editNeedsConfirm = (order: O<'status'>) => order.status === OrderStatus.PendingDelivery

/** Delete: an order nobody has decided on, or a rejected one (the row stays, deleted). */
export const mayDelete = (order: O<'status' | 'decided'>, actor: A<'owns'>): Refusal | null => {
  if (!actor.owns) return Errors.OrderNotFound
  if (order.status === OrderStatus.Rejected) return null
  if (order.status === OrderStatus.PendingReview && !order.decided) return null
  return Errors.OnlyUnreviewedDeletable
}

/** Request deletion: an approved order none of which has shipped, without a request already waiting. */
export const mayRequestDeletion = (order: O<'status' | 'lines' | 'openDeletion'>, actor: A<'owns'>): Refusal | null => {
  if (!actor.owns) return Errors.OrderNotFound
  if (SHIPPED.includes(order.status) || anyShipped(order.lines)) return Errors.ShippedCannotAdjust
  if (order.status !== OrderStatus.PendingDelivery) return Errors.OnlyUnreviewedDeletable
  if (order.openDeletion) return Errors.DuplicatePendingApplication
  return null
}

/** Review (approve or reject the current step): an order under review, */
export const reviewStatusRefusal = (order: O<'status'>): Refusal | null => {
  if (order.status === OrderStatus.Rejected) return Errors.AlreadyRejected
  if (!REVIEWING.includes(order.status)) return Errors.AlreadyApproved
  return null
}

/**
 * by the reviewer of its current step (the approval engine decides who that is, and answers a
 * decision on a step already decided as such), once no sub-flow request of the step waits.
 */
export const reviewerRefusal = (actor: A<'currentReviewer' | 'openSubFlow'>): Refusal | null => {
  if (!actor.currentReviewer) return Errors.ReviewerMismatch
  if (actor.openSubFlow) return Errors.SubProcessUnfinished
  return null
}

export const mayReview = (order: O<'status'>, actor: A<'currentReviewer' | 'openSubFlow'>): Refusal | null =>
  reviewStatusRefusal(order) ?? reviewerRefusal(actor)

/** Lower quantities in review: the current reviewer, on a step that allows it (SPEC 6). */
export const mayReviewAdjust = (actor: A<'currentReviewer' | 'stepAllowsAdjust'>): Refusal | null => {
  if (!actor.currentReviewer) return Errors.OnlyCurrentReviewer
  if (!actor.stepAllowsAdjust) return Errors.CannotAdjustProducts
  return null
}

/** Ask another role in a sub-flow request: the current reviewer. */
export const maySubFlow = (actor: A<'currentReviewer'>): Refusal | null =>
  actor.currentReviewer ? null : Errors.OnlyCurrentReviewer

/** Deliver (a part or the rest): an order within the person's scope, pending delivery or partly delivered. */
export const mayDeliver = (order: O<'status'>, actor: A<'owns'>): Refusal | null => {
  if (!actor.owns) return Errors.OrderNotFound
  return DELIVERABLE.includes(order.status) ? null : Errors.NotPendingPreparation
}

/** Delivery complete: once everything has shipped. */
export const mayComplete = (order: O<'status'>, actor: A<'owns'>): Refusal | null => {
  if (!actor.owns) return Errors.OrderNotFound
  return order.status === OrderStatus.FullyDelivered ? null : Errors.NotPendingPreparation
}

/**
 * Change the delivery data (dates, transport, container; SPEC 6): of an order within the person's
 * scope, until delivery is complete;
 * logistics only on the delivery day, everyone else only before it.
 */
export const mayChangeDeliveryData = (
  order: O<'status' | 'expectedDeliveryDate'>,
  actor: A<'owns' | 'logistics' | 'today'>,
): Refusal | null => {
  if (!actor.owns) return Errors.OrderNotFound
  if (order.status === OrderStatus.DeliveryComplete) return Errors.NotPendingPreparation
  return deliveryDayRefusal(order, actor)
}

/** SPEC 6's day rule alone, as an approved order's edit applies it too. */
export const deliveryDayRefusal = (
  order: O<'expectedDeliveryDate'>,
  actor: A<'logistics' | 'today'>,
): Refusal | null => {
  if (actor.logistics) return actor.today === order.expectedDeliveryDate ? null : Errors.LogisticsOnlyOnDeliveryDay
  return actor.today >= order.expectedDeliveryDate ? Errors.DeliveryTimeReached : null
}

/**
 * Request an adjustment (append, add, reduce; SPEC 5, 8): an approved order not fully shipped,
 * before the last day for changes, within the number of changes allowed, one request at a time.
 */
export const mayRequestAdjustment = (
  order: O<'status' | 'expectedDeliveryDate' | 'approvedAdjustments' | 'openAdjustment'>,
  actor: A<'owns' | 'today'>,
  limits: AdjustLimits,
): Refusal | null => {
  if (!actor.owns) return Errors.OrderNotFound
  if (REVIEWING.includes(order.status)) return Errors.UnfinishedCannotAdjust
  if (order.status === OrderStatus.FullyDelivered || order.status === OrderStatus.DeliveryComplete)
    return Errors.ShippedCannotAdjust
  if (!DELIVERABLE.includes(order.status)) return Errors.OnlyPendingDeliveryAdjustable
  if (actor.today > addDays(order.expectedDeliveryDate, -limits.modifyDeadlineDays))
    return Errors.ModificationTimePassed
  if (order.approvedAdjustments >= limits.maxModifications) return Errors.ModificationCountExceeded
  if (order.openAdjustment) return Errors.DuplicatePendingApplication
  return null
}

/** Send to the ERP again: an approved order (failed messages retried, one never sent queued). */
export const maySync = (order: O<'status'>): Refusal | null =>
  APPROVED.includes(order.status) ? null : Errors.NotApprovedCannotSync

// ---------------------------------------------------------------- the lines of a change
const positive = (n: number | null | undefined): n is number => typeof n === 'number' && Number.isFinite(n) && n > 0

/** One line of an adjustment request, as the rules read it. */
export type AdjustmentLine =
  | { type: typeof ModifyType.Append; productId: string; quantity: number | null | undefined }
  | {
      type: typeof ModifyType.Add | typeof ModifyType.Reduce
      line: LineQuantities & { productId?: string }
      quantity: number | null | undefined
    }

/**
 * What is wrong with one line of an adjustment request (null: nothing). An appended product must
 * not be on the order already nor appended twice; an added quantity is above 0; a reduce is above
 * 0 and at most what has not shipped.
 */
export const adjustmentLineRefusal = (
  change: AdjustmentLine,
  orderProducts: readonly string[],
  appendedProducts: readonly string[],
): Refusal | null => {
  if (change.type === ModifyType.Append) {
    if (!positive(change.quantity)) return Errors.AddRule
    if (orderProducts.includes(change.productId)) return Errors.AppendRule
    if (appendedProducts.filter((p) => p === change.productId).length > 1) return Errors.AppendRule
    return null
  }
  if (change.type === ModifyType.Add) return positive(change.quantity) ? null : Errors.AddRule
  return positive(change.quantity) && q(change.quantity) <= remainingOf(change.line) ? null : Errors.ReduceRule
}

/** A line after an approved add or reduce (a reduce below what shipped is refused). */
export const adjustedQuantity = (
  type: typeof ModifyType.Add | typeof ModifyType.Reduce,
  line: LineQuantities,
  quantity: number,
): number | Refusal => {
  if (type === ModifyType.Add) return q(line.quantity + quantity)
  return quantity > remainingOf(line) ? Errors.ReduceRule : q(line.quantity - quantity)
}

/** A delivery's quantity for a line above what remains of it (PreparationOverLimit), or null. */
export const deliveryLineRefusal = (line: LineQuantities, quantity: number): Refusal | null =>
  q(quantity) > remainingOf(line) ? Errors.PreparationOverLimit : null

/**
 * A reviewer's lowered quantities (SPEC 6): never above the ordered quantity, something left on
 * the order, something changed.
 */
export const reviewAdjustRefusal = (
  lines: readonly { id: string; quantity: number }[],
  wanted: ReadonlyMap<string, number>,
): Refusal | null => {
  for (const [id, quantity] of wanted) {
    const line = lines.find((l) => l.id === id)
    if (!line) return Errors.ParameterError
    if (quantity > line.quantity) return Errors.ReduceRule
  }
  const after = lines.map((l) => wanted.get(l.id) ?? l.quantity)
  if (after.every((n) => n <= 0)) return Errors.SelectProduct
  if (after.every((n, i) => n === lines[i]!.quantity)) return Errors.OrderUnchanged
  return null
}

// ---------------------------------------------------------------- all actions at once
export const ORDER_ACTIONS = [
  'edit',
  'delete',
  'applyDelete',
  'audit',
  'reviewAdjust',
  'subApply',
  'deliver',
  'complete',
  'deliveryData',
  'adjust',
  'sync',
] as const
export type OrderAction = (typeof ORDER_ACTIONS)[number]

/** Every action's answer for one order and one person: null where allowed, the refusal else. */
export const orderRefusals = (
  order: OrderFacts,
  actor: ActorFacts,
  limits: AdjustLimits,
): Record<OrderAction, Refusal | null> => ({
  edit: mayEdit(order, actor),
  delete: mayDelete(order, actor),
  applyDelete: mayRequestDeletion(order, actor),
  audit: mayReview(order, actor),
  reviewAdjust: mayReviewAdjust(actor),
  subApply: maySubFlow(actor),
  deliver: mayDeliver(order, actor),
  complete: mayComplete(order, actor),
  deliveryData: mayChangeDeliveryData(order, actor),
  adjust: mayRequestAdjustment(order, actor, limits),
  sync: maySync(order),
})

/** The buttons (menu:button permission keys) that offer each action; holding one of them is enough. */
export const ORDER_ACTION_BUTTONS: Readonly<Record<OrderAction, readonly string[]>> = {
  edit: ['sale_order:edit'],
  delete: ['sale_order:delete'],
  applyDelete: ['sale_order:applyDelete'],
  audit: ['sale_order:audit'],
  reviewAdjust: ['sale_order:audit'],
  subApply: ['sale_order:subApply'],
  deliver: ['sale_delivery:deliver'],
  complete: ['sale_delivery:deliver'],
  deliveryData: ['sale_delivery:edit', 'sale_order:edit'],
  adjust: ['sale_apply_modify:add', 'sale_order:applyModify'],
  sync: ['sale_order:sync'],
}
