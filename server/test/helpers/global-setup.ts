import { execFile } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { openPglite, openPostgres } from '../../src/db/client.ts'
import { runMigrations } from '../../src/db/migrate.ts'
import { seedDatabase } from '../../src/db/seed/index.ts'
import { today } from '../../src/platform/days.ts'
import { uniqueName, withDatabase } from './database.ts'

const quiet = () => {}

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

/**
 * The server as `npm start` runs it (scripts/build.mjs, without the demo database), for the tests
 * that start real server processes: each starts in seconds less than through tsx. Answers its
 * folder, two levels below the repository root as the build needs.
 */
const buildServer = async (kind: string) => {
  const dist = path.resolve(SERVER_DIR, '..', '.tmp', `test-server-${kind}-${process.pid}`)
  await promisify(execFile)(process.execPath, ['scripts/build.mjs', '--outdir', dist, '--no-demo-data'], {
    cwd: SERVER_DIR,
  })
  return dist
}

/**
 * Migrates and seeds one template database per run (PGlite takes seconds to create, a copy
 * half a second), and removes it afterwards.
 */
export default async function setup(project: TestProject) {
  // the seed's product images go where the test apps read files from (see helpers/app.ts)
  const filesDir = path.join(os.tmpdir(), `backoffice-test-files-${process.pid}`)
  project.provide('filesDir', filesDir)
  // the demo is dated from the day it is seeded, which a run that goes past midnight has left
  project.provide('demoDay', today())
  // test.env of the project reaches the test files, not this process: read it from the config
  const kind = project.config.env?.TEST_DB_KIND === 'pg' ? 'pg' : 'pglite'
  const serverDist = await buildServer(kind)
  project.provide('serverMain', path.join(serverDist, 'main.js'))
  // in watch mode each rerun starts what the code is now
  project.onTestsRerun(() => buildServer(kind).then(() => undefined))
  if (kind === 'pglite') {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'pglite-template-'))
    const database = await openPglite({})
    await runMigrations(database)
    await seedDatabase(database.db, { seed: 'demo', adminPassword: undefined, filesDir }, quiet)
    const dump = await database.dumpDataDir!()
    const file = path.join(dir, 'template.tar')
    await writeFile(file, Buffer.from(await dump.arrayBuffer()))
    await database.close()
    project.provide('pgliteTemplate', file)
    return async () => {
      await rm(dir, { recursive: true, force: true })
      await rm(filesDir, { recursive: true, force: true })
      await rm(serverDist, { recursive: true, force: true })
    }
  }

  const adminUrl = process.env.TEST_DATABASE_URL
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is required for the PostgreSQL test project')
  const template = uniqueName('tpl')
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE "${template}"`)
  const database = await openPostgres(withDatabase(adminUrl, template), 2)
  await runMigrations(database)
  await seedDatabase(database.db, { seed: 'demo', adminPassword: undefined, filesDir }, quiet)
  // a template must have no open connections when it is copied
  await database.close()
  project.provide('pgAdminUrl', adminUrl)
  project.provide('pgTemplate', template)
  return async () => {
    await admin.query(`DROP DATABASE IF EXISTS "${template}" WITH (FORCE)`)
    await admin.end()
    await rm(filesDir, { recursive: true, force: true })
    await rm(serverDist, { recursive: true, force: true })
  }
}
