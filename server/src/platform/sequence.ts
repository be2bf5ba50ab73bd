import { randomBytes } from 'node:crypto'
import { or, type SQL, sql } from 'drizzle-orm'
import { type PgTable, PgTransaction } from 'drizzle-orm/pg-core'
import { type DbOrTx, rowsOf, writesAsCtes } from '../db/client.ts'
import { sequences } from '../db/schema/index.ts'
import { dayOf } from './days.ts'

export const PREFIX = /^[A-Z]{1,8}$/

/**
 * The next business number for a prefix on a day, e.g. SO20261122-0001. One atomic upsert per
 * number: concurrent callers never get the same one and, when the caller's transaction commits,
 * numbers have no gaps. The day's row stays locked until the caller's transaction ends: a writer
 * that numbers what it writes takes its number last (`pendingNumber`, `takePendingNumbers`).
 */
export const nextNumber = async (db: DbOrTx, prefix: string, now = new Date()): Promise<string> =>
  (await nextNumbers(db, [prefix], now))[0]

/**
 * The next numbers of several prefixes (one each, in the order asked) in one upsert. The rows are
 * taken in one order (by prefix) whatever the order asked, so two such writers queue instead of
 * deadlocking.
 */
export const nextNumbers = async <const P extends readonly string[]>(
  db: DbOrTx,
  prefixes: P,
  now = new Date(),
): Promise<{ [K in keyof P]: string }> => {
  if (new Set(prefixes).size !== prefixes.length) throw new Error(`number prefixes asked twice: ${prefixes}`)
  const taken = await take(
    db,
    prefixes.map((prefix, i) => ({ standIn: String(i), prefix })),
    [],
    now,
  )
  return prefixes.map((_, i) => taken.get(String(i))!) as { [K in keyof P]: string }
}

/**
 * Rows written with a stand-in (`pendingNumber`): the table, which of its rows, and the columns
 * that may hold one (text, or JSON searched and replaced as its text).
 */
export type PendingFix<T extends PgTable = PgTable> = {
  table: T
  where: SQL
  text?: (keyof T['$inferSelect'] & string)[]
  json?: (keyof T['$inferSelect'] & string)[]
}

type Pending = { numbers: { standIn: string; prefix: string }[]; fixes: PendingFix[] }

/** The numbers each open transaction takes at its end, with the rows that carry their stand-ins. */
const pending = new WeakMap<DbOrTx, Pending>()

/**
 * A stand-in for the number of `prefix` this transaction takes at its end (`takePendingNumbers`):
 * the day's counter row is locked only from that last statement to the commit, so writers of one
 * day's documents do not queue on it for their whole transaction, and a transaction that does not
 * commit takes no number (no gap). Whatever is written before carries the stand-in (as long as a
 * number: a prefix, `~` and 12 hex digits), and the last statement writes the number in its place
 * wherever a writer said it wrote one (`carriesPending`).
 */
export const pendingNumber = (tx: DbOrTx, prefix: string): string => {
  if (!(tx instanceof PgTransaction)) throw new Error('a pending number needs a transaction')
  if (!PREFIX.test(prefix)) throw new Error(`invalid number prefix ${prefix}`)
  const standIn = `${prefix}~${randomBytes(6).toString('hex')}`
  const open = pending.get(tx) ?? { numbers: [], fixes: [] }
  open.numbers.push({ standIn, prefix })
  pending.set(tx, open)
  return standIn
}

/**
 * A writer says where it wrote text that may carry a pending number's stand-in: when this
 * transaction has pending numbers and `content` (what was written, asked only then) holds one of
 * them, the last statement replaces it in those rows. Every writer of text that a number can reach
 * (messages, mails, the operation log, a review's object number, documents) calls it.
 */
export const carriesPending = <T extends PgTable>(tx: DbOrTx, content: () => string, fix: PendingFix<T>) => {
  const open = pending.get(tx)
  if (!open) return
  const text = content()
  if (open.numbers.some((n) => text.includes(n.standIn))) open.fixes.push(fix as unknown as PendingFix)
}

