import pg from 'pg'

/**
 * The sales history of a large group for `npm run bench` (issue 18): `n` orders over three years,
 * made by copying the demo seed's orders (about 200, each placed, reviewed, delivered and adjusted
 * by the real services when the seed ran) with everything hanging from them: lines, the review
 * with its steps and decisions, deliveries with their lines, adjustment requests with their lines
 * and reviews. A copy moves every date of its order back by the same number of days and takes new
 * ids and numbers, so each copy is as consistent as its original (statuses, delivered quantities,
 * review steps). A copy holds each of its original's lines twice, side by side, with their
 * deliveries' lines and the order's totals to match (`LINE_COPIES`): the seed's orders have one to
 * six lines, 2.6 on average among those copied, and a group's orders about five (issue 18: a
 * million orders, five million lines); adjustment requests name the first of the two. Copies of
 * the last 30 days take every seeded order; older copies only the orders that have ended
 * (delivery complete, fully delivered, rejected), so the mix is mostly finished business with the
 * open work at the recent end, as in a real book of orders. Deliveries point at their original's
 * stock document (the stock is not multiplied). One INSERT ... SELECT per table
 * per batch of copies, foreign keys not re-checked (session_replication_role = replica): the rows
 * are copies of rows that passed them; the triggers did not run either, so the dashboard's sums are
 * made again from the orders at the end (`sale_stats_rebuild()`).
 */

const YEARS_DAYS = 3 * 365
const RECENT_DAYS = 30
/**
 * How many times an older copy takes an order of each ended status (delivery complete, fully
 * delivered, rejected): mostly completed business, per 36 copies 144, 18 and 9 of each seeded one.
 */
const REPLICAS = `CASE WHEN copy.days < ${RECENT_DAYS} THEN 1
  WHEN src.status = 100807 THEN 4 WHEN src.status = 100806 THEN copy.k % 2
  WHEN src.status = 100804 THEN (copy.k % 4 = 0)::int ELSE 0 END`
/** The tables a copy writes. */
const TABLES = [
  'sale_order',
  'sale_order_line',
  'sale_delivery',
  'sale_delivery_line',
  'sale_apply_modify',
  'sale_apply_modify_line',
  'sys_review',
  'sys_review_step',
  'sys_review_decision',
]
/** How many times a copy holds each line of its original (see above). */
const LINE_COPIES = 2
/** Copies per statement: about 20 000 orders a batch. */
const BATCH_COPIES = 400

type Client = pg.Client

/**
 * New id of a copied row: the same for the same row and copy, so children find their parent's; a
 * version-4 UUID in form (the routes accept only those).
 */
const idOf = (col: string) =>
  `overlay(overlay(md5(${col}::text || ':' || p.k) placing '4' from 13) placing '8' from 17)::uuid`

/** Id of the `w.r`-th copy of a line (or of its delivery's line): the first keeps `idOf`'s. */
const lineIdOf = (col: string) => `CASE WHEN w.r = 1 THEN ${idOf(col)} ELSE ${idOf(`(${col}::text || '#' || w.r)`)} END`
/** A copy's lines: each of the original's LINE_COPIES times (`w.r`). */
const LINE_COPY = `CROSS JOIN generate_series(1, ${LINE_COPIES}) w(r)`

const columnsOf = async (c: Client, table: string) =>
  (
    await c.query<{ name: string; type: string }>(
      `SELECT column_name AS name, data_type AS type FROM information_schema.columns
        WHERE table_schema = 'public' AND table_name = $1 ORDER BY ordinal_position`,
      [table],
    )
  ).rows

/**
 * INSERT INTO `table` the rows of `from` (aliased `x`, joined to the copy `p`): every column as it
 * was but the dates moved back `p.days`, ids and references to copied rows through `idOf`, and
 * `set`'s expressions.
 */
const cloneSql = async (c: Client, table: string, mapped: string[], set: Record<string, string>, from: string) => {
  const cols = await columnsOf(c, table)
  const expr = ({ name, type }: { name: string; type: string }) => {
    if (set[name]) return set[name]
    if (name === 'id' || mapped.includes(name)) return idOf(`x.${name}`)
    if (type === 'date') return `x.${name} - p.days`
    if (type === 'timestamp with time zone') return `x.${name} - make_interval(days => p.days)`
    return `x.${name}`
  }
  return `INSERT INTO ${table} (${cols.map((col) => `"${col.name}"`).join(', ')})
          SELECT ${cols.map(expr).join(', ')} FROM ${from}`
}

