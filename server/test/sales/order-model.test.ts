import { randomUUID } from 'node:crypto'
import {
  type ActorFacts,
  ApprovalStatus,
  Errors,
  ORDER_ACTION_BUTTONS,
  ORDER_ACTIONS,
  ORDER_STATUSES,
  type OrderAction,
  type OrderFacts,
  OrderStatus,
  orderRefusals,
  type PermissionList,
  type SaleOrderAbilities,
  type SaleOrderDetail,
} from '@app/contracts'
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  reviewSteps,
  reviews,
  saleApplyModifies,
  saleOrderDeletes,
  saleOrderLines,
  saleOrders,
} from '../../src/db/schema/index.ts'
import { addDays, today } from '../../src/platform/days.ts'
import { addUser, signIn } from '../approval/fixtures.ts'
import type { TestApp } from '../helpers/app.ts'
import { createProductTestApp } from '../product/helpers.ts'
import { type Api, addOrder, as, branchId, detail, editForm, orderForm, sellable } from './helpers.ts'

/**
 * The order model against the API: for every status, delivery date, open request and person, each
 * action is asked of the model (contracts `orderRefusals`, on the facts the test set) and of the
 * server (the action's own route, and the abilities answer). A refusal must be the same code; an
 * allowed action must get past every rule, which each call below makes visible by failing just
 * after them on purpose (an unchanged edit, an unknown order line, a missing note ...) or by
 * succeeding. The state is set again before every call.
 */

type Actor = 'owner' | 'outsider' | 'logistics' | 'reviewer'

let t: TestApp
const apis = {} as Record<Actor, Api>
const orders = {} as Record<Actor, SaleOrderDetail>
const allowsAdjust = {} as Record<Actor, boolean>
const limits = { maxModifications: 3, modifyDeadlineDays: 7 }
let form: ReturnType<typeof orderForm>

beforeAll(async () => {
  t = await createProductTestApp()
  apis.owner = await as(t, 'branch_admin')
  apis.logistics = await as(t, 'logistics_admin')
  apis.reviewer = await as(t, 'region_president')
  await addUser(t.database.db, 'model.ba.other', ['branch_admin'], ['A01A02'])
  apis.outsider = await signIn(t.app, 'model.ba.other')
  const moscow = await branchId(t, 'RU-MOW')
  form = orderForm(moscow, (await sellable(apis.owner, moscow)).slice(0, 2), [10, 20])
  // one order for each person, so what one of them does (a deletion) leaves the others' alone
  for (const who of Object.keys(apis) as Actor[]) {
    const { id } = await addOrder(apis.owner, form)
    orders[who] = await detail(apis.owner, id)
    const [step] = await t.database.db
      .select({ allowAdjust: reviewSteps.allowAdjust })
      .from(reviewSteps)
      .innerJoin(reviews, eq(reviews.id, reviewSteps.reviewId))
      .where(and(eq(reviews.objectId, id), eq(reviewSteps.stepNo, 1)))
    allowsAdjust[who] = step?.allowAdjust ?? false
  }
})
afterAll(async () => t?.close())

type State = { status: number; expected: string; requests: boolean }

