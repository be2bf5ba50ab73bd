import { readFileSync } from 'node:fs'
import type { ListQuery } from '@app/contracts'
import pg from 'pg'
import { orderCrud } from '../src/modules/sales/order.resource.ts'
import type { OrderReview } from '../src/modules/sales/order.review.ts'
import { benchExport } from './excel.ts'
import { createRecorder } from './floor-writes.ts'
import { call } from './http.ts'
import { type LoadResult, listUrl, loadCalls, loadFloor, loadList, percentile, together } from './list.ts'
import { loadOrders } from './orders-data.ts'
import {
  benchApprovals,
  benchApprovalsFloor,
  benchDeliveries,
  benchDeliveriesFloor,
  type FloorRun,
  type Work,
} from './sales-work.ts'
import { adminToken, backendsCpu, cpuBetween, cpuMsOf } from './server.ts'

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

type Context = { databaseUrl: string; baseUrl: string; token: string; pid: number }
type Row = { metric: string; value: string; target?: string; ok?: boolean }

const ms = (n: number) => `${n.toFixed(1)} ms`
const log = (msg: string) => console.error(`[bench] ${msg}`)
/** The lowest / median / highest of the rounds' p95. */
const spread = (runs: LoadResult[]) => {
  const p95s = runs.map((r) => r.p95).sort((a, b) => a - b)
  return [p95s[0]!, percentile(p95s, 50), p95s[p95s.length - 1]!].map(ms).join(' / ')
}

/** The order list's statements only: its reviewer read by id (`OrderReview`) is never called by a list. */
const ORDER_RESOURCE = orderCrud({} as OrderReview)

