import { and, eq, isNull, lt, ne, or } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { sessions } from '../../db/schema/index.ts'
import { newToken } from './tokens.ts'

export type SessionMeta = { ip?: string; userAgent?: string }

export const createSession = async (db: DbOrTx, userId: string, ttlMs: number, meta: SessionMeta = {}) => {
  const { token, tokenHash } = newToken()
  await db.insert(sessions).values({
    tokenHash,
    userId,
    expiresAt: new Date(Date.now() + ttlMs),
    ip: meta.ip?.slice(0, 64),
    userAgent: meta.userAgent?.slice(0, 255),
  })
  // sessions that ended more than a week ago are of no further use
  await db
    .delete(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        or(
          lt(sessions.expiresAt, new Date(Date.now() - 7 * 86400_000)),
          lt(sessions.revokedAt, new Date(Date.now() - 7 * 86400_000)),
        ),
      ),
    )
  return token
}

export const revokeSession = (db: DbOrTx, tokenHash: string) =>
  db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)))

/** Ends every session of a user, optionally keeping one (e.g. the one that changed the password). */
export const revokeUserSessions = (db: DbOrTx, userId: string, keepTokenHash?: string) =>
  db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        keepTokenHash ? ne(sessions.tokenHash, keepTokenHash) : undefined,
      ),
    )
