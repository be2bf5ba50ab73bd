import { createHash } from 'node:crypto'
import { APPROVED, type Dashboard, DELIVERABLE, ErpSyncStatus, type Money, money } from '@app/contracts'
import { and, inArray, ne, type SQL, sql } from 'drizzle-orm'
import { type Db, rowsOf } from '../../db/client.ts'
import { rawStatement, reusableEach } from '../../db/reusable.ts'
import { branches, products, saleOrderFacts, saleOrderLineFacts, saleOrders, stocks } from '../../db/schema/index.ts'
import type { ApprovalEngine } from '../../platform/approval/index.ts'
import type { Principal } from '../../platform/auth/principal.ts'
import type { ResourceRegistry } from '../../platform/crud/registry.ts'
import { scopeConditions } from '../../platform/data-scope.ts'
import { addDays, dayOf } from '../../platform/days.ts'
import { type Conditions, named, placeholders } from '../../platform/list-query.ts'

/** The last 12 calendar months up to the one `today` is in, oldest first. */
export const monthsUpTo = (today: Date) =>
  Array.from({ length: 12 }, (_, i) => {
    const first = new Date(today.getFullYear(), today.getMonth() - 11 + i, 1)
    const last = new Date(first.getFullYear(), first.getMonth() + 1, 0)
    return { month: dayOf(first).slice(0, 7), from: dayOf(first), to: dayOf(last) }
  })

/**
 * The viewer's data scopes the figures are read in: the order sums' and the line sums' (the order
 * resource's scope columns, as the sums keep them), the orders' (for the deliveries due) and the
 * stock's. Each is a condition of its shape (list-query.ts): its SQL depends on the shape only.
 */
type Scopes = { facts: Conditions; lineFacts: Conditions; orders: Conditions; stock: Conditions }

/** The conditions that are there, or `true`. */
const all = (...conditions: (SQL | undefined)[]) => and(...conditions) ?? sql`true`
const day = (name: string) => sql`${sql.placeholder(name)}::date`

/** The rows of `query` as one JSON array (`[]` when none), in `order`. */
const json = (query: SQL, order?: SQL) =>
  sql`(select coalesce(json_agg(x${order ? sql` order by ${order}` : sql``}), '[]'::json) from (${query}) x)`

const facts = saleOrderFacts
const count = sql`coalesce(sum(${facts.orders}), 0)::int`
const amount = sql`coalesce(sum(${facts.amount}), 0)::float8`
const counted = sql`having sum(${facts.orders}) <> 0`

/**
 * The top 10 products of the 12 months by quantity (all currencies), with their amounts per
 * currency: the sums per product and currency once (`per`), the ten ranked over them (`top`).
 */
const topProducts = (lineScope: SQL | undefined) => {
  const lines = saleOrderLineFacts
  return sql`with per as (
      select ${lines.productId} as product_id, ${lines.currency} as currency, sum(${lines.quantity}) as quantity,
             sum(${lines.amount}) as amount
        from ${lines}
       where ${all(lineScope, sql`${lines.month} >= ${day('since')}`, sql`${lines.month} <= ${day('until')}`)}
       group by ${lines.productId}, ${lines.currency}
      -- a currency whose lines came and went (differences not yet folded in) is not one of its amounts
      having sum(${lines.quantity}) <> 0 or sum(${lines.amount}) <> 0
    ), top as (
      select per.product_id, ${products.code} as code, ${products.name} as name, ${products.nameEn} as name_en,
             sum(per.quantity) as total
        from per join ${products} on ${products.id} = per.product_id
       group by per.product_id, ${products.code}, ${products.name}, ${products.nameEn}
      having sum(per.quantity) <> 0
       order by sum(per.quantity) desc, ${products.code} limit 10
    )
    select top.product_id as "productId", top.code, top.name, top.name_en as "nameEn", top.total::float8 as quantity,
           per.currency, per.amount::float8 as amount
      from top join per on per.product_id = top.product_id`
}

/**
 * Every figure of the home page but the inbox's in one statement, each a JSON column: the order
 * sums by month (12), status, branch, the top 10 products and the approved orders not synced with
 * the ERP by their sync status (an order under review is not yet the ERP's to have), each by
 * currency; the orders in scope that may still ship and are expected within the week; the stock
 * batches with stock left past their expiry date or within their product's warning days. The
 * scopes' values and the days are placeholders, so it is built once per shape of the scopes.
 */
