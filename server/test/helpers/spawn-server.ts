import { type ChildProcess, spawn } from 'node:child_process'
import { copyFile, mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises'
import { createServer } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { expect, inject } from 'vitest'
import { type Database, openPglite, openPostgres } from '../../src/db/client.ts'
import { DEMO_PASSWORD } from '../../src/db/seed/demo/organisation.ts'
import { sha256Hex } from '../../src/platform/auth/password.ts'
import { openPgliteTemplate, TEST_SHARED_BUFFERS, uniqueName, withDatabase } from './database.ts'

/**
 * Real server processes for the tests that meet the server as an operator does (start-up,
 * shutdown): the server built as `npm start` runs it (`node dist/main.js`; the global setup builds
 * it once per run). `killAll` after each test.
 */

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer()
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number }
      s.close(() => resolve(port))
    })
    s.on('error', reject)
  })

export type Spawned = {
  pid: number
  port: number
  url: string
  stdout: () => string
  stderr: () => string
  /** Resolves with the exit code (null after a signal). */
  exited: Promise<number | null>
  kill: (signal: NodeJS.Signals) => Promise<number | null>
}

const running = new Set<ChildProcess>()

/** What a spawned server inherits: nothing of the developer's database or data settings. */
const baseEnv = () => {
  const env: NodeJS.ProcessEnv = { ...process.env }
  for (const key of ['DATABASE_URL', 'DATA_DIR', 'FILES_DIR', 'SEED', 'ADMIN_PASSWORD', 'PORT', 'HOST', 'DEMO_MODE']) {
    delete env[key]
  }
  return { ...env, HOST: '127.0.0.1', LOG_LEVEL: 'warn', WEB_DIST: '/nonexistent', LOGIN_RATE_LIMIT: '100000' }
}

/** `main`: another build of the server to run (with its demo database, say). */
export const startServer = async (env: Record<string, string>, main = inject('serverMain')): Promise<Spawned> => {
  const port = await freePort()
  const child = spawn(process.execPath, [main], {
    cwd: SERVER_DIR,
    env: { ...baseEnv(), PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  running.add(child)
  let out = ''
  let err = ''
  child.stdout!.on('data', (d: Buffer) => {
    out += d.toString()
  })
  child.stderr!.on('data', (d: Buffer) => {
    err += d.toString()
  })
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      running.delete(child)
      resolve(code)
    }),
  )
  return {
    pid: child.pid!,
    port,
    url: `http://127.0.0.1:${port}`,
    stdout: () => out,
    stderr: () => err,
    exited,
    kill: (signal) => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal)
      return exited
    },
  }
}

export const healthOf = (s: Spawned) =>
  fetch(`${s.url}/api/health`)
    .then((r) => r.status)
    .catch(() => 0)

/** Waits until the server answers its health check; fails at once if it exits. */
export const healthy = async (s: Spawned, timeoutMs = 150_000) => {
  let gone = false
  void s.exited.then(() => {
    gone = true
  })
  const until = Date.now() + timeoutMs
  while (Date.now() < until) {
    if (gone) throw new Error(`server exited: ${s.stdout()}\n${s.stderr()}`)
    if ((await healthOf(s)) === 200) return s
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`server not healthy in ${timeoutMs} ms: ${s.stdout()}\n${s.stderr()}`)
}

/** Checks every few milliseconds until `test` holds; fails after `timeoutMs`. */
export const waitFor = async (what: string, test: () => Promise<boolean>, timeoutMs = 60_000) => {
  const end = Date.now() + timeoutMs
  while (!(await test())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 5))
  }
}

/** One of the servers comes up, or exits: which one. */
export const settled = async (s: Spawned) => {
  const up = healthy(s).then(() => 'up' as const)
  const down = s.exited.then(() => 'exited' as const)
  return Promise.race([up.catch(() => down), down])
}

