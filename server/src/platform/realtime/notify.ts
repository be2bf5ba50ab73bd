import type { Placeholder, SQL } from 'drizzle-orm'
import { sql } from 'drizzle-orm'

const CHANNEL = /^[a-z_][a-z0-9_]{0,62}$/

/**
 * The `pg_notify(channel, payload)` call, for a statement of the caller's in its transaction (a
 * write announces itself in the same round trip: `with written as (insert ...) select
 * pg_notify(...)`). PostgreSQL delivers it to every listening connection (every server instance)
 * only when that transaction commits, and never if it rolls back. The payload must stay under
 * PostgreSQL's 8000-byte limit: send references, not documents.
 */
export const notifyCall = (channel: string, payload: string | Placeholder): SQL => {
  if (!CHANNEL.test(channel)) throw new Error(`invalid channel name ${channel}`)
  // a placeholder's payload (a statement built once) is checked by PostgreSQL when it runs
  if (typeof payload === 'string' && Buffer.byteLength(payload) >= 8000)
    throw new Error('NOTIFY payload too large: send a reference instead')
  return sql`pg_notify(${channel}, ${payload})`
}
