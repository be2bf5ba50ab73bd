import type { ListQuery } from '@app/contracts'
import autocannon from 'autocannon'
import { drizzle } from 'drizzle-orm/node-postgres'
import pg from 'pg'
import { type Db, SESSION_OPTIONS } from '../src/db/client.ts'
import * as schema from '../src/db/schema/index.ts'
import { MASTER_DATA } from '../src/modules/masterdata/resources.ts'
import { resolvePrincipal } from '../src/platform/auth/principal.ts'
import { hashToken } from '../src/platform/auth/tokens.ts'
import { COUNT_CAP } from '../src/platform/crud/list-total.ts'
import { createCrudReads } from '../src/platform/crud/reads.ts'
import { type CrudResource, compileResource } from '../src/platform/crud/resource.ts'

export type LoadResult = {
  requests: number
  seconds: number
  rps: number
  p50: number
  p95: number
  errors: number
  /** Every response time, in ms (to summarise several runs together). */
  times: number[]
}

/** The nearest-rank percentile of ascending values. */
export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN

export const summarise = (times: number[], seconds: number, errors: number): LoadResult => {
  const sorted = [...times].sort((a, b) => a - b)
  return {
    requests: times.length,
    seconds,
    rps: times.length / seconds,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    errors,
    times,
  }
}

/** Several runs of one load as one: requests over the time of them all, percentiles over every response. */
export const together = (runs: readonly LoadResult[]): LoadResult =>
  summarise(
    runs.flatMap((r) => r.times),
    runs.reduce((sum, r) => sum + r.seconds, 0),
    runs.reduce((sum, r) => sum + r.errors, 0),
  )

/** The list query the bench asks for: a super query with three rules and a sort. */
export const listQueryOf = (since: Date): ListQuery => ({
  pageNo: 1,
  pageSize: 10,
  column: 'name',
  order: 'asc',
  superQueryMatchType: 'and',
  superQueryParams: JSON.stringify([
    { field: 'supplierType', rule: 'in', val: ['raw', 'oem'] },
    { field: 'status', rule: 'eq', val: '1' },
    { field: 'createAt', rule: 'ge', val: since.toISOString() },
  ]),
})

/** The list URL of a resource (the suppliers unless another base is given) for a query. */
export const listUrl = (baseUrl: string, q: ListQuery, base = '/api/md/supplier') => {
  const params = new URLSearchParams(
    Object.entries(q).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])) as [string, string][],
  )
  return `${baseUrl}${base}/list?${params}`
}

/** GET list through the real app with autocannon: every response time kept, p50/p95 exact. */
export const loadList = (url: string, token: string, connections: number, seconds: number) =>
  new Promise<LoadResult>((resolve, reject) => {
    const times: number[] = []
    let errors = 0
    const instance = autocannon(
      { url, connections, duration: seconds, headers: { 'x-access-token': token } },
      (err, result) => {
        if (err) reject(err)
        else resolve(summarise(times, result.duration, errors + result.non2xx + result.errors))
      },
    )
    instance.on('response', (_client, status, _bytes, time) => {
      if (status === 200) times.push(time)
      else errors++
    })
  })

/**
 * The floor: the SQL the list runs for the same caller (page and count, exactly the statements
 * and parameters the app's `list` sends, from `listSql`) straight through a bare `pg` pool of the
 * app's size, with the same concurrency: what the database alone allows.
 */
export const loadFloor = async (
  databaseUrl: string,
  token: string,
  q: ListQuery,
  connections: number,
  seconds: number,
  /** Runs before the pool closes (its backends' CPU is measured while they live). */
  beforeEnd?: () => Promise<void>,
  /** The resource listed: the suppliers unless given. */
  resource: CrudResource = MASTER_DATA.find((d) => d.meta.name === 'supplier')!,
) => {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10, options: SESSION_OPTIONS })
  const db = drizzle({ client: pool, schema, casing: 'snake_case' }) as unknown as Db
  const principal = await resolvePrincipal(db, hashToken(token))
  if (!principal) throw new Error('the bench token is not signed in')
  // only for the statements: the floor runs them on its own pool below
  const statementsOnly = { db, arrays: () => Promise.reject(new Error('not run through the app')) }
  const { reads } = createCrudReads(statementsOnly, compileResource(resource))
  const { page, count: total, estimate } = reads.listSql(principal, q)
  const times: number[] = []
  let estimated = false
  const until = performance.now() + seconds * 1000
  const worker = async () => {
    while (performance.now() < until) {
      const started = performance.now()
      const [, counted] = await Promise.all([pool.query(page.sql, page.params), pool.query(total.sql, total.params)])
      // as the app: past the cap, the planner's estimate, asked once (the app keeps it a minute)
      if (Number(Object.values(counted.rows[0] ?? {})[0]) > COUNT_CAP && !estimated) {
        estimated = true
        await pool.query(estimate.sql, estimate.params)
      }
      times.push(performance.now() - started)
    }
  }
  const started = performance.now()
  await Promise.all(Array.from({ length: connections }, worker))
  const result = summarise(times, (performance.now() - started) / 1000, 0)
  await beforeEnd?.()
  await pool.end()
  return result
}

/** Thrown by a call that has no work left (a queue of orders used up): its worker stops. */
export class NothingLeft extends Error {}

/**
 * A load of any calls: `connections` workers each running `call` (its argument: the worker's
 * count so far) back to back for `seconds`; every duration kept. A call that throws counts as an
 * error; one that throws `NothingLeft` ends its worker instead (the work it was given is done).
 */
export const loadCalls = async (call: (i: number) => Promise<void>, connections: number, seconds: number) => {
  const times: number[] = []
  let errors = 0
  const until = performance.now() + seconds * 1000
  const worker = async (w: number) => {
    for (let i = w; performance.now() < until; i += connections) {
      const started = performance.now()
      try {
        await call(i)
        times.push(performance.now() - started)
      } catch (e) {
        if (!(e instanceof NothingLeft)) errors++
        else {
          console.error(`[bench] a worker stops: ${e.message}`)
          return
        }
      }
    }
  }
  const started = performance.now()
  await Promise.all(Array.from({ length: connections }, (_, w) => worker(w)))
  return summarise(times, (performance.now() - started) / 1000, errors)
}