export const call = async <T = unknown>(s: Spawned, method: string, url: string, token?: string, body?: unknown) => {
  const res = await fetch(`${s.url}${url}`, {
    method,
    headers: { ...(token ? { 'x-access-token': token } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  })
  return { status: res.status, body: (await res.json()) as { code: number; result: T } }
}

export const login = async (s: Spawned, username = 'admin') => {
  const res = await call<{ token: string }>(s, 'POST', '/api/sys/login', undefined, {
    username,
    password: sha256Hex(DEMO_PASSWORD),
  })
  expect(res.status).toBe(200)
  return res.body.result.token
}

/** What a failed start printed: one line, no stack, no password. */
export const expectOneLine = (s: Spawned) => {
  const lines = s.stderr().trim().split('\n')
  expect(lines, s.stderr()).toHaveLength(1)
  expect(s.stderr()).not.toMatch(/^\s+at /m)
  return lines[0]!
}

/** Kills every server a test left running. */
export const killAll = () => {
  for (const child of running) child.kill('SIGKILL')
}

export type Query = <T = Record<string, unknown>>(text: string) => Promise<T[]>
export const queryOf =
  (database: Database): Query =>
  async <T>(text: string) =>
    ((await database.db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows

/** A server's own data, copied from the test template, with the seed's files in its FILES_DIR. */
export type ServerData = {
  env: Record<string, string>
  filesDir: string
  /** SQL on the data (PGlite: opens DATA_DIR, so only while no server holds it). */
  sql: <T>(work: (q: Query) => Promise<T>) => Promise<T>
}
const removals: (() => Promise<unknown>)[] = []
/** Removes every data directory and database made for the servers (after all tests of a file). */
export const removeAllData = async () => {
  for (const remove of removals.splice(0)) await remove()
}

/**
 * A DATA_DIR (FILES_DIR is its default, DATA_DIR/files); `look` reads what the test needs while the
 * new database is open anyway (opening PGlite takes seconds).
 */
export const pgliteData = async <T>(
  look: (q: Query) => Promise<T>,
): Promise<ServerData & { dataDir: string; looked: T }> => {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'server-data-'))
  removals.push(() => rm(dataDir, { recursive: true, force: true }))
  const filesDir = path.join(dataDir, 'files')
  const database = await openPgliteTemplate(path.join(dataDir, 'pglite'))
  const looked = await copySeededFiles(queryOf(database), filesDir)
    .then(() => look(queryOf(database)))
    .finally(() => database.close())
  return {
    env: { DATA_DIR: dataDir },
    dataDir,
    filesDir,
    looked,
    async sql(work) {
      const database = await openPglite({ dataDir: path.join(dataDir, 'pglite'), sharedBuffers: TEST_SHARED_BUFFERS })
      return work(queryOf(database)).finally(() => database.close())
    },
  }
}

/** A PostgreSQL database and a FILES_DIR. */
export const pgData = async (): Promise<ServerData & { url: string }> => {
  const adminUrl = inject('pgAdminUrl')
  const name = uniqueName('server')
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${inject('pgTemplate')}"`)
  const url = withDatabase(adminUrl, name)
  const filesDir = await mkdtemp(path.join(os.tmpdir(), 'server-files-'))
  const database = await openPostgres(url, 2)
  removals.push(async () => {
    await database.close()
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
    await admin.end()
    await rm(filesDir, { recursive: true, force: true })
  })
  const q = queryOf(database)
  await copySeededFiles(q, filesDir)
  return { env: { DATABASE_URL: url, FILES_DIR: filesDir }, url, filesDir, sql: (work) => work(q) }
}

/** The files the template's rows name (the seed's product images), from where the global setup wrote them. */
const copySeededFiles = async (q: Query, filesDir: string) => {
  for (const { key } of await q<{ key: string }>('select storage_key as key from sys_attachment')) {
    await mkdir(path.join(filesDir, key.slice(0, 2)), { recursive: true })
    await copyFile(path.join(inject('filesDir'), key.slice(0, 2), key), path.join(filesDir, key.slice(0, 2), key))
  }
}

/** The files under a FILES_DIR by name (a storage key, `.part` while written) with their sizes. */
export const filesIn = async (filesDir: string) => {
  const found = new Map<string, number>()
  for (const fan of await readdir(filesDir).catch(() => []))
    for (const name of await readdir(path.join(filesDir, fan)).catch(() => []))
      found.set(name, (await stat(path.join(filesDir, fan, name)).catch(() => ({ size: -1 }))).size)
  return found
}
