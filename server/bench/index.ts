/**
 * `npm run bench`: performance of the list mechanism on PostgreSQL (issue 4). A script, not a
 * test: it makes a fresh database (BENCH_DATABASE_URL or TEST_DATABASE_URL as admin URL, default
 * postgres://postgres@127.0.0.1:5432/test), loads 100 000 suppliers, starts the real app as a
 * child process and measures it from outside. Each area's measures are a section of SECTIONS.
 */

import { createBenchDatabase, loadSuppliers } from './database.ts'
import { benchExport, benchImport } from './excel.ts'
import { type LoadResult, listQueryOf, listUrl, loadFloor, loadList, together } from './list.ts'
import { orderSection } from './orders.ts'
import { productSection } from './products.ts'
import { type Context, log, ms, type Row, spreadOf } from './report.ts'
import { adminToken, backendsCpu, cpuBetween, cpuMsOf, memoryOf, startServer } from './server.ts'

const ADMIN_URL =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
const SUPPLIERS = Number(process.env.BENCH_SUPPLIERS ?? 100_000)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8)
/** List section: the app and the floor each run this many times, taking turns, ROUND_SECONDS each. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10)
const ROUND_SECONDS = Number(process.env.BENCH_ROUND_SECONDS ?? 3)
/**
 * Load before the rounds. A fresh server's CPU per list request settles only after about 10 s
 * of load (V8 optimising, the young generation growing): 1.33, 0.91, 0.67, 0.64, 0.61, 0.58 ms
 * in its first six 2-s spells here.
 */
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 12)
const IMPORT_ROWS = 10_000
/** BENCH_SECTIONS: the sections to run by key (e.g. `list,export`); all when unset. */
const ONLY = process.env.BENCH_SECTIONS?.split(',').map((s) => s.trim())

type Section = { key: string; title: string; run: (ctx: Context) => Promise<Row[]> }

/** CPU per request: a fraction of a millisecond. */
const cpuMs = (n: number) => `${n.toFixed(2)} ms`
/** user + system CPU of a `process.cpuUsage()` difference, in ms. */
const cpuUsageMs = (u: NodeJS.CpuUsage) => (u.user + u.system) / 1000

const listSection: Section = {
  key: 'list',
  title: `List: super query (3 rules) + sort, ${SUPPLIERS.toLocaleString('en')} suppliers, ${CONNECTIONS} connections, ${ROUNDS} x ${ROUND_SECONDS} s each`,
  async run({ databaseUrl, baseUrl, token, pid }) {
    // created in the last 30 days, two of the four types, enabled: what a buyer looks for
    const since = new Date(Date.now() - 30 * 86400_000)
    const query = listQueryOf(since)
    const url = listUrl(baseUrl, query)
    const probe = await fetch(url, { headers: { 'x-access-token': token } })
    const page = (await probe.json()) as { result: { total: number } }
    log(`list matches ${page.result.total} rows`)
    log('warming up')
    await loadList(url, token, CONNECTIONS, WARMUP_SECONDS)
    await loadFloor(databaseUrl, token, query, CONNECTIONS, 3)
    // the machine's speed drifts (other tenants): app and floor take turns, ROUNDS times each,
    // so a slow or fast spell falls on both
    const apps: LoadResult[] = []
    const floors: LoadResult[] = []
    let appServerMs = 0
    let appDbMs = 0
    let appClientMs = 0
    let floorDbMs = 0
    let floorClientMs = 0
    for (let round = 1; round <= ROUNDS; round++) {
      log(`round ${round} of ${ROUNDS}: list through the app`)
      const cpuBefore = cpuMsOf(pid)
      let dbBefore = await backendsCpu(databaseUrl)
      // this process is the client: autocannon for the app, the bare pg pool for the floor
      let clientBefore = process.cpuUsage()
      apps.push(await loadList(url, token, CONNECTIONS, ROUND_SECONDS))
      appClientMs += cpuUsageMs(process.cpuUsage(clientBefore))
      appDbMs += cpuBetween(dbBefore, await backendsCpu(databaseUrl))
      appServerMs += cpuMsOf(pid) - cpuBefore
      log(`round ${round} of ${ROUNDS}: the same SQL through a bare pg pool (floor)`)
      dbBefore = await backendsCpu(databaseUrl)
      clientBefore = process.cpuUsage()
      floors.push(
        await loadFloor(databaseUrl, token, query, CONNECTIONS, ROUND_SECONDS, async () => {
          floorDbMs += cpuBetween(dbBefore, await backendsCpu(databaseUrl))
        }),
      )
      floorClientMs += cpuUsageMs(process.cpuUsage(clientBefore))
    }
    const app = together(apps)
    const floor = together(floors)
    const ratio = app.rps / floor.rps
    const spread = spreadOf(
      apps.map((a, i) => a.rps / floors[i]!.rps),
      (x) => x.toFixed(2),
    )
    const cpuPerRequest = appServerMs / app.requests
    const appDb = appDbMs / app.requests
    const appClient = appClientMs / app.requests
    const floorClient = floorClientMs / floor.requests
    return [
      { metric: 'matching rows (total)', value: String(page.result.total) },
      { metric: 'app p50', value: ms(app.p50) },
      { metric: 'app p95', value: ms(app.p95), target: '< 20 ms', ok: app.p95 < 20 },
      { metric: 'app throughput', value: `${app.rps.toFixed(0)} req/s (${app.errors} errors)` },
      { metric: 'app server CPU per request', value: cpuMs(cpuPerRequest) },
      { metric: 'app database CPU per request', value: cpuMs(appDb) },
      { metric: 'app load generator CPU per request (autocannon)', value: cpuMs(appClient) },
      { metric: 'floor p50 / p95', value: `${ms(floor.p50)} / ${ms(floor.p95)}` },
      { metric: 'floor throughput (bare pg)', value: `${floor.rps.toFixed(0)} req/s` },
      { metric: 'floor database CPU per request', value: cpuMs(floorDbMs / floor.requests) },
      { metric: 'floor client CPU per request (pg pool)', value: cpuMs(floorClient) },
      { metric: 'app / floor per round (min / median / max)', value: spread },
      { metric: 'app / floor', value: `${ratio.toFixed(2)}x`, target: '>= 0.7x', ok: ratio >= 0.7 },
    ]
  },
}

