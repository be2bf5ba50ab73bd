import path from 'node:path'
import type { Config } from '../config.ts'
import { type Database, openPglite, openPostgres } from './client.ts'
import { lockDataDir } from './data-dir-lock.ts'
import { runMigrations } from './migrate.ts'
import { seedDatabase } from './seed/index.ts'

type Log = (msg: string) => void

/**
 * Opens the configured database, applies the migrations and seeds it: ready to serve.
 *
 * - PGlite: the data directory is locked first (`data-dir-lock.ts`): one server per DATA_DIR.
 */
export const openDatabase = async (config: Config, log: Log): Promise<Database> => {
  if (!config.databaseUrl) {
    const release = await lockDataDir(config.dataDir)
    try {
      const database = await openPglite({ dataDir: path.join(config.dataDir, 'pglite') })
      log(`database: embedded PGlite in ${config.dataDir}`)
      await prepare(database, config, log)
      return database
    } catch (error) {
      release()
      throw error
    }
  }

  const database = await openPostgres(config.databaseUrl)
  log('database: PostgreSQL server')
  await prepare(database, config, log)
  return database
}

const prepare = async (database: Database, config: Config, log: Log) => {
  await runMigrations(database)
  await seedDatabase(database.db, config, log)
}
