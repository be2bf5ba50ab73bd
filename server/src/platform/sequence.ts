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
export const nextNumber = async (db: DbOrTx, prefix: string, now = new Date()): Promise<string> =>
  (await nextNumbers(db, [prefix], now))[0]

/**
 * The next numbers of several prefixes (one each, in the order asked) in one upsert: the day's
 * counters are shared by every writer of their documents and held until the commit, so a writer
 * that needs two numbers takes them together, at its end. The rows are taken in one order (by
 * prefix) whatever the order asked, so two such writers queue instead of deadlocking.
 */
export const nextNumbers = async <const P extends readonly string[]>(
  db: DbOrTx,
  prefixes: P,
  now = new Date(),
): Promise<{ [K in keyof P]: string }> => {
  for (const prefix of prefixes) if (!PREFIX.test(prefix)) throw new Error(`invalid number prefix ${prefix}`)
  if (new Set(prefixes).size !== prefixes.length) throw new Error(`number prefixes asked twice: ${prefixes}`)
  const day = dayOf(now).replaceAll('-', '')
  const rows = await db
    .insert(sequences)
    .values([...prefixes].sort().map((prefix) => ({ prefix, day, value: 1 })))
    .onConflictDoUpdate({ target: [sequences.prefix, sequences.day], set: { value: sql`${sequences.value} + 1` } })
    .returning({ prefix: sequences.prefix, value: sequences.value })
  const value = new Map(rows.map((r) => [r.prefix, r.value]))
  return prefixes.map((prefix) => `${prefix}${day}-${String(value.get(prefix)!).padStart(4, '0')}`) as {
    [K in keyof P]: string
  }
}
