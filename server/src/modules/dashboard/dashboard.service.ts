import { APPROVED, type Dashboard, DELIVERABLE, ErpSyncStatus, type Money, money } from '@app/contracts'
import { and, desc, eq, gte, inArray, isNotNull, lte, max, ne, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { branches, products, saleOrderFacts, saleOrderLineFacts, saleOrders, stocks } from '../../db/schema/index.ts'
import type { ApprovalEngine } from '../../platform/approval/index.ts'
import type { Principal } from '../../platform/auth/principal.ts'
import type { ResourceRegistry } from '../../platform/crud/registry.ts'
import { type ScopeColumns, scopeConditions } from '../../platform/data-scope.ts'
import { addDays, dayOf } from '../../platform/days.ts'
import { inline } from '../../platform/list-query.ts'

/** The last 12 calendar months up to the one `today` is in, oldest first. */
export const monthsUpTo = (today: Date) =>
  Array.from({ length: 12 }, (_, i) => {
    const first = new Date(today.getFullYear(), today.getMonth() - 11 + i, 1)
    const last = new Date(first.getFullYear(), first.getMonth() + 1, 0)
    return { month: dayOf(first).slice(0, 7), from: dayOf(first), to: dayOf(last) }
  })

type Scoped = (...more: (SQL | undefined)[]) => SQL | undefined

const count = sql<number>`coalesce(sum(${saleOrderFacts.orders}), 0)::int`
const amount = sql<number>`coalesce(sum(${saleOrderFacts.amount}), 0)::float8`

/**
 * The top 10 products of the 12 months by quantity (all currencies), with their amounts per
 * currency: the sums per product and currency once (`per`), the ten ranked over them (`top`).
 */
const topProducts = (db: Db, lineFacts: Scoped, since: string, until: string) => {
  const per = db.$with('per').as(
    db
      .select({
        productId: saleOrderLineFacts.productId,
        currency: saleOrderLineFacts.currency,
        quantity: sql<number>`sum(${saleOrderLineFacts.quantity})`.as('quantity'),
        amount: sql<number>`sum(${saleOrderLineFacts.amount})`.as('amount'),
      })
      .from(saleOrderLineFacts)
      .where(lineFacts(gte(saleOrderLineFacts.month, since), lte(saleOrderLineFacts.month, until)))
      .groupBy(saleOrderLineFacts.productId, saleOrderLineFacts.currency)
      // a currency whose lines came and went (differences not yet folded in) is not one of its amounts
      .having(sql`sum(${saleOrderLineFacts.quantity}) <> 0 or sum(${saleOrderLineFacts.amount}) <> 0`),
  )
  const total = sql<number>`sum(${per.quantity})`
  const top = db.$with('top').as(
    db
      .select({
        productId: per.productId,
        code: products.code,
        name: products.name,
        nameEn: products.nameEn,
        total: sql<number>`${total}`.as('total'),
      })
      .from(per)
      .innerJoin(products, eq(products.id, per.productId))
      .groupBy(per.productId, products.code, products.name, products.nameEn)
      .having(sql`${total} <> 0`)
      .orderBy(sql`${total} desc`, products.code)
      .limit(10),
  )
  return db
    .with(per, top)
    .select({
      productId: top.productId,
      code: top.code,
      name: top.name,
      nameEn: top.nameEn,
      quantity: sql<number>`${top.total}::float8`,
      currency: per.currency,
      amount: sql<number>`${per.amount}::float8`,
    })
    .from(top)
    .innerJoin(per, eq(per.productId, top.productId))
    .orderBy(desc(top.total), top.code, per.currency)
}

/**
 * The order sums in scope, each one aggregate statement and each by currency: by month (12),
 * status, branch, the top 10 products of the 12 months, and the approved orders not synced with
 * the ERP by their sync status (an order under review is not yet the ERP's to have).
 */
const orderSums = (db: Db, facts: Scoped, lineFacts: Scoped, since: string, until: string) =>
  Promise.all([
    db
      .select({
        month: sql<string>`to_char(${saleOrderFacts.month}, 'YYYY-MM')`,
        currency: saleOrderFacts.currency,
        count,
        amount,
      })
      .from(saleOrderFacts)
      .where(facts(gte(saleOrderFacts.month, since), lte(saleOrderFacts.month, until)))
      .groupBy(saleOrderFacts.month, saleOrderFacts.currency)
      .having(sql`sum(${saleOrderFacts.orders}) <> 0`),
    db
      .select({ status: saleOrderFacts.status, currency: saleOrderFacts.currency, count, amount })
      .from(saleOrderFacts)
      .where(facts())
      .groupBy(saleOrderFacts.status, saleOrderFacts.currency)
      .having(sql`sum(${saleOrderFacts.orders}) <> 0`)
      .orderBy(saleOrderFacts.status),
    db
      .select({
        branchId: saleOrderFacts.branchId,
        name: branches.name,
        nameEn: branches.nameEn,
        region: branches.region,
        currency: saleOrderFacts.currency,
        count,
        amount,
      })
      .from(saleOrderFacts)
      .innerJoin(branches, eq(branches.id, saleOrderFacts.branchId))
      .where(facts())
      .groupBy(saleOrderFacts.branchId, branches.name, branches.nameEn, branches.region, saleOrderFacts.currency)
      .having(sql`sum(${saleOrderFacts.orders}) <> 0`),
    topProducts(db, lineFacts, since, until),
    db
      .select({ syncStatus: saleOrderFacts.syncStatus, count })
      .from(saleOrderFacts)
      .where(facts(ne(saleOrderFacts.syncStatus, ErpSyncStatus.Synced), inArray(saleOrderFacts.status, [...APPROVED])))
      .groupBy(saleOrderFacts.syncStatus)
      .having(sql`sum(${saleOrderFacts.orders}) <> 0`)
      .orderBy(saleOrderFacts.syncStatus),
  ])

/** Orders in scope that may still ship and are expected within the week. */
const deliveriesDue = async (db: Db, orders: Scoped, today: string, dueTo: string) => {
  const [due] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(saleOrders)
    .where(
      orders(
        inArray(saleOrders.status, [...DELIVERABLE]),
        gte(saleOrders.expectedDeliveryDate, today),
        lte(saleOrders.expectedDeliveryDate, dueTo),
      ),
    )
  return { count: due?.count ?? 0, from: today, to: dueTo }
}

/** Batches in scope with stock left whose expiry date is past, or within their product's warning days. */
const expiryOf = async (db: Db, stockVisible: Scoped, today: string) => {
  const [warn] = await db.select({ days: max(products.expiryWarningDays) }).from(products)
  const nearTo = addDays(today, Math.max(0, warn?.days ?? 0))
  const [expiry] = await db
    .select({
      expired: sql<number>`(count(*) filter (where ${stocks.expiryDate} < ${today}))::int`,
      near: sql<number>`(count(*) filter (where ${stocks.expiryDate} >= ${today} and ${stocks.expiryDate} <= ${today}::date + coalesce(${products.expiryWarningDays}, 0)))::int`,
    })
    .from(stocks)
    .innerJoin(products, eq(products.id, stocks.productId))
    .where(stockVisible(sql`${stocks.quantity} > 0`, isNotNull(stocks.expiryDate), lte(stocks.expiryDate, nearTo)))
  return { expired: expiry?.expired ?? 0, near: expiry?.near ?? 0, nearTo }
}

type Sums = Awaited<ReturnType<typeof orderSums>>
type Summed = { currency: string; count?: number; amount: number }

/**
 * Rows of one figure (one per currency) as a count and one amount per currency, to the cent, in
 * currency order ('' — an order without a currency — as null, last).
 */
const tally = (rows: readonly Summed[]): { count: number; amounts: Money[] } => {
  const byCurrency = new Map<string, number>()
  for (const r of rows) byCurrency.set(r.currency, (byCurrency.get(r.currency) ?? 0) + r.amount)
  const amounts = [...byCurrency]
    .sort(([a], [b]) => (a === '' ? 1 : b === '' ? -1 : a.localeCompare(b)))
    .map(([currency, amount]) => ({ currency: currency || null, amount: money(amount) }))
  return { count: rows.reduce((n, r) => n + (r.count ?? 0), 0), amounts }
}

/** Rows grouped by a key, in the order each key first appears. */
const groupedBy = <R, K>(rows: readonly R[], key: (r: R) => K) => {
  const groups = new Map<K, R[]>()
  for (const r of rows) {
    const k = key(r)
    const group = groups.get(k)
    if (group) group.push(r)
    else groups.set(k, [r])
  }
  return groups
}

/** The sums as the home page shows them: every month of the 12, regions from branches, per currency. */
const figuresOf = (months: ReturnType<typeof monthsUpTo>, sums: Sums) => {
  const [monthRows, statusRows, branchRows, productRows, syncRows] = sums
  const monthly = groupedBy(monthRows, (r) => r.month)
  const byMonth = months.map((m) => ({ ...m, ...tally(monthly.get(m.month) ?? []) }))
  const byBranch = [...groupedBy(branchRows, (b) => b.branchId)]
    .map(([branchId, rows]) => ({ branchId, name: rows[0]!.name, nameEn: rows[0]!.nameEn, ...tally(rows) }))
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name))
  const byRegion = [...groupedBy(branchRows, (b) => b.region)]
    .map(([region, rows]) => ({ region, ...tally(rows) }))
    .sort((a, b) => b.count - a.count)
  const topProducts = [...groupedBy(productRows, (p) => p.productId)].map(([productId, rows]) => {
    const { code, name, nameEn, quantity } = rows[0]!
    return { productId, code, name, nameEn, quantity, amounts: tally(rows).amounts }
  })
  return {
    thisMonth: { count: byMonth[11]!.count, amounts: byMonth[11]!.amounts },
    lastMonth: { count: byMonth[10]!.count, amounts: byMonth[10]!.amounts },
    byStatus: [...groupedBy(statusRows, (r) => r.status)].map(([status, rows]) => ({ status, ...tally(rows) })),
    byBranch,
    byRegion,
    byMonth,
    topProducts,
    unsynced: { count: syncRows.reduce((s, r) => s + r.count, 0), bySyncStatus: syncRows },
  }
}

