import { RoleCode } from '@app/contracts'
import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { buildApp } from '../../src/app.ts'
import { loadConfig } from '../../src/config.ts'
import { rowsOf, textArray } from '../../src/db/client.ts'
import { runMigrations } from '../../src/db/migrate.ts'
import { permissions, roles, users } from '../../src/db/schema/index.ts'
import { seedDatabase } from '../../src/db/seed/index.ts'
import { client, login } from '../helpers/app.ts'
import { openEmptyDatabase, openTestDatabase } from '../helpers/database.ts'

const quiet = () => {}

describe('start-up on an empty database', () => {
  it('refuses SEED=none without ADMIN_PASSWORD, and with it creates only the administrator', async () => {
    const database = await openEmptyDatabase()
    try {
      await runMigrations(database)
      await expect(
        seedDatabase(database.db, { seed: 'none', adminPassword: undefined, filesDir: '/tmp/unused' }, quiet),
      ).rejects.toThrow(/ADMIN_PASSWORD/)
      await seedDatabase(database.db, { seed: 'none', adminPassword: 'First@Admin1', filesDir: '/tmp/unused' }, quiet)
      const all = await database.db.select({ username: users.username }).from(users)
      expect(all).toEqual([{ username: 'admin' }])
      expect(await database.db.select({ code: roles.roleCode }).from(roles)).toEqual([{ code: RoleCode.SysAdmin }])

      const config = loadConfig({ LOG_LEVEL: 'silent', SEED: 'none', WEB_DIST: '/nonexistent' })
      const app = await buildApp({ config, database })
      try {
        const token = await login(app, 'admin', 'First@Admin1')
        const menu = (
          await client(app, token).get<{ menu: { code: string }[] }>('/api/sys/permission/getPermissionList')
        ).body.result.menu
        expect(menu.map((m) => m.code)).toContain('sys')
        const settings = (await client(app).get<{ demoMode: boolean }>('/api/sys/settings')).body.result
        expect(settings.demoMode).toBe(false)
      } finally {
        await app.close()
      }

      // a second start changes nothing and keeps edits made at run time
      await database.db.update(permissions).set({ status: '0' }).where(eq(permissions.code, 'sys_user:add'))
      await seedDatabase(database.db, { seed: 'none', adminPassword: undefined, filesDir: '/tmp/unused' }, quiet)
      const [count] = await database.db.select({ n: sql<number>`count(*)::int` }).from(users)
      expect(count?.n).toBe(1)
      const [rule] = await database.db
        .select({ status: permissions.status })
        .from(permissions)
        .where(eq(permissions.code, 'sys_user:add'))
      expect(rule?.status).toBe('0')
    } finally {
      await database.close()
    }
  })

  it('seeds the demo data with the planner statistics of its tables, as after any bulk load', async () => {
    // the tests' databases are copies of one seeded by seedDatabase (global setup); PGlite never
    // gathers statistics by itself, so without them the planner guesses on every list
    const database = await openTestDatabase()
    try {
      const tables = ['sale_order', 'sale_order_line', 'sys_review', 'sys_review_step', 'pro_product', 'sys_user']
      const counted = await database.db.execute(sql`select c.relname as table, c.reltuples::int as rows,
          (select count(*)::int from pg_stats s where s.schemaname = 'public' and s.tablename = c.relname) as columns
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relname = any(${textArray(tables)}::text[]) order by c.relname`)
      const rows = rowsOf<{ table: string; rows: number; columns: number }>(counted)
      expect(rows.map((r) => r.table)).toEqual([...tables].sort())
      for (const r of rows) {
        expect(r.rows, r.table).toBeGreaterThan(0)
        expect(r.columns, r.table).toBeGreaterThan(0)
      }
    } finally {
      await database.close()
    }
  })
})