/** A new number in the original's format: prefix, the moved date, the copy, the original's day sequence. */
const numberOf = (no: string, day: string) =>
  `left(${no}, 2) || to_char(${day} - p.days, 'YYYYMMDD') || '-' || p.k || '-' || split_part(${no}, '-', 2)`

export const loadOrders = async (url: string, n: number, log: (msg: string) => void = () => {}) => {
  const c = new pg.Client({ connectionString: url })
  await c.connect()
  try {
    await c.query('SET session_replication_role = replica')
    await c.query(`CREATE TEMP TABLE src AS SELECT id, status, order_no, order_date FROM sale_order WHERE NOT del_flag`)
    // orders per copy: every seeded order in a recent copy, REPLICAS of the ended ones in an older
    const [{ recent, older }] = (
      await c.query<{ recent: number; older: number }>(
        `SELECT count(*)::float8 AS recent,
                (4 * count(*) FILTER (WHERE status = 100807) + 0.5 * count(*) FILTER (WHERE status = 100806)
                 + 0.25 * count(*) FILTER (WHERE status = 100804))::float8 AS older FROM src`,
      )
    ).rows as [{ recent: number; older: number }]
    if (recent === 0) throw new Error('no seeded orders to copy: the bench database needs the demo seed')
    const perCopy = (RECENT_DAYS * recent + (YEARS_DAYS - RECENT_DAYS) * older) / YEARS_DAYS
    const copies = Math.ceil((n / perCopy) * 1.05)
    await c.query(
      `CREATE TEMP TABLE copy AS SELECT k, ((k - 1) * $2::int / $1::int) AS days FROM generate_series(1, $1::int) k`,
      [copies, YEARS_DAYS],
    )
    // the seeded rows, copied aside: the copies read these few rows, not the tables they grow
    for (const table of TABLES) await c.query(`CREATE TEMP TABLE src_${table} AS SELECT * FROM ${table}`)
    // the tables' lookup indexes are made once after the load, not kept up row by row
    const indexes = (
      await c.query<{ name: string; def: string }>(
        `SELECT indexname AS name, indexdef AS def FROM pg_indexes
          WHERE schemaname = 'public' AND tablename = ANY($1) AND indexdef NOT LIKE 'CREATE UNIQUE%'`,
        [TABLES],
      )
    ).rows
    for (const { name } of indexes) await c.query(`DROP INDEX "${name}"`)
    await c.query('CREATE TEMP TABLE p (k int, days int, src uuid, id uuid, order_no text)')
    await c.query('CREATE TEMP TABLE rp (k int, days int, src uuid, id uuid, object_id text, object_no text)')

    const statements = {
      order: await cloneSql(
        c,
        'sale_order',
        [],
        {
          id: 'p.id',
          order_no: 'p.order_no',
          // the totals an order keeps of its lines (total_amount, total_boxes, ...): LINE_COPIES times
          ...Object.fromEntries(
            (await columnsOf(c, 'sale_order'))
              .filter((col) => col.name.startsWith('total_'))
              .map((col) => [col.name, `x.${col.name} * ${LINE_COPIES}`]),
          ),
        },
        'src_sale_order x JOIN p ON p.src = x.id',
      ),
      line: await cloneSql(
        c,
        'sale_order_line',
        ['order_id'],
        { id: lineIdOf('x.id'), line_no: `(x.line_no - 1) * ${LINE_COPIES} + w.r` },
        `src_sale_order_line x JOIN p ON p.src = x.order_id ${LINE_COPY}`,
      ),
      delivery: await cloneSql(
        c,
        'sale_delivery',
        [],
        { order_id: 'p.id', order_no: 'p.order_no', delivery_no: numberOf('x.delivery_no', 'x.ship_date') },
        'src_sale_delivery x JOIN p ON p.src = x.order_id',
      ),
      deliveryLine: await cloneSql(
        c,
        'sale_delivery_line',
        ['delivery_id'],
        { id: lineIdOf('x.id'), order_line_id: lineIdOf('x.order_line_id') },
        `src_sale_delivery_line x JOIN src_sale_delivery d ON d.id = x.delivery_id JOIN p ON p.src = d.order_id ${LINE_COPY}`,
      ),
      adjust: await cloneSql(
        c,
        'sale_apply_modify',
        [],
        { order_id: 'p.id', order_no: 'p.order_no' },
        'src_sale_apply_modify x JOIN p ON p.src = x.order_id',
      ),
      adjustLine: await cloneSql(
        c,
        'sale_apply_modify_line',
        ['apply_id', 'order_line_id'],
        {},
        'src_sale_apply_modify_line x JOIN src_sale_apply_modify a ON a.id = x.apply_id JOIN p ON p.src = a.order_id',
      ),
      review: await cloneSql(
        c,
        'sys_review',
        [],
        { id: 'p.id', object_id: 'p.object_id', object_no: 'p.object_no' },
        'src_sys_review x JOIN rp p ON p.src = x.id',
      ),
      step: await cloneSql(
        c,
        'sys_review_step',
        ['review_id'],
        {},
        'src_sys_review_step x JOIN rp p ON p.src = x.review_id',
      ),
      decision: await cloneSql(
        c,
        'sys_review_decision',
        ['review_id'],
        {},
        'src_sys_review_decision x JOIN rp p ON p.src = x.review_id',
      ),
    }

    let made = 0
    for (let from = 1; from <= copies && made < n; from += BATCH_COPIES) {
      await c.query('BEGIN')
      await c.query('TRUNCATE p, rp')
      const { rowCount } = await c.query(
        `INSERT INTO p
         SELECT p.k, p.days, p.src, ${idOf('p.src')}, ${numberOf('p.order_no', 'p.order_date')}
           FROM (SELECT copy.k * 4 + r AS k, copy.days, src.id AS src, src.order_no, src.order_date
                   FROM copy CROSS JOIN src CROSS JOIN LATERAL generate_series(1, ${REPLICAS}) r
                  WHERE copy.k BETWEEN $1 AND $2) p
          ORDER BY p.k, p.order_date
          LIMIT $3`,
        [from, from + BATCH_COPIES - 1, n - made],
      )
      // the reviews of the copied orders and of their adjustment requests
      await c.query(
        `INSERT INTO rp
         SELECT p.k, p.days, r.id, ${idOf('r.id')}, p.id::text, p.order_no
           FROM p JOIN src_sys_review r ON r.business = 'sale_order' AND r.object_id = p.src::text
         UNION ALL
         SELECT p.k, p.days, r.id, ${idOf('r.id')}, (${idOf('a.id')})::text, p.order_no
           FROM p JOIN src_sale_apply_modify a ON a.order_id = p.src
                  JOIN src_sys_review r ON r.business = 'order_adjust' AND r.object_id = a.id::text`,
      )
      for (const sql of Object.values(statements)) await c.query(sql)
      await c.query('COMMIT')
      made += rowCount ?? 0
      log(`orders: ${made.toLocaleString('en')} of ${n.toLocaleString('en')}`)
    }
    log(`orders: ${indexes.length} indexes`)
    for (const { def } of indexes) await c.query(def)
    await c.query('SET session_replication_role = DEFAULT')
    // the triggers that keep the dashboard's sums did not run (replica): make the sums from the orders
    log('orders: the dashboard sums')
    await c.query('SELECT sale_stats_rebuild()')
    log('orders: analysing')
    await c.query(
      'VACUUM ANALYZE sale_order, sale_order_line, sale_delivery, sale_delivery_line, sale_apply_modify, sys_review, sys_review_step, sys_review_decision, sale_order_stat, sale_order_line_stat',
    )
    const counts = (
      await c.query<{ orders: number; lines: number; reviews: number; decisions: number; deliveries: number }>(
        `SELECT (SELECT count(*) FROM sale_order)::int AS orders, (SELECT count(*) FROM sale_order_line)::int AS lines,
                (SELECT count(*) FROM sys_review)::int AS reviews, (SELECT count(*) FROM sys_review_decision)::int AS decisions,
                (SELECT count(*) FROM sale_delivery)::int AS deliveries`,
      )
    ).rows[0]!
    return counts
  } finally {
    await c.end()
  }
}
