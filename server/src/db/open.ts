import path from 'node:path'
import type { Config } from '../config.ts'
import { type Database, openPglite, openPostgres } from './client.ts'
import { runMigrations } from './migrate.ts'
import { seedDatabase } from './seed/index.ts'

/** Opens the configured database, applies the migrations and seeds it: ready to serve. */
export const openDatabase = async (config: Config, log: (msg: string) => void): Promise<Database> => {
  const database = config.databaseUrl
    ? await openPostgres(config.databaseUrl)
    : await openPglite({ dataDir: path.join(config.dataDir, 'pglite') })
  log(config.databaseUrl ? 'database: PostgreSQL server' : `database: embedded PGlite in ${config.dataDir}`)
  await runMigrations(database)
  await seedDatabase(database.db, config, log)
  return database
}