const figuresStatement = (scopes: Scopes) => {
  const inFacts = () => scopes.facts.write(placeholders('f'))
  const months = sql`select to_char(${facts.month}, 'YYYY-MM') as month, ${facts.currency} as currency,
      ${count} as count, ${amount} as amount
    from ${facts} where ${all(inFacts(), sql`${facts.month} >= ${day('since')}`, sql`${facts.month} <= ${day('until')}`)}
    group by ${facts.month}, ${facts.currency} ${counted}`
  const statuses = sql`select ${facts.status} as status, ${facts.currency} as currency, ${count} as count, ${amount} as amount
    from ${facts} where ${all(inFacts())} group by ${facts.status}, ${facts.currency} ${counted}`
  const byBranch = sql`select ${facts.branchId} as "branchId", ${branches.name} as name, ${branches.nameEn} as "nameEn",
      ${branches.region} as region, ${facts.currency} as currency, ${count} as count, ${amount} as amount
    from ${facts} join ${branches} on ${branches.id} = ${facts.branchId} where ${all(inFacts())}
    group by ${facts.branchId}, ${branches.name}, ${branches.nameEn}, ${branches.region}, ${facts.currency} ${counted}`
  const unsynced = sql`select ${facts.syncStatus} as "syncStatus", ${count} as count
    from ${facts} where ${all(inFacts(), ne(facts.syncStatus, ErpSyncStatus.Synced), inArray(facts.status, [...APPROVED]))}
    group by ${facts.syncStatus} ${counted}`
  const due = sql`select count(*)::int from ${saleOrders} where ${all(
    scopes.orders.write(placeholders('o')),
    inArray(saleOrders.status, [...DELIVERABLE]),
    sql`${saleOrders.expectedDeliveryDate} >= ${day('today')}`,
    sql`${saleOrders.expectedDeliveryDate} <= ${day('dueTo')}`,
  )}`
  const nearTo = sql`${day('today')} + (select days from warn)`
  const expiry = sql`select json_build_object(
      'expired', count(*) filter (where ${stocks.expiryDate} < ${day('today')}),
      'near', count(*) filter (where ${stocks.expiryDate} >= ${day('today')}
        and ${stocks.expiryDate} <= ${day('today')} + coalesce(${products.expiryWarningDays}, 0)))
    from ${stocks} join ${products} on ${products.id} = ${stocks.productId}
    where ${all(
      scopes.stock.write(placeholders('s')),
      sql`${stocks.quantity} > 0`,
      sql`${stocks.expiryDate} is not null`,
      sql`${stocks.expiryDate} <= ${nearTo}`,
    )}`
  return sql`with warn as (
      select greatest(0, coalesce(max(w.expiry_warning_days), 0))::int as days from ${products} w)
    select ${json(months)} as months, ${json(statuses, sql`x.status`)} as statuses, ${json(byBranch)} as branches,
      ${json(topProducts(scopes.lineFacts.write(placeholders('l'))), sql`x.quantity desc, x.code, x.currency`)} as "topProducts",
      ${json(unsynced, sql`x."syncStatus"`)} as unsynced, (${due}) as due, (select days from warn) as "warnDays",
      (${expiry}) as expiry`
}

type Summed = { currency: string; count?: number; amount: number }
type Figures = {
  months: (Summed & { month: string; count: number })[]
  statuses: (Summed & { status: number; count: number })[]
  branches: (Summed & { branchId: string; name: string; nameEn: string | null; region: string | null; count: number })[]
  topProducts: {
    productId: string
    code: string
    name: string
    nameEn: string | null
    quantity: number
    currency: string
    amount: number
  }[]
  unsynced: { syncStatus: string; count: number }[]
  due: number
  warnDays: number
  expiry: { expired: number; near: number }
}

/**
 * The figures' statement of each shape of the scopes, built when first asked for; named by a hash
 * of the shapes, as a statement's name is short.
 */
const figuresFor = reusableEach(
  'dashboard_figures',
  (db, scopes: Scopes) => rawStatement(db, figuresStatement(scopes)),
  (scopes) =>
    createHash('sha1')
      .update([scopes.facts, scopes.lineFacts, scopes.orders, scopes.stock].map((c) => c.shape).join('|'))
      .digest('hex')
      .slice(0, 12),
)

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

