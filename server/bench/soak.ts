/**
 * `npm run bench:soak` (issue 20): a working day squeezed into a minute. Two instances of the real
 * app (the build `npm start` runs, child processes) share one fresh PostgreSQL database with the
 * demo data; BENCH_SOAK_USERS people (200) of the demo roles work through them for
 * BENCH_SOAK_SECONDS (60), each thinking BENCH_SOAK_THINK_MS (about a second) between actions:
 * branch staff order, change, delete and ask for adjustments in their branches, the reviewers of
 * the flows decide what waits in their inbox, logistics ship from the export depot and complete,
 * and readers open lists, details and the home page. Every answer is counted; a business refusal
 * (someone else was first, stock ran out) is expected, anything else is an error. Afterwards
 * every invariant of the sales data is checked (invariants.ts). Exits 1 on a real error or a
 * broken invariant. The machine's load is printed at the start and at the end, with the CPU the
 * run's own processes and the others used meanwhile; a run on a machine that other work kept busy
 * (MAX_LOAD, MAX_OTHERS) is reported as not valid (exit 2 if nothing failed).
 * Needs BENCH_DATABASE_URL, TEST_DATABASE_URL or DATABASE_URL (or the default
 * postgres://postgres@127.0.0.1:5432/test): a server that may create databases.
 */
import os from 'node:os'
import { type Dashboard, Errors, errorByCode, RoleCode } from '@app/contracts'
import type pg from 'pg'
import { newToken } from '../src/platform/auth/tokens.ts'
import { dayOf } from '../src/platform/days.ts'
import { createBenchDatabase } from './database.ts'
import { type Check, salesInvariants, withClient } from './invariants.ts'
import { percentile } from './list.ts'
import { DEPOT, stockDepot } from './sales-work.ts'
import { adminToken, backendsCpu, cpuBetween, cpuMsOf, machineBusyMs, memoryOf, startServer } from './server.ts'
import { BEHAVIOUR, newStats, runUser, type SimUser, type World } from './soak-work.ts'

const ADMIN_URL =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  process.env.DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test'
const USERS = Number(process.env.BENCH_SOAK_USERS ?? 200)
const SECONDS = Number(process.env.BENCH_SOAK_SECONDS ?? 60)
const THINK_MS = Number(process.env.BENCH_SOAK_THINK_MS ?? 1000)
/** BENCH_SOAK_KEEP=1 keeps the database afterwards (its name is printed) to look into a failure. */
const KEEP = process.env.BENCH_SOAK_KEEP === '1'
/**
 * A run's figures count only on a machine that other work left alone: its 1-minute load average
 * at most BENCH_SOAK_MAX_LOAD (default: the number of cores) when the soak starts, and other
 * processes' CPU while its people work at most BENCH_SOAK_MAX_OTHERS cores on average (see
 * `validity`). Otherwise the run is reported as not valid (exit code 2 when nothing else failed).
 */
const MAX_LOAD = Number(process.env.BENCH_SOAK_MAX_LOAD ?? os.cpus().length)
const MAX_OTHERS = Number(process.env.BENCH_SOAK_MAX_OTHERS ?? 0.2)
const log = (msg: string) => console.error(`[soak] ${msg}`)

