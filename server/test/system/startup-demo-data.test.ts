import { spawn } from 'node:child_process'
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { PLAN } from '../../src/db/seed/demo/sales-data.ts'
import {
  copyDemoData,
  type DemoDataMeta,
  migrationsHash,
  readDemoDataMeta,
  unusableBecause,
} from '../../src/db/seed/demo-data.ts'
import { addDays, today } from '../../src/platform/days.ts'
import { testDbKind } from '../helpers/database.ts'
import { call, filesIn, healthy, killAll, login, startServer } from '../helpers/spawn-server.ts'

/**
 * `npm start` on a fresh DATA_DIR: the server built as `npm start` builds it (scripts/build.mjs,
 * which makes the demo database beside the bundle) and run as it runs it (node dist/main.js).
 */

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const log = () => {}

afterEach(killAll)

/**
 * The build and its servers run in a fixed-offset time zone where it is about noon now: the demo
 * database is dated by the day of its build and a first start takes it only on that day, so these
 * minutes must not straddle a midnight (as a run just before 00:00 would).
 */
const TZ = (() => {
  const east = 12 - new Date().getUTCHours()
  return east === 0 ? 'Etc/GMT' : `Etc/GMT${east > 0 ? '-' : '+'}${Math.abs(east)}`
})()
/** Today in that zone, YYYY-MM-DD. */
const todayThere = () => new Intl.DateTimeFormat('en-CA', { timeZone: TZ }).format(new Date())

const run = (args: string[]) =>
  new Promise<string>((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: SERVER_DIR,
      env: { ...process.env, TZ },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let out = ''
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString()
    })
    child.stderr.on('data', (d: Buffer) => {
      out += d.toString()
    })
    child.once('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`${args.join(' ')}: ${code}\n${out}`))))
  })

type Page = { total: number; records: { orderNo: string }[] }

describe.runIf(testDbKind() === 'pglite')('a first start takes the demo database the build made', () => {
  // two levels below the repository root, like server/dist (config.ts finds the root from there)
  const dist = path.resolve(SERVER_DIR, '..', '.tmp', `startup-demo-data-${process.pid}`)
  const made: string[] = [dist]
  let built = ''
  beforeAll(async () => {
    built = await run(['scripts/build.mjs', '--outdir', dist])
  }, 600_000)
  afterAll(async () => {
    for (const dir of made) await rm(dir, { recursive: true, force: true })
  })

  it('a fresh DATA_DIR is healthy with the demo data: people sign in, orders are listed; the next start keeps it', async () => {
    const meta = await readDemoDataMeta(path.join(dist, 'demo-data'))
    expect(meta?.day, built).toBe(todayThere())
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'startup-demo-'))
    made.push(dataDir)
    const orders = PLAN.reduce((n, p) => n + p.count, 0)

    const first = await healthy(await startServer({ DATA_DIR: dataDir, TZ }, path.join(dist, 'main.js')))
    expect(first.stdout()).toContain(`database: demo data of ${todayThere()} copied from the build`)
    expect(first.stdout()).not.toContain('seeded')
    const admin = await login(first)
    const all = await call<Page>(first, 'GET', '/api/sale/order/list?pageSize=10', admin)
    expect(all.status).toBe(200)
    expect(all.body.result.total).toBe(orders)
    const theirs = await call<Page>(
      first,
      'GET',
      '/api/sale/order/list?pageSize=10',
      await login(first, 'branch_admin'),
    )
    expect(theirs.body.result.total).toBeGreaterThan(orders / 2)
    expect(theirs.body.result.records[0]?.orderNo).toMatch(/^SO\d{8}-\d{4}$/)
    // the product images the seed wrote are in FILES_DIR (DATA_DIR/files)
    const images = await filesIn(path.join(dist, 'demo-data', 'files'))
    expect(images.size).toBeGreaterThan(0)
    expect(await filesIn(path.join(dataDir, 'files'))).toEqual(images)
    // a write, then a stop
    const added = await call(first, 'POST', '/api/sys/role/add', admin, { roleCode: 'kept', roleName: '保留' })
    expect(added.status).toBe(200)
    expect(await first.kill('SIGTERM')).toBe(0)

    const second = await healthy(await startServer({ DATA_DIR: dataDir, TZ }, path.join(dist, 'main.js')))
    expect(second.stdout()).not.toContain('copied from the build')
    const again = await call<Page>(second, 'GET', '/api/sale/order/list?pageSize=10', await login(second))
    expect(again.body.result.total).toBe(orders)
    const twice = await call(second, 'POST', '/api/sys/role/add', await login(second), {
      roleCode: 'kept',
      roleName: '保留',
    })
    expect(twice.status).toBe(409) // the role written before the stop is there
    expect(await second.kill('SIGTERM')).toBe(0)
  }, 300_000)

  it('a build on the same day with the same code keeps the demo database it made', async () => {
    const before = await readDemoDataMeta(path.join(dist, 'demo-data'))
    const out = await run(['scripts/build.mjs', '--outdir', dist])
    expect(out).toContain(`demo data of ${todayThere()}: kept from the build before`)
    expect(await readDemoDataMeta(path.join(dist, 'demo-data'))).toEqual(before)
  }, 120_000)
})

