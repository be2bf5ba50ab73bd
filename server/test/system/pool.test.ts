import { sql } from 'drizzle-orm'
import type pg from 'pg'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Database } from '../../src/db/client.ts'
import { openTestDatabase, testDbKind } from '../helpers/database.ts'

/** The backends of this database, other than the asking one, by process id. */
const backends = async (database: Database) =>
  (
    (await database.db.execute(
      sql`select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
    )) as unknown as { rows: { pid: number }[] }
  ).rows.map((r) => r.pid)

/**
 * The app's PostgreSQL connections outlast a quiet moment: a connection closed when idle took with
 * it the statements PostgreSQL had prepared and planned for it, and the next page after a pause
 * was prepared and planned again. The pool's idle timer is pg's own; the clock is made to run on.
 */
describe.runIf(testDbKind() === 'pg')('the PostgreSQL pool after a quiet moment', () => {
  let database: Database

  beforeAll(async () => {
    database = await openTestDatabase()
  })
  afterAll(async () => {
    vi.useRealTimers()
    await database?.close()
  })

  it('keeps its connections, and what they prepared', async () => {
    const pool = (database.db as unknown as { $client: pg.Pool }).$client
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    // several requests at once: a connection each
    await Promise.all([1, 2, 3, 4].map(() => database.db.execute(sql`select pg_sleep(0.05)`)))
    const opened = pool.totalCount
    expect(opened).toBeGreaterThanOrEqual(4)
    const before = await backends(database)
    // an hour without a request
    vi.advanceTimersByTime(60 * 60 * 1000)
    vi.useRealTimers()
    expect(pool.totalCount).toBe(opened)
    expect(pool.idleCount).toBe(opened)
    // the same backends answer: nothing was closed and opened again
    const after = await backends(database)
    expect(after.sort()).toEqual(before.sort())
  })
})
