import type { ListQuery } from '@app/contracts'
import pg from 'pg'
import { orderCrud } from '../src/modules/sales/order.resource.ts'
import type { OrderReview } from '../src/modules/sales/order.review.ts'
import { benchExport } from './excel.ts'
import { call } from './http.ts'
import { type LoadResult, listUrl, loadCalls, loadFloor, loadList, together } from './list.ts'
import { loadOrders } from './orders-data.ts'
import { salesWorkRows } from './orders-work.ts'
import { type Context, log, ms, type Row, spreadOf } from './report.ts'
import { adminToken } from './server.ts'

/**
 * Sales at a group's size (issue 18): a million orders with their lines, reviews, deliveries and
 * adjustments (orders-data.ts), then the order list, the detail, the dashboard and the export
 * measured through the real app, each in ROUNDS rounds: lowest / median / highest of the rounds'
 * p95 and the p95 over all of them. A section of `npm run bench` (SECTIONS in index.ts).
 */

const ORDERS = Number(process.env.BENCH_ORDERS ?? 1_000_000)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8)
const ROUNDS = Number(process.env.BENCH_ORDER_ROUNDS ?? 5)
const ROUND_SECONDS = Number(process.env.BENCH_ROUND_SECONDS ?? 3)
const EXPORT_ORDERS = 100_000

/** The order list's statements only: its reviewer read by id (`OrderReview`) is never called by a list. */
const ORDER_RESOURCE = orderCrud({} as OrderReview)

/** Rows of a p95 target over rounds: the rounds' spread, the whole p95 against the target, throughput. */
const p95Rows = (name: string, runs: LoadResult[], target: number): Row[] => {
  const all = together(runs)
  return [
    {
      metric: `${name}: p95 per round (min / median / max)`,
      value: spreadOf(
        runs.map((r) => r.p95),
        ms,
      ),
    },
    {
      metric: `${name}: p50 / p95`,
      value: `${ms(all.p50)} / ${ms(all.p95)}`,
      target: `p95 <= ${target} ms`,
      ok: all.p95 <= target,
    },
    { metric: `${name}: throughput`, value: `${all.rps.toFixed(0)} req/s (${all.errors} errors)` },
  ]
}

const get = (url: string, token: string) => call('GET', url, token)

/** BENCH_ORDER_PARTS: the measures to run after the data's load (e.g. `approvals,deliveries`); all when unset. */
const PARTS = process.env.BENCH_ORDER_PARTS?.split(',').map((s) => s.trim())
const measured = (part: 'lists' | 'detail' | 'dashboard' | 'inbox' | 'approvals' | 'deliveries' | 'export') =>
  !PARTS || PARTS.includes(part)

/** What the measures look for in the loaded data: a branch, the export's first day, orders to open. */
const readFacts = async (databaseUrl: string, exportOrders: number) => {
  const c = new pg.Client({ connectionString: databaseUrl })
  await c.connect()
  try {
    const one = async <T>(text: string) => (await c.query(text)).rows[0] as T
    return {
      moscow: (await one<{ id: string }>(`SELECT id FROM md_branch WHERE code = 'RU-MOW'`)).id,
      // the newest EXPORT_ORDERS orders: those ordered since this day
      exportFrom: (
        await one<{ day: string }>(
          `SELECT to_char(order_date, 'YYYY-MM-DD') AS day FROM sale_order WHERE NOT del_flag
            ORDER BY order_date DESC OFFSET ${exportOrders - 1} LIMIT 1`,
        )
      ).day,
      // orders to open, anywhere in the three years
      sample: (
        await c.query<{ id: string }>(
          `SELECT id FROM sale_order TABLESAMPLE SYSTEM (1) WHERE NOT del_flag AND status <> 100801 LIMIT 2000`,
        )
      ).rows.map((r) => r.id),
    }
  } finally {
    await c.end()
  }
}

