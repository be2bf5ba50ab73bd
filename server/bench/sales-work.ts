import { dayOf } from '../src/platform/days.ts'
import { type createRecorder, type RecordedWrite, type ReplayMeasure, replayWrites } from './floor-writes.ts'
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

/** Each demo user signed in once per server (its sign-ins are throttled like anyone's). */
const tokens = new Map<string, Promise<string>>()
const tokenOf = (baseUrl: string, username = 'admin') => {
  const key = `${baseUrl} ${username}`
  if (!tokens.has(key)) tokens.set(key, adminToken(baseUrl, username))
  return tokens.get(key)!
}

/**
 * Stocks a depot through the app (the administrator's production-in, batch `batchNo`, made today
 * unless `dates` says when it was made and when it expires): `quantity` base units of each product,
 * 200 lines a document.
 */
export const stockDepot = async (
  baseUrl: string,
  depotId: string,
  productIds: readonly string[],
  quantity: number,
  batchNo = 'BENCH-1',
  dates: { productionDate: string; expiryDate?: string } = { productionDate: dayOf(new Date()) },
) => {
  const admin = await tokenOf(baseUrl)
  for (let i = 0; i < productIds.length; i += 200) {
    await post(`${baseUrl}/api/pro/stock/productionIn`, admin, {
      depotId,
      remark: 'bench',
      lines: productIds.slice(i, i + 200).map((productId) => ({ productId, batchNo, quantity, ...dates })),
    })
  }
}

/** A round of writes: its load, the writes it made, and what the checks after it found broken. */
export type Work = { result: LoadResult; done: number; broken: number }

/**
 * A round of a write's floor: `count` calls recorded through the app by `recorder`, then sent again
 * through bare pg, `connections` at once (`measure` around the sending).
 */
export type FloorRun = {
  databaseUrl: string
  baseUrl: string
  recorder: Awaited<ReturnType<typeof createRecorder>>
  connections: number
  count: number
  measure?: ReplayMeasure
}

/** The calls of `next` (null: none left) recorded by a worker pool, then replayed: a floor round's load. */
const recordAndReplay = async (
  run: FloorRun,
  next: () => { url: string; token: string; body: unknown; done: () => void } | null,
) => {
  const writes: RecordedWrite[] = []
  const worker = async () => {
    while (writes.length < run.count) {
      const call = next()
      if (!call) return
      const write = await run.recorder.record(call.url, call.token, call.body)
      if (write) {
        writes.push(write)
        call.done()
      }
    }
  }
  await Promise.all(Array.from({ length: run.connections }, worker))
  return replayWrites(run.databaseUrl, writes, run.connections, run.measure)
}

