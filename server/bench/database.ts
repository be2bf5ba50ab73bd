import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { openPostgres } from '../src/db/client.ts'
import { runMigrations } from '../src/db/migrate.ts'
import { seedDatabase } from '../src/db/seed/index.ts'

export const withDatabase = (url: string, name: string) => {
  const u = new URL(url)
  u.pathname = `/${name}`
  return u.toString()
}

/** A fresh database on the server of `adminUrl`, migrated and seeded with the demo data. */
export const createBenchDatabase = async (adminUrl: string, prefix = 'bench') => {
  const name = `${prefix}_${Date.now().toString(36)}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE "${name}"`)
  await admin.end()
  const url = withDatabase(adminUrl, name)
  const database = await openPostgres(url, 2)
  await runMigrations(database)
  await seedDatabase(
    database.db,
    { seed: 'demo', adminPassword: undefined, filesDir: path.join(os.tmpdir(), 'backoffice-bench-files') },
    () => {},
  )
  await database.close()
  return {
    name,
    url,
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl })
      await c.connect()
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
      await c.end()
    },
    /** Drops it, or with `keep` leaves it to look into afterwards and says its name. */
    async dropUnless(keep: boolean, say: (msg: string) => void) {
      if (keep) say(`kept database ${name}`)
      else await this.drop()
    },
  }
}

/**
 * `n` suppliers in one statement (generate_series): four types, the seeded countries, two
 * statuses, pinyin columns filled like the app fills them, created a quarter of an hour apart
 * (100 000 suppliers gathered over about three years).
 */
export const loadSuppliers = async (url: string, n: number) => {
  const c = new pg.Client({ connectionString: url })
  await c.connect()
  await c.query(
    `INSERT INTO md_supplier
       (code, name, name_en, supplier_type, country_id, contact_person, phone, email, tax_number,
        status, name_pinyin, name_initials, create_at, version)
     SELECT 'B' || lpad(i::text, 6, '0'),
            '供应商' || i,
            'Supplier ' || i,
            (ARRAY['raw', 'finished', 'packaging', 'oem'])[1 + i % 4],
            countries.ids[1 + i % array_length(countries.ids, 1)],
            'Contact ' || i,
            '+86 138' || lpad((i % 100000000)::text, 8, '0'),
            'supplier' || i || '@example.com',
            'TAX' || lpad(i::text, 10, '0'),
            CASE WHEN i % 10 = 0 THEN '2' ELSE '1' END,
            'gongyingshang' || i,
            'gys' || i,
            now() - make_interval(mins => i * 15),
            1
     FROM generate_series(1, $1::int) AS i,
          (SELECT array_agg(id ORDER BY code) AS ids FROM md_country) AS countries`,
    [n],
  )
  await c.query('ANALYZE md_supplier')
  await c.end()
}
