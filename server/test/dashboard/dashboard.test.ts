import {
  APPROVED,
  type Dashboard,
  ErpSyncStatus,
  OrderStatus,
  type Page,
  type ReviewItem,
  RoleCode,
} from '@app/contracts'
import { and, eq, gt, inArray, isNotNull } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { branches, products, saleOrderLines, saleOrders, stocks, users } from '../../src/db/schema/index.ts'
import { createTestApp, type TestApp } from '../helpers/app.ts'
import { type Api, as } from '../sales/helpers.ts'

/** The dashboard's figures against the seeded data, each computed here from the rows themselves. */

type Order = Pick<
  typeof saleOrders.$inferSelect,
  'id' | 'branchId' | 'orderDate' | 'expectedDeliveryDate' | 'status' | 'syncStatus' | 'totalAmount' | 'currency'
>

let t: TestApp
let allOrders: (Order & { createBy: string | null; delFlag: boolean })[]
let lines: (typeof saleOrderLines.$inferSelect)[]
let branchRows: (typeof branches.$inferSelect)[]

const pad = (n: number) => String(n).padStart(2, '0')
const day = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`
const now = new Date()
const today = day(now)
const in7 = day(new Date(now.getFullYear(), now.getMonth(), now.getDate() + 7))
const monthOf = (offset: number) => {
  const d = new Date(now.getFullYear(), now.getMonth() + offset, 1)
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}`
}
const cents = (v: number) => Math.round(v * 100) / 100
/** Amounts per currency, never added across currencies: in currency order, an order without one last. */
const amountsOf = (items: readonly { currency: string | null; amount: number }[]) => {
  const by = new Map<string | null, number>()
  for (const i of items) by.set(i.currency || null, (by.get(i.currency || null) ?? 0) + i.amount)
  return [...by]
    .sort(([a], [b]) => (a === null ? 1 : b === null ? -1 : a.localeCompare(b)))
    .map(([currency, amount]) => ({ currency, amount: cents(amount) }))
}
const tally = (os: readonly Order[]) => ({
  count: os.length,
  amounts: amountsOf(os.map((o) => ({ currency: o.currency, amount: Number(o.totalAmount) }))),
})
const groupBy = <K>(os: readonly Order[], key: (o: Order) => K) => {
  const m = new Map<K, Order[]>()
  for (const o of os) m.set(key(o), [...(m.get(key(o)) ?? []), o])
  return m
}

const figures = async (api: Api) => {
  const res = await api.get<Dashboard>('/api/dashboard/analysis')
  expect(res.status).toBe(200)
  return res.body.result
}

