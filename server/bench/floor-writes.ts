import { mkdtemp } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { buildApp } from '../src/app.ts'
import { loadConfig } from '../src/config.ts'
import { openPostgres, SESSION_OPTIONS } from '../src/db/client.ts'
import { notifyOf } from '../src/modules/notify/index.ts'
import { type LoadResult, summarise } from './list.ts'

/**
 * The floor of a write (approvals, deliveries): exactly the statements the app's write sends for
 * one call, with their parameters, run through a bare `pg` pool. Each call is first made through
 * the app's own code in this process (`createRecorder`: the app built on the bench database, the
 * call through `inject`), recording every statement of its transaction and rolling the transaction
 * back instead of committing it; the floor then sends those statements again, in their
 * transaction, and commits (`replayWrites`). Nothing is left of the recording but the statements:
 * ids made in JS are unused, and a number is a stand-in until the transaction's last statement
 * takes it (`takePendingNumbers`). A recording sees the data as the writes recorded before it left
 * it (they were rolled back): what they share must not run short (the deliveries' batch is
 * stocked far beyond them). Named statements keep their names, so each connection of the floor
 * parses and plans them once, as the app's do.
 */

type Statement = { config: pg.QueryConfig; values: unknown[] | undefined }
/** The statements of one call's transaction, `begin` to `commit`. */
export type RecordedWrite = { statements: Statement[] }

/**
 * While a call is recorded: the first transaction begun meanwhile, on its connection, and whether it
 * reached its commit. One call is recorded at a time and the recorder's workers are stopped, so the
 * first transaction is the call's. (An async context would be lost on the way: Fastify's inject
 * reads the body from stream events.)
 */
let recording: { client: pg.Client | null; statements: Statement[]; committed: boolean } | null = null
let patched = false

/** pg's Client.query sees every statement: while recording, the call's transaction is kept, its commit made a rollback. */
const patchPg = () => {
  if (patched) return
  patched = true
  const query = pg.Client.prototype.query as (...args: unknown[]) => unknown
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const [config, values] = args as [pg.QueryConfig | string, unknown[] | undefined]
    if (!recording || typeof config !== 'object' || !config.text) return query.apply(this, args)
    const verb = config.text.trim().toLowerCase()
    if (verb === 'begin' && !recording.client) recording.client = this
    if (recording.client !== this || recording.committed) return query.apply(this, args)
    recording.statements.push({ config: { ...config }, values: values ?? config.values })
    if (verb !== 'commit') return query.apply(this, args)
    recording.committed = true
    return query.apply(this, [{ ...config, text: 'rollback' }, ...args.slice(1)])
  } as typeof pg.Client.prototype.query
}

/**
 * The app built in this process on the bench database (its workers idle), to record calls with.
 * `record` makes a call as the web would (a signed-in user's token) and answers its transaction's
 * statements, or null when the call was refused or wrote nothing (nothing to replay).
 */
export const createRecorder = async (databaseUrl: string) => {
  patchPg()
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-recorder-'))
  const idle = String(24 * 3600_000)
  const config = loadConfig({
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent',
    DATA_DIR: dir,
    FILES_DIR: dir,
    NOTIFY_POLL_MS: idle,
    ERP_POLL_MS: idle,
    NOTIFY_DEADLINE_CHECK_MS: idle,
  })
  const database = await openPostgres(databaseUrl)
  const app = await buildApp({ config, database })
  await app.ready()
  // its workers stopped (the ERP's runs only with ERP_URL): what its connections send during a call is the call's
  const notify = notifyOf(database.db)
  await notify?.worker.stop()
  notify?.deadlines.stop()
  let queue = Promise.resolve()
  const recordOne = async (url: string, token: string, body: unknown): Promise<RecordedWrite | null> => {
    recording = { client: null, statements: [], committed: false }
    try {
      const res = await app.inject({
        method: 'POST',
        url,
        headers: { 'x-access-token': token },
        payload: body as object,
      })
      return res.statusCode === 200 && recording.committed ? { statements: recording.statements } : null
    } finally {
      recording = null
    }
  }
  return {
    /** One call at a time, whoever asks. */
    record(url: string, token: string, body: unknown) {
      const done = queue.then(() => recordOne(url, token, body))
      queue = done.then(
        () => undefined,
        () => undefined,
      )
      return done
    },
    async close() {
      await app.close()
      await database.close()
    },
  }
}

export type ReplayMeasure = { start: () => Promise<void>; end: () => Promise<void> }

/**
 * Sends recorded writes again through a bare `pg` pool of the app's size, `connections` at once,
 * each in its transaction, one after another: what the database and the driver allow without the
 * app. A write whose statement fails is rolled back and counted as an error.
 */
export const replayWrites = async (
  databaseUrl: string,
  writes: readonly RecordedWrite[],
  connections: number,
  /** Run before the first write is sent, and after the last while the pool lives (its backends' CPU). */
  measure?: ReplayMeasure,
) => {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10, options: SESSION_OPTIONS })
  const times: number[] = []
  let errors = 0
  let next = 0
  const worker = async () => {
    const client = await pool.connect()
    try {
      for (let write = writes[next++]; write; write = writes[next++]) {
        const started = performance.now()
        try {
          for (const s of write.statements) await client.query(s.config, s.values)
          times.push(performance.now() - started)
        } catch (err) {
          errors++
          if (errors <= 3) console.error(`[bench] floor: a replayed write failed: ${(err as Error).message}`)
          await client.query('rollback').catch(() => undefined)
        }
      }
    } finally {
      client.release()
    }
  }
  await measure?.start()
  const started = performance.now()
  await Promise.all(Array.from({ length: connections }, worker))
  const result: LoadResult = summarise(times, (performance.now() - started) / 1000, errors)
  await measure?.end()
  await pool.end()
  return result
}