/** The order lists at CONNECTIONS, the first two beside their floor (the same SQL through bare pg). */
const listRows = async ({ databaseUrl, baseUrl, token }: Context, moscow: string, president: string) => {
  // the list as a branch's orders are looked for: delivered ones of one branch in the last year
  const yearAgo = new Date(Date.now() - 365 * 86400_000).toISOString().slice(0, 10)
  const filtered: ListQuery = {
    pageNo: 1,
    pageSize: 10,
    column: 'createAt',
    order: 'desc',
    search: JSON.stringify({ status: ['100807'], branchId: moscow, orderDate: [yearAgo, ''] }),
  }
  const superQuery: ListQuery = {
    pageNo: 1,
    pageSize: 10,
    column: 'createAt',
    order: 'desc',
    superQueryMatchType: 'or',
    superQueryParams: JSON.stringify([
      { field: 'orderNo', rule: 'like', val: '-1234-' },
      { field: 'remark', rule: 'like', val: 'urgent' },
      { field: 'status', rule: 'eq', val: '100802' },
    ]),
  }
  const lists: [string, string, ListQuery, number, boolean][] = [
    ['list as admin (status + branch + dates, by createAt)', token, filtered, 20, true],
    ['list as region_president (department scope)', president, filtered, 20, true],
    ['list page 5 000 as admin', token, { pageNo: 5000, pageSize: 10, column: 'createAt', order: 'desc' }, 50, false],
    ["list super query 'or' over three fields", token, superQuery, 50, false],
  ]
  const rows: Row[] = []
  for (const [name, caller, query, target, withFloor] of lists) {
    const url = listUrl(baseUrl, query, '/api/sale/order')
    const probe = (await get(url, caller)) as { total: number; estimated?: boolean }
    log(`${name}: ${probe.total}${probe.estimated ? ' (estimated)' : ''} matching`)
    await loadList(url, caller, CONNECTIONS, 3)
    const apps: LoadResult[] = []
    const floors: LoadResult[] = []
    for (let round = 0; round < ROUNDS; round++) {
      apps.push(await loadList(url, caller, CONNECTIONS, ROUND_SECONDS))
      if (withFloor)
        floors.push(await loadFloor(databaseUrl, caller, query, CONNECTIONS, ROUND_SECONDS, undefined, ORDER_RESOURCE))
    }
    rows.push(
      { metric: `${name}: matching rows`, value: `${probe.total}${probe.estimated ? ' (estimate)' : ''}` },
      ...p95Rows(name, apps, target),
    )
    if (withFloor) {
      const ratio = together(apps).rps / together(floors).rps
      rows.push(
        {
          metric: `${name}: app / floor per round (min / median / max)`,
          value: spreadOf(
            apps.map((a, i) => a.rps / floors[i]!.rps),
            (x) => x.toFixed(2),
          ),
        },
        { metric: `${name}: app / floor`, value: `${ratio.toFixed(2)}x`, target: '>= 0.7x', ok: ratio >= 0.7 },
      )
    }
  }
  return rows
}

/** The detail as the order modal opens it (`/sale/order/view`): 8 users at once, then one at a time. */
const detailRows = async ({ baseUrl, token }: Context, sample: readonly string[]) => {
  log(`order detail over ${sample.length} orders`)
  const detail = (i: number) =>
    get(`${baseUrl}/api/sale/order/view?id=${sample[i % sample.length]!}`, token).then(() => undefined)
  await loadCalls(detail, CONNECTIONS, 3)
  const details: LoadResult[] = []
  for (let round = 0; round < ROUNDS; round++) details.push(await loadCalls(detail, CONNECTIONS, ROUND_SECONDS))
  // the same opened by one user at a time: the time a user waits, without the queue of eight
  const alone: LoadResult[] = []
  for (let round = 0; round < ROUNDS; round++) alone.push(await loadCalls(detail, 1, ROUND_SECONDS))
  return [
    ...p95Rows('order detail (order + lines, progress, deliveries)', details, 10),
    ...p95Rows('order detail, one user at a time', alone, 10),
  ]
}

/**
 * A page as each of `callers` opens it, two calls at once: a 3 s warm-up, then ROUNDS rounds;
 * p95 against `target` ms per caller.
 */