/** What the dashboard must say of exactly these orders. */
const expectFigures = (d: Dashboard, os: readonly Order[]) => {
  expect(d.today).toBe(today)
  expect(d.thisMonth).toEqual(tally(os.filter((o) => o.orderDate.startsWith(monthOf(0)))))
  expect(d.lastMonth).toEqual(tally(os.filter((o) => o.orderDate.startsWith(monthOf(-1)))))
  expect(d.byMonth.map((m) => m.month)).toEqual(Array.from({ length: 12 }, (_, i) => monthOf(i - 11)))
  for (const m of d.byMonth) {
    expect({ count: m.count, amounts: m.amounts }).toEqual(tally(os.filter((o) => o.orderDate.startsWith(m.month))))
    expect(m.from).toBe(`${m.month}-01`)
  }
  const byStatus = [...groupBy(os, (o) => o.status)].map(([status, g]) => ({ status, ...tally(g) }))
  expect(d.byStatus).toEqual(byStatus.sort((a, b) => a.status - b.status))
  const byBranch = [...groupBy(os, (o) => o.branchId)].map(([branchId, g]) => ({ branchId, ...tally(g) }))
  expect(d.byBranch.map(({ branchId, count, amounts }) => ({ branchId, count, amounts }))).toEqual(
    expect.arrayContaining(byBranch),
  )
  expect(d.byBranch).toHaveLength(byBranch.length)
  const regionOf = new Map(branchRows.map((b) => [b.id, b.region]))
  const byRegion = [...groupBy(os, (o) => regionOf.get(o.branchId) ?? null)].map(([region, g]) => ({
    region,
    ...tally(g),
  }))
  expect(d.byRegion).toEqual(expect.arrayContaining(byRegion))
  expect(d.byRegion).toHaveLength(byRegion.length)

  const due = os.filter(
    (o) =>
      (o.status === OrderStatus.PendingDelivery || o.status === OrderStatus.PartlyDelivered) &&
      o.expectedDeliveryDate >= today &&
      o.expectedDeliveryDate <= in7,
  )
  expect(d.deliveriesDue).toEqual({ count: due.length, from: today, to: in7 })

  // only what the ERP should have: approved orders (one under review is not sent yet)
  const unsynced = os.filter((o) => o.syncStatus !== ErpSyncStatus.Synced && APPROVED.includes(o.status))
  expect(d.unsynced.count).toBe(unsynced.length)
  expect(d.unsynced.bySyncStatus).toEqual(
    [...groupBy(unsynced, (o) => o.syncStatus)]
      .map(([syncStatus, g]) => ({ syncStatus, count: g.length }))
      .sort((a, b) => a.syncStatus.localeCompare(b.syncStatus)),
  )

  // top products: quantity over the 12 months' orders
  const ids = new Set(os.filter((o) => o.orderDate >= `${monthOf(-11)}-01`).map((o) => o.id))
  const currencyOf = new Map(os.map((o) => [o.id, o.currency]))
  const qty = new Map<string, { quantity: number; amounts: { currency: string | null; amount: number }[] }>()
  for (const l of lines.filter((l) => ids.has(l.orderId))) {
    const q = qty.get(l.productId) ?? { quantity: 0, amounts: [] }
    q.amounts.push({ currency: currencyOf.get(l.orderId) ?? null, amount: Number(l.amount) })
    qty.set(l.productId, { quantity: q.quantity + Number(l.quantity), amounts: q.amounts })
  }
  const top = [...qty.values()].map((q) => q.quantity).sort((a, b) => b - a)
  expect(d.topProducts.map((p) => p.quantity)).toEqual(top.slice(0, 10))
  for (const p of d.topProducts) expect(p.amounts).toEqual(amountsOf(qty.get(p.productId)!.amounts))
}

const userId = async (username: string) => {
  const [u] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, username))
  return u!.id
}

beforeAll(async () => {
  t = await createTestApp()
  allOrders = await t.database.db
    .select({
      id: saleOrders.id,
      branchId: saleOrders.branchId,
      orderDate: saleOrders.orderDate,
      expectedDeliveryDate: saleOrders.expectedDeliveryDate,
      status: saleOrders.status,
      syncStatus: saleOrders.syncStatus,
      totalAmount: saleOrders.totalAmount,
      currency: saleOrders.currency,
      createBy: saleOrders.createBy,
      delFlag: saleOrders.delFlag,
    })
    .from(saleOrders)
  lines = await t.database.db.select().from(saleOrderLines)
  branchRows = await t.database.db.select().from(branches)
})
afterAll(() => t.close())

