import { cp, mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { gunzipSync, gzipSync } from 'node:zlib'
import { type Config, StartupError } from '../config.ts'
import { openPglite } from './client.ts'
import { lockDataDir } from './data-dir-lock.ts'

/**
 * Backup and restore of the embedded database (`npm run backup`, `npm run restore`, issue 20):
 * a backup is a directory with the PGlite data directory as a gzipped tarball (`database.tar.gz`)
 * and a copy of the uploaded files (`files/`, whose metadata is in the database). Both take
 * DATA_DIR's lock, so they refuse while a server runs on it. PostgreSQL is backed up the
 * PostgreSQL way (pg_dump / pg_restore, README).
 */
const DUMP = 'database.tar.gz'
const FILES = 'files'

const exists = async (p: string) =>
  stat(p)
    .then(() => true)
    .catch(() => false)

const embeddedOnly = (config: Config) => {
  if (config.databaseUrl)
    throw new StartupError(
      'DATABASE_URL is set: back up PostgreSQL with pg_dump and restore it with pg_restore (README)',
    )
}

/** Writes a backup of DATA_DIR's database and the uploaded files to `target` (a new directory). */
export const backup = async (config: Config, target: string) => {
  embeddedOnly(config)
  if (await exists(target)) throw new StartupError(`${target} exists: a backup goes to a new directory`)
  const release = await lockDataDir(config.dataDir)
  try {
    const database = await openPglite({ dataDir: path.join(config.dataDir, 'pglite') })
    const dump = await database.dumpDataDir!()
    await database.close()
    await mkdir(target, { recursive: true })
    await writeFile(path.join(target, DUMP), gzipSync(Buffer.from(await dump.arrayBuffer())))
    if (await exists(config.filesDir)) await cp(config.filesDir, path.join(target, FILES), { recursive: true })
    return target
  } finally {
    release()
  }
}

/**
 * Replaces DATA_DIR's database and uploaded files with the backup in `source`. What was there is
 * kept aside (`<dir>.before-restore-<time>`), never deleted.
 */
export const restore = async (config: Config, source: string) => {
  embeddedOnly(config)
  const dumpFile = path.join(source, DUMP)
  if (!(await exists(dumpFile))) throw new StartupError(`${source} holds no ${DUMP}: not a backup`)
  const release = await lockDataDir(config.dataDir)
  try {
    const stamp = new Date().toISOString().replaceAll(/[:.]/g, '-')
    const dataDir = path.join(config.dataDir, 'pglite')
    const asides: string[] = []
    for (const dir of [dataDir, config.filesDir]) {
      if (!(await exists(dir))) continue
      const aside = `${dir}.before-restore-${stamp}`
      await rename(dir, aside)
      asides.push(aside)
    }
    const dump = new Blob([gunzipSync(await readFile(dumpFile))])
    const database = await openPglite({ dataDir, loadDataDir: dump })
    await database.close()
    if (await exists(path.join(source, FILES))) await cp(path.join(source, FILES), config.filesDir, { recursive: true })
    return asides
  } finally {
    release()
  }
}
