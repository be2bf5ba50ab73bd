import {
  AuditBusiness,
  type DeliveryOrder,
  Errors,
  errorByCode,
  ModifyType,
  OrderStatus,
  type Page,
  type ReviewItem,
  RoleCode,
  type SaleOrder,
  type SaleOrderDetail,
  type SellableProduct,
} from '@app/contracts'
import { exchange } from './http.ts'

/**
 * The simulated users of `npm run bench:soak` (soak.ts): each one a person of a demo role at work
 * through the API as the web calls it, and every answer counted: a success, a business refusal
 * (a SPEC 8 code a person racing others meets), or a real error.
 */

/** Codes a person meets when others moved the same thing first: counted, not errors. */
const REFUSALS: ReadonlySet<number> = new Set(
  [
    Errors.DataChanged, // someone changed the order since it was read
    Errors.AuditRecordNotFound, // the order was edited or deleted, its review started over
    Errors.AlreadyApproved, // another reviewer decided the step first
    Errors.AlreadyRejected,
    Errors.ReviewFailed, // the review moved since the inbox was read
    Errors.OnlyCurrentReviewer, // an adjustment went back a step (rejection to the previous one)
    Errors.SubProcessUnfinished, // the seed's waiting sub-flow request
    Errors.OrderUnderReview, // a reviewer decided before the edit
    Errors.OnlyUnreviewedDeletable,
    Errors.OrderNotFound, // deleted meanwhile
    Errors.InsufficientStock,
    Errors.PreparationOverLimit, // another delivery shipped part of the line first
    Errors.NotPendingPreparation, // shipped in full, completed, or back in review meanwhile
    Errors.DuplicatePendingApplication, // an adjustment request is open already
    Errors.ModificationCountExceeded,
    Errors.ModificationTimePassed,
    Errors.OnlyPendingDeliveryAdjustable,
    Errors.UnfinishedCannotAdjust,
    Errors.ShippedCannotAdjust,
    Errors.AppendRule, // appended by an approved request meanwhile
    Errors.ReduceRule, // shipped meanwhile
  ].map((e) => e.code),
)

export type Stats = {
  /** Per action: response times of answered calls (ms), and how many were refusals. */
  actions: Map<string, { times: number[]; refused: number }>
  refusals: Map<number, number>
  errors: { action: string; status: number; code: number | null; message: string }[]
  errorCount: number
}
export const newStats = (): Stats => ({ actions: new Map(), refusals: new Map(), errors: [], errorCount: 0 })

export type SimUser = { id: string; username: string; role: string; token: string; baseUrl: string; branchId?: string }
export type World = {
  depotId: string
  /** Every product: what the warehouse receives. */
  productIds: string[]
  today: string
  until: number
  thinkMs: number
  stats: Stats
}

const record = (stats: Stats, action: string, ms: number, refused: boolean) => {
  const a = stats.actions.get(action) ?? { times: [], refused: 0 }
  a.times.push(ms)
  if (refused) a.refused++
  stats.actions.set(action, a)
}
const fail = (stats: Stats, action: string, status: number, code: number | null, message: string) => {
  stats.errorCount++
  if (stats.errors.length < 20) stats.errors.push({ action, status, code, message: message.slice(0, 300) })
}

/** The language the people read the app in (the web sends it with every call). */
const LANGUAGE = { langCode: 'en' }

type Answer<T> = { result: T; code?: undefined } | { result: null; code: number | null }

