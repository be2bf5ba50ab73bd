import { readFileSync } from 'node:fs'
import type { ListQuery } from '@app/contracts'
import pg from 'pg'
import { orderCrud } from '../src/modules/sales/order.resource.ts'
import type { OrderReview } from '../src/modules/sales/order.review.ts'
import { benchExport } from './excel.ts'
import { call } from './http.ts'
import { type LoadResult, listUrl, loadCalls, loadFloor, loadList, percentile, together } from './list.ts'
import { loadOrders } from './orders-data.ts'
import { benchApprovals, benchDeliveries } from './sales-work.ts'
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

export const orderSection = {
  key: 'orders',
  title: `Sales orders: ${ORDERS.toLocaleString('en')} orders, ${CONNECTIONS} connections, ${ROUNDS} x ${ROUND_SECONDS} s per measure`,
  async run({ databaseUrl, baseUrl, token, pid }: Context): Promise<Row[]> {
    const started = performance.now()
    const counts = await loadOrders(databaseUrl, ORDERS, log)
    const loadSeconds = (performance.now() - started) / 1000
    const rows: Row[] = [
      {
        metric: 'data',
        value: `${counts.orders.toLocaleString('en')} orders, ${counts.lines.toLocaleString('en')} lines, ${counts.reviews.toLocaleString('en')} reviews, ${counts.decisions.toLocaleString('en')} decisions, ${counts.deliveries.toLocaleString('en')} deliveries`,
      },
      { metric: 'data load (copies of the seeded orders)', value: `${loadSeconds.toFixed(0)} s` },
    ]
    const exportOrders = Math.min(EXPORT_ORDERS, counts.orders)
    const c = new pg.Client({ connectionString: databaseUrl })
    await c.connect()
    const { moscow, exportFrom, sample } = await (async () => {
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
    })()
    const president = await adminToken(baseUrl, 'region_president')

    // the list as a branch's orders are looked for: delivered ones of one branch in the last year
    const yearAgo = new Date(Date.now() - 365 * 86400_000).toISOString().slice(0, 10)
    const filtered: ListQuery = {
      pageNo: 1,
      pageSize: 10,
      column: 'createAt',
      order: 'desc',
      search: JSON.stringify({ status: ['100807'], branchId: moscow, orderDate: [yearAgo, ''] }),
    }
    const lists: [string, string, ListQuery, number, boolean][] = [
      ['list as admin (status + branch + dates, by createAt)', token, filtered, 20, true],
      ['list as region_president (department scope)', president, filtered, 20, true],
      ['list page 5 000 as admin', token, { pageNo: 5000, pageSize: 10, column: 'createAt', order: 'desc' }, 50, false],
      [
        "list super query 'or' over three fields",
        token,
        {
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
        },
        50,
        false,
      ],
    ]
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
          floors.push(
            await loadFloor(databaseUrl, caller, query, CONNECTIONS, ROUND_SECONDS, undefined, ORDER_RESOURCE),
          )
      }
      rows.push(
        { metric: `${name}: matching rows`, value: `${probe.total}${probe.estimated ? ' (estimate)' : ''}` },
        ...p95Rows(name, apps, target),
      )
      if (withFloor) {
        const ratios = apps.map((a, i) => a.rps / floors[i]!.rps).sort((a, b) => a - b)
        const ratio = together(apps).rps / together(floors).rps
        rows.push(
          {
            metric: `${name}: app / floor per round (min / median / max)`,
            value: [ratios[0]!, percentile(ratios, 50), ratios[ratios.length - 1]!]
              .map((x) => x.toFixed(2))
              .join(' / '),
          },
          { metric: `${name}: app / floor`, value: `${ratio.toFixed(2)}x`, target: '>= 0.7x', ok: ratio >= 0.7 },
        )
      }
    }

    // the detail as the order modal opens it: the order with its lines, its review's progress and its
    // deliveries in one call (`/sale/order/view`)
    log(`order detail over ${sample.length} orders`)
    const detail = (i: number) =>
      get(`${baseUrl}/api/sale/order/view?id=${sample[i % sample.length]!}`, token).then(() => undefined)
    await loadCalls(detail, CONNECTIONS, 3)
    const details: LoadResult[] = []
    for (let round = 0; round < ROUNDS; round++) details.push(await loadCalls(detail, CONNECTIONS, ROUND_SECONDS))
    rows.push(...p95Rows('order detail (order + lines, progress, deliveries)', details, 10))
    // the same opened by one user at a time: the time a user waits, without the queue of eight
    const alone: LoadResult[] = []
    for (let round = 0; round < ROUNDS; round++) alone.push(await loadCalls(detail, 1, ROUND_SECONDS))
    rows.push(...p95Rows('order detail, one user at a time', alone, 10))

    // the home page, as the administrator and as the regional president open it
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

    // many people at work: reviewers deciding, logistics shipping; then the invariants
    const WORK_SECONDS = Number(process.env.BENCH_WORK_SECONDS ?? 10)
    const work = async (
      name: string,
      unit: string,
      target: number,
      check: string,
      run: () => Promise<{ result: LoadResult; done: number; broken: number }>,
    ) => {
      // ROUNDS rounds of WORK_SECONDS, each on orders still waiting for it, checked after each
      const rounds: { perSecond: number; readMb: number; result: LoadResult }[] = []
      let done = 0
      let broken = 0
      for (let round = 0; round < ROUNDS; round++) {
        log(`${name}, round ${round + 1} of ${ROUNDS}, ${WORK_SECONDS} s`)
        const readBefore = diskReadKb()
        const r = await run()
        // what the machine read from its disk meanwhile: pages its page cache no longer held
        rounds.push({
          perSecond: r.done / r.result.seconds,
          readMb: (diskReadKb() - readBefore) / 1024,
          result: r.result,
        })
        done += r.done
        broken += r.broken
      }
      const all = together(rounds.map((r) => r.result))
      const perSecond = done / rounds.reduce((s, r) => s + r.result.seconds, 0)
      const rates = rounds.map((r) => r.perSecond).sort((a, b) => a - b)
      rows.push(
        {
          metric: `${name}: per round (min / median / max)`,
          value: `${[rates[0]!, percentile(rates, 50), rates[rates.length - 1]!].map((x) => x.toFixed(0)).join(' / ')} ${unit}/s (MB read from disk: ${rounds.map((r) => r.readMb.toFixed(0)).join(', ')})`,
        },
        {
          metric: name,
          value: `${perSecond.toFixed(0)} ${unit}/s, p95 ${ms(all.p95)} (${all.errors} errors)`,
          target: `>= ${target}/s`,
          ok: perSecond >= target,
        },
        { metric: check, value: String(broken), target: '0', ok: broken === 0 && all.errors === 0 },
      )
    }
    await work(
      'approvals (3 reviewers, each on the orders at their step)',
      'decisions',
      300,
      'approvals: decided orders not where their decision put them',
      async () => {
        const a = await benchApprovals(databaseUrl, baseUrl, CONNECTIONS, WORK_SECONDS)
        return { result: a.result, done: a.decided, broken: a.wrong }
      },
    )
    await work(
      'deliveries (whole orders from one depot, batches earliest expiry first)',
      'postings',
      100,
      'deliveries: stock unlike its ledger, a sales-out unlike its delivery, negative, or shipped beyond a line',
      async () => {
        const d = await benchDeliveries(databaseUrl, baseUrl, CONNECTIONS, WORK_SECONDS)
        return { result: d.result, done: d.shipped, broken: d.broken }
      },
    )

    log(`export of the orders since ${exportFrom} with their lines`)
    const exported = await benchExport(baseUrl, token, pid, '/api/sale/order', {
      search: JSON.stringify({ orderDate: [exportFrom, ''] }),
    })
    rows.push(
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
    )
    return rows
  },
}
