import { and, eq, gt, isNull, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { sessions, users } from '../../db/schema/index.ts'
import type { ConnectionRegistry } from './connections.ts'

/**
 * Which of these token hashes are still live sessions of enabled users. One statement, the
 * hashes (sha256 hex, nothing to quote) as one array parameter: for 5 000 sockets, five queries
 * of 1 000 bound parameters each cost an instance about 0.4 s every period.
 */
export const liveSessions = async (db: DbOrTx, tokenHashes: readonly string[]): Promise<Set<string>> => {
  const hashes = tokenHashes.filter((h) => /^[0-9a-f]{64}$/.test(h))
  if (hashes.length === 0) return new Set()
  const rows = await db
    .select({ tokenHash: sessions.tokenHash })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        sql`${sessions.tokenHash} = any(${`{${hashes.join(',')}}`}::varchar[])`,
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, new Date()),
        eq(users.delFlag, false),
        eq(users.status, '1'),
      ),
    )
  return new Set(rows.map((r) => r.tokenHash))
}

/**
 * A socket lives no longer than its session: signed out, expired or disabled users lose their
 * connections at the next check (one query for all sockets). Answers how many were closed.
 */
export const closeEndedSessions = async (db: DbOrTx, registry: ConnectionRegistry): Promise<number> => {
  const hashes = registry.tokenHashes()
  if (hashes.length === 0) return 0
  return registry.closeEnded(new Set(hashes), await liveSessions(db, hashes))
}
