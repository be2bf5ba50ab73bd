import { and, eq, gt, inArray, isNull } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { sessions, users } from '../../db/schema/index.ts'
import type { ConnectionRegistry } from './connections.ts'

const CHUNK = 1000

/** Which of these token hashes are still live sessions of enabled users. */
export const liveSessions = async (db: DbOrTx, tokenHashes: readonly string[]): Promise<Set<string>> => {
  const live = new Set<string>()
  for (let i = 0; i < tokenHashes.length; i += CHUNK) {
    const rows = await db
      .select({ tokenHash: sessions.tokenHash })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          inArray(sessions.tokenHash, tokenHashes.slice(i, i + CHUNK)),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, new Date()),
          eq(users.delFlag, false),
          eq(users.status, '1'),
        ),
      )
    for (const r of rows) live.add(r.tokenHash)
  }
  return live
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