describe('which demo database a first start takes', () => {
  const dirs: string[] = []
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true })
  })
  const tempDir = async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'demo-data-'))
    dirs.push(dir)
    return dir
  }

  it("only one of today's calendar and migrations, and only into an empty DATA_DIR", async () => {
    const migrations = await migrationsHash()
    const now = new Date()
    const meta: DemoDataMeta = {
      day: today(),
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      migrations,
      source: 'test',
      madeAt: now.toISOString(),
    }
    expect(unusableBecause(meta, now, migrations)).toBeNull()
    expect(unusableBecause(null, now, migrations)).toMatch(/no demo database was built/)
    expect(unusableBecause({ ...meta, day: addDays(today(), -1) }, now, migrations)).toBe(
      `the built demo database is dated ${addDays(today(), -1)}`,
    )
    expect(unusableBecause({ ...meta, timeZone: 'Pacific/Kiritimati' }, now, migrations)).toMatch(/Kiritimati/)
    expect(unusableBecause({ ...meta, migrations: 'other' }, now, migrations)).toMatch(/other migrations/)

    // a copy of yesterday is left where it is: the start seeds, and says why
    const from = await tempDir()
    await mkdir(path.join(from, 'pglite'))
    await writeFile(path.join(from, 'pglite', 'PG_VERSION'), '17\n')
    await writeFile(path.join(from, 'meta.json'), JSON.stringify({ ...meta, day: addDays(today(), -1) }))
    const dataDir = await tempDir()
    const said: string[] = []
    expect(
      await copyDemoData(path.join(dataDir, 'pglite'), path.join(dataDir, 'files'), (m) => said.push(m), from),
    ).toBe(false)
    expect(said).toEqual([`database: the built demo database is dated ${addDays(today(), -1)}; seeding the demo data`])
    expect(await readdir(dataDir)).toEqual([])

    // today's goes into an empty DATA_DIR, never over a database there
    await writeFile(path.join(from, 'meta.json'), JSON.stringify(meta))
    expect(await copyDemoData(path.join(dataDir, 'pglite'), path.join(dataDir, 'files'), log, from)).toBe(true)
    expect(await readFile(path.join(dataDir, 'pglite', 'PG_VERSION'), 'utf8')).toBe('17\n')
    await writeFile(path.join(dataDir, 'pglite', 'PG_VERSION'), '17 in use\n')
    expect(await copyDemoData(path.join(dataDir, 'pglite'), path.join(dataDir, 'files'), log, from)).toBe(false)
    expect(await readFile(path.join(dataDir, 'pglite', 'PG_VERSION'), 'utf8')).toBe('17 in use\n')
  })
})