/** One call as the web makes it, counted; the result, or the refusal's code (null: a real error). */
const send = async <T>(
  w: World,
  u: SimUser,
  action: string,
  path: string,
  opts: { body?: unknown; query?: Record<string, string | number>; method?: string } = {},
): Promise<Answer<T>> => {
  const query = opts.query
    ? `?${new URLSearchParams(Object.entries(opts.query).map(([k, v]): [string, string] => [k, String(v)]))}`
    : ''
  const started = performance.now()
  let status = 0
  try {
    const res = await exchange(
      opts.method ?? (opts.body === undefined ? 'GET' : 'POST'),
      `${u.baseUrl}/api${path}${query}`,
      u.token,
      opts.body,
      LANGUAGE,
    )
    status = res.status
    const answer = JSON.parse(res.body.toString('utf8')) as {
      success: boolean
      code: number
      message: string
      result: T
    }
    const ms = performance.now() - started
    if (res.status === 200 && answer.success) {
      record(w.stats, action, ms, false)
      return { result: answer.result }
    }
    if (REFUSALS.has(answer.code) && errorByCode(answer.code)?.status === res.status) {
      record(w.stats, action, ms, true)
      w.stats.refusals.set(answer.code, (w.stats.refusals.get(answer.code) ?? 0) + 1)
      return { result: null, code: answer.code }
    }
    fail(w.stats, action, res.status, answer.code ?? null, `${u.username} ${path}: ${answer.message}`)
  } catch (e) {
    fail(w.stats, action, status, null, `${u.username} ${path}: ${(e as Error).message}`)
  }
  return { result: null, code: null }
}

const call = async <T>(
  w: World,
  u: SimUser,
  action: string,
  path: string,
  body?: unknown,
  query?: Record<string, string | number>,
): Promise<T | null> => (await send<T>(w, u, action, path, { body, query })).result