/** The orders waiting at each reviewer's step (none with an open sub-flow request), up to 20 000 each. */
const approvalQueues = (databaseUrl: string) =>
  // one query after the other: a pg client runs one at a time (pg 9 refuses overlapping calls)
  withClient(databaseUrl, async (c) => {
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
type Queues = Awaited<ReturnType<typeof approvalQueues>>

/** A reviewer's approval of an order, as the audit route takes it. */
const approval = (id: string) => ({ id, decision: 'approve', note: 'bench' })

/** Every decided order where its decision put it: the next step, or pending delivery after the last. */
const misplacedDecisions = (databaseUrl: string, queues: Queues) =>
  withClient(databaseUrl, async (c) => {
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

/**
 * Approvals for `seconds` by the three reviewers, `connections` at once, each on the next order
 * waiting at their step; afterwards every decided order must stand where its decision put it.
 */
export const benchApprovals = async (
  databaseUrl: string,
  baseUrl: string,
  connections: number,
  seconds: number,
): Promise<Work> => {
  const queues = await approvalQueues(databaseUrl)
  const signedIn = await Promise.all(queues.map((q) => tokenOf(baseUrl, q.username)))
  const result: LoadResult = await loadCalls(
    async (i) => {
      const q = queues[i % queues.length]!
      const id = q.ids[q.next++]
      if (!id) throw new NothingLeft(`no order left at step ${q.step}`)
      await post(`${baseUrl}/api/sale/order/audit`, signedIn[i % queues.length]!, approval(id))
      q.decided.push(id)
    },
    connections,
    seconds,
  )
  const done = queues.reduce((s, q) => s + q.decided.length, 0)
  return { result, done, broken: await misplacedDecisions(databaseUrl, queues) }
}

/**
 * The approvals' floor: `count` decisions as `benchApprovals` makes them (the three reviewers in
 * turn, each on the next order at their step), recorded through the app's code and sent again
 * through a bare pg pool (floor-writes.ts); checked as the app's are.
 */
export const benchApprovalsFloor = async (run: FloorRun): Promise<Work> => {
  const queues = await approvalQueues(run.databaseUrl)
  const signedIn = await Promise.all(queues.map((q) => tokenOf(run.baseUrl, q.username)))
  let turn = 0
  const result = await recordAndReplay(run, () => {
    for (let tried = 0; tried < queues.length; tried++) {
      const i = turn++ % queues.length
      const q = queues[i]!
      const id = q.ids[q.next++]
      if (id)
        return {
          url: '/api/sale/order/audit',
          token: signedIn[i]!,
          body: approval(id),
          done: () => q.decided.push(id),
        }
    }
    return null
  })
  return { result, done: result.requests, broken: await misplacedDecisions(run.databaseUrl, queues) }
}

/** Orders pending delivery (up to 20 000) with what is left of each line, and the export depot stocked for them. */
const deliveryWork = async (databaseUrl: string, baseUrl: string) => {
  const work = await withClient(databaseUrl, async (c) => {
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
  // one batch that expires before any other, so every delivery takes it (earliest expiry first):
  // a recorded delivery of the floor takes what its recording took, which it then still holds
  await stockDepot(baseUrl, work.depotId, work.productIds, 10_000_000, 'BENCH-1', {
    productionDate: '2000-01-01',
    expiryDate: '2000-01-02',
  })
  return { ...work, logistics: await tokenOf(baseUrl, 'logistics_admin'), today: dayOf(new Date()) }
}

/** A whole order shipped from the depot, as the deliver route takes it. */
const shipment = (w: Awaited<ReturnType<typeof deliveryWork>>, order: (typeof w.orders)[number]) => ({
  orderId: order.id,
  depotId: w.depotId,
  shipDate: w.today,
  lines: order.lines.map((l) => ({ orderLineId: l.id, quantity: Number(l.left) })),
})

/** The depot's stock equals its ledger, no sales-out since `since` unlike its delivery, nothing shipped beyond a line. */
const brokenStock = (databaseUrl: string, depotId: string, since: Date) =>
  withClient(databaseUrl, async (c) => {
    const checks = [
      await stockUnlikeLedger(c, depotId),
      await shippedBeyondLines(c),
      await stockOutUnlikeShipped(c, since),
    ]
    for (const check of checks)
      for (const example of check.examples) console.error(`[bench] broken: ${check.name}: ${example}`)
    return checks.reduce((n, check) => n + check.count, 0)
  })

/**
 * Deliveries for `seconds`: logistics_admin ships orders pending delivery in full from the export
 * depot (stocked first by one production-in); afterwards the depot's stock must equal its ledger,
 * each delivery's sales-out must have taken what it shipped, and nothing may be negative or shipped
 * beyond its line.
 */
export const benchDeliveries = async (
  databaseUrl: string,
  baseUrl: string,
  connections: number,
  seconds: number,
): Promise<Work> => {
  const w = await deliveryWork(databaseUrl, baseUrl)
  const started = new Date()
  let next = 0
  let shipped = 0
  const result: LoadResult = await loadCalls(
    async () => {
      const order = w.orders[next++]
      if (!order) throw new NothingLeft('no order left to deliver')
      await post(`${baseUrl}/api/sale/delivery/add`, w.logistics, shipment(w, order))
      shipped++
    },
    connections,
    seconds,
  )
  return { result, done: shipped, broken: await brokenStock(databaseUrl, w.depotId, started) }
}

/**
 * The deliveries' floor: `count` deliveries as `benchDeliveries` makes them, recorded through the
 * app's code and sent again through a bare pg pool (floor-writes.ts); checked as the app's are.
 */
export const benchDeliveriesFloor = async (run: FloorRun): Promise<Work> => {
  const w = await deliveryWork(run.databaseUrl, run.baseUrl)
  const started = new Date()
  let next = 0
  const result = await recordAndReplay(run, () => {
    const order = w.orders[next++]
    return order
      ? { url: '/api/sale/delivery/add', token: w.logistics, body: shipment(w, order), done: () => {} }
      : null
  })
  return { result, done: result.requests, broken: await brokenStock(run.databaseUrl, w.depotId, started) }
}
