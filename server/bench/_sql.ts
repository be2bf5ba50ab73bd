import { drizzle } from 'drizzle-orm/node-postgres'
import pg from 'pg'
import * as schema from '../src/db/schema/index.ts'
import { MASTER_DATA } from '../src/modules/masterdata/resources.ts'
import { resolvePrincipal } from '../src/platform/auth/principal.ts'
import { createCrudReads } from '../src/platform/crud/reads.ts'
import { compileResource } from '../src/platform/crud/resource.ts'
import { listQueryOf } from './list.ts'
const url = process.env.ITER_DB!
const pool = new pg.Pool({ connectionString: url })
const db = drizzle({ client: pool, schema, casing: 'snake_case' }) as never
const { rows } = await pool.query("select s.token_hash from sys_session s join sys_user u on u.id = s.user_id where u.username='admin' order by s.create_at desc limit 1")
const principal = await resolvePrincipal(db, rows[0].token_hash)
const r = createCrudReads({ db, arrays: null as never }, compileResource(MASTER_DATA.find((d) => d.meta.name === 'supplier')!))
const { page, count } = r.reads.listSql(principal!, listQueryOf(new Date(Date.now() - 30 * 86400_000)))
for (const q of [page, count]) {
  console.log(q.sql, q.params)
  const e = await pool.query(`explain (analyze, buffers) ${q.sql}`, q.params)
  console.log(e.rows.map((x) => x['QUERY PLAN']).join('\n'))
}
console.log((await pool.query("select n_live_tup, n_dead_tup, last_vacuum, last_autovacuum, last_analyze, last_autoanalyze from pg_stat_user_tables where relname='md_supplier'")).rows)
await pool.end()
