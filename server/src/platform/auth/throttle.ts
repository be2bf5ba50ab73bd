import { Errors } from '@app/contracts'
import { eq, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { loginFailures } from '../../db/schema/index.ts'
import { fail } from '../errors.ts'

/** Failures counted within this window... */
export const FAILURE_WINDOW_MS = 15 * 60_000
/** ...and this many of them pause the account's logins for LOCK_MS; the pause always ends. */
export const MAX_FAILURES = 5
export const LOCK_MS = 15 * 60_000

const key = (username: string) => username.trim().toLowerCase()

/** Refuses (429, 'too many accesses') while the account's pause lasts. */
export const assertNotThrottled = async (db: DbOrTx, username: string) => {
  const [row] = await db
    .select()
    .from(loginFailures)
    .where(eq(loginFailures.username, key(username)))
  if (row?.lockedUntil && row.lockedUntil.getTime() > Date.now()) fail(Errors.TooManyRequests)
}

/** Counts one failure, atomically; the window restarts when it has run out. */
export const recordFailure = async (db: DbOrTx, username: string) => {
  const now = new Date()
  // bound as ISO text with a cast: both drivers then agree on the parameter type
  const nowSql = sql`${now.toISOString()}::timestamptz`
  const windowFloor = sql`${new Date(now.getTime() - FAILURE_WINDOW_MS).toISOString()}::timestamptz`
  const lockUntil = sql`${new Date(now.getTime() + LOCK_MS).toISOString()}::timestamptz`
  await db
    .insert(loginFailures)
    .values({ username: key(username), failures: 1, windowStart: now })
    .onConflictDoUpdate({
      target: loginFailures.username,
      set: {
        failures: sql`case when ${loginFailures.windowStart} < ${windowFloor} then 1 else ${loginFailures.failures} + 1 end`,
        windowStart: sql`case when ${loginFailures.windowStart} < ${windowFloor} then ${nowSql} else ${loginFailures.windowStart} end`,
        lockedUntil: sql`case when ${loginFailures.windowStart} >= ${windowFloor} and ${loginFailures.failures} + 1 >= ${MAX_FAILURES} then ${lockUntil} else null end`,
      },
    })
}

export const clearFailures = (db: DbOrTx, username: string) =>
  db.delete(loginFailures).where(eq(loginFailures.username, key(username)))