/** Puts the order where the case says: its status, delivery date, shipped lines and open requests. */
const setState = async (order: SaleOrderDetail, s: State) => {
  const db = t.database.db
  await db
    .update(saleOrders)
    .set({
      status: s.status,
      expectedDeliveryDate: s.expected,
      // as the order was placed (a change of delivery data allowed in an earlier case is undone)
      transportMode: order.transportMode,
      containerSize: order.containerSize,
      delFlag: false,
      version: sql`${saleOrders.version} + 1`,
    })
    .where(eq(saleOrders.id, order.id))
  const shipped = (line: number, quantity: number) =>
    s.status === OrderStatus.PartlyDelivered
      ? line === 1
        ? 1
        : 0
      : s.status >= OrderStatus.FullyDelivered
        ? quantity
        : 0
  for (const l of order.lines)
    await db
      .update(saleOrderLines)
      .set({ deliveredQuantity: shipped(l.lineNo, l.quantity) })
      .where(eq(saleOrderLines.id, l.id))
  await db.delete(saleApplyModifies).where(eq(saleApplyModifies.orderId, order.id))
  await db.delete(saleOrderDeletes).where(eq(saleOrderDeletes.orderId, order.id))
  if (s.requests) {
    const asked = { orderId: order.id, orderNo: order.orderNo, reason: 'r', status: ApprovalStatus.Pending }
    await db.insert(saleApplyModifies).values({ ...asked, branchId: order.branchId, modifyTypes: 'add' })
    await db.insert(saleOrderDeletes).values(asked)
  }
  const [row] = await db.select({ version: saleOrders.version }).from(saleOrders).where(eq(saleOrders.id, order.id))
  return { ...order, version: row!.version, status: s.status, expectedDeliveryDate: s.expected }
}

/** The facts the case sets, as the model reads them. */
const factsOf = (who: Actor, order: SaleOrderDetail, s: State): [OrderFacts, ActorFacts] => [
  {
    status: s.status,
    expectedDeliveryDate: s.expected,
    lines: order.lines.map((l) => ({
      quantity: l.quantity,
      deliveredQuantity:
        s.status === OrderStatus.PartlyDelivered
          ? l.lineNo === 1
            ? 1
            : 0
          : s.status >= OrderStatus.FullyDelivered
            ? l.quantity
            : 0,
    })),
    decided: false,
    openAdjustment: s.requests,
    openDeletion: s.requests,
    approvedAdjustments: 0,
  },
  {
    owns: who === 'owner' || who === 'logistics' || who === 'reviewer',
    logistics: who === 'logistics',
    // the order's review stays open at its first step, which the region's president holds
    currentReviewer: who === 'reviewer',
    stepAllowsAdjust: who === 'reviewer' && allowsAdjust[who],
    openSubFlow: false,
    today: today(),
  },
]

/**
 * Each action's call, built to fail right after the rules when they allow it (the code it then
 * answers), or to succeed (null).
 */
const calls: Record<
  OrderAction,
  (api: Api, o: SaleOrderDetail) => Promise<{ status: number; body: { code: number } }>
> = {
  edit: (api, o) => api.post('/api/sale/order/edit', { ...editForm(o), confirmReview: true }),
  delete: (api, o) => api.delete('/api/sale/order/delete', { id: o.id }),
  applyDelete: (api, o) => api.post('/api/sale/order/applyDelete', { id: o.id, reason: 'no longer needed' }),
  audit: (api, o) => api.post('/api/sale/order/audit', { id: o.id, decision: 'approve', note: '' }),
  reviewAdjust: (api, o) =>
    api.post('/api/sale/order/reviewAdjust', {
      id: o.id,
      version: o.version,
      lines: [{ lineId: o.lines[0]!.id, quantity: o.lines[0]!.quantity }],
    }),
  subApply: (api, o) =>
    api.post('/api/sale/subApply/add', { orderId: o.id, roleCode: 'no_such_role', content: 'a question' }),
  deliver: (api, o) =>
    api.post('/api/sale/delivery/add', {
      orderId: o.id,
      depotId: randomUUID(),
      shipDate: today(),
      lines: [{ orderLineId: randomUUID(), quantity: 1 }],
    }),
  complete: (api, o) => api.post('/api/sale/delivery/complete', { orderId: o.id, actualDeliveryDate: today() }),
  deliveryData: (api, o) =>
    api.post('/api/sale/delivery/editDeliveryData', {
      orderId: o.id,
      version: o.version,
      expectedDeliveryDate: o.expectedDeliveryDate,
      transportMode: 'air',
    }),
  adjust: (api, o) =>
    api.post('/api/sale/applyModify/add', {
      orderId: o.id,
      reason: 'more',
      lines: [{ type: 'reduce', orderLineId: o.lines[0]!.id, quantity: 99_999 }],
    }),
  sync: (api, o) => api.post('/api/sale/order/sync', { ids: [o.id] }),
}

