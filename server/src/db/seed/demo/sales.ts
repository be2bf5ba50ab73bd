import { randomUUID } from 'node:crypto'
import { AuditBusiness, ErpSyncStatus, ORDER_NO_PREFIX, OrderStatus, suggestContainer } from '@app/contracts'
import { eq, sql } from 'drizzle-orm'
import { branchOfferOf, type OfferedProduct } from '../../../modules/product/branch-offer.ts'
import { attributesOf, type LineRow, orderTotals } from '../../../modules/sales/order.lines.ts'
import { ORDER_RESOURCE, orderImage, productNames } from '../../../modules/sales/order.service.ts'
import type { OrderRow } from '../../../modules/sales/order.status.ts'
import { bulkInsert } from '../../../platform/bulk-insert.ts'
import type { DbOrTx } from '../../client.ts'
import {
  branches,
  countries,
  departments,
  operationLogs,
  products,
  reviewDecisions,
  reviewSteps,
  reviews,
  saleOrderDeletes,
  saleOrderLines,
  saleOrders,
  saleSubApplies,
  sequences,
  users,
} from '../../schema/index.ts'
import { addDays, DAY, dayOf, daysBetween, HOUR, later } from './days.ts'
import { reportBranchStock } from './product-stock.ts'
import { seedAdjustments } from './sales-adjustments.ts'
import {
  LINE_COUNTS,
  ORDER_BRANCHES,
  type OrderKind,
  PLAN,
  type Random,
  REMARKS,
  RESUBMIT_REMARK,
  randomSource,
  TRANSPORT_BY_REGION,
} from './sales-data.ts'
import { type Shipment, seedDeliveries, type ToDeliver } from './sales-deliveries.ts'
import { reviewRequests } from './sales-requests.ts'
import {
  type DecisionRow,
  type LogRow,
  loadFlow,
  logRow,
  type Person,
  type ReviewRow,
  type Round,
  reviewRows,
  type StepRow,
  storyOf,
} from './sales-review.ts'

/** Rounded as `priceLines` rounds prices (4) and amounts (2). */
const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits

const STATUS_OF: Record<OrderKind, number> = {
  new: OrderStatus.PendingReview,
  resubmitted: OrderStatus.PendingReview,
  atStep2: OrderStatus.UnderReview,
  atStep3: OrderStatus.UnderReview,
  approved: OrderStatus.PendingDelivery,
  rejected: OrderStatus.Rejected,
  partly: OrderStatus.PartlyDelivered,
  fully: OrderStatus.FullyDelivered,
  complete: OrderStatus.DeliveryComplete,
}
const DELIVERED: readonly OrderKind[] = ['partly', 'fully', 'complete']
const ADD = '/api/sale/order/add'
const EDIT = '/api/sale/order/edit'
const AUDIT = '/api/sale/order/audit'

type Branch = { id: string; code: string; region: string | null; orgCode: string | null; currency: string | null }
type Line = Omit<LineRow, 'id' | 'orderId' | 'lineNo'>
type Built = {
  kind: OrderKind
  row: OrderRow
  lines: LineRow[]
  submitter: Person
  rounds: Round[]
  review: ReviewRow
  delivery: Pick<ToDeliver, 'shipments' | 'completedAt'> | null
}

/**
 * Lines of products the branch may order, priced and weighed as `priceLines` does (the offered
 * price is per base unit, a line's per its unit), all in one currency: the order's.
 */
const linesFrom = (rand: Random, offer: readonly OfferedProduct[]) => {
  const currency = rand.pick(offer).currency
  const same = offer.filter((p) => p.currency === currency)
  const count = Math.min(same.length, rand.weighted([1, 2, 3, 4, 5, 6], LINE_COUNTS))
  const lines = rand.sample(same, count).map((product): Line => {
    const unit = product.units[0]!
    const perBox = unit.perBox && unit.perBox > 1 ? unit.perBox : null
    const quantity = perBox ? perBox * rand.int(2, 40) : rand.int(10, 200)
    const { unit: unitName, ...attrs } = attributesOf(product, unit.id, quantity)
    const price = round(product.price * unit.conversionRate, 4)
    return {
      productId: product.productId,
      unitId: unit.id,
      unit: unitName,
      quantity,
      price,
      amount: round(price * quantity, 2),
      deliveredQuantity: 0,
      ...attrs,
    }
  })
  return { lines, currency }
}

