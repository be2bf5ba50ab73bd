import { eq, sql } from 'drizzle-orm'
import { date, jsonb, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../src/db/client.ts'
import { reusable, reusableEach } from '../../src/db/reusable.ts'
import { openTestDatabase, testDbKind } from '../helpers/database.ts'

const probes = pgTable('reusable_probe', {
  id: uuid().primaryKey(),
  at: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
  amount: numeric({ precision: 12, scale: 3, mode: 'number' }).notNull(),
  day: date({ mode: 'string' }).notNull(),
  note: text(),
  doc: jsonb(),
  seenAt: timestamp({ withTimezone: true, mode: 'date' }),
})
const ID = '8c0e6a0e-3d7e-4a55-9c1e-0d7f3f1c2a11'

const byId = reusable('reusable_probe_by_id', (db) =>
  db
    .select()
    .from(probes)
    .where(eq(probes.id, sql.placeholder('id'))),
)
const lockById = reusable('reusable_probe_lock', (db) =>
  db
    .select()
    .from(probes)
    .where(eq(probes.id, sql.placeholder('id')))
    .for('update'),
)

/**
 * `reusable`: a statement built once runs on the session it is given, the database or a
 * transaction, and answers what the same Drizzle query answers.
 */
describe(`reusable statements (${testDbKind()})`, () => {
  let database: Database

  beforeAll(async () => {
    database = await openTestDatabase()
    await database.db.execute(sql`create table reusable_probe (id uuid primary key, at timestamptz not null,
      amount numeric(12, 3) not null, day date not null, note text, doc jsonb, seen_at timestamptz)`)
    await database.db.insert(probes).values({
      id: ID,
      at: new Date('2026-11-27T08:09:10.500Z'),
      amount: 12.5,
      day: '2026-11-27',
      note: 'first',
    })
    // first run outside any transaction: a statement that ran where it was first built, not on
    // the session given, would miss the transactions below
    await byId(database.db, { id: ID })
    await lockById(database.db, { id: ID })
  })
  afterAll(() => database?.close())

  it('answers rows as the Drizzle query does: dates, numbers and text, and nothing for no row', async () => {
    const built = await database.db.select().from(probes).where(eq(probes.id, ID))
    for (let i = 0; i < 3; i++) expect(await byId(database.db, { id: ID })).toEqual(built)
    expect(built[0]).toEqual({
      id: ID,
      at: new Date('2026-11-27T08:09:10.500Z'),
      amount: 12.5,
      day: '2026-11-27',
      note: 'first',
      doc: null,
      seenAt: null,
    })
    expect(await byId(database.db, { id: '00000000-0000-0000-0000-000000000000' })).toEqual([])
  })

  it("runs in the transaction it is given: it sees the transaction's own writes, and they go with it", async () => {
    const undone = new Error('undo')
    await expect(
      database.db.transaction(async (tx) => {
        await tx.update(probes).set({ note: 'changed' }).where(eq(probes.id, ID))
        expect((await lockById(tx, { id: ID }))[0]?.note).toBe('changed')
        throw undone
      }),
    ).rejects.toBe(undone)
    expect((await byId(database.db, { id: ID }))[0]?.note).toBe('first')
  })

  it.runIf(testDbKind() === 'pg')(
    'locks on the connection of its transaction: another waits for its commit',
    async () => {
      let release!: () => void
      const held = new Promise<void>((r) => {
        release = r
      })
      let locked!: () => void
      const lockTaken = new Promise<void>((r) => {
        locked = r
      })
      const first = database.db.transaction(async (tx) => {
        await lockById(tx, { id: ID })
        locked()
        await held
        await tx.update(probes).set({ note: 'by the first' }).where(eq(probes.id, ID))
      })
      await lockTaken
      const refused = database.db.transaction(async (tx) => {
        await tx.execute(sql`select id from reusable_probe where id = ${ID} for update nowait`)
      })
      await expect(refused).rejects.toThrow()
      release()
      await first
      expect((await byId(database.db, { id: ID }))[0]?.note).toBe('by the first')
    },
  )

  it('writes null as null into a JSON and a timestamp column, as Drizzle does, and values as values', async () => {
    const insert = reusable('reusable_probe_insert', (db) =>
      db.insert(probes).values({
        id: sql.placeholder('id'),
        at: sql.placeholder('at'),
        amount: sql.placeholder('amount'),
        day: sql.placeholder('day'),
        note: sql.placeholder('note'),
        doc: sql.placeholder('doc'),
        seenAt: sql.placeholder('seenAt'),
      } as never),
    )
    const at = new Date('2026-11-27T10:00:00.000Z')
    const empty = {
      id: '8c0e6a0e-3d7e-4a55-9c1e-0d7f3f1c2a12',
      at,
      amount: 1,
      day: '2026-11-27',
      note: null,
      doc: null,
      seenAt: null,
    }
    const full = { ...empty, id: '8c0e6a0e-3d7e-4a55-9c1e-0d7f3f1c2a13', note: 'x', doc: { a: [1, 'b'] }, seenAt: at }
    await insert(database.db, empty)
    await insert(database.db, full)
    const nulls = await database.db.execute(
      sql`select id, doc is null as "docNull", seen_at is null as "seenNull" from reusable_probe where id in (${empty.id}, ${full.id}) order by id`,
    )
    expect((nulls as unknown as { rows: unknown[] }).rows).toEqual([
      { id: empty.id, docNull: true, seenNull: true },
      { id: full.id, docNull: false, seenNull: false },
    ])
    expect(await byId(database.db, { id: full.id })).toEqual([full])
  })

  it('refuses a second statement of the same name', () => {
    expect(() => reusable('reusable_probe_by_id', (db) => db.select().from(probes))).toThrow(/exists already/)
  })

  it('a family builds one statement per key, when first asked for, and each answers for its own key', async () => {
    const built: string[] = []
    const columnOf = reusableEach('reusable_probe_column', (db, column: 'id' | 'day') => {
      built.push(column)
      return db
        .select({ value: probes[column] })
        .from(probes)
        .where(eq(probes.id, sql.placeholder('id')))
    })
    expect(built).toEqual([])
    expect(await columnOf('id')(database.db, { id: ID })).toEqual([{ value: ID }])
    expect(await columnOf('day')(database.db, { id: ID })).toEqual([{ value: '2026-11-27' }])
    expect(await columnOf('id')(database.db, { id: ID })).toEqual([{ value: ID }])
    expect(columnOf('id')).toBe(columnOf('id'))
    expect(built).toEqual(['id', 'day'])
  })
})
