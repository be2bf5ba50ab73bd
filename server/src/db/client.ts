import { mkdirSync } from 'node:fs'
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm'
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres'
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core'
import pg from 'pg'
import { createArrayQuery } from './array-query.ts'

/**
 * The database without Drizzle's relational queries (`db.query.*`), which nothing uses: given the
 * schema, Drizzle builds a query builder for every table on each transaction it opens.
 */
export type Db = PgDatabase<PgQueryResultHKT>
export type Tx = PgTransaction<PgQueryResultHKT>
/** Anything that runs queries: the database or an open transaction. */
export type DbOrTx = Db | Tx

/** The rows of a raw `execute` (node-postgres and PGlite both answer `{ rows }`), as the SQL names them. */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows

/** Ids as one PostgreSQL array literal, for `${...}::uuid[]` (uuids need no quoting). */
export const uuidArray = (ids: readonly string[]) => `{${ids.join(',')}}`
/** Texts as a PostgreSQL array literal, each element quoted (a code may hold a comma or a brace). */
export const textArray = (texts: readonly string[]) =>
  `{${texts.map((t) => `"${t.replace(/[\\"]/g, (c) => `\\${c}`)}"`).join(',')}}`

/**
 * Writes not yet run (Drizzle inserts, updates, deletes) as the `with` parts of one statement
 * (`w0 as (...), w1 as (...)`), so a writer whose rows are all known sends them in one round trip.
 * Every part sees the database as the statement found it, so none may read what another writes;
 * foreign keys are checked at the statement's end, so a line may refer to a head written beside it.
 */
export const writesAsCtes = (writes: readonly SQLWrapper[]): SQL =>
  sql.join(
    writes.map((w, i) => sql`${sql.identifier(`w${i}`)} as (${w.getSQL()})`),
    sql`, `,
  )

/** The writes (see writesAsCtes) in one statement. */
export const writeTogether = async (db: DbOrTx, writes: readonly SQLWrapper[]) => {
  if (writes.length > 0) await db.execute(sql`with ${writesAsCtes(writes)} select 1`)
}

export type Unlisten = () => Promise<void>

/**
 * One database, embedded (PGlite) or a PostgreSQL server, behind the same Drizzle API and the
 * same LISTEN/NOTIFY pair (DESIGN 1: live push fans out through PostgreSQL).
 */
export type Database = {
  kind: 'pglite' | 'pg'
  db: Db
  /**
   * Calls `onPayload` with every notice on `channel`. `onListening(false)` says notices may be
   * missed from now on (the listening connection broke); `onListening(true)` that listening
   * resumed (so whatever depends on hearing every notice can trust it again).
   */
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    onListening?: (listening: boolean) => void,
  ): Promise<Unlisten>
  notify(channel: string, payload: string): Promise<void>
  /**
   * Runs one statement outside Drizzle and answers its rows as arrays of driver values, exactly as
   * Drizzle's own driver call reads them (timestamps, dates and intervals as text), so the
   * statement's columns decode them (`mapFromDriverValue`). For the hottest reads only (list
   * pages): Drizzle's per-execution wrapping and row mapping cost more CPU than the driver. On
   * PostgreSQL through `createArrayQuery` (`array-query.ts`).
   */
  arrays(text: string, params: unknown[]): Promise<unknown[][]>
  close(): Promise<void>
  /** PGlite only: the data directory as a tarball (the test template). */
  dumpDataDir?: () => Promise<Blob>
}

/**
 * The types Drizzle keeps as text for its columns to decode (its drivers' sessions do the same):
 * timestamp, timestamptz, date, interval and their arrays, and numeric[].
 */
const RAW_TYPES = [1114, 1184, 1082, 1186, 1115, 1185, 1182, 1187, 1231]
const asText = (value: string) => value

const CHANNEL = /^[a-z_][a-z0-9_]{0,62}$/

const assertChannel = (channel: string) => {
  if (!CHANNEL.test(channel)) throw new Error(`invalid channel name ${channel}`)
}

export type PgliteSource = {
  dataDir?: string
  loadDataDir?: Blob
  /**
   * The memory PostgreSQL keeps its pages in (`shared_buffers`; PGlite's default is 128MB). Clearing
   * it is most of a start from a tarball: an in-memory copy whose pages sit in memory anyway (a
   * test's database) starts in half the time with 16MB.
   */
  sharedBuffers?: string
}