type Behaviour = keyof typeof BEHAVIOUR
/** Who works, as shares of the users: role, departments (the first is where they work now). */
const PEOPLE: { behaviour: Behaviour; role: string; share: number; departs: string[] }[] = [
  { behaviour: 'staff', role: RoleCode.BranchAdmin, share: 0.3, departs: [] },
  { behaviour: 'reviewer', role: RoleCode.RegionPresident, share: 0.12, departs: ['A01A02', 'A01A06'] },
  { behaviour: 'reviewer', role: RoleCode.BranchFinance, share: 0.09, departs: ['A01A05'] },
  { behaviour: 'reviewer', role: RoleCode.GmPresident, share: 0.09, departs: ['A01A03'] },
  { behaviour: 'reviewer', role: RoleCode.FinanceDirector, share: 0.05, departs: ['A01A05', 'A01A07'] },
  { behaviour: 'logistics', role: RoleCode.LogisticsAdmin, share: 0.07, departs: ['A01A01A01'] },
  { behaviour: 'logistics', role: RoleCode.LogisticsChief, share: 0.03, departs: ['A01A01'] },
  { behaviour: 'reader', role: RoleCode.GmPresident, share: 0.05, departs: ['A01A03'] },
  { behaviour: 'reader', role: RoleCode.RegionPresident, share: 0.05, departs: ['A01A02', 'A01A06'] },
  { behaviour: 'reader', role: RoleCode.FinanceDirector, share: 0.05, departs: ['A01A05', 'A01A07'] },
  { behaviour: 'reader', role: RoleCode.LogisticsChief, share: 0.05, departs: ['A01A01'] },
  { behaviour: 'reader', role: RoleCode.FinanceAdmin, share: 0.05, departs: ['A01A07'] },
]
/** The branches the demo orders for (seed sales-data.ts: stock reported, products offered). */
const BRANCHES = ['RU-MOW', 'KZ-ALA', 'CN-HB', 'CN-HD', 'PE-LIM', 'NG-LOS', 'TH-BKK', 'ID-JKT', 'US-LAX']

type Person = Omit<SimUser, 'baseUrl'> & { behaviour: Behaviour }

/**
 * The people, written straight into the database with live sessions (200 sign-ins would measure
 * scrypt): each with one demo role, its departments, and for branch staff the branch they run.
 * The demo branch administrator works among them with the seed's orders of their branches.
 */
const createPeople = async (url: string, n: number): Promise<Person[]> =>
  withClient(url, async (c) => {
    const one = async <T extends pg.QueryResultRow>(text: string, params: unknown[] = []) =>
      (await c.query<T>(text, params)).rows
    const hash = (await one<{ h: string }>(`SELECT password_hash AS h FROM sys_user WHERE username = 'admin'`))[0]!.h
    const roleId = new Map(
      (await one<{ code: string; id: string }>('SELECT role_code AS code, id FROM sys_role')).map((r) => [
        r.code,
        r.id,
      ]),
    )
    const deptId = new Map(
      (await one<{ code: string; id: string }>('SELECT org_code AS code, id FROM sys_depart')).map((r) => [
        r.code,
        r.id,
      ]),
    )
    const branches = await one<{ code: string; id: string; org: string }>(
      `SELECT b.code, b.id, d.org_code AS org FROM md_branch b JOIN sys_depart d ON d.id = b.depart_id WHERE b.code = ANY($1)`,
      [BRANCHES],
    )
    const people: Person[] = []
    const session = async (userId: string) => {
      const t = newToken()
      await c.query(
        `INSERT INTO sys_session (token_hash, user_id, expires_at) VALUES ($1, $2, now() + interval '1 day')`,
        [t.tokenHash, userId],
      )
      return t.token
    }
    const demo = (await one<{ id: string }>(`SELECT id FROM sys_user WHERE username = $1`, [RoleCode.BranchAdmin]))[0]!
    const moscow = branches.find((b) => b.code === 'RU-MOW')!
    people.push({
      id: demo.id,
      username: RoleCode.BranchAdmin,
      role: RoleCode.BranchAdmin,
      token: await session(demo.id),
      branchId: moscow.id,
      behaviour: 'staff',
    })
    const counts = PEOPLE.map((p) => Math.max(1, Math.round(p.share * n)))
    counts[0] = Math.max(1, n - counts.slice(1).reduce((s, x) => s + x, 0)) - 1
    await c.query('BEGIN')
    for (const [i, p] of PEOPLE.entries()) {
      for (let k = 1; k <= counts[i]!; k++) {
        const branch = p.behaviour === 'staff' ? branches[k % branches.length]! : undefined
        const departs = branch ? [branch.org] : p.departs
        const username = `soak_${p.behaviour}_${p.role}_${k}`
        const [user] = await one<{ id: string }>(
          `INSERT INTO sys_user (username, realname, password_hash, org_code) VALUES ($1, $2, $3, $4) RETURNING id`,
          [username, `Soak ${p.role} ${k}`, hash, departs[0]],
        )
        await c.query('INSERT INTO sys_user_role (user_id, role_id) VALUES ($1, $2)', [user!.id, roleId.get(p.role)])
        for (const d of departs)
          await c.query('INSERT INTO sys_user_depart (user_id, depart_id) VALUES ($1, $2)', [user!.id, deptId.get(d)])
        if (branch)
          await c.query('INSERT INTO sys_user_branch (user_id, branch_id) VALUES ($1, $2)', [user!.id, branch.id])
        people.push({
          id: user!.id,
          username,
          role: p.role,
          token: await session(user!.id),
          branchId: branch?.id,
          behaviour: p.behaviour,
        })
      }
    }
    await c.query('COMMIT')
    return people
  })

