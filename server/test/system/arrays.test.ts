import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Database, rowsOf, textArray } from '../../src/db/client.ts'
import { openTestDatabase, testDbKind } from '../helpers/database.ts'

/**
 * `Database.arrays`, the driver call under list pages and counts: rows as arrays of the values
 * Drizzle's columns decode (dates and times as text), failures as the database's errors, and a
 * connection that stays usable after them.
 */
describe(`arrays (${testDbKind()})`, () => {
  let database: Database

  beforeAll(async () => {
    database = await openTestDatabase()
    await database.db.execute(sql`create table arrays_probe (a integer not null)`)
    await database.db.execute(sql`insert into arrays_probe values (7)`)
  })
  afterAll(() => database.close())

  it('answers each column parsed by its type, timestamps and dates kept as text', async () => {
    const rows = await database.arrays(
      `select $1::int4 as n, $2::text as t, $3::text as nothing, true as yes,
              '2026-11-23 08:09:10.5+00'::timestamptz as at, '2026-11-23'::date as day,
              '{"a":[1,"x"]}'::jsonb as doc, $4::text[] as list, 12345678901::int8 as big
         from generate_series(1, 2)`,
      [42, '健康食品', null, ['raw', 'oem']],
    )
    expect(rows).toHaveLength(2)
    const [n, t, nothing, yes, at, day, doc, list, big] = rows[0]!
    expect({ n, t, nothing, yes, day, doc, list }).toEqual({
      n: 42,
      t: '健康食品',
      nothing: null,
      yes: true,
      day: '2026-11-23',
      doc: { a: [1, 'x'] },
      list: ['raw', 'oem'],
    })
    // the session's time zone writes the offset; the instant is what counts
    expect(typeof at).toBe('string')
    expect(
      new Date(
        String(at)
          .replace(' ', 'T')
          .replace(/([+-]\d\d)$/, '$1:00'),
      ).toISOString(),
    ).toBe('2026-11-23T08:09:10.500Z')
    expect(String(big)).toBe('12345678901')
    expect(rows[1]).toEqual(rows[0])
  })

  it('a text array literal (textArray) keeps each text as written', async () => {
    const texts = ['region_president', 'A01A02', 'a,b', '{x}', 'say "hi"', 'back\\slash', '', 'NULL', '健康']
    const rows = rowsOf<{ texts: string[] }>(
      await database.db.execute(sql`select ${textArray(texts)}::text[] as texts`),
    )
    expect(rows[0]!.texts).toEqual(texts)
  })

  it('answers no rows as an empty list', async () => {
    expect(await database.arrays('select a from arrays_probe where a = $1', [8])).toEqual([])
  })

  it('rejects with the database error and goes on working', async () => {
    const failed = await database.arrays('select a from no_such_table where a = $1', [1]).catch((e: unknown) => e)
    expect(failed).toBeInstanceOf(Error)
    expect((failed as { code?: string }).code).toBe('42P01')
    const badValue = await database.arrays('select $1::int4', ['not a number']).catch((e: unknown) => e)
    expect((badValue as { code?: string }).code).toBe('22P02')
    // every connection of the pool still answers
    const again = await Promise.all(
      Array.from({ length: 24 }, (_, i) => database.arrays('select a + $1::int4 from arrays_probe', [i])),
    )
    expect(again.map((rows) => rows[0]![0])).toEqual(Array.from({ length: 24 }, (_, i) => 7 + i))
  })

  it('reads a column by its type of now when the same statement answers another type', async () => {
    const text = 'select a from arrays_probe'
    expect(await database.arrays(text, [])).toEqual([[7]])
    await database.db.execute(sql`alter table arrays_probe alter column a type text`)
    expect(await database.arrays(text, [])).toEqual([['7']])
    await database.db.execute(sql`alter table arrays_probe alter column a type integer using a::integer`)
    expect(await database.arrays(text, [])).toEqual([[7]])
  })
})
