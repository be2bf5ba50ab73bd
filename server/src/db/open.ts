import path from 'node:path'
import pg from 'pg'
import { type Config, StartupError } from '../config.ts'
import { type Database, openPglite, openPostgres } from './client.ts'
import { lockDataDir } from './data-dir-lock.ts'
import { runMigrations } from './migrate.ts'
import { copyDemoData } from './seed/demo-data.ts'
import { seedDatabase } from './seed/index.ts'

type Log = (msg: string) => void

/**
 * Opens the configured database, applies the migrations and seeds it: ready to serve.
 *
 * - PGlite: the data directory is locked first (`data-dir-lock.ts`): one server per DATA_DIR. A
 *   first start of the demo copies in the demo database made at build time (`seed/demo-data.ts`).
 * - PostgreSQL: the server is waited for (DATABASE_WAIT_SECONDS), and the migrations and the seed
 *   run under a session advisory lock, so that of several instances starting together one does
 *   the work and the others wait, then find it done.
 */
export const openDatabase = async (config: Config, log: Log): Promise<Database> => {
  if (!config.databaseUrl) {
    const release = await lockDataDir(config.dataDir)
    try {
      const dataDir = path.join(config.dataDir, 'pglite')
      // a first start of the demo takes the database the build made (seed/demo-data.ts)
      if (config.seed === 'demo') await copyDemoData(dataDir, config.filesDir, log)
      const database = await openPglite({ dataDir })
      log(`database: embedded PGlite in ${config.dataDir}`)
      await prepare(database, config, log)
      return database
    } catch (error) {
      release()
      throw error
    }
  }

  const session = await reachPostgres(config.databaseUrl, config.databaseWaitMs, log)
  session.on('error', () => {
    // the session ended under us: its advisory lock went with it, and the next query says why
  })
  const database = await openPostgres(config.databaseUrl)
  log(`database: PostgreSQL server at ${whereIs(config.databaseUrl)}`)
  try {
    const { rows } = await session.query<{ got: boolean }>('select pg_try_advisory_lock(hashtext($1)) as got', [
      STARTUP_LOCK,
    ])
    if (!rows[0]?.got) {
      log('database: another instance is migrating or seeding; waiting for it')
      await session.query('select pg_advisory_lock(hashtext($1))', [STARTUP_LOCK])
    }
    await prepare(database, config, log)
    await session.query('select pg_advisory_unlock(hashtext($1))', [STARTUP_LOCK])
    return database
  } catch (error) {
    await database.close().catch(() => {})
    throw error
  } finally {
    // ending the session releases the lock in any case
    await session.end().catch(() => {})
  }
}

/** The advisory lock of start-up's migrations and seed, by name like the others (`hashtext`). */
const STARTUP_LOCK = 'backoffice.startup'

const prepare = async (database: Database, config: Config, log: Log) => {
  await runMigrations(database)
  await seedDatabase(database.db, config, log)
}

/** Host, port and database of a connection string; never the password. */
const whereIs = (url: string) => {
  const u = new URL(url)
  const host = u.searchParams.get('host') ?? (decodeURIComponent(u.hostname) || 'localhost')
  return `${host}:${u.port || '5432'}${u.pathname.length > 1 ? u.pathname : ''}`
}

/** Why a connection failed, in one line: the error code and the driver's words. */
const reasonOf = (error: unknown) => {
  const e = error as { code?: string; message?: string; errors?: { message?: string }[] }
  // a name with several addresses (localhost: ::1 and 127.0.0.1) fails with an AggregateError
  const message = (e.message || e.errors?.map((x) => x.message).join('; ') || String(error)).replace(/\s+/g, ' ')
  return e.code && !message.includes(e.code) ? `${e.code} ${message}` : message
}

/**
 * Wrong user or password (SQLSTATE class 28) or no such database (3D000): the server answered,
 * and waiting does not change its answer.
 */
const isFinal = (error: unknown) => {
  const code = String((error as { code?: string }).code ?? '')
  return code.startsWith('28') || code === '3D000'
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Connects one session to the PostgreSQL server, trying again with a growing pause (0.25 s up to
 * 5 s) for up to `waitMs`: a server starting next to this one (compose, a restarting host) is
 * waited for. Says once what it cannot reach and why; gives up with that line.
 */
const reachPostgres = async (url: string, waitMs: number, log: Log): Promise<pg.Client> => {
  const startedAt = Date.now()
  const deadline = startedAt + waitMs
  let pause = 250
  let lastReason: string | null = null
  for (;;) {
    const left = deadline - Date.now()
    const client = new pg.Client({
      connectionString: url,
      connectionTimeoutMillis: Math.max(1000, Math.min(left, 5000)),
    })
    try {
      await client.connect()
      if (lastReason) log(`database: reached ${whereIs(url)} after ${Math.round((Date.now() - startedAt) / 1000)} s`)
      return client
    } catch (error) {
      await client.end().catch(() => {})
      const reason = reasonOf(error)
      const line = `database: cannot connect to PostgreSQL at ${whereIs(url)}: ${reason}`
      if (isFinal(error)) throw new StartupError(line)
      if (Date.now() >= deadline) {
        const waited = Math.round((Date.now() - startedAt) / 1000)
        throw new StartupError(waitMs > 0 ? `${line} (gave up after ${waited} s, DATABASE_WAIT_SECONDS)` : line)
      }
      if (reason !== lastReason) log(`${line}; trying again for up to ${Math.round(waitMs / 1000)} s`)
      lastReason = reason
      await sleep(Math.min(pause, deadline - Date.now()))
      pause = Math.min(pause * 2, 5000)
    }
  }
}