/** Rows of a p95 target over rounds: the rounds' spread, the whole p95 against the target, throughput. */
const p95Rows = (name: string, runs: LoadResult[], target: number): Row[] => {
  const all = together(runs)
  return [
    { metric: `${name}: p95 per round (min / median / max)`, value: spread(runs) },
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

/**
 * KB the machine has read from its disks since boot (`pgpgin`): the work below is measured with
 * how much of it waited for pages its page cache no longer held. On the development VM, memory
 * idle for a minute is paged out (DAMON), so a database loaded minutes before is read again from
 * disk: approvals on an idle database of 150 000 orders made 7/s, then 273/s and 475/s once read.
 */
const diskReadKb = () => Number(readFileSync('/proc/vmstat', 'utf8').match(/^pgpgin (\d+)$/m)?.[1] ?? 0)

const WORK_SECONDS = Number(process.env.BENCH_WORK_SECONDS ?? 10)
/** A floor round sends this many times the writes the app made in the round before it. */
const FLOOR_SHARE = 1

/** CPU in ms: the app server's, the database's during the app's rounds, the database's during the floor's. */
type WorkCpu = { server: number; appDb: number; floorDb: number }

/** The lowest / median / highest of numbers, formatted. */
const spreadOf = (values: number[], format: (n: number) => string) => {
  const sorted = [...values].sort((a, b) => a - b)
  return [sorted[0]!, percentile(sorted, 50), sorted[sorted.length - 1]!].map(format).join(' / ')
}

/**
 * A write many people make at once: its name, what one write is called (`unit`), the writes a
 * second it must reach (`target`), the check after each round, and its rounds through the app and
 * through the floor (sales-work.ts).
 */
type WorkMeasure = {
  part: 'approvals' | 'deliveries'
  name: string
  unit: string
  target: number
  check: string
  app: (databaseUrl: string, baseUrl: string, connections: number, seconds: number) => Promise<Work>
  floor: (run: FloorRun) => Promise<Work>
}

const SALES_WORK: readonly WorkMeasure[] = [
  {
    part: 'approvals',
    name: 'approvals (3 reviewers, each on the orders at their step)',
    unit: 'decisions',
    target: 300,
    check: 'approvals: decided orders not where their decision put them',
    app: benchApprovals,
    floor: benchApprovalsFloor,
  },
  {
    part: 'deliveries',
    name: 'deliveries (whole orders from one depot, batches earliest expiry first)',
    unit: 'postings',
    target: 100,
    check: 'deliveries: stock unlike its ledger, a sales-out unlike its delivery, negative, or shipped beyond a line',
    app: benchDeliveries,
    floor: benchDeliveriesFloor,
  },
]

/**
 * Writes many people make at once (approvals, deliveries): ROUNDS rounds of WORK_SECONDS through
 * the app, each on what still waits for it and checked after it, each followed by a round of its
 * floor (the same statements through bare pg, recorded by `recorder`: FLOOR_SHARE times the writes
 * the app made, recorded then sent), so a slow or fast spell of the machine falls on both.
 */
const workRows = async (
  { databaseUrl, baseUrl, pid }: Context,
  { name, unit, target, check, app: appRound, floor }: WorkMeasure,
  recorder: FloorRun['recorder'],
): Promise<Row[]> => {
  const apps: (Work & { readMb: number })[] = []
  const floors: Work[] = []
  const cpu: WorkCpu = { server: 0, appDb: 0, floorDb: 0 }
  for (let round = 0; round < ROUNDS; round++) {
    log(`${name}, round ${round + 1} of ${ROUNDS}, ${WORK_SECONDS} s`)
    const readBefore = diskReadKb()
    const serverBefore = cpuMsOf(pid)
    let dbBefore = await backendsCpu(databaseUrl)
    const app = await appRound(databaseUrl, baseUrl, CONNECTIONS, WORK_SECONDS)
    // nothing was left waiting (a small dataset): the rounds end, and the measures are of those before
    if (app.done === 0 && apps.length > 0) {
      log(`${name}: nothing left waiting for round ${round + 1}; measured over ${apps.length} rounds`)
      break
    }
    cpu.appDb += cpuBetween(dbBefore, await backendsCpu(databaseUrl))
    cpu.server += cpuMsOf(pid) - serverBefore
    // what the machine read from its disk meanwhile: pages its page cache no longer held
    apps.push({ ...app, readMb: (diskReadKb() - readBefore) / 1024 })
    const count = Math.max(1, Math.ceil(app.done * FLOOR_SHARE))
    log(`${name}, round ${round + 1} of ${ROUNDS}: the floor, ${count} recorded writes`)
    // the floor's backends from its first write to its last (its recording not counted)
    const measure = {
      start: async () => {
        dbBefore = await backendsCpu(databaseUrl)
      },
      end: async () => {
        cpu.floorDb += cpuBetween(dbBefore, await backendsCpu(databaseUrl))
      },
    }
    floors.push(await floor({ databaseUrl, baseUrl, recorder, connections: CONNECTIONS, count, measure }))
  }
  const rate = (w: Work) => w.done / w.result.seconds
  const doneOf = (ws: Work[]) => ws.reduce((s, w) => s + w.done, 0)
  const total = (ws: Work[]) => doneOf(ws) / ws.reduce((s, w) => s + w.result.seconds, 0)
  const ratio = total(apps) / total(floors)
  const all = together(apps.map((r) => r.result))
  const floorAll = together(floors.map((r) => r.result))
  const broken = [...apps, ...floors].reduce((s, w) => s + w.broken, 0)
  const errors = all.errors + floorAll.errors
  return [
    {
      metric: `${name}: per round (min / median / max)`,
      value: `${spreadOf(apps.map(rate), (x) => x.toFixed(0))} ${unit}/s (MB read from disk: ${apps.map((r) => r.readMb.toFixed(0)).join(', ')})`,
    },
    {
      metric: name,
      value: `${total(apps).toFixed(0)} ${unit}/s, p95 ${ms(all.p95)} (${all.errors} errors)`,
      target: `>= ${target}/s`,
      ok: total(apps) >= target,
    },
    {
      metric: `${name}: floor (bare pg), per round (min / median / max)`,
      value: `${total(floors).toFixed(0)} ${unit}/s, p95 ${ms(floorAll.p95)} (${floorAll.errors} errors); ${spreadOf(floors.map(rate), (x) => x.toFixed(0))}`,
    },
    {
      metric: `${name}: app / floor per round (min / median / max)`,
      value: spreadOf(
        apps.map((a, i) => rate(a) / rate(floors[i]!)),
        (x) => x.toFixed(2),
      ),
    },
    { metric: `${name}: app / floor`, value: `${ratio.toFixed(2)}x`, target: '>= 0.7x', ok: ratio >= 0.7 },
    {
      metric: `${name}: CPU per write: app server / database (app) / database (floor)`,
      value: [cpu.server / doneOf(apps), cpu.appDb / doneOf(apps), cpu.floorDb / doneOf(floors)]
        .map((x) => `${x.toFixed(2)} ms`)
        .join(' / '),
    },
    { metric: check, value: String(broken), target: '0', ok: broken === 0 && errors === 0 },
  ]
}

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

/** The home page, as the administrator and as the regional president open it, two at once. */
const dashboardRows = async ({ baseUrl, token }: Context, president: string) => {
  const rows: Row[] = []
  for (const [who, caller] of [
    ['admin', token],
    ['region_president', president],
  ] as const) {
    const dashboard = () => get(`${baseUrl}/api/dashboard/analysis`, caller).then(() => undefined)
    await loadCalls(dashboard, 2, 3)
    const runs: LoadResult[] = []
    for (let round = 0; round < ROUNDS; round++) runs.push(await loadCalls(dashboard, 2, ROUND_SECONDS))
    rows.push(...p95Rows(`dashboard as ${who}`, runs, 300))
  }
  return rows
}

/**
 * The inbox's first page (`/sys/todo/list`, its count with it) as each reviewer of the order flow
 * opens it, two at once: the first step's, which holds most open reviews, and the later steps'.
 */
const inboxRows = async ({ baseUrl }: Context, president: string) => {
  const rows: Row[] = []
  for (const [who, caller] of [
    ['region_president', president],
    ['branch_finance', await adminToken(baseUrl, 'branch_finance')],
    ['gm_president', await adminToken(baseUrl, 'gm_president')],
  ] as const) {
    const inbox = () => get(`${baseUrl}/api/sys/todo/list?pageNo=1&pageSize=10`, caller).then(() => undefined)
    await loadCalls(inbox, 2, 3)
    const runs: LoadResult[] = []
    for (let round = 0; round < ROUNDS; round++) runs.push(await loadCalls(inbox, 2, ROUND_SECONDS))
    rows.push(...p95Rows(`inbox as ${who}`, runs, 20))
  }
  return rows
}

/** Many people at work: reviewers deciding, logistics shipping, each beside its floor; then the invariants. */
const salesWorkRows = async (ctx: Context) => {
  const recorder = await createRecorder(ctx.databaseUrl)
  try {
    const rows: Row[] = []
    for (const work of SALES_WORK) if (measured(work.part)) rows.push(...(await workRows(ctx, work, recorder)))
    return rows
  } finally {
    await recorder.close()
  }
}

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
    if (measured('approvals') || measured('deliveries')) rows.push(...(await salesWorkRows(ctx)))
    if (measured('export')) rows.push(...(await exportRows(ctx, exportFrom, exportOrders)))
    return rows
  },
}
