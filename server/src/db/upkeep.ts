import { sql } from 'drizzle-orm'
import { type Database, type Db, rowsOf } from './client.ts'

/** How often the embedded database is looked after. */
export const UPKEEP_EVERY_MS = 60 * 60 * 1000

/**
 * Vacuums and analyzes every table of the application, one statement per table: the dead rows
 * of updates and deletes become free space again, and the planner's statistics follow the data as
 * it grows. One table at a time, so that on PGlite (one statement at a time) the requests that
 * arrive meanwhile take their turns between tables instead of waiting for the whole database.
 * Answers the tables done.
 */
export const vacuumTables = async (db: Db): Promise<number> => {
  const tables = rowsOf<{ name: string }>(
    await db.execute(sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r' order by c.relname`),
  )
  for (const { name } of tables) await db.execute(sql`vacuum (analyze) ${sql.identifier(name)}`)
  return tables.length
}

/**
 * The upkeep a PostgreSQL server's autovacuum does by itself, for the embedded database: PGlite
 * runs PostgreSQL in single-user mode, where autovacuum never starts, so without it the planner
 * keeps the statistics of the day the database was seeded (db/seed) and no table is ever vacuumed.
 * Every UPKEEP_EVERY_MS while the server runs (`vacuumTables`); nothing on a PostgreSQL server.
 * Answers the stop.
 */
export const startUpkeep = (
  database: Database,
  onError: (err: unknown) => void,
  everyMs = UPKEEP_EVERY_MS,
): (() => Promise<void>) => {
  if (database.kind !== 'pglite') return async () => {}
  let running: Promise<unknown> | null = null
  const timer = setInterval(() => {
    // a round still going when the next is due: that one is left out
    running ??= vacuumTables(database.db)
      .catch(onError)
      .finally(() => {
        running = null
      })
  }, everyMs)
  timer.unref()
  return async () => {
    clearInterval(timer)
    await running
  }
}