export const openPglite = async (source: PgliteSource): Promise<Database> => {
  // loaded on demand: an instance on a PostgreSQL server never pays the ~35 MB of the WASM engine
  const [{ PGlite }, { drizzle: drizzlePglite }, { pg_trgm }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    // trigram indexes serve `like '%...%'` searches (product names and their pinyin)
    import('@electric-sql/pglite/contrib/pg_trgm'),
  ])
  if (source.dataDir) mkdirSync(source.dataDir, { recursive: true })
  const client = new PGlite({
    dataDir: source.dataDir,
    loadDataDir: source.loadDataDir,
    extensions: { pg_trgm },
    ...(source.sharedBuffers && {
      startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${source.sharedBuffers}`],
    }),
  })
  await client.waitReady
  const db = drizzlePglite({ client, casing: 'snake_case' }) as unknown as Db
  const arraysQuery = { rowMode: 'array' as const, parsers: Object.fromEntries(RAW_TYPES.map((t) => [t, asText])) }
  return {
    kind: 'pglite',
    db,
    async listen(channel, onPayload) {
      assertChannel(channel)
      const unlisten = await client.listen(channel, onPayload)
      return () => unlisten()
    },
    async notify(channel, payload) {
      assertChannel(channel)
      await client.query('select pg_notify($1, $2)', [channel, payload])
    },
    arrays: (text, params) => client.query<unknown[]>(text, params, arraysQuery).then((r) => r.rows),
    close: () => client.close(),
    dumpDataDir: () => client.dumpDataDir('none'),
  }
}

/**
 * Settings of the app's PostgreSQL sessions. JIT off: it compiles a query whose estimated cost is
 * high, and the estimate of a list scoped by `alsoVisibleTo` (a subquery per row) is high whatever
 * the rows it reads; at a million orders the region president's list spent 500 ms compiling a
 * statement that runs in 20. The app's statements are short; none gains from JIT.
 */
export const SESSION_OPTIONS = '-c jit=off'

/**
 * The app's PostgreSQL: a pool that keeps every connection it opened (`min` = `max`). pg's default
 * closes a connection idle for 10 s, and with it what PostgreSQL had learned for it (the named
 * statements, their plans, its caches of the tables): after a quiet moment the next page was
 * prepared and planned again (the region president's dashboard 46-50 ms instead of 11). TCP
 * keep-alive finds a connection that died while idle.
 */
export const openPostgres = async (connectionString: string, poolSize = 10): Promise<Database> => {
  const pool = new pg.Pool({
    connectionString,
    max: poolSize,
    min: poolSize,
    keepAlive: true,
    options: SESSION_OPTIONS,
  })
  pool.on('error', () => {
    /* an idle client died; the pool replaces it */
  })
  const db = drizzleNodePg({ client: pool, casing: 'snake_case' }) as unknown as Db
  const listener = createListener(connectionString)
  const raw = new Set(RAW_TYPES)
  const arrays = createArrayQuery(pool, (oid) => (raw.has(oid) ? asText : pg.types.getTypeParser(oid, 'text')))
  return {
    kind: 'pg',
    db,
    listen: listener.listen,
    async notify(channel, payload) {
      assertChannel(channel)
      await pool.query('select pg_notify($1, $2)', [channel, payload])
    },
    arrays,
    async close() {
      await listener.close()
      await pool.end()
    },
  }
}

/** One dedicated connection for LISTEN, reconnected after a failure. */
const createListener = (connectionString: string) => {
  const handlers = new Map<string, Set<(payload: string) => void>>()
  const watchers = new Set<(listening: boolean) => void>()
  const tell = (listening: boolean) => {
    for (const w of watchers) w(listening)
  }
  let client: pg.Client | null = null
  let connecting: Promise<pg.Client> | null = null
  let closed = false

  const connect = (): Promise<pg.Client> => {
    if (client) return Promise.resolve(client)
    if (connecting) return connecting
    connecting = (async () => {
      const c = new pg.Client({ connectionString })
      c.on('notification', (msg) => {
        for (const h of handlers.get(msg.channel) ?? []) h(msg.payload ?? '')
      })
      c.on('error', () => {
        client = null
        c.end().catch(() => {})
        tell(false)
        if (!closed) setTimeout(resubscribe, 1000)
      })
      await c.connect()
      client = c
      connecting = null
      return c
    })()
    connecting.catch(() => {
      connecting = null
    })
    return connecting
  }

  /** Listens again on every channel after a failure, retrying every second until it works. */
  const resubscribe = async () => {
    if (closed) return
    try {
      const c = await connect()
      for (const channel of handlers.keys()) await c.query(`LISTEN ${channel}`)
      tell(true)
    } catch {
      if (!closed) setTimeout(resubscribe, 1000)
    }
  }

  return {
    async listen(
      channel: string,
      onPayload: (payload: string) => void,
      onListening?: (listening: boolean) => void,
    ): Promise<Unlisten> {
      assertChannel(channel)
      let set = handlers.get(channel)
      if (!set) {
        set = new Set()
        handlers.set(channel, set)
        const c = await connect()
        // channel names are checked against CHANNEL above; LISTEN takes no bind parameters
        await c.query(`LISTEN ${channel}`)
      }
      set.add(onPayload)
      if (onListening) watchers.add(onListening)
      return async () => {
        set.delete(onPayload)
        if (onListening) watchers.delete(onListening)
        if (set.size === 0) {
          handlers.delete(channel)
          await client?.query(`UNLISTEN ${channel}`)
        }
      }
    },
    async close() {
      closed = true
      await client?.end()
      client = null
    },
  }
}