const callerRows = async (baseUrl: string, page: string, path: string, callers: [string, string][], target: number) => {
  const rows: Row[] = []
  for (const [who, token] of callers) {
    const open = () => get(`${baseUrl}${path}`, token).then(() => undefined)
    await loadCalls(open, 2, 3)
    const runs: LoadResult[] = []
    for (let round = 0; round < ROUNDS; round++) runs.push(await loadCalls(open, 2, ROUND_SECONDS))
    rows.push(...p95Rows(`${page} as ${who}`, runs, target))
  }
  return rows
}

/** The home page, as the administrator and as the regional president open it. */
const dashboardRows = ({ baseUrl, token }: Context, president: string) =>
  callerRows(
    baseUrl,
    'dashboard',
    '/api/dashboard/analysis',
    [
      ['admin', token],
      ['region_president', president],
    ],
    300,
  )

/**
 * The inbox's first page (`/sys/todo/list`, its count with it) as each reviewer of the order flow
 * opens it: the first step's, which holds most open reviews, and the later steps'.
 */
const inboxRows = async ({ baseUrl }: Context, president: string) =>
  callerRows(
    baseUrl,
    'inbox',
    '/api/sys/todo/list?pageNo=1&pageSize=10',
    [
      ['region_president', president],
      ['branch_finance', await adminToken(baseUrl, 'branch_finance')],
      ['gm_president', await adminToken(baseUrl, 'gm_president')],
    ],
    20,
  )

/** The export of the newest orders with their lines, and the server's memory during it. */
const exportRows = async ({ baseUrl, token, pid }: Context, exportFrom: string, exportOrders: number) => {
  log(`export of the orders since ${exportFrom} with their lines`)
  const exported = await benchExport(baseUrl, token, pid, '/api/sale/order', {
    search: JSON.stringify({ orderDate: [exportFrom, ''] }),
  })
  return [
    {
      metric: `export of the newest ${exportOrders.toLocaleString('en')} orders with their lines`,
      value: `${exported.seconds.toFixed(1)} s (${exported.mb.toFixed(1)} MB xlsx)`,
    },
    {
      // the RSS it starts from is what the loads before it left (V8 gives memory back later)
      metric: 'server RSS before the export / peak during it',
      value: `${exported.beforeMb.toFixed(0)} / ${exported.peakMb.toFixed(0)} MB`,
      target: '<= 250 MB',
      ok: exported.peakMb <= 250,
    },
  ]
}

export const orderSection = {
  key: 'orders',
  title: `Sales orders: ${ORDERS.toLocaleString('en')} orders, ${CONNECTIONS} connections, ${ROUNDS} x ${ROUND_SECONDS} s per measure`,
  async run(ctx: Context): Promise<Row[]> {
    const started = performance.now()
    const counts = await loadOrders(ctx.databaseUrl, ORDERS, log)
    const loadSeconds = (performance.now() - started) / 1000
    const rows: Row[] = [
      {
        metric: 'data',
        value: `${counts.orders.toLocaleString('en')} orders, ${counts.lines.toLocaleString('en')} lines, ${counts.reviews.toLocaleString('en')} reviews, ${counts.decisions.toLocaleString('en')} decisions, ${counts.deliveries.toLocaleString('en')} deliveries`,
      },
      { metric: 'data load (copies of the seeded orders)', value: `${loadSeconds.toFixed(0)} s` },
    ]
    const exportOrders = Math.min(EXPORT_ORDERS, counts.orders)
    const { moscow, exportFrom, sample } = await readFacts(ctx.databaseUrl, exportOrders)
    const president = await adminToken(ctx.baseUrl, 'region_president')
    if (measured('lists')) rows.push(...(await listRows(ctx, moscow, president)))
    if (measured('detail')) rows.push(...(await detailRows(ctx, sample)))
    if (measured('dashboard')) rows.push(...(await dashboardRows(ctx, president)))
    if (measured('inbox')) rows.push(...(await inboxRows(ctx, president)))
    if (measured('approvals') || measured('deliveries'))
      rows.push(...(await salesWorkRows(ctx, { rounds: ROUNDS, connections: CONNECTIONS, measured })))
    if (measured('export')) rows.push(...(await exportRows(ctx, exportFrom, exportOrders)))
    return rows
  },
}
