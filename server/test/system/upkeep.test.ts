import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Database, rowsOf } from '../../src/db/client.ts'
import { startUpkeep, vacuumTables } from '../../src/db/upkeep.ts'
import { openTestDatabase, testDbKind } from '../helpers/database.ts'

/**
 * The database's upkeep: what autovacuum does on a PostgreSQL server, the server does itself on
 * the embedded database (PGlite has no autovacuum).
 */
let database: Database
beforeAll(async () => {
  database = await openTestDatabase()
})
afterAll(async () => database?.close())

const one = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await database.db.execute(query))[0]!
/** What the planner believes the numbers table holds, and the pages it takes on disk. */
const numbersTable = () =>
  one<{ believed: number; pages: number }>(sql`select c.reltuples::int as believed,
    (pg_relation_size('sys_sequence') / current_setting('block_size')::int)::int as pages
    from pg_class c where c.relname = 'sys_sequence'`)
const addNumbers = (prefix: string, days: number) =>
  database.db.execute(sql`insert into sys_sequence (prefix, day, value)
    select ${prefix}, to_char(date '2000-01-01' + i, 'YYYYMMDD'), 1 from generate_series(1, ${days}::int) as i`)

describe('database upkeep', () => {
  it('brings the planner statistics up to the rows added, and makes deleted rows room for new ones', async () => {
    await addNumbers('UPA', 5000)
    const { n } = await one<{ n: number }>(sql`select count(*)::int as n from sys_sequence`)
    expect((await numbersTable()).believed).toBeLessThan(n)
    await vacuumTables(database.db)
    const analyzed = await numbersTable()
    expect(analyzed.believed).toBe(n)

    // the same number of rows again in place of deleted ones: the table does not grow
    await database.db.execute(sql`delete from sys_sequence where prefix = 'UPA'`)
    await vacuumTables(database.db)
    await addNumbers('UPB', 5000)
    expect((await numbersTable()).pages).toBeLessThanOrEqual(analyzed.pages)
  })

  it.runIf(testDbKind() === 'pglite')('runs by itself on the embedded database while the server runs', async () => {
    await addNumbers('UPC', 3000)
    const { believed } = await numbersTable()
    const stop = startUpkeep(
      database,
      (err) => {
        throw err
      },
      50,
    )
    try {
      await expect
        .poll(async () => (await numbersTable()).believed, { timeout: 20_000 })
        .toBeGreaterThanOrEqual(believed + 3000)
    } finally {
      await stop()
    }
  })
})
