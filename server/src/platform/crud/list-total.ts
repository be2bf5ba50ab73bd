import type { Query } from 'drizzle-orm'
import { BoundedMap } from '../memo.ts'

/**
 * The total of a list page (used by `reads.ts`): an exact count up to a cap, past it the planner's
 * estimate, kept a while.
 */

/**
 * A list counts its matching rows exactly up to COUNT_CAP; past that its total is PostgreSQL's
 * estimate for the same condition (the planner's row count, a plan and no scan) and the page says
 * `estimated`. At a million orders an exact count costs a scan of every matching row on every page
 * (60 ms and more here), while nobody pages through more than a few hundred rows to the end. A
 * count kept by triggers cannot follow: it would need a counter per data scope, condition and
 * search the users type. Capped, the count reads at most COUNT_CAP + 1 matching rows. The cap is
 * 1 000 (100 pages of 10): a search by a name's pinyin cannot be answered from an index alone
 * (each trigram match is rechecked on its row), and at 10 000 the count of a search matching 5 000
 * of 100 000 products read all 5 000 rows, 12 ms of the request's 13 (1 001 rows: 5 ms).
 */
export const COUNT_CAP = 1_000

/**
 * How long a list remembers the planner's estimate for one condition and its values, and for how
 * many of them per shape of query. Planning the condition again (EXPLAIN) cost a third of the
 * database's time of a region president's page of a million orders (1 of 3 ms), and the estimate
 * moves only when PostgreSQL analyses the table again: paging through one search, or opening
 * the list again, reads the same figure.
 */
const ESTIMATE_KEPT_MS = 60_000
const MAX_ESTIMATES = 100

/** The statement's plan instead of its rows: one row, the plan as JSON. */
export const planOf = (query: Query): Query => ({ ...query, sql: `EXPLAIN (FORMAT JSON) ${query.sql}` })

/** The row count the planner expects of a plan from `planOf` (JSON parsed by the driver or not). */
export const planRows = (plan: unknown): number => {
  const parsed = typeof plan === 'string' ? JSON.parse(plan) : plan
  const rows = (parsed as [{ Plan?: { 'Plan Rows'?: number } }] | undefined)?.[0]?.Plan?.['Plan Rows']
  return Math.round(Number(rows ?? 0))
}

/**
 * What a list statement knows of the totals of its condition, by the condition's values, each kept
 * ESTIMATE_KEPT_MS: the planner's estimate, and that a count went past COUNT_CAP. Values counted
 * past the cap are not counted again meanwhile: the count would read COUNT_CAP + 1 rows again to
 * say what it said (a pinyin search matching 5 000 of 100 000 products: 5 ms of the database's
 * 8 per page), and past the cap the total is the estimate whatever the count. Below the cap every
 * page counts, so a total a user can check is exact at once.
 */
export const keptTotals = () => {
  const estimates = new BoundedMap<string, { rows: number; until: number }>(MAX_ESTIMATES)
  const pastCap = new BoundedMap<string, number>(MAX_ESTIMATES)
  return {
    /** The count capped at COUNT_CAP + 1: `count`'s, or COUNT_CAP + 1 for values counted past the cap a moment ago. */
    async capped(key: string, count: () => Promise<number>): Promise<number> {
      const now = Date.now()
      if ((pastCap.get(key) ?? 0) > now) return COUNT_CAP + 1
      const n = await count()
      if (n > COUNT_CAP) pastCap.set(key, now + ESTIMATE_KEPT_MS)
      return n
    },
    /** The planner's estimate: the kept figure, or `ask`'s, kept. */
    async estimate(key: string, ask: () => Promise<number>): Promise<number> {
      const now = Date.now()
      const hit = estimates.get(key)
      if (hit && hit.until > now) return hit.rows
      const rows = await ask()
      estimates.set(key, { rows, until: now + ESTIMATE_KEPT_MS })
      return rows
    },
  }
}
