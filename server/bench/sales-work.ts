import { dayOf } from '../src/platform/days.ts'
import { call } from './http.ts'
import { shippedBeyondLines, stockOutUnlikeShipped, stockUnlikeLedger, withClient } from './invariants.ts'
import { type LoadResult, loadCalls, NothingLeft } from './list.ts'
import { adminToken } from './server.ts'

/**
 * The sales work of many people at once, through the real app (issue 18): reviewers approving
 * orders at their steps, logistics posting deliveries; then the invariants checked in the
 * database. Used by the orders section (orders.ts) on the million orders it loaded.
 */

/** Each flow step's reviewer in the demo (sale_order: region_president, branch_finance, gm_president). */
const REVIEWERS = [
  { username: 'region_president', step: 1 },
  { username: 'branch_finance', step: 2 },
  { username: 'gm_president', step: 3 },
] as const
/** The export depot the demo ships from. */
export const DEPOT = 'WH-SZ-F'

const post = (url: string, token: string, body: unknown) => call('POST', url, token, body)

/**
 * Stocks a depot through the app (the administrator's production-in, batch `batchNo`, today):
 * `quantity` base units of each product, 200 lines a document.
 */
export const stockDepot = async (
  baseUrl: string,
  depotId: string,
  productIds: readonly string[],
  quantity: number,
  batchNo = 'BENCH-1',
) => {
  const admin = await adminToken(baseUrl)
  const today = dayOf(new Date())
  for (let i = 0; i < productIds.length; i += 200) {
    await post(`${baseUrl}/api/pro/stock/productionIn`, admin, {
      depotId,
      remark: 'bench',
      lines: productIds.slice(i, i + 200).map((productId) => ({ productId, batchNo, quantity, productionDate: today })),
    })
  }
}

/**
 * Approvals for `seconds` by the three reviewers, `connections` at once, each on the next order
 * waiting at their step; afterwards every decided order must stand where its decision put it.
 */
export const benchApprovals = async (databaseUrl: string, baseUrl: string, connections: number, seconds: number) => {
  // one query after the other: a pg client runs one at a time (pg 9 refuses overlapping calls)
  const queues = await withClient(databaseUrl, async (c) => {
    const out = []
    for (const r of REVIEWERS)
      out.push({
        ...r,
        next: 0,
        decided: [] as string[],
        ids: (
          await c.query<{ id: string }>(
            `SELECT o.id FROM sale_order o
               JOIN sys_review rv ON rv.business = 'sale_order' AND rv.object_id = o.id::text
              WHERE NOT o.del_flag AND rv.status IN ('0', '1') AND rv.current_step = $1
                AND NOT EXISTS (SELECT 1 FROM sale_sub_apply s WHERE s.order_id = o.id AND s.status IN ('0', '1'))
              LIMIT 20000`,
            [r.step],
          )
        ).rows.map((row) => row.id),
      })
    return out
  })
  const tokens = await Promise.all(queues.map((q) => adminToken(baseUrl, q.username)))
  const result: LoadResult = await loadCalls(
    async (i) => {
      const q = queues[i % queues.length]!
      const id = q.ids[q.next++]
      if (!id) throw new NothingLeft(`no order left at step ${q.step}`)
      await post(`${baseUrl}/api/sale/order/audit`, tokens[i % queues.length]!, {
        id,
        decision: 'approve',
        note: 'bench',
      })
      q.decided.push(id)
    },
    connections,
    seconds,
  )
  // every decided order where its decision put it: the next step, or pending delivery after the last
  const wrong = await withClient(databaseUrl, async (c) => {
    let n = 0
    for (const q of queues) {
      const last = q.step === 3
      const { rows } = await c.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM sale_order o
           JOIN sys_review rv ON rv.business = 'sale_order' AND rv.object_id = o.id::text
          WHERE o.id = ANY($1::uuid[])
            AND NOT (CASE WHEN $2 THEN o.status = 100803 AND rv.status = '2'
                          ELSE o.status = 100802 AND rv.status = '1' AND rv.current_step = $3 END)`,
        [q.decided, last, q.step + 1],
      )
      n += rows[0]!.n
    }
    return n
  })
  return { result, decided: queues.reduce((s, q) => s + q.decided.length, 0), wrong }
}

/**
 * Deliveries for `seconds`: logistics_admin ships orders pending delivery in full from the export
 * depot (stocked first by one production-in); afterwards the depot's stock must equal its ledger,
 * each delivery's sales-out must have taken what it shipped, and nothing may be negative or shipped
 * beyond its line.
 */
export const benchDeliveries = async (databaseUrl: string, baseUrl: string, connections: number, seconds: number) => {
  const { depotId, orders, productIds } = await withClient(databaseUrl, async (c) => {
    const depot = (await c.query<{ id: string }>('SELECT id FROM md_depot WHERE code = $1', [DEPOT])).rows[0]
    if (!depot) throw new Error(`bench deliveries: no depot ${DEPOT}`)
    const { rows } = await c.query<{ id: string; lines: { id: string; left: number }[] }>(
      `SELECT o.id, json_agg(json_build_object('id', l.id, 'left', l.quantity - l.delivered_quantity)) AS lines
         FROM sale_order o JOIN sale_order_line l ON l.order_id = o.id
        WHERE NOT o.del_flag AND o.status = 100803 AND l.quantity > l.delivered_quantity
        GROUP BY o.id LIMIT 20000`,
    )
    const products = await c.query<{ id: string }>(
      `SELECT DISTINCT l.product_id AS id FROM sale_order_line l JOIN sale_order o ON o.id = l.order_id
        WHERE NOT o.del_flag AND o.status = 100803`,
    )
    return { depotId: depot.id, orders: rows, productIds: products.rows.map((r) => r.id) }
  })
  await stockDepot(baseUrl, depotId, productIds, 10_000_000)
  const today = dayOf(new Date())
  const logistics = await adminToken(baseUrl, 'logistics_admin')
  const started = new Date()
  let next = 0
  let shipped = 0
  const result: LoadResult = await loadCalls(
    async () => {
      const order = orders[next++]
      if (!order) throw new NothingLeft('no order left to deliver')
      await post(`${baseUrl}/api/sale/delivery/add`, logistics, {
        orderId: order.id,
        depotId,
        shipDate: today,
        lines: order.lines.map((l) => ({ orderLineId: l.id, quantity: Number(l.left) })),
      })
      shipped++
    },
    connections,
    seconds,
  )
  const broken = await withClient(
    databaseUrl,
    async (c) =>
      (await stockUnlikeLedger(c, depotId)).count +
      (await shippedBeyondLines(c)).count +
      (await stockOutUnlikeShipped(c, started)).count,
  )
  return { result, shipped, broken }
}
