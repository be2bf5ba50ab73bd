import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { NodePgDatabase } from 'drizzle-orm/node-postgres'
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgliteDatabase } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import type { Database } from './client.ts'

/** Beside this file: src/db/migrations, or dist/migrations in the build (scripts/build.mjs copies them). */
export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations')

/**
 * Applies the committed drizzle-kit migrations (the same folder for both engines); those after
 * the last one applied. `folder`: another copy of them (a test migrating up to a version).
 */
export const runMigrations = async (database: Database, folder = MIGRATIONS_DIR) => {
  const config = { migrationsFolder: folder }
  if (database.kind === 'pglite') await migratePglite(database.db as unknown as PgliteDatabase, config)
  else await migrateNodePg(database.db as unknown as NodePgDatabase, config)
}