const exportSection: Section = {
  key: 'export',
  title: 'Export of every supplier (exportXls, streamed)',
  async run({ baseUrl, token, pid }) {
    const before = memoryOf(pid).rssMb
    const r = await benchExport(baseUrl, token, pid)
    return [
      { metric: 'export time', value: `${r.seconds.toFixed(1)} s (${r.mb.toFixed(1)} MB xlsx)` },
      { metric: 'server RSS before export', value: `${before.toFixed(0)} MB` },
      {
        metric: 'server peak RSS during export',
        value: `${r.peakMb.toFixed(0)} MB`,
        target: '< 250 MB',
        ok: r.peakMb < 250,
      },
    ]
  },
}

const importSection: Section = {
  key: 'import',
  title: `Import of ${IMPORT_ROWS.toLocaleString('en')} suppliers (importExcel, upload to done)`,
  async run({ baseUrl, token }) {
    const r = await benchImport(baseUrl, token, IMPORT_ROWS)
    if (r.progress.status !== 'done') throw new Error(`import ended ${r.progress.status}: ${r.progress.message}`)
    return [
      { metric: 'rows imported', value: String(r.progress.imported) },
      { metric: 'import time', value: `${r.seconds.toFixed(2)} s`, target: '< 5 s', ok: r.seconds < 5 },
    ]
  },
}

export const SECTIONS: Section[] = [listSection, exportSection, importSection, productSection, orderSection]

const print = (results: { title: string; rows: Row[] }[]) => {
  const all = results.flatMap((r) => r.rows)
  const w = [
    Math.max(...all.map((r) => r.metric.length)),
    Math.max(...all.map((r) => r.value.length)),
    Math.max(8, ...all.map((r) => (r.target ?? '').length)),
  ]
  const line = (a: string, b: string, c: string, d: string) =>
    `| ${a.padEnd(w[0]!)} | ${b.padEnd(w[1]!)} | ${c.padEnd(w[2]!)} | ${d.padEnd(4)} |`
  for (const { title, rows } of results) {
    console.log(`\n${title}\n`)
    console.log(line('metric', 'value', 'target', 'met'))
    console.log(line('-'.repeat(w[0]!), '-'.repeat(w[1]!), '-'.repeat(w[2]!), '----'))
    for (const r of rows)
      console.log(line(r.metric, r.value, r.target ?? '', r.ok === undefined ? '' : r.ok ? 'yes' : 'NO'))
  }
}

/** BENCH_KEEP=1 keeps the database afterwards (its name is printed), to look into a plan. */
const KEEP = process.env.BENCH_KEEP === '1'

const main = async () => {
  log(`creating a database on ${new URL(ADMIN_URL).host}`)
  const database = await createBenchDatabase(ADMIN_URL)
  let server: Awaited<ReturnType<typeof startServer>> | undefined
  try {
    log(`loading ${SUPPLIERS} suppliers`)
    await loadSuppliers(database.url, SUPPLIERS)
    log('starting the app')
    server = await startServer(database.url)
    const token = await adminToken(server.baseUrl)
    const ctx: Context = { databaseUrl: database.url, baseUrl: server.baseUrl, pid: server.pid, token }
    const results: { title: string; rows: Row[] }[] = []
    for (const section of SECTIONS.filter((s) => !ONLY || ONLY.includes(s.key))) {
      log(section.title)
      results.push({ title: section.title, rows: await section.run(ctx) })
    }
    print(results)
    const missed = results.flatMap((r) => r.rows).filter((r) => r.ok === false)
    if (missed.length > 0) console.log(`\nmissed: ${missed.map((r) => r.metric).join(', ')}`)
  } finally {
    await server?.stop()
    await database.dropUnless(KEEP, log)
  }
}

await main()