const pick = <T>(xs: readonly T[]): T | undefined => xs[Math.floor(Math.random() * xs.length)]
const chance = (p: number) => Math.random() < p
const dayFrom = (today: string, days: number) => {
  const d = new Date(`${today}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + days)
  return d.toISOString().slice(0, 10)
}

const orderList = (w: World, u: SimUser, statuses: number[], pageSize = 20) =>
  call<Page<SaleOrder>>(w, u, 'read: order list', '/sale/order/list', undefined, {
    pageNo: 1,
    pageSize,
    column: 'createAt',
    order: 'desc',
    ...(statuses.length ? { search: JSON.stringify({ status: statuses.join(',') }) } : {}),
  })

const detail = (w: World, u: SimUser, id: string) =>
  call<SaleOrderDetail>(w, u, 'read: order detail', '/sale/order/queryById', undefined, { id })

/** Whole boxes where the unit has a box spec, as the order modal suggests. */
const quantityFor = (p: SellableProduct) => {
  const perBox = p.units[0]?.perBox
  return perBox && perBox > 1 ? perBox * (2 + Math.floor(Math.random() * 20)) : 10 + Math.floor(Math.random() * 90)
}

// ------------------------------------------------------------------ branch staff (branch_admin)

const sellableOf = new Map<string, SellableProduct[]>()

const products = async (w: World, u: SimUser) => {
  const page = await call<Page<SellableProduct>>(
    w,
    u,
    'read: sellable products',
    '/sale/order/sellableProducts',
    undefined,
    {
      branchId: u.branchId!,
      pageNo: 1,
      pageSize: 50,
    },
  )
  if (page)
    sellableOf.set(
      u.branchId!,
      page.records.filter((p) => p.units.length > 0),
    )
  return sellableOf.get(u.branchId!) ?? []
}

const placeOrder = async (w: World, u: SimUser) => {
  const offer = await products(w, u)
  const currency = pick(offer)?.currency
  const same = offer.filter((p) => p.currency === currency).sort(() => Math.random() - 0.5)
  const lines = same.slice(0, 1 + Math.floor(Math.random() * 4))
  if (lines.length === 0) return
  await call(w, u, 'order', '/sale/order/add', {
    branchId: u.branchId,
    companyCode: '002',
    expectedDeliveryDate: dayFrom(w.today, 20 + Math.floor(Math.random() * 60)),
    transportMode: pick(['sea', 'rail', 'air']),
    certificateRequired: false,
    remark: 'soak',
    lines: lines.map((p) => ({ productId: p.productId, unitId: p.units[0]!.id, quantity: quantityFor(p) })),
  })
}

/** A rejected order fixed and sent again, or a pending one changed before anyone decided. */
const editOrder = async (w: World, u: SimUser) => {
  const page = await orderList(w, u, chance(0.7) ? [OrderStatus.Rejected] : [OrderStatus.PendingReview])
  const row = pick(page?.records ?? [])
  const o = row && (await detail(w, u, row.id))
  if (!o || o.lines.length === 0) return
  const { lines, attachments, id, version } = o
  await call(w, u, 'edit', '/sale/order/edit', {
    id,
    version,
    branchId: o.branchId,
    companyCode: o.companyCode,
    orderDate: o.orderDate,
    expectedDeliveryDate: o.expectedDeliveryDate > w.today ? o.expectedDeliveryDate : dayFrom(w.today, 30),
    transportMode: o.transportMode,
    containerSize: o.containerSize,
    certificateRequired: o.certificateRequired === '1',
    certificateTypes: o.certificateTypes,
    remark: `soak: changed ${new Date().toISOString()}`,
    attachmentIds: attachments.map((a) => a.id),
    lines: lines.map((l, i) => ({
      productId: l.productId,
      unitId: l.unitId,
      quantity: i === 0 ? l.quantity + 1 : l.quantity,
    })),
  })
}

const deleteOrder = async (w: World, u: SimUser) => {
  const row = pick((await orderList(w, u, [OrderStatus.PendingReview, OrderStatus.Rejected]))?.records ?? [])
  if (row) await send(w, u, 'delete', '/sale/order/delete', { method: 'DELETE', query: { id: row.id } })
}

/** An adjustment request on one of the staff's approved orders: append, add to or reduce a line. */
const requestAdjustment = async (w: World, u: SimUser) => {
  const row = pick((await orderList(w, u, [OrderStatus.PendingDelivery, OrderStatus.PartlyDelivered]))?.records ?? [])
  const o = row && (await detail(w, u, row.id))
  if (!o) return
  const line = pick(o.lines)!
  const offer = sellableOf.get(o.branchId) ?? []
  const extra = offer.find((p) => !o.lines.some((l) => l.productId === p.productId) && p.currency === o.currency)
  const open = line.quantity - line.deliveredQuantity
  const change =
    extra && chance(0.3)
      ? {
          type: ModifyType.Append,
          productId: extra.productId,
          unitId: extra.units[0]!.id,
          quantity: quantityFor(extra),
        }
      : open >= 2 && chance(0.5)
        ? { type: ModifyType.Reduce, orderLineId: line.id, quantity: Math.floor(open / 2) }
        : { type: ModifyType.Add, orderLineId: line.id, quantity: 1 + Math.floor(Math.random() * 10) }
  await call(w, u, 'adjust', '/sale/applyModify/add', {
    orderId: o.id,
    reason: 'soak: the customer changed the order',
    lines: [change],
  })
}

// ------------------------------------------------------------------ reviewers

/** What each reviewer's inbox holds in the demo flows. */
const BUSINESSES: Record<string, string[]> = {
  [RoleCode.RegionPresident]: [AuditBusiness.SaleOrder, AuditBusiness.SaleOrder, AuditBusiness.OrderAdjust],
  [RoleCode.BranchFinance]: [AuditBusiness.SaleOrder],
  [RoleCode.GmPresident]: [AuditBusiness.SaleOrder],
  [RoleCode.FinanceDirector]: [AuditBusiness.OrderAdjust],
}

/** The inbox, one item of it opened, decided: approve mostly, now and then reject (note required). */
const decide = async (w: World, u: SimUser) => {
  const business = pick(BUSINESSES[u.role] ?? [])!
  const inbox = await call<Page<ReviewItem>>(w, u, 'read: inbox', '/sys/todo/list', undefined, {
    business,
    pageSize: 30,
  })
  const item = pick(inbox?.records ?? [])
  if (!item) return
  const order = business === AuditBusiness.SaleOrder
  if (order) await detail(w, u, item.objectId)
  else await call(w, u, 'read: adjustment detail', '/sale/applyModify/queryById', undefined, { id: item.objectId })
  const approve = chance(0.9)
  await call(w, u, approve ? 'approve' : 'reject', order ? '/sale/order/audit' : '/sale/applyModify/audit', {
    id: item.objectId,
    decision: approve ? 'approve' : 'reject',
    note: approve ? 'soak: agreed' : 'soak: please check the quantities',
    stepNo: item.currentStep,
    version: item.version,
  })
}

// ------------------------------------------------------------------ logistics

const deliveryList = (w: World, u: SimUser, statuses: number[]) =>
  call<Page<DeliveryOrder>>(w, u, 'read: delivery list', '/sale/delivery/list', undefined, {
    pageNo: 1,
    pageSize: 20,
    search: JSON.stringify({ status: statuses.join(',') }),
  })

/** An order shipped from the export depot, in full or half of each line; out of stock, the depot is restocked. */
const deliver = async (w: World, u: SimUser) => {
  const o = pick((await deliveryList(w, u, [OrderStatus.PendingDelivery, OrderStatus.PartlyDelivered]))?.records ?? [])
  const open = (o?.lines ?? []).filter((l) => l.remaining > 0)
  if (!o || open.length === 0) return
  const half = chance(0.4)
  const lines = open.map((l) => ({
    orderLineId: l.id,
    quantity: half && l.remaining >= 2 ? Math.floor(l.remaining / 2) : l.remaining,
  }))
  const body = { orderId: o.id, depotId: w.depotId, shipDate: w.today, lines }
  if ((await send(w, u, 'deliver', '/sale/delivery/add', { body })).code === Errors.InsufficientStock.code) {
    const d = await detail(w, u, o.id)
    if (d) await receive(w, u, [...new Set(d.lines.map((l) => l.productId))])
  }
}

/** Goods received into the export depot (a production-in of today's batch), as the warehouse posts them. */
const receive = (w: World, u: SimUser, productIds: string[]) =>
  call(w, u, 'receive goods', '/pro/stock/productionIn', {
    depotId: w.depotId,
    remark: 'soak: goods received',
    lines: productIds.map((productId) => ({
      productId,
      batchNo: `SOAK-${w.today}`,
      quantity: 20_000,
      productionDate: w.today,
    })),
  })

const receiveSome = async (w: World, u: SimUser) => {
  await receive(w, u, [...w.productIds].sort(() => Math.random() - 0.5).slice(0, 3 + Math.floor(Math.random() * 6)))
}

const complete = async (w: World, u: SimUser) => {
  const o = pick((await deliveryList(w, u, [OrderStatus.FullyDelivered]))?.records ?? [])
  if (o) await call(w, u, 'complete', '/sale/delivery/complete', { orderId: o.id, actualDeliveryDate: w.today })
}

// ------------------------------------------------------------------ reading

const read = async (w: World, u: SimUser) => {
  const r = Math.random()
  if (r < 0.3) {
    await call(w, u, 'read: dashboard', '/dashboard/analysis')
    return
  }
  if (r < 0.45 && (u.role === RoleCode.LogisticsAdmin || u.role === RoleCode.LogisticsChief)) {
    const o = pick((await deliveryList(w, u, [OrderStatus.PartlyDelivered, OrderStatus.FullyDelivered]))?.records ?? [])
    if (o) await call(w, u, 'read: order deliveries', '/sale/delivery/deliveries', undefined, { orderId: o.id })
    return
  }
  const page = await orderList(w, u, chance(0.5) ? [] : [pick(Object.values(OrderStatus))!], 10)
  const row = pick(page?.records ?? [])
  if (row && chance(0.7)) {
    await detail(w, u, row.id)
    await call(w, u, 'read: order progress', '/sale/order/progress', undefined, { id: row.id })
  }
}

type Work = (w: World, u: SimUser) => Promise<void>
const mix = (...weighted: [number, Work][]): Work => {
  const total = weighted.reduce((s, [n]) => s + n, 0)
  return (w, u) => {
    let r = Math.random() * total
    for (const [n, work] of weighted) {
      r -= n
      if (r < 0) return work(w, u)
    }
    return weighted[0]![1](w, u)
  }
}

/** Each role's day: what its people do, by weight. */
export const BEHAVIOUR: Record<'staff' | 'reviewer' | 'logistics' | 'reader', Work> = {
  staff: mix([35, placeOrder], [20, requestAdjustment], [8, editOrder], [2, deleteOrder], [35, read]),
  reviewer: mix([80, decide], [20, read]),
  logistics: mix([55, deliver], [10, complete], [10, receiveSome], [25, read]),
  reader: read,
}

/** One person until the time is up: think, act, think... */
export const runUser = async (w: World, u: SimUser, work: Work) => {
  await new Promise((r) => setTimeout(r, Math.random() * w.thinkMs))
  while (Date.now() < w.until) {
    await work(w, u)
    await new Promise((r) => setTimeout(r, w.thinkMs * (0.5 + Math.random())))
  }
}
