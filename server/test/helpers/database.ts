import { randomBytes } from 'node:crypto'
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { inject } from 'vitest'
import { type Database, openPglite, openPostgres } from '../../src/db/client.ts'
import { MIGRATIONS_DIR, runMigrations } from '../../src/db/migrate.ts'

export type TestDbKind = 'pglite' | 'pg'

export const testDbKind = (): TestDbKind => (process.env.TEST_DB_KIND === 'pg' ? 'pg' : 'pglite')

/** A database URL with another database name. */
export const withDatabase = (url: string, name: string) => {
  const u = new URL(url)
  u.pathname = `/${name}`
  return u.toString()
}

export const uniqueName = (prefix: string) => `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`

/**
 * The PGlite template's tarball, read once per worker: PGlite only reads it (`arrayBuffer()`,
 * then copies each file out), so every copy can be made from the same bytes. A Blob of them would
 * copy the 50 MB in and stream them out again on every copy, a fifth of its start.
 */
class HeldBytes extends Blob {
  readonly #bytes: ArrayBuffer
  constructor(bytes: ArrayBuffer) {
    super([])
    this.#bytes = bytes
  }
  override arrayBuffer() {
    return Promise.resolve(this.#bytes)
  }
}
let template: { file: string; bytes: Promise<HeldBytes> } | undefined
const templateBytes = () => {
  const file = inject('pgliteTemplate')
  if (template?.file !== file) {
    const bytes = readFile(file).then((b) => new HeldBytes(b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength)))
    template = { file, bytes }
  }
  return template.bytes
}

/** Enough page buffers for a test's database: PGlite clears its default 128MB at every start. */
export const TEST_SHARED_BUFFERS = '16MB'

/**
 * A new PGlite holding the seeded template (the global setup's): in memory, or in `dataDir` on
 * disk for a server process to start on (a fresh PGlite takes seconds more to create).
 */
export const openPgliteTemplate = async (dataDir?: string) =>
  openPglite({ dataDir, loadDataDir: await templateBytes(), sharedBuffers: TEST_SHARED_BUFFERS })

/** The seeded template written into a PGlite data directory on disk. */
export const writePgliteTemplate = async (dataDir: string) => (await openPgliteTemplate(dataDir)).close()

/**
 * A fresh database for one test file, copied from the migrated and seeded template that the
 * global setup made: a PGlite data-dir dump, or a PostgreSQL `CREATE DATABASE ... TEMPLATE`.
 */
export const openTestDatabase = async (): Promise<Database> => {
  if (testDbKind() === 'pglite') {
    return openPgliteTemplate()
  }
  const adminUrl = inject('pgAdminUrl')
  const template = inject('pgTemplate')
  const name = uniqueName('t')
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  try {
    await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`)
  } finally {
    await admin.end()
  }
  const database = await openPostgres(withDatabase(adminUrl, name), 12)
  return {
    ...database,
    async close() {
      await database.close()
      const c = new pg.Client({ connectionString: adminUrl })
      await c.connect()
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
      await c.end()
    },
  }
}

/** An empty database (no migrations, no seed), for tests of the start-up itself. */
export const openEmptyDatabase = async (): Promise<Database> => {
  if (testDbKind() === 'pglite') return openPglite({})
  const adminUrl = inject('pgAdminUrl')
  const name = uniqueName('e')
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE "${name}"`)
  await admin.end()
  const database = await openPostgres(withDatabase(adminUrl, name), 4)
  return {
    ...database,
    async close() {
      await database.close()
      const c = new pg.Client({ connectionString: adminUrl })
      await c.connect()
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
      await c.end()
    },
  }
}

/** A copy of the migrations folder whose journal ends just before the migration `tag`. */
const migrationsBefore = async (tag: string) => {
  const dir = await mkdtemp(path.join(tmpdir(), 'migrations-'))
  await cp(MIGRATIONS_DIR, dir, { recursive: true })
  const file = path.join(dir, 'meta', '_journal.json')
  const journal = JSON.parse(await readFile(file, 'utf8')) as { entries: { tag: string }[] }
  const at = journal.entries.findIndex((e) => e.tag === tag)
  if (at <= 0) throw new Error(`no migration ${tag} after the first`)
  journal.entries = journal.entries.slice(0, at)
  await writeFile(file, JSON.stringify(journal))
  return dir
}

/**
 * An installation upgraded by the migration `tag`: a database at the version before it, holding
 * the rows `statements` write there, then migrated to the latest.
 */
export const openUpgradedDatabase = async (tag: string, statements: readonly string[]): Promise<Database> => {
  const database = await openEmptyDatabase()
  const folder = await migrationsBefore(tag)
  try {
    await runMigrations(database, folder)
    for (const statement of statements) await database.db.execute(sql.raw(statement))
    await runMigrations(database)
    return database
  } catch (e) {
    await database.close()
    throw e
  } finally {
    await rm(folder, { recursive: true, force: true })
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string
    pgAdminUrl: string
    pgTemplate: string
    /** Where the seeded files are, for the test apps' FILES_DIR. */
    filesDir: string
    /** The day the demo data was seeded (YYYY-MM-DD): its orders and dates are reckoned from it. */
    demoDay: string
    /** The built server (`dist/main.js` as `npm start` runs it) the tests start as processes. */
    serverMain: string
  }
}

/** Backends of this database waiting for a lock now (PostgreSQL only). */
export const lockWaiters = async (database: Database): Promise<number> => {
  const rows = (await database.db.execute(
    sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
  )) as unknown as { rows: { n: number }[] }
  return rows.rows[0]!.n
}

/** Waits (up to 5 s) until `n` backends wait for a lock, and answers how many do. */
export const lockWaitersReach = async (database: Database, n: number): Promise<number> => {
  for (let i = 0; i < 200 && (await lockWaiters(database)) < n; i++) await new Promise((r) => setTimeout(r, 25))
  return lockWaiters(database)
}
