import { spawn } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { mkdtemp, rm, utimes, writeFile } from 'node:fs/promises'
import { connect, createServer, type Server, type Socket } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, afterEach, describe, expect, inject, it } from 'vitest'
import { LOCK_FILE, lockDataDir } from '../../src/db/data-dir-lock.ts'
import { testDbKind, uniqueName, withDatabase, writePgliteTemplate } from '../helpers/database.ts'
import {
  call,
  expectOneLine,
  freePort,
  healthOf,
  healthy,
  killAll,
  login,
  type Spawned,
  settled,
  startServer,
} from '../helpers/spawn-server.ts'

/**
 * Start-up as an operator meets it: real server processes (built, as `npm start` runs them) on
 * one data directory or one PostgreSQL database.
 */

afterEach(killAll)

describe.runIf(testDbKind() === 'pglite')('one server per embedded database', () => {
  const dirs: string[] = []
  const tempDir = async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'startup-lock-'))
    dirs.push(dir)
    return dir
  }
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true })
  })

  it('refuses a second server on a DATA_DIR in use; takes over the lock of a killed one, whose acknowledged writes survive', async () => {
    const dataDir = await tempDir()
    await writePgliteTemplate(path.join(dataDir, 'pglite'))
    const lockFile = path.join(dataDir, LOCK_FILE)

    // two started together: one owns the directory, the other is refused
    const pair = [await startServer({ DATA_DIR: dataDir }), await startServer({ DATA_DIR: dataDir })]
    const states = await Promise.all(pair.map(settled))
    expect([...states].sort()).toEqual(['exited', 'up'])
    const first = pair[states.indexOf('up')]!
    const loser = pair[states.indexOf('exited')]!
    expect(await loser.exited).toBe(1)
    expect(expectOneLine(loser)).toBe(
      `DATA_DIR ${dataDir} is in use by another server (PID ${first.pid}, lock ${lockFile}): stop it, or give this server another DATA_DIR`,
    )
    expect(readFileSync(lockFile, 'utf8').split('\n')[0]).toBe(String(first.pid))

    // a write the first acknowledges
    const token = await login(first)
    const added = await call(first, 'POST', '/api/sys/role/add', token, { roleCode: 'survivor', roleName: '幸存者' })
    expect(added.status).toBe(200)

    // one started later, on another port, is refused too, and the first goes on
    const second = await startServer({ DATA_DIR: dataDir })
    expect(await second.exited).toBe(1)
    expect(expectOneLine(second)).toContain(`DATA_DIR ${dataDir} is in use by another server (PID ${first.pid}`)
    expect(await healthOf(first)).toBe(200)

    // kill -9 leaves the lock behind; the next server sees its owner is gone and takes over
    expect(await first.kill('SIGKILL')).toBeNull()
    expect(existsSync(lockFile)).toBe(true)
    const third = await healthy(await startServer({ DATA_DIR: dataDir }))
    expect(readFileSync(lockFile, 'utf8').split('\n')[0]).toBe(String(third.pid))
    const again = await call(third, 'POST', '/api/sys/role/add', await login(third), {
      roleCode: 'survivor',
      roleName: '幸存者',
    })
    expect(again.status).toBe(409) // the role written before kill -9 is there

    // a clean stop removes the lock
    expect(await third.kill('SIGTERM')).toBe(0)
    expect(existsSync(lockFile)).toBe(false)
  }, 240_000)

  it('tells a live owner from a stale lock', async () => {
    const dataDir = await tempDir()
    const lockFile = path.join(dataDir, LOCK_FILE)

    // a running process (this test's parent) owns it
    await writeFile(lockFile, `${process.ppid}\n`)
    await expect(lockDataDir(dataDir)).rejects.toThrow(
      `DATA_DIR ${dataDir} is in use by another server (PID ${process.ppid}`,
    )

    // a process that is gone, our own PID (left by the process before us in a restarted container),
    // garbage left long enough ago, a PID now taken by a process started at another time
    const gone = spawn(process.execPath, ['-e', '0'])
    await new Promise((r) => gone.once('exit', r))
    const stale = [
      `${gone.pid}\n`,
      `${process.pid}\n`,
      '',
      ...(existsSync('/proc') ? [`${process.ppid}\nstarted 1\n`] : []),
    ]
    for (const content of stale) {
      await writeFile(lockFile, content)
      if (content === '') await utimes(lockFile, new Date(Date.now() - 60_000), new Date(Date.now() - 60_000))
      const release = await lockDataDir(dataDir)
      expect(readFileSync(lockFile, 'utf8').split('\n')[0]).toBe(String(process.pid))
      release()
      expect(existsSync(lockFile)).toBe(false)
    }
  })
})