/** What the first delivery ships: some lines in part (the first always), some whole, some not yet. */
const firstShipment = (rand: Random, lines: Line[], offer: readonly OfferedProduct[]) =>
  lines.map((l, i) => {
    // whole boxes, as lines were ordered (one unit a 'box' when the unit has none)
    const perBox = Math.max(1, offer.find((p) => p.productId === l.productId)?.units[0]?.perBox ?? 1)
    const boxes = l.quantity / perBox
    const part = Math.min(boxes - 1, Math.max(1, Math.round(boxes * (0.3 + 0.4 * rand.next()))))
    const choice = i === 0 ? 'part' : rand.pick(['part', 'whole', 'none'] as const)
    return choice === 'whole' ? l.quantity : choice === 'none' ? 0 : part * perBox
  })

/**
 * About 200 sales orders over the branches, in every status, as the order service, the approval
 * engine and its sales subscriber would have left them (issue 15): numbered per day without gaps
 * (and the day sequences set so later numbers follow), lines priced for their branch, reviews on
 * the flow in force with each decision, operation-log entries, two answered sub-flow requests and
 * a waiting one, and one deletion request waiting for review. Orders spread over the last year.
 * Messages are not written: the demo's approval messages are messaging.ts's.
 */
export const seedSalesOrders = async (db: DbOrTx) => {
  const now = new Date()
  const today = dayOf(now)
  const rand = randomSource(15)
  const peopleRows = await db
    .select({ id: users.id, username: users.username, realname: users.realname, orgCode: users.orgCode })
    .from(users)
    .where(eq(users.delFlag, false))
  const people = new Map<string, Person>(peopleRows.map((p) => [p.username, p]))
  const person = (username: string) => people.get(username) ?? fail(`user ${username}`)
  const branchRows: Branch[] = await db
    .select({
      id: branches.id,
      code: branches.code,
      region: branches.region,
      orgCode: departments.orgCode,
      currency: countries.currencyCode,
    })
    .from(branches)
    .leftJoin(departments, eq(departments.id, branches.departId))
    .leftJoin(countries, eq(countries.id, branches.countryId))
  const branchOf = new Map(branchRows.map((b) => [b.code, b]))
  const productIds = (await db.select({ id: products.id }).from(products)).map((p) => p.id)
  const offers = new Map<string, OfferedProduct[]>()
  for (const { code } of ORDER_BRANCHES) {
    const branch = branchOf.get(code) ?? fail(`branch ${code}`)
    const offer = [...(await branchOfferOf(db, branch.id, productIds)).values()]
      .filter((p) => p.units.length > 0)
      .sort((a, b) => a.code.localeCompare(b.code))
    if (offer.length === 0) fail(`branch ${code} offers no products`)
    offers.set(code, offer)
  }
  await reportBranchStock(db, person('admin').id, branchRows, offers)
  const orderFlow = await loadFlow(db, AuditBusiness.SaleOrder, people)
  const logistics = person('logistics_admin')

  // when each order was placed and for which branch, then numbered per day in that order. The
  // story up to today is told back from the start of today, not from this moment: which calendar
  // days its orders, deliveries and their numbers fall on (one day sequence each) depends on the
  // day it is seeded, never on the hour, so two seeds of one day hold the same rows
  const startOfToday = new Date(now.getFullYear(), now.getMonth(), now.getDate())
  const midnight = startOfToday.getTime()
  const planned = PLAN.flatMap(({ kind, count, days: [lo, hi], skew = 1 }) =>
    Array.from({ length: count }, (_, i) => {
      const branch = rand.weighted(
        ORDER_BRANCHES,
        ORDER_BRANCHES.map((b) => b.weight),
      )
      const age = lo + (hi - lo) * rand.next() ** skew
      // a few placed today, so today's numbers have begun too
      const at =
        kind === 'new' && i < 3
          ? now.getTime() - (now.getTime() - midnight) * (0.1 + 0.8 * rand.next())
          : midnight - age * DAY - rand.next() * 8 * HOUR
      return { kind, branch, createAt: new Date(at) }
    }),
  ).sort((a, b) => a.createAt.getTime() - b.createAt.getTime())
  const perDay = new Map<string, number>()

  const built: Built[] = []
  const steps: StepRow[] = []
  const decisions: DecisionRow[] = []
  const logs: LogRow[] = []
  const names = await productNames(db, productIds)
  for (const p of planned) {
    const branch = branchOf.get(p.branch.code)!
    const offer = offers.get(p.branch.code)!
    const submitter = person(p.branch.by)
    const orderDate = dayOf(p.createAt)
    const day = orderDate.replaceAll('-', '')
    const seq = (perDay.get(day) ?? 0) + 1
    perDay.set(day, seq)
    const orderNo = `${ORDER_NO_PREFIX}${day}-${String(seq).padStart(4, '0')}`
    const id = randomUUID()
    const priced = linesFrom(rand, offer)
    const lines = priced.lines
    const totals = orderTotals(lines)
    const transportMode = rand.pick(TRANSPORT_BY_REGION[branch.region ?? ''] ?? ['sea'])
    const certificateRequired = rand.next() < 0.5
    const story = storyOf(rand, p.kind, orderFlow, submitter.id, p.createAt, startOfToday)
    const expected = expectedDates(rand, p.kind, orderDate, today)
    const placed: OrderRow = {
      id,
      orderNo,
      branchId: branch.id,
      companyCode: branch.orgCode === 'A01A06' ? '003' : rand.next() < 0.1 ? '001' : '002',
      orderDate,
      expectedDeliveryDate: expected.placed,
      actualDeliveryDate: null,
      transportMode,
      containerSize:
        transportMode === 'sea' || transportMode === 'rail'
          ? suggestContainer(totals.totalVolumeM3, totals.totalGrossWeightKg)
          : null,
      certificateRequired: certificateRequired ? '1' : '0',
      certificateTypes: certificateRequired ? rand.sample(['health', 'coa', 'origin'], rand.int(1, 2)) : [],
      remark: rand.next() < 0.3 ? rand.pick(REMARKS) : null,
      ...totals,
      currency: priced.currency ?? branch.currency,
      status: OrderStatus.PendingReview,
      syncStatus: ErpSyncStatus.NotSynced,
      creatorName: submitter.realname,
      delFlag: false,
      orgCode: branch.orgCode ?? submitter.orgCode,
      createAt: p.createAt,
      createBy: submitter.id,
      updateAt: null,
      updateBy: null,
      version: 1,
    }
    const about = { resource: ORDER_RESOURCE, objectId: id, objectLabel: orderNo }
    const addLog = { path: ADD, by: submitter, at: p.createAt }
    logs.push(
      logRow(addLog, { operation: 'sale_order:add', ...about, after: orderImage(placed, numbered(id, lines), names) }),
    )

    // what moved the order since: each decision (the sales subscriber), an edit, deliveries
    const moves = story.rounds.flatMap((r) => r.decisions.map((d) => ({ at: d.at, by: d.by })))
    const row: OrderRow = { ...placed, status: STATUS_OF[p.kind], expectedDeliveryDate: expected.now }
    if (p.kind === 'resubmitted') {
      // rejected for a delivery date too soon; the submitter moved it and submitted again
      const rejected = { ...placed, status: OrderStatus.Rejected, version: 1 + moves.length, ...lastOf(moves) }
      const editedAt = story.rounds[1]!.startedAt
      moves.push({ at: editedAt, by: submitter })
      Object.assign(row, { remark: RESUBMIT_REMARK, version: 1 + moves.length, ...lastOf(moves) })
      const [before, after] = [
        orderImage(rejected, numbered(id, lines), names),
        orderImage(row, numbered(id, lines), names),
      ]
      logs.push(
        logRow({ path: EDIT, by: submitter, at: editedAt }, { operation: 'sale_order:edit', ...about, before, after }),
      )
    }
    let delivery: Pick<ToDeliver, 'shipments' | 'completedAt'> | null = null
    if (DELIVERED.includes(p.kind)) {
      // inserted pending delivery; seedDeliveries ships it as logistics would have: partly once,
      // fully in two deliveries, then complete
      row.status = OrderStatus.PendingDelivery
      const first = later(moves[moves.length - 1]!.at, rand.int(7, 30) * DAY, startOfToday)
      const part = firstShipment(rand, lines, offer)
      const shipments: Shipment[] = [{ at: first, quantities: part }]
      if (p.kind !== 'partly')
        shipments.push({
          at: later(first, rand.int(3, 20) * DAY, startOfToday),
          quantities: lines.map((l, i) => l.quantity - (part[i] ?? 0)),
        })
      const lastShip = shipments[shipments.length - 1]!.at
      delivery = {
        shipments,
        completedAt: p.kind === 'complete' ? later(lastShip, rand.int(2, 10) * DAY, startOfToday) : null,
      }
    }
    if (moves.length > 0) Object.assign(row, { version: 1 + moves.length, ...lastOf(moves) })

    const rows = reviewRows(
      orderFlow,
      { business: AuditBusiness.SaleOrder, objectId: id, objectNo: orderNo, submitter },
      story.rounds,
      [addLog, ...story.rounds.slice(1).map((r) => ({ path: EDIT, by: submitter, at: r.startedAt }))],
      AUDIT,
    )
    steps.push(...rows.steps)
    decisions.push(...rows.decisions)
    logs.push(...rows.logs)
    built.push({
      kind: p.kind,
      row,
      lines: numbered(id, lines),
      submitter,
      rounds: story.rounds,
      review: rows.review,
      delivery,
    })
  }

  const extra = await reviewRequests(
    db,
    rand,
    { order: orderFlow, delete: await loadFlow(db, AuditBusiness.OrderDelete, people) },
    built,
    people,
    now,
  )
  await bulkInsert(
    db,
    saleOrders,
    built.map((b) => b.row),
  )
  await bulkInsert(
    db,
    saleOrderLines,
    built.flatMap((b) => b.lines),
  )
  await bulkInsert(db, reviews, [...built.map((b) => b.review), ...extra.reviews])
  await bulkInsert(db, reviewSteps, [...steps, ...extra.steps])
  await bulkInsert(db, reviewDecisions, decisions)
  await bulkInsert(db, saleSubApplies, extra.subApplies)
  await bulkInsert(db, saleOrderDeletes, extra.deletes)
  await bulkInsert(db, operationLogs, [...logs, ...extra.logs])
  await seedDeliveries(
    db,
    built.flatMap((b) => (b.delivery ? [{ orderId: b.row.id, lines: b.lines, ...b.delivery }] : [])),
    logistics,
    now,
  )
  // adjustment requests on orders pending delivery far enough ahead, without a deletion request
  const deleting = new Set(extra.deletes.map((d) => d.orderId))
  await seedAdjustments(
    db,
    built
      .filter(
        (b) => b.kind === 'approved' && b.row.expectedDeliveryDate >= addDays(today, 10) && !deleting.has(b.row.id),
      )
      .slice(-8)
      .map((b) => ({ orderId: b.row.id, submitter: b.submitter, lines: b.lines })),
    people,
    now,
  )
  // the day sequences go on from the demo's numbers (nextNumber)
  await db
    .insert(sequences)
    .values([...perDay].map(([day, value]) => ({ prefix: ORDER_NO_PREFIX, day, value })))
    .onConflictDoUpdate({
      target: [sequences.prefix, sequences.day],
      set: { value: sql`greatest(${sequences.value}, excluded.value)` },
    })
}