type Row = { metric: string; value: string; target?: string; ok?: boolean }

const table = (head: string[], rows: string[][]) => {
  const w = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)))
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (i === 0 ? c.padEnd(w[i]!) : c.padStart(w[i]!))).join(' | ')} |`
  console.log(line(head))
  console.log(`|${w.map((n, i) => (i === 0 ? '-'.repeat(n + 2) : `${'-'.repeat(n + 1)}:`)).join('|')}|`)
  for (const r of rows) console.log(line(r))
}

const ms = (n: number) => (Number.isFinite(n) ? `${n.toFixed(0)} ms` : '-')
const mb = (n: number) => `${n.toFixed(0)} MB`

/**
 * The home page's figures by status (as the administrator, through the app) against counting the
 * orders: the count, and the amount of each currency (never added across currencies).
 */
const dashboardByStatus = async (databaseUrl: string, baseUrl: string): Promise<Check> => {
  const token = await adminToken(baseUrl)
  const res = await fetch(`${baseUrl}/api/dashboard/analysis`, { headers: { 'x-access-token': token } })
  const shown = ((await res.json()) as { result: Dashboard }).result.byStatus
  const counted = await withClient(
    databaseUrl,
    async (c) =>
      (
        await c.query<{ status: number; n: number; amounts: Record<string, string> }>(
          `SELECT status, sum(n)::int AS n, json_object_agg(currency, amount) AS amounts
             FROM (SELECT status, coalesce(currency, '') AS currency, count(*) AS n, sum(total_amount) AS amount
                     FROM sale_order WHERE NOT del_flag GROUP BY 1, 2) x GROUP BY 1`,
        )
      ).rows,
  )
  const bad = counted.flatMap((row) => {
    const s = shown.find((x) => x.status === row.status)
    const same =
      s &&
      s.count === row.n &&
      s.amounts.length === Object.keys(row.amounts).length &&
      s.amounts.every((m) => Math.abs(m.amount - Number(row.amounts[m.currency ?? ''])) < 0.005)
    return same
      ? []
      : [
          `status ${row.status}: ${row.n} orders, ${JSON.stringify(row.amounts)}; home page ${s ? `${s.count}, ${JSON.stringify(s.amounts)}` : 'none'}`,
        ]
  })
  return {
    name: 'home page by status (admin, through the app) = counting the orders',
    count: bad.length,
    examples: bad.slice(0, 3),
  }
}

const deadlocks = (url: string) =>
  withClient(url, async (c) => {
    await c.query('SELECT pg_stat_force_next_flush()').catch(() => undefined)
    return Number(
      (await c.query('SELECT deadlocks FROM pg_stat_database WHERE datname = current_database()')).rows[0]?.deadlocks ??
        0,
    )
  })

/**
 * Whether the machine was quiet enough for the run to count, and why not: its load at most
 * MAX_LOAD when the soak starts, and while the people work, other processes' CPU (the machine's
 * busy CPU less the run's own) at most MAX_OTHERS cores on average. The load at the end is no
 * measure of others: the run's own processes queue for the two cores (200 people's calls) and that
 * queue is counted in the load.
 */
const validity = (loadBefore: number, othersCores: number): Row => {
  const why = [
    loadBefore > MAX_LOAD ? `load ${loadBefore.toFixed(1)} at the start` : '',
    othersCores > MAX_OTHERS ? `other work took ${othersCores.toFixed(2)} cores` : '',
  ].filter(Boolean)
  return {
    metric: `run valid: machine load at most ${MAX_LOAD} at the start, other work at most ${MAX_OTHERS} cores meanwhile`,
    value: why.length > 0 ? `no (${why.join('; ')})` : 'yes',
    target: 'yes',
    ok: why.length === 0,
  }
}

const main = async () => {
  const loadAtStart = os.loadavg()[0]!
  log(
    `machine load ${loadAtStart.toFixed(1)}: a run counts at a load of at most ${MAX_LOAD} (BENCH_SOAK_MAX_LOAD) and with other work taking at most ${MAX_OTHERS} cores meanwhile (BENCH_SOAK_MAX_OTHERS)`,
  )
  log(`creating a database on ${new URL(ADMIN_URL).host}`)
  const database = await createBenchDatabase(ADMIN_URL, 'bench_soak')
  const instances: Awaited<ReturnType<typeof startServer>>[] = []
  let failed = true
  let valid = false
  try {
    const people = await createPeople(database.url, USERS)
    log(`database ${database.name}: demo data + ${people.length} people with sessions`)
    instances.push(await startServer(database.url), await startServer(database.url))
    const [a, b] = instances as [(typeof instances)[0], (typeof instances)[0]]
    const { depotId, productIds } = await withClient(database.url, async (c) => ({
      depotId: (await c.query<{ id: string }>('SELECT id FROM md_depot WHERE code = $1', [DEPOT])).rows[0]!.id,
      productIds: (await c.query<{ id: string }>('SELECT id FROM pro_product')).rows.map((r) => r.id),
    }))
    await stockDepot(a.baseUrl, depotId, productIds, 2_000, 'SOAK-1')
    const idle = instances.map((i) => memoryOf(i.pid).rssMb)
    const peak = [...idle]
    const sampler = setInterval(() => {
      for (const [i, inst] of instances.entries()) peak[i] = Math.max(peak[i]!, memoryOf(inst.pid).rssMb)
    }, 500)
    const deadlocksBefore = await deadlocks(database.url)
    const cpuBefore = {
      servers: instances.map((i) => cpuMsOf(i.pid)),
      db: await backendsCpu(database.url),
      me: process.cpuUsage(),
      machine: machineBusyMs(),
    }

    const stats = newStats()
    const world: World = {
      depotId,
      productIds,
      today: dayOf(new Date()),
      until: Date.now() + SECONDS * 1000,
      thinkMs: THINK_MS,
      stats,
    }
    log(`${people.length} people at work for ${SECONDS} s (A ${a.baseUrl}, B ${b.baseUrl})`)
    const started = performance.now()
    await Promise.all(
      people.map((p, i) => runUser(world, { ...p, baseUrl: (i % 2 === 0 ? a : b).baseUrl }, BEHAVIOUR[p.behaviour])),
    )
    const seconds = (performance.now() - started) / 1000
    clearInterval(sampler)
    const me = process.cpuUsage(cpuBefore.me)
    const cpu = {
      servers: instances.map((inst, i) => cpuMsOf(inst.pid) - cpuBefore.servers[i]!),
      db: cpuBetween(cpuBefore.db, await backendsCpu(database.url)),
      me: (me.user + me.system) / 1000,
    }
    const after = instances.map((i) => memoryOf(i.pid).rssMb)
    const loadAfter = os.loadavg()[0]!
    const ownCores = [...cpu.servers, cpu.db, cpu.me].reduce((sum, x) => sum + x, 0) / 1000 / seconds
    const othersCores = Math.max(0, (machineBusyMs() - cpuBefore.machine) / 1000 / seconds - ownCores)
    const quiet = validity(loadAtStart, othersCores)
    const newDeadlocks = (await deadlocks(database.url)) - deadlocksBefore

    log('checking the invariants')
    const checks = [...(await salesInvariants(database.url)), await dashboardByStatus(database.url, a.baseUrl)]

    // ---------------------------------------------------------------- report
    const byRole = new Map<string, number>()
    for (const p of people)
      byRole.set(`${p.behaviour} (${p.role})`, (byRole.get(`${p.behaviour} (${p.role})`) ?? 0) + 1)
    console.log(
      `\nSoak: ${people.length} people over two instances on one PostgreSQL, ${seconds.toFixed(0)} s, think ${THINK_MS} ms`,
    )
    console.log([...byRole].map(([k, v]) => `${v} ${k}`).join(', '))
    console.log('')
    const rows = [...stats.actions].sort(([x], [y]) => x.localeCompare(y))
    const all = rows.flatMap(([, s]) => s.times).sort((x, y) => x - y)
    const line = (name: string, times: number[], refused: number) => {
      const sorted = [...times].sort((x, y) => x - y)
      return [
        name,
        String(times.length),
        (times.length / seconds).toFixed(1),
        ms(percentile(sorted, 50)),
        ms(percentile(sorted, 95)),
        String(refused),
      ]
    }
    table(
      ['action (calls answered)', 'calls', 'per s', 'p50', 'p95', 'refused'],
      [
        ...rows.map(([name, s]) => line(name, s.times, s.refused)),
        line(
          'all calls',
          all,
          rows.reduce((s, [, x]) => s + x.refused, 0),
        ),
      ],
    )
    console.log('')
    const names = new Map(Object.entries(Errors).map(([name, e]) => [e.code, name]))
    table(
      ['business refusal', 'code', 'count'],
      [...stats.refusals]
        .sort((x, y) => y[1] - x[1])
        .map(([code, n]) => [names.get(code) ?? errorByCode(code)?.en ?? '?', String(code), String(n)]),
    )
    console.log('')
    const result: Row[] = [
      {
        metric: 'real errors (5xx, unexpected codes, network)',
        value: String(stats.errorCount),
        target: '0',
        ok: stats.errorCount === 0,
      },
      { metric: 'deadlocks PostgreSQL detected', value: String(newDeadlocks), target: '0', ok: newDeadlocks === 0 },
      ...checks.map((c) => ({ metric: c.name, value: String(c.count), target: '0', ok: c.count === 0 })),
      {
        metric: `CPU used: A / B / PostgreSQL / the simulated users (${os.cpus().length} cores)`,
        value: [...cpu.servers, cpu.db, cpu.me].map((x) => `${(x / 1000).toFixed(0)} s`).join(' / '),
      },
      {
        metric: "machine load (1-min average) at the start / at the end; cores used on average: the run's / others'",
        value: `${loadAtStart.toFixed(1)} / ${loadAfter.toFixed(1)}; ${ownCores.toFixed(2)} / ${othersCores.toFixed(2)}`,
      },
      ...instances.map((_, i) => ({
        metric: `instance ${'AB'[i]} memory (RSS) idle / peak / after`,
        value: `${mb(idle[i]!)} / ${mb(peak[i]!)} / ${mb(after[i]!)}`,
      })),
    ]
    table(
      ['check', 'value', 'target', 'met'],
      [...result, quiet].map((r) => [r.metric, r.value, r.target ?? '', r.ok === undefined ? '' : r.ok ? 'yes' : 'NO']),
    )
    for (const e of stats.errors) console.log(`error: ${e.action} ${e.status} ${e.code ?? ''} ${e.message}`)
    for (const c of checks.filter((x) => x.count > 0))
      for (const ex of c.examples) console.log(`broken: ${c.name}: ${ex}`)
    failed = result.some((r) => r.ok === false)
    valid = quiet.ok === true
    if (!valid) console.log(`\nNOT VALID: other work kept the machine busy (${quiet.value}); its figures do not count`)
  } finally {
    for (const i of instances) await i.stop()
    await database.dropUnless(KEEP, log)
  }
  if (failed) process.exitCode = 1
  else if (!valid) process.exitCode = 2
}

await main()