/**
 * The home page's figures (issue 17), in the viewer's data scope: orders by the order resource's
 * scope (live rows, the data permission; not the orders a reviewer reads beyond it, which wait in
 * the inbox), stock by the stock resource's; each figure is one aggregate statement. Orders and
 * their lines are summed from the sums the database keeps by month (schema/sales-stats.ts), so a
 * million orders cost what a few thousand sums do; the deliveries due read the orders themselves
 * (one week of expected dates, by its index).
 */
export const createDashboard = (deps: { db: Db; resources: ResourceRegistry; engine: ApprovalEngine }) => {
  const { db } = deps
  const visibleOf = (name: string) => {
    const reg = deps.resources.get(name)
    if (!reg) throw new Error(`dashboard: resource ${name} is not registered`)
    return reg.service.inScope
  }

  return async (principal: Principal, now = new Date()): Promise<Dashboard> => {
    const today = dayOf(now)
    const months = monthsUpTo(now)
    // the sums are kept by month: from the first of the oldest month to the first of this one
    const since = months[0]!.from
    const until = `${months[11]!.month}-01`
    // the sums in the viewer's scope: the order resource's scope columns, as the sums keep them
    const scopedBy =
      (columns: ScopeColumns): Scoped =>
      (...more) =>
        and(scopeConditions(principal, columns).write(inline), ...more)
    const [sums, due, reviews, expiry] = await Promise.all([
      orderSums(
        db,
        scopedBy({ org: saleOrderFacts.orgCode, owner: saleOrderFacts.createBy }),
        scopedBy({ org: saleOrderLineFacts.orgCode, owner: saleOrderLineFacts.createBy }),
        since,
        until,
      ),
      deliveriesDue(db, (...more) => visibleOf('saleOrder')(principal, ...more), today, addDays(today, 7)),
      deps.engine.countTodo(db, principal),
      expiryOf(db, (...more) => visibleOf('stock')(principal, ...more), today),
    ])
    return { today, ...figuresOf(months, sums), deliveriesDue: due, reviews, expiry }
  }
}

/** Folds the sums' pending differences in (one instance at a time; see schema/sales-stats.ts). */
export const compactStats = (db: Db) => db.execute(sql`select sale_stats_compact()`)
