import { createHash } from 'node:crypto'
import { constants } from 'node:fs'
import { copyFile, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { dayOf } from '../../platform/days.ts'
import { openPglite } from '../client.ts'
import { MIGRATIONS_DIR, runMigrations } from '../migrate.ts'
import { seedDatabase } from './index.ts'

/**
 * The demo database made at build time (issue 40): `npm run build -w server` runs the migrations
 * and the demo seed once into an embedded database of its own, dist/demo-data/pglite (a PGlite
 * data directory, closed cleanly) with the product images beside it (files/), and the first start
 * on an empty DATA_DIR copies both in instead of creating a database and seeding it row by row
 * (about 20 s, 50 s under load, against well under a second). The seed stays the one definition of
 * the demo data: the copy is what it wrote.
 *
 * The demo's orders are dated back from the day it is seeded (the last year up to today, deliveries
 * expected in the weeks ahead), so a copy made on another day, or on another calendar (time zone),
 * or under other migrations is not used: that start seeds as before and says why. `npm start`
 * builds first, so its copy is of the day. A PostgreSQL server (DATABASE_URL) is always seeded.
 */

/** Where the build puts the copy: beside the bundle (dist/main.js, dist/demo-data). */
export const DEMO_DATA_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'demo-data')

/** What the copy was made from and on; written last, so a copy without it is unfinished. */
export type DemoDataMeta = {
  /** The calendar day it was seeded on (the server's calendar, YYYY-MM-DD). */
  day: string
  timeZone: string
  /** The migrations it was made with (their journal's hash). */
  migrations: string
  /** Given by the build: the code and packages it was made with (scripts/build.mjs). */
  source: string
  madeAt: string
}

const META = 'meta.json'
const timeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone

/** The migrations as this code applies them: a hash of drizzle-kit's journal. */
export const migrationsHash = async () =>
  createHash('sha256')
    .update(await readFile(path.join(MIGRATIONS_DIR, 'meta', '_journal.json')))
    .digest('hex')

/** Makes the copy in `dir` (replacing one there): migrations and the demo seed, then the meta. */
export const makeDemoData = async (dir: string, source: string, log: (msg: string) => void) => {
  const now = new Date()
  await rm(dir, { recursive: true, force: true })
  await mkdir(dir, { recursive: true })
  const database = await openPglite({ dataDir: path.join(dir, 'pglite') })
  try {
    await runMigrations(database)
    await seedDatabase(database.db, { seed: 'demo', adminPassword: undefined, filesDir: path.join(dir, 'files') }, log)
  } finally {
    await database.close()
  }
  const meta: DemoDataMeta = {
    day: dayOf(now),
    timeZone: timeZone(),
    migrations: await migrationsHash(),
    source,
    madeAt: now.toISOString(),
  }
  await writeFile(path.join(dir, META), `${JSON.stringify(meta, null, 2)}\n`)
  return meta
}

export const readDemoDataMeta = async (dir: string): Promise<DemoDataMeta | null> =>
  readFile(path.join(dir, META), 'utf8').then(
    (text) => JSON.parse(text) as DemoDataMeta,
    () => null,
  )

/** Why a copy cannot serve a first start now, or null when it can. */
export const unusableBecause = (meta: DemoDataMeta | null, now: Date, migrations: string): string | null => {
  if (!meta) return 'no demo database was built beside the server (npm run build makes it)'
  if (meta.migrations !== migrations) return 'the built demo database has other migrations'
  if (meta.timeZone !== timeZone()) return `the built demo database is dated in ${meta.timeZone}`
  if (meta.day !== dayOf(now)) return `the built demo database is dated ${meta.day}`
  return null
}

/**
 * Copies a folder, its files side by side (one copy_file_range each, a clone where the file system
 * can): about half the time of `fs.cp` for the 1 400 files of a PGlite data directory.
 */
const copyTree = async (from: string, to: string): Promise<void> => {
  await mkdir(to, { recursive: true })
  const entries = await readdir(from, { withFileTypes: true })
  await Promise.all(
    entries.map((e) =>
      e.isDirectory()
        ? copyTree(path.join(from, e.name), path.join(to, e.name))
        : copyFile(path.join(from, e.name), path.join(to, e.name), constants.COPYFILE_FICLONE),
    ),
  )
}

const isEmptyDir = async (dir: string) =>
  readdir(dir).then(
    (names) => names.length === 0,
    () => true,
  )

/**
 * On a first start (no database in `pgliteDir` yet), copies the built demo database there and its
 * files into `filesDir`. The database goes in under another name and is renamed last, so a start
 * stopped half-way leaves no database and the next one copies again. Says what it did; answers
 * whether the copy is in place (otherwise the caller seeds).
 */
export const copyDemoData = async (
  pgliteDir: string,
  filesDir: string,
  log: (msg: string) => void,
  from = DEMO_DATA_DIR,
): Promise<boolean> => {
  if (!(await isEmptyDir(pgliteDir))) return false
  const started = performance.now()
  const meta = await readDemoDataMeta(from)
  const why = unusableBecause(meta, new Date(), await migrationsHash())
  if (why) {
    log(`database: ${why}; seeding the demo data`)
    return false
  }
  const part = `${pgliteDir}.part`
  await rm(part, { recursive: true, force: true })
  const files = path.join(from, 'files')
  if (!(await isEmptyDir(files))) await copyTree(files, filesDir)
  await copyTree(path.join(from, 'pglite'), part)
  await rm(pgliteDir, { recursive: true, force: true })
  await rename(part, pgliteDir)
  log(`database: demo data of ${meta!.day} copied from the build in ${Math.round(performance.now() - started)} ms`)
  return true
}