describe('GET /dashboard/analysis', () => {
  it('refuses a caller who is not signed in', async () => {
    const res = await (await import('../helpers/app.ts')).client(t.app).get('/api/dashboard/analysis')
    expect(res.status).toBe(401)
  })

  it('shows the administrator every live order, the whole stock and their own inbox', async () => {
    const api = await as(t, 'admin')
    const d = await figures(api)
    const live = allOrders.filter((o) => !o.delFlag)
    expect(live.length).toBeGreaterThan(10)
    expectFigures(d, live)
    expect(d.byStatus.length).toBeGreaterThan(2)
    expect(d.topProducts.length).toBeGreaterThan(0)
    // the demo's domestic branches buy in yuan, the overseas ones in dollars: two currencies, apart
    expect(new Set(d.byBranch.flatMap((b) => b.amounts.map((m) => m.currency)))).toEqual(new Set(['CNY', 'USD']))

    // stock: batches with quantity left, past expiry or within the product's warning days
    const batches = await t.database.db
      .select({ expiry: stocks.expiryDate, warn: products.expiryWarningDays })
      .from(stocks)
      .innerJoin(products, eq(products.id, stocks.productId))
      .where(and(gt(stocks.quantity, 0), isNotNull(stocks.expiryDate)))
    const expired = batches.filter((b) => b.expiry! < today).length
    const near = batches.filter((b) => {
      const limit = new Date(now.getFullYear(), now.getMonth(), now.getDate() + (b.warn ?? 0))
      return b.expiry! >= today && b.expiry! <= day(limit)
    }).length
    expect(d.expiry).toMatchObject({ expired, near })
  })

  it('never adds amounts in different currencies: an order in another one has its own amount', async () => {
    const api = await as(t, 'admin')
    const before = await figures(api)
    const live = allOrders.filter((o) => !o.delFlag && o.orderDate.startsWith(monthOf(0)))
    const order = live.find((o) => Number(o.totalAmount) > 0)!
    expect(order, 'an order of this month').toBeDefined()
    // and one of an earlier month of the year with a line of a top product (early in a month, the
    // month's few orders may hold none of the year's top ten), in the same other currency
    const top = new Set(before.topProducts.map((p) => p.productId))
    const earlier = allOrders.find(
      (o) =>
        !o.delFlag &&
        o.orderDate >= monthOf(-11) &&
        o.orderDate < monthOf(0) &&
        lines.some((l) => l.orderId === o.id && top.has(l.productId) && Number(l.amount) > 0),
    )!
    expect(earlier, 'an order of the year with a top product').toBeDefined()
    const changed = [order.id, earlier.id]
    await t.database.db.update(saleOrders).set({ currency: 'EUR' }).where(inArray(saleOrders.id, changed))
    try {
      const after = await figures(api)
      const amount = Number(order.totalAmount)
      expect(after.thisMonth.count).toBe(before.thisMonth.count)
      expect(after.thisMonth.amounts.find((m) => m.currency === 'EUR')).toEqual({ currency: 'EUR', amount })
      const was = before.thisMonth.amounts.find((m) => m.currency === order.currency)!
      const left = cents(was.amount - amount)
      expect(after.thisMonth.amounts.find((m) => m.currency === order.currency)?.amount ?? 0).toBe(left)
      const product = after.topProducts.find((p) => p.amounts.some((m) => m.currency === 'EUR'))
      expect(product, 'a top product with a line of that order').toBeDefined()
    } finally {
      await t.database.db.update(saleOrders).set({ currency: order.currency }).where(eq(saleOrders.id, order.id))
      await t.database.db.update(saleOrders).set({ currency: earlier.currency }).where(eq(saleOrders.id, earlier.id))
    }
  })

  it('shows a personal-scope branch administrator only the orders they placed', async () => {
    const me = await userId(RoleCode.BranchAdmin)
    const mine = allOrders.filter((o) => !o.delFlag && o.createBy === me)
    expect(mine.length).toBeGreaterThan(0)
    expect(mine.length).toBeLessThan(allOrders.filter((o) => !o.delFlag).length)
    expectFigures(await figures(await as(t, RoleCode.BranchAdmin)), mine)
  })

  it('shows a department-scope reviewer the orders of their department only, not every order they review', async () => {
    const api = await as(t, RoleCode.RegionPresident)
    // the order list also shows what they review beyond their scope (every order: the flow's first step)
    const listed = await api.get<Page<{ id: string }>>('/api/sale/order/list', { pageNo: 1, pageSize: 10 })
    const live = allOrders.filter((o) => !o.delFlag)
    expect(listed.body.result.total).toBe(live.length)
    // the dashboard: their current department's branches (overseas, A01A02), not the domestic ones
    const overseas = new Set(branchRows.filter((b) => b.orgCode?.startsWith('A01A02')).map((b) => b.id))
    const mine = live.filter((o) => overseas.has(o.branchId))
    expect(mine.length).toBeGreaterThan(0)
    expect(mine.length).toBeLessThan(live.length)
    const d = await figures(api)
    expectFigures(d, mine)

    const todo = await api.get<Page<ReviewItem>>('/api/sys/todo/list', { pageNo: 1, pageSize: 100 })
    expect(d.reviews).toEqual({
      waiting: todo.body.result.total,
      overdue: todo.body.result.records.filter((r) => r.expired).length,
    })
    expect(d.reviews.waiting).toBeGreaterThan(0)
  })
})
