import { sql } from 'drizzle-orm'
import type { DbOrTx } from '../db/client.ts'
import { sequences } from '../db/schema/index.ts'
import { dayOf } from './days.ts'

export const PREFIX = /^[A-Z]{1,8}$/

/**
 * The next business number for a prefix on a day, e.g. SO20261122-0001. One atomic upsert per
 * number: concurrent callers never get the same one and, when the caller's transaction commits,
 * numbers have no gaps. Call it inside the transaction that uses the number.
 */
export const nextNumber = async (db: DbOrTx, prefix: string, now = new Date()): Promise<string> => {
  if (!PREFIX.test(prefix)) throw new Error(`invalid number prefix ${prefix}`)
  const day = dayOf(now).replaceAll('-', '')
  const [row] = await db
    .insert(sequences)
    .values({ prefix, day, value: 1 })
    .onConflictDoUpdate({ target: [sequences.prefix, sequences.day], set: { value: sql`${sequences.value} + 1` } })
    .returning({ value: sequences.value })
  return `${prefix}${day}-${String(row!.value).padStart(4, '0')}`
}
