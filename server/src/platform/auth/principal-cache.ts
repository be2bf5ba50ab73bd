import type { Database } from '../../db/client.ts'
import { BoundedMap } from '../memo.ts'
import { type Principal, resolvePrincipal } from './principal.ts'
import { hashToken } from './tokens.ts'

/** The channel the database announces every change to sessions, users, roles and grants on (migration 0009). */
export const AUTH_CHANGED_CHANNEL = 'auth_changed'

/** A remembered principal is used at most this long, even if a notice were somehow missed. */
const MAX_AGE_MS = 60_000
const MAX_ENTRIES = 10_000

export type PrincipalCache = {
  /** The principal behind a token, as `resolvePrincipal` answers it, remembered until a change. */
  resolve(token: string): Promise<Principal | null>
  /** The remembered principal of a token, without asking the database: undefined when there is none. */
  remembered(token: string): Principal | undefined
  /** Forgets every remembered principal (this instance changed something they come from). */
  forget(): void
  /** How many times a principal was read from the database so far. */
  readonly lookups: number
  close(): Promise<void>
}

/**
 * Remembers who each token belongs to, so a request does not read the session, the user and the
 * roles again (one database round trip of every request). It forgets everything:
 * - when the database announces a change to any table a principal comes from (triggers of
 *   migration 0009 notify on `auth_changed`, for changes made by any instance and for changes
 *   made straight in the database; they arrive within milliseconds of the commit);
 * - when this instance answers a request that may have changed something (`forget`, called by the
 *   access plugin before any answer to a non-GET request goes out), so the caller's next request
 *   sees their own change, e.g. a logout or a disabled user, without waiting for the notice;
 * - when the listening connection breaks: until it listens again nothing is remembered.
 * A read that started before a change is not remembered after it (the generation check), a
 * principal is never used past its session's end, and never longer than MAX_AGE_MS.
 */
export const createPrincipalCache = async (database: Database): Promise<PrincipalCache> => {
  const entries = new BoundedMap<string, { principal: Principal; until: number }>(MAX_ENTRIES)
  let generation = 0
  let listening = false
  const forget = () => {
    generation++
    entries.clear()
  }
  const unlisten = await database.listen(AUTH_CHANGED_CHANNEL, forget, (now) => {
    forget()
    listening = now
  })
  listening = true

  // by the token itself: hashing it is only needed to look it up in the database
  const fresh = (token: string, now: number) => {
    const hit = entries.get(token)
    return hit && now < hit.until ? hit.principal : undefined
  }

  let lookups = 0
  return {
    remembered: (token) => fresh(token, Date.now()),
    async resolve(token) {
      const now = Date.now()
      const known = fresh(token, now)
      if (known) return known
      lookups++
      const seen = generation
      const principal = await resolvePrincipal(database.db, hashToken(token))
      if (principal && listening && seen === generation) {
        entries.set(token, { principal, until: Math.min(now + MAX_AGE_MS, principal.sessionExpiresAt.getTime()) })
      } else {
        entries.delete(token)
      }
      return principal
    },
    forget,
    get lookups() {
      return lookups
    },
    close: unlisten,
  }
}