describe.runIf(testDbKind() === 'pglite')('a PostgreSQL server that is not there (needs none: runs once)', () => {
  it('says in one line what it cannot reach, without the password, and exits 1 after DATABASE_WAIT_SECONDS', async () => {
    const port = await freePort()
    const started = Date.now()
    const s = await startServer({
      DATABASE_URL: `postgres://postgres:s3cret-word@127.0.0.1:${port}/nowhere`,
      DATABASE_WAIT_SECONDS: '2',
    })
    expect(await s.exited).toBe(1)
    const line = expectOneLine(s)
    expect(line).toMatch(
      new RegExp(
        `^database: cannot connect to PostgreSQL at 127\\.0\\.0\\.1:${port}/nowhere: .*ECONNREFUSED.* \\(gave up after [23] s, DATABASE_WAIT_SECONDS\\)$`,
      ),
    )
    // it tried more than once, and said so once
    expect(s.stdout()).toMatch(/cannot connect to PostgreSQL .*; trying again for up to 2 s\n$/)
    expect(s.stdout() + s.stderr()).not.toContain('s3cret')
    expect(Date.now() - started).toBeGreaterThan(2000)
  }, 60_000)
})

describe.runIf(testDbKind() === 'pg')('several instances on one PostgreSQL database', () => {
  const adminUrl = () => inject('pgAdminUrl')
  const admin = async <T>(work: (c: pg.Client) => Promise<T>, url = adminUrl()) => {
    const c = new pg.Client({ connectionString: url })
    await c.connect()
    try {
      return await work(c)
    } finally {
      await c.end()
    }
  }
  const dropDatabase = (name: string) => admin((c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`))

  /**
   * The dashboard's sums and their differences: a running server folds the differences into the
   * sums every 5 s (sale_stats_compact), so their rows move between the tables while what they add
   * up to stays; compared through the _facts views, by the keys two seeds share (not ids).
   */
  const FOLDED = {
    sale_order_facts: ['month, org_code, status, sync_status', 'orders, amount'],
    sale_order_line_facts: ['month, org_code', 'quantity, amount'],
  } as const
  /** Written by a server for itself at its first start, not by the seed: its link-signing key. */
  const SERVERS_OWN = ['notify_key']

  /** Rows per table of the public schema, and the migrations applied. */
  const census = (url: string) =>
    admin(async (c) => {
      const { rows } = await c.query<{ name: string }>(
        `select table_name as name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
      )
      const out: Record<string, number | string> = {}
      // sys_sequence included: one row per number prefix and calendar day, and the demo's days are
      // counted back from the start of the day it is seeded, so a seed hours after the template's
      // numbers as many days
      const folded = /^sale_order(_line)?_stat(_delta)?$/
      for (const { name } of rows.filter((r) => !folded.test(r.name) && !SERVERS_OWN.includes(r.name))) {
        out[name] = (await c.query<{ n: number }>(`select count(*)::int as n from "${name}"`)).rows[0]!.n
      }
      for (const [view, [keys, sums]] of Object.entries(FOLDED)) {
        const added = sums.split(', ').map((column) => `sum(${column})`)
        const { rows: groups } = await c.query<{ v: string }>(
          `select concat_ws('/', ${keys}, ${added.join(', ')}) as v from ${view} group by ${keys}
            having ${added.map((sum) => `${sum} <> 0`).join(' or ')} order by 1`,
        )
        out[view] = groups.map((g) => g.v).join('\n')
      }
      out['drizzle.__drizzle_migrations'] = (
        await c.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations')
      ).rows[0]!.n
      return out
    }, url)

  it('three started at once on a fresh database all come up with one copy of the demo data; a token of one works on the others until its logout', async () => {
    const name = uniqueName('startup')
    await admin((c) => c.query(`CREATE DATABASE "${name}"`))
    try {
      const url = withDatabase(adminUrl(), name)
      const servers = await Promise.all([1, 2, 3].map(() => startServer({ DATABASE_URL: url })))
      await Promise.all(servers.map((s) => healthy(s)))
      // one of them seeded, the others found the work done
      expect(servers.filter((s) => s.stdout().includes('seeded organisation')).length).toBe(1)
      const seeded = await census(url)
      expect(seeded.sys_user).toBeGreaterThan(1)
      expect(seeded).toEqual(await census(withDatabase(adminUrl(), inject('pgTemplate'))))

      const [a, b, c] = servers as [Spawned, Spawned, Spawned]
      const token = await login(a)
      for (const s of [a, b, c]) {
        expect((await call(s, 'GET', '/api/sys/permission/getPermissionList', token)).status).toBe(200)
      }
      expect((await call(b, 'GET', '/api/user/logout', token)).status).toBe(200)
      for (const s of [a, c, b]) {
        expect((await call(s, 'GET', '/api/sys/permission/getPermissionList', token)).status).toBe(401)
      }
      expect(await Promise.all(servers.map((s) => s.kill('SIGTERM')))).toEqual([0, 0, 0])
    } finally {
      await dropDatabase(name)
    }
  }, 240_000)

  it('waits for a server that comes up after it, then starts', async () => {
    const name = uniqueName('startup')
    await admin((c) => c.query(`CREATE DATABASE "${name}" TEMPLATE "${inject('pgTemplate')}"`))
    const real = new URL(adminUrl())
    const port = await freePort()
    let proxy: Server | null = null
    const sockets = new Set<Socket>()
    try {
      const viaProxy = new URL(withDatabase(adminUrl(), name))
      viaProxy.hostname = '127.0.0.1'
      viaProxy.port = String(port)
      const s = await startServer({ DATABASE_URL: viaProxy.toString(), DATABASE_WAIT_SECONDS: '120' })
      const until = Date.now() + 60_000
      while (!s.stdout().includes('cannot connect to PostgreSQL') && Date.now() < until) {
        await new Promise((r) => setTimeout(r, 100))
      }
      expect(s.stdout()).toContain(`database: cannot connect to PostgreSQL at 127.0.0.1:${port}/${name}: `)
      expect(await healthOf(s)).toBe(0)

      // the database "comes up": a proxy to the real one on the port it is trying
      proxy = createServer((socket) => {
        sockets.add(socket)
        const upstream = connect(Number(real.port || 5432), real.hostname)
        socket.pipe(upstream).pipe(socket)
        socket.on('error', () => upstream.destroy())
        upstream.on('error', () => socket.destroy())
      })
      await new Promise<void>((resolve) => proxy!.listen(port, '127.0.0.1', resolve))
      await healthy(s, 60_000)
      expect(s.stdout()).toMatch(new RegExp(`database: reached 127\\.0\\.0\\.1:${port}/${name} after \\d+ s`))
      expect(s.stdout().match(/cannot connect to/g)).toHaveLength(1)
      expect(await s.kill('SIGTERM')).toBe(0)
    } finally {
      for (const socket of sockets) socket.destroy()
      await new Promise((resolve) => (proxy ? proxy.close(resolve) : resolve(null)))
      await dropDatabase(name)
    }
  }, 180_000)
})