/** The figures as the home page shows them: every month of the 12, regions from branches, per currency. */
const homePage = (months: ReturnType<typeof monthsUpTo>, figures: Figures) => {
  const monthly = groupedBy(figures.months, (r) => r.month)
  const byMonth = months.map((m) => ({ ...m, ...tally(monthly.get(m.month) ?? []) }))
  const byBranch = [...groupedBy(figures.branches, (b) => b.branchId)]
    .map(([branchId, rows]) => ({ branchId, name: rows[0]!.name, nameEn: rows[0]!.nameEn, ...tally(rows) }))
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name))
  const byRegion = [...groupedBy(figures.branches, (b) => b.region)]
    .map(([region, rows]) => ({ region, ...tally(rows) }))
    .sort((a, b) => b.count - a.count)
  const topProducts = [...groupedBy(figures.topProducts, (p) => p.productId)].map(([productId, rows]) => {
    const { code, name, nameEn, quantity } = rows[0]!
    return { productId, code, name, nameEn, quantity, amounts: tally(rows).amounts }
  })
  const unsynced = figures.unsynced
  return {
    thisMonth: { count: byMonth[11]!.count, amounts: byMonth[11]!.amounts },
    lastMonth: { count: byMonth[10]!.count, amounts: byMonth[10]!.amounts },
    byStatus: [...groupedBy(figures.statuses, (r) => r.status)].map(([status, rows]) => ({ status, ...tally(rows) })),
    byBranch,
    byRegion,
    byMonth,
    topProducts,
    unsynced: { count: unsynced.reduce((s, r) => s + r.count, 0), bySyncStatus: unsynced },
  }
}

/**
 * The home page's figures (issue 17), in the viewer's data scope: orders by the order resource's
 * scope (live rows, the data permission; not the orders a reviewer reads beyond it, which wait in
 * the inbox), stock by the stock resource's. Orders and their lines are summed from the sums the
 * database keeps by month (schema/sales-stats.ts), so a million orders cost what a few thousand
 * sums do; the deliveries due read the orders themselves (one week of expected dates, by its
 * index). Two statements: every figure but the inbox's in one (`figuresStatement`), the inbox's.
 */
export const createDashboard = (deps: { db: Db; resources: ResourceRegistry; engine: ApprovalEngine }) => {
  const { db } = deps
  const scopeOf = (name: string) => {
    const reg = deps.resources.get(name)
    if (!reg) throw new Error(`dashboard: resource ${name} is not registered`)
    return reg.service.scopeOf
  }

  return async (principal: Principal, now = new Date()): Promise<Dashboard> => {
    const today = dayOf(now)
    const dueTo = addDays(today, 7)
    const months = monthsUpTo(now)
    const scopes: Scopes = {
      facts: scopeConditions(principal, { org: saleOrderFacts.orgCode, owner: saleOrderFacts.createBy }),
      lineFacts: scopeConditions(principal, { org: saleOrderLineFacts.orgCode, owner: saleOrderLineFacts.createBy }),
      orders: scopeOf('saleOrder')(principal),
      stock: scopeOf('stock')(principal),
    }
    const [[figures], reviews] = await Promise.all([
      figuresFor(scopes)(db, {
        // the sums are kept by month: from the first of the oldest month to the first of this one
        since: months[0]!.from,
        until: `${months[11]!.month}-01`,
        today,
        dueTo,
        ...named(scopes.facts.values, 'f'),
        ...named(scopes.lineFacts.values, 'l'),
        ...named(scopes.orders.values, 'o'),
        ...named(scopes.stock.values, 's'),
      }).then((result) => rowsOf<Figures>(result)),
      deps.engine.countTodo(db, principal),
    ])
    const f = figures!
    return {
      today,
      ...homePage(months, f),
      deliveriesDue: { count: f.due, from: today, to: dueTo },
      reviews,
      expiry: { ...f.expiry, nearTo: addDays(today, f.warnDays) },
    }
  }
}

/** Folds the sums' pending differences in (one instance at a time; see schema/sales-stats.ts). */
export const compactStats = (db: Db) => db.execute(sql`select sale_stats_compact()`)