/**
 * Takes this transaction's pending numbers and writes them in place of their stand-ins, in one
 * statement, which must be the transaction's last: its counter rows stay locked until the commit.
 * Answers each stand-in's number (a stand-in not asked for answers itself).
 */
export const takePendingNumbers = async (tx: DbOrTx): Promise<(standIn: string) => string> => {
  const open = pending.get(tx)
  pending.delete(tx)
  if (!open) return (s) => s
  const taken = await take(tx, open.numbers, open.fixes)
  return (s) => taken.get(s) ?? s
}

/** `value` with every stand-in of `numbers` replaced by its number (`numbers` a CTE of stand-in, no). */
const replaced = (value: SQL, standIns: readonly string[]) =>
  standIns.reduce<SQL>((text, s) => sql`replace(${text}, ${s}, (select no from numbers where stand_in = ${s}))`, value)

/** A fix as an update of its rows that hold a stand-in. */
const fixUpdate = (db: DbOrTx, fix: PendingFix, standIns: readonly string[]) => {
  const columns = fix.table as unknown as Record<string, SQL>
  const set: Record<string, SQL> = {}
  for (const key of fix.text ?? []) set[key] = replaced(sql`${columns[key]}`, standIns)
  for (const key of fix.json ?? []) set[key] = sql`${replaced(sql`${columns[key]}::text`, standIns)}::jsonb`
  const holds = or(
    ...[...(fix.text ?? []), ...(fix.json ?? [])].flatMap((key) =>
      standIns.map((s) => sql`strpos(${columns[key]}::text, ${s}) > 0`),
    ),
  )
  return db
    .update(fix.table)
    .set(set as never)
    .where(sql`${fix.where} and ${holds}`)
}

/**
 * The statement that takes numbers: each prefix's counter row of the day moved on by as many
 * numbers as are asked of it (rows taken in prefix order), every stand-in given its number
 * (`<prefix><yyyymmdd>-<at least 4 digits>`), and the fixes written. Answers stand-in -> number.
 */
const take = async (
  db: DbOrTx,
  wanted: readonly { standIn: string; prefix: string }[],
  fixes: readonly PendingFix[],
  now = new Date(),
): Promise<Map<string, string>> => {
  for (const { prefix } of wanted) if (!PREFIX.test(prefix)) throw new Error(`invalid number prefix ${prefix}`)
  const day = dayOf(now).replaceAll('-', '')
  const counts = new Map<string, number>()
  for (const { prefix } of wanted) counts.set(prefix, (counts.get(prefix) ?? 0) + 1)
  // the k-th of m numbers of a prefix is the counter's new value less m - k
  const seen = new Map<string, number>()
  const asked = wanted.map(({ standIn, prefix }) => {
    seen.set(prefix, (seen.get(prefix) ?? 0) + 1)
    return sql`(${standIn}, ${prefix}, ${counts.get(prefix)! - seen.get(prefix)!}::int)`
  })
  const standIns = wanted.map((w) => w.standIn)
  const rows = rowsOf<{ stand_in: string; no: string }>(
    await db.execute(sql`with taken as (
        insert into ${sequences} (prefix, day, value)
        values ${sql.join(
          [...counts].sort(([a], [b]) => (a < b ? -1 : 1)).map(([prefix, n]) => sql`(${prefix}, ${day}, ${n}::int)`),
          sql`, `,
        )}
        on conflict (prefix, day) do update set value = ${sequences.value} + excluded.value
        returning prefix, value),
      numbers as (
        select a.stand_in, a.prefix || ${day} || '-' || lpad(v::text, greatest(4, length(v::text)), '0') as no
        from (values ${sql.join(asked, sql`, `)}) as a (stand_in, prefix, back)
        join taken t on t.prefix = a.prefix, lateral (select t.value - a.back as v) n
      )${fixes.length > 0 ? sql`, ${writesAsCtes(fixes.map((f) => fixUpdate(db, f, standIns)))}` : sql``}
      select stand_in, no from numbers`),
  )
  return new Map(rows.map((r) => [r.stand_in, r.no]))
}