const fail = (what: string): never => {
  throw new Error(`seed sales: ${what}`)
}

const numbered = (orderId: string, lines: readonly Line[]): LineRow[] =>
  lines.map((l, i) => ({ ...l, id: randomUUID(), orderId, lineNo: i + 1 }))

const lastOf = (moves: readonly { at: Date; by: Person }[]) => {
  const last = moves[moves.length - 1]!
  return { updateAt: last.at, updateBy: last.by.id }
}

/**
 * The expected delivery date an order was placed with, and the one it has now: ahead for orders
 * still in review, behind for delivered ones; a resubmitted order was rejected for its first one.
 */
const expectedDates = (rand: Random, kind: OrderKind, orderDate: string, today: string) => {
  const ahead = addDays(today, rand.int(20, 90))
  switch (kind) {
    case 'new':
    case 'atStep2':
    case 'atStep3':
      return { placed: ahead, now: ahead }
    case 'resubmitted':
      return { placed: addDays(orderDate, rand.int(7, 14)), now: ahead }
    case 'partly':
    case 'fully':
    case 'complete': {
      const day = addDays(orderDate, Math.min(rand.int(30, 90), daysBetween(orderDate, today) - 10))
      return { placed: day, now: day }
    }
    default: {
      const day = addDays(orderDate, rand.int(30, 120))
      return { placed: day, now: day }
    }
  }
}
