import { type Dashboard, ErpSyncStatus, OrderStatus } from '@app/contracts'
import { desc, eq, gte, inArray, isNotNull, lte, max, ne, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { branches, products, saleOrderLines, saleOrders, stocks } from '../../db/schema/index.ts'
import type { ApprovalEngine } from '../../platform/approval/index.ts'
import type { Principal } from '../../platform/auth/principal.ts'
import type { ResourceRegistry } from '../../platform/crud/registry.ts'
import { addDays, dayOf } from '../../platform/days.ts'

/** The last 12 calendar months up to the one `today` is in, oldest first. */
export const monthsUpTo = (today: Date) =>
  Array.from({ length: 12 }, (_, i) => {
    const first = new Date(today.getFullYear(), today.getMonth() - 11 + i, 1)
    const last = new Date(first.getFullYear(), first.getMonth() + 1, 0)
    return { month: dayOf(first).slice(0, 7), from: dayOf(first), to: dayOf(last) }
  })

const n = sql<number>`count(*)::int`
const amount = sql<number>`coalesce(sum(${saleOrders.totalAmount}), 0)::float8`
const money = (v: number) => Math.round(v * 100) / 100

/**
 * The home page's figures (issue 17). Orders are filtered by the order list's own condition (the
 * `saleOrder` resource: live rows, the data scope, what a reviewer sees beyond it), stock by the
 * stock list's; each figure is one aggregate statement.
 */
export const createDashboard = (deps: { db: Db; resources: ResourceRegistry; engine: ApprovalEngine }) => {
  const { db } = deps
  const visibleOf = (name: string) => {
    const reg = deps.resources.get(name)
    if (!reg) throw new Error(`dashboard: resource ${name} is not registered`)
    return reg.service.visible
  }

  return async (principal: Principal, now = new Date()): Promise<Dashboard> => {
    const orders = (...more: (SQL | undefined)[]) => visibleOf('saleOrder')(principal, ...more)
    const stockVisible = (...more: (SQL | undefined)[]) => visibleOf('stock')(principal, ...more)
    const today = dayOf(now)
    const months = monthsUpTo(now)
    const since = months[0]!.from
    const until = months[11]!.to
    const dueTo = addDays(today, 7)

    const [monthRows, statusRows, branchRows, productRows, [due], reviews, [warn], syncRows] = await Promise.all([
      db
        .select({ month: sql<string>`to_char(${saleOrders.orderDate}, 'YYYY-MM')`, count: n, amount })
        .from(saleOrders)
        .where(orders(gte(saleOrders.orderDate, since), lte(saleOrders.orderDate, until)))
        .groupBy(sql`1`),
      db
        .select({ status: saleOrders.status, count: n, amount })
        .from(saleOrders)
        .where(orders())
        .groupBy(saleOrders.status)
        .orderBy(saleOrders.status),
      db
        .select({
          branchId: saleOrders.branchId,
          name: branches.name,
          nameEn: branches.nameEn,
          region: branches.region,
          count: n,
          amount,
        })
        .from(saleOrders)
        .innerJoin(branches, eq(branches.id, saleOrders.branchId))
        .where(orders())
        .groupBy(saleOrders.branchId, branches.name, branches.nameEn, branches.region)
        .orderBy(desc(n), branches.name),
      db
        .select({
          productId: saleOrderLines.productId,
          code: products.code,
          name: products.name,
          nameEn: products.nameEn,
          quantity: sql<number>`sum(${saleOrderLines.quantity})::float8`,
          amount: sql<number>`sum(${saleOrderLines.amount})::float8`,
        })
        .from(saleOrderLines)
        .innerJoin(saleOrders, eq(saleOrders.id, saleOrderLines.orderId))
        .innerJoin(products, eq(products.id, saleOrderLines.productId))
        .where(orders(gte(saleOrders.orderDate, since), lte(saleOrders.orderDate, until)))
        .groupBy(saleOrderLines.productId, products.code, products.name, products.nameEn)
        .orderBy(sql`sum(${saleOrderLines.quantity}) desc`, products.code)
        .limit(10),
      db
        .select({ count: n })
        .from(saleOrders)
        .where(
          orders(
            inArray(saleOrders.status, [OrderStatus.PendingDelivery, OrderStatus.PartlyDelivered]),
            gte(saleOrders.expectedDeliveryDate, today),
            lte(saleOrders.expectedDeliveryDate, dueTo),
          ),
        ),
      deps.engine.countTodo(db, principal.userId),
      db.select({ days: max(products.expiryWarningDays) }).from(products),
      db
        .select({ syncStatus: saleOrders.syncStatus, count: n })
        .from(saleOrders)
        .where(orders(ne(saleOrders.syncStatus, ErpSyncStatus.Synced)))
        .groupBy(saleOrders.syncStatus)
        .orderBy(saleOrders.syncStatus),
    ])

    // batches with stock left whose expiry date is past, or within their product's warning days
    const nearTo = addDays(today, Math.max(0, warn?.days ?? 0))
    const [expiry] = await db
      .select({
        expired: sql<number>`(count(*) filter (where ${stocks.expiryDate} < ${today}))::int`,
        near: sql<number>`(count(*) filter (where ${stocks.expiryDate} >= ${today} and ${stocks.expiryDate} <= ${today}::date + coalesce(${products.expiryWarningDays}, 0)))::int`,
      })
      .from(stocks)
      .innerJoin(products, eq(products.id, stocks.productId))
      .where(stockVisible(sql`${stocks.quantity} > 0`, isNotNull(stocks.expiryDate), lte(stocks.expiryDate, nearTo)))

    const byMonth = months.map((m) => {
      const row = monthRows.find((r) => r.month === m.month)
      return { ...m, count: row?.count ?? 0, amount: money(row?.amount ?? 0) }
    })
    const regions = new Map<string | null, { count: number; amount: number }>()
    for (const b of branchRows) {
      const r = regions.get(b.region) ?? { count: 0, amount: 0 }
      regions.set(b.region, { count: r.count + b.count, amount: r.amount + b.amount })
    }
    return {
      today,
      thisMonth: { count: byMonth[11]!.count, amount: byMonth[11]!.amount },
      lastMonth: { count: byMonth[10]!.count, amount: byMonth[10]!.amount },
      byStatus: statusRows.map((r) => ({ ...r, amount: money(r.amount) })),
      byBranch: branchRows.map(({ region: _, ...b }) => ({ ...b, amount: money(b.amount) })),
      byRegion: [...regions]
        .map(([region, r]) => ({ region, count: r.count, amount: money(r.amount) }))
        .sort((a, b) => b.count - a.count),
      byMonth,
      topProducts: productRows.map((p) => ({ ...p, amount: money(p.amount) })),
      deliveriesDue: { count: due?.count ?? 0, from: today, to: dueTo },
      reviews,
      expiry: { expired: expiry?.expired ?? 0, near: expiry?.near ?? 0, nearTo },
      unsynced: { count: syncRows.reduce((s, r) => s + r.count, 0), bySyncStatus: syncRows },
    }
  }
}