/** What a call answers once every rule of its action allowed it. */
const PASSED: Record<OrderAction, number | null> = {
  edit: Errors.OrderUnchanged.code,
  delete: null,
  applyDelete: null,
  audit: Errors.ReviewNoteRequired.code,
  reviewAdjust: Errors.OrderUnchanged.code,
  subApply: Errors.ParameterError.code,
  deliver: Errors.ParameterError.code,
  complete: null,
  deliveryData: null,
  adjust: Errors.ReduceRule.code,
  sync: null,
}

const codeOf = (res: { status: number; body: { code: number } }) => (res.status === 200 ? null : res.body.code)

const permissionsOf = async (api: Api) =>
  new Set(
    (await api.get<PermissionList>('/api/sys/permission/getPermissionList')).body.result.auth.map((a) => a.action),
  )

const STATES: State[] = ORDER_STATUSES.flatMap((status) =>
  [0, 3, 30].flatMap((days) =>
    [false, ...(status === OrderStatus.PendingDelivery || status === OrderStatus.PartlyDelivered ? [true] : [])].map(
      (requests) => ({ status, expected: addDays(today(), days), requests }),
    ),
  ),
)

describe('the order model and the API agree', () => {
  for (const who of ['owner', 'outsider', 'logistics', 'reviewer'] as const) {
    it(`for the ${who}, in every status, delivery date and with requests open`, async () => {
      const api = apis[who]
      const granted = await permissionsOf(api)
      const disagreements: string[] = []
      for (const s of STATES) {
        const [order, actor] = factsOf(who, orders[who], s)
        const model = orderRefusals(order, actor, limits)
        // the abilities answer (the reviewer of another department's order may read it as reviewer)
        await setState(orders[who], s)
        const can = await api.get<SaleOrderAbilities>('/api/sale/order/abilities', { id: orders[who].id })
        for (const action of ORDER_ACTIONS) {
          const held = ORDER_ACTION_BUTTONS[action].some((b) => granted.has(b))
          const expected = !held ? Errors.PermissionDenied.code : (model[action]?.code ?? PASSED[action])
          const at = `${s.status} due ${s.expected}${s.requests ? ' with requests' : ''}: ${action}`
          if (action !== 'delete') {
            const answered = codeOf(await calls[action](api, await setState(orders[who], s)))
            if (answered !== expected) disagreements.push(`${at}: API ${answered}, model ${expected}`)
          }
          if (can.status === 200 && can.body.result.refusals[action] !== (model[action]?.code ?? null))
            disagreements.push(`${at}: abilities ${can.body.result.refusals[action]}, model ${model[action]?.code}`)
          if (can.status === 200 && can.body.result[action] !== (held && !model[action]))
            disagreements.push(`${at}: abilities say ${can.body.result[action]}`)
        }
        if (can.status !== 200 && actor.owns) disagreements.push(`${s.status}: abilities ${can.status}`)
      }
      // deleting last: a deleted order's review is gone, so the next case takes a new order
      for (const s of STATES) {
        const [order, actor] = factsOf(who, orders[who], s)
        const refusal = orderRefusals(order, actor, limits).delete
        const expected = !granted.has('sale_order:delete') ? Errors.PermissionDenied.code : (refusal?.code ?? null)
        const answered = codeOf(await calls.delete(api, await setState(orders[who], s)))
        if (answered !== expected)
          disagreements.push(`${s.status} due ${s.expected}: delete: API ${answered}, model ${expected}`)
        if (answered === null) orders[who] = await detail(apis.owner, (await addOrder(apis.owner, form)).id)
      }
      expect(disagreements).toEqual([])
    })
  }
})
