import type { ListQuery } from '@app/contracts'
import pg from 'pg'
import { pinyinOf } from '../src/platform/pinyin.ts'
import { type LoadResult, listUrl, loadList } from './list.ts'
import { type Context, log, ms, type Row } from './report.ts'

/**
 * The product list on PostgreSQL (issue 7 'Done when'): 100 000 products, then the list as a
 * user asks for it — pinyin search, category filter, sort, page 10 — measured through the real
 * app. A section of `npm run bench` (SECTIONS in index.ts).
 */

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)

/** Name stems (with their pinyin as the app keeps it): 健康食品胶囊 -> jiankangshipinjiaonang, jkspjn. */
const STEMS = [
  '健康食品胶囊',
  '灵芝孢子粉',
  '深海鱼油',
  '人参能量饮料',
  '沙棘果汁',
  '枸杞原浆',
  '西湖龙井',
  '祁门红茶',
  '蓝莓果酱',
  '乳清蛋白粉',
  '维生素片',
  '钙片',
  '有机小麦',
  '全麦面包',
  '燕麦饼干',
  '有机肥',
  '复合肥',
  '生物杀虫剂',
  '草本洗发水',
  '薄荷牙膏',
]

/**
 * `n` products in one statement: the stems above with a number, spread over the seeded
 * categories (independently of the stem) and suppliers, most approved, created ten minutes apart
 * (about two years).
 */
export const loadProducts = async (url: string, n: number) => {
  const stems = STEMS.map((s) => ({ name: s, ...pinyinOf(s) }))
  const c = new pg.Client({ connectionString: url })
  await c.connect()
  await c.query(
    `INSERT INTO pro_product
       (code, name, name_en, spec_type, category_id, source, product_type, supplier_id, spec, unit,
        shelf_life_days, audit_status, status, name_pinyin, name_initials, create_at, version)
     SELECT 'P' || lpad(i::text, 7, '0'),
            stems.names[1 + i % $2::int] || i,
            'Product ' || i,
            'standard',
            cats.ids[1 + (i / $2::int) % array_length(cats.ids, 1)],
            CASE WHEN i % 3 = 0 THEN 'oem' ELSE 'self' END,
            'finished',
            sups.ids[1 + i % array_length(sups.ids, 1)],
            (i % 900 + 100) || 'g',
            'bottle',
            730,
            CASE WHEN i % 23 = 0 THEN '0' ELSE '2' END,
            CASE WHEN i % 29 = 0 THEN '2' ELSE '1' END,
            stems.pinyins[1 + i % $2::int] || i,
            stems.initials[1 + i % $2::int] || i,
            now() - make_interval(mins => i * 10),
            1
     FROM generate_series(1, $1::int) AS i,
          (SELECT array_agg(id ORDER BY code) AS ids FROM pro_category) AS cats,
          (SELECT array_agg(id ORDER BY code) AS ids FROM md_supplier) AS sups,
          (SELECT $3::text[] AS names, $4::text[] AS pinyins, $5::text[] AS initials) AS stems`,
    [n, stems.length, stems.map((s) => s.name), stems.map((s) => s.namePinyin), stems.map((s) => s.nameInitials)],
  )
  // as autovacuum would after a bulk load: flushes the trigram indexes' pending lists, fresh statistics
  await c.query('VACUUM ANALYZE pro_product')
  const { rows } = await c.query<{ id: string }>(`SELECT id FROM pro_category WHERE code = 'C03'`)
  await c.end()
  return { capsules: rows[0]!.id }
}

/**
 * The four list queries a user of the product screen makes, 10 rows a page, with their p95 targets
 * in ms: 50 for the list (issue 7), 20 for the pinyin search (issue 18), which is also measured
 * as one user at a time (`true`).
 */
const queriesOf = (capsules: string): [string, ListQuery, number, boolean?][] => [
  ['pinyin search (jksp)', { pageNo: 1, pageSize: 10, search: JSON.stringify({ name: 'jksp' }) }, 20, true],
  [
    'category filter + sort by code',
    { pageNo: 1, pageSize: 10, column: 'code', order: 'asc', search: JSON.stringify({ categoryId: [capsules] }) },
    50,
  ],
  ['sort by name, page 10', { pageNo: 10, pageSize: 10, column: 'name', order: 'asc' }, 50],
  [
    'all together: pinyin + category + approved + sort by name, page 10',
    {
      pageNo: 10,
      pageSize: 10,
      column: 'name',
      order: 'asc',
      search: JSON.stringify({ name: 'jksp', categoryId: [capsules], auditStatus: '2' }),
    },
    50,
  ],
]

/** The product-list section: loads the products, then measures each query through the app. */
export const productSection = {
  key: 'products',
  title: `Product list: ${PRODUCTS.toLocaleString('en')} products, ${CONNECTIONS} connections, ${SECONDS} s per query`,
  async run({ databaseUrl, baseUrl, token }: Context): Promise<Row[]> {
    log(`loading ${PRODUCTS} products`)
    const { capsules } = await loadProducts(databaseUrl, PRODUCTS)
    const rows: Row[] = []
    for (const [name, query, limit, alone] of queriesOf(capsules)) {
      const url = listUrl(baseUrl, query, '/api/pro/product')
      const probe = (await (await fetch(url, { headers: { 'x-access-token': token } })).json()) as {
        result: { total: number }
      }
      log(`${name}: ${probe.result.total} matching`)
      await loadList(url, token, CONNECTIONS, 2)
      const r: LoadResult = await loadList(url, token, CONNECTIONS, SECONDS)
      rows.push(
        { metric: `${name}: matching rows`, value: String(probe.result.total) },
        {
          metric: `${name}: p50 / p95`,
          value: `${ms(r.p50)} / ${ms(r.p95)}`,
          target: `p95 <= ${limit} ms`,
          ok: r.p95 <= limit,
        },
        { metric: `${name}: throughput`, value: `${r.rps.toFixed(0)} req/s (${r.errors} errors)` },
      )
      if (alone) {
        // the time one user waits for the search, without the queue of eight on two cores
        const one = await loadList(url, token, 1, SECONDS)
        rows.push({
          metric: `${name}, one user at a time: p50 / p95`,
          value: `${ms(one.p50)} / ${ms(one.p95)}`,
          target: `p95 <= ${limit} ms`,
          ok: one.p95 <= limit,
        })
      }
    }
    return rows
  },
}
