import { ApprovalStatus, AuditBusiness, OrderStatus, RejectFlow, ReviewDecision } from '@app/contracts'
import pg from 'pg'

/**
 * What must hold in the sales data however many people worked on it at once, checked in the
 * database after a load: the benches' invariants in one place (sales-work.ts, soak.ts). Each
 * check answers how many rows break it and a few of them to look at.
 */
export type Check = { name: string; count: number; examples: string[] }

export const withClient = async <T>(url: string, work: (c: pg.Client) => Promise<T>) => {
  const c = new pg.Client({ connectionString: url })
  await c.connect()
  try {
    return await work(c)
  } finally {
    await c.end()
  }
}

/** Rows of a query whose first column names what is broken. */
const broken = async (c: pg.Client, name: string, text: string, params: unknown[] = []): Promise<Check> => {
  const { rows } = await c.query<Record<string, unknown>>(text, params)
  return { name, count: rows.length, examples: rows.slice(0, 3).map((r) => String(Object.values(r)[0])) }
}

/** Stock rows unlike the sum of their ledger or below zero, and ledger sums without a stock row (one depot, or all). */
export const stockUnlikeLedger = (c: pg.Client, depotId?: string) =>
  broken(
    c,
    'stock equals its ledger, nothing negative',
    `SELECT coalesce(s.depot_id, l.depot_id)::text || '/' || coalesce(s.product_id, l.product_id) || '/' ||
            coalesce(s.batch_no, l.batch_no) || ': stock ' || coalesce(s.quantity::text, 'none') || ', ledger ' ||
            coalesce(l.total::text, 'none') AS what
       FROM (SELECT * FROM pro_stock WHERE $1::uuid IS NULL OR depot_id = $1) s
       FULL JOIN (SELECT depot_id, product_id, batch_no, sum(change) AS total FROM pro_stock_ledger
                   WHERE $1::uuid IS NULL OR depot_id = $1 GROUP BY 1, 2, 3) l
         ON l.depot_id = s.depot_id AND l.product_id = s.product_id AND l.batch_no = s.batch_no
      WHERE s.quantity < 0 OR s.quantity IS DISTINCT FROM coalesce(l.total, 0) AND NOT (s.id IS NULL AND l.total = 0)`,
    [depotId ?? null],
  )

/** Order lines delivered below zero or beyond their quantity. */
export const shippedBeyondLines = (c: pg.Client) =>
  broken(
    c,
    'nothing shipped beyond its line',
    `SELECT o.order_no || ' line ' || l.line_no || ': ' || l.delivered_quantity || ' of ' || l.quantity
       FROM sale_order_line l JOIN sale_order o ON o.id = l.order_id
      WHERE l.delivered_quantity > l.quantity OR l.delivered_quantity < 0`,
  )

/** A line's delivered quantity is what its deliveries shipped. */
const deliveredAsShipped = (c: pg.Client) =>
  broken(
    c,
    "delivered = its deliveries' lines",
    `SELECT o.order_no || ' line ' || l.line_no || ': delivered ' || l.delivered_quantity || ', shipped ' || coalesce(d.q, 0)
       FROM sale_order_line l JOIN sale_order o ON o.id = l.order_id
       LEFT JOIN (SELECT order_line_id, sum(quantity) AS q FROM sale_delivery_line GROUP BY 1) d ON d.order_line_id = l.id
      WHERE l.delivered_quantity <> coalesce(d.q, 0)`,
  )

/**
 * A delivery's sales-out took from stock what the delivery shipped, in base units: every delivery,
 * or those made since `since` (the bench's own, among copies that share their original's sales-out).
 */
export const stockOutUnlikeShipped = (c: pg.Client, since?: Date) =>
  broken(
    c,
    "each delivery's sales-out took from stock what it shipped",
    `SELECT d.delivery_no || ': shipped ' || s.base || ' base units, stock gave ' || coalesce(-t.change, 0)
       FROM sale_delivery d
       CROSS JOIN LATERAL (
         SELECT sum(dl.quantity * u.conversion_rate) AS base FROM sale_delivery_line dl
           JOIN sale_order_line l ON l.id = dl.order_line_id JOIN pro_product_unit u ON u.id = l.unit_id
          WHERE dl.delivery_id = d.id) s
       CROSS JOIN LATERAL (SELECT sum(change) AS change FROM pro_stock_ledger WHERE doc_id = d.stock_doc_id) t
      WHERE ($1::timestamptz IS NULL OR d.create_at >= $1) AND round(s.base, 3) <> coalesce(-t.change, 0)`,
    [since ?? null],
  )

/** A live order's status says where its review stands and what has shipped. */
const statusAgrees = (c: pg.Client) =>
  broken(
    c,
    "order status agrees with its review and its deliveries; a request's with its review",
    `SELECT o.order_no || ': status ' || o.status || ', review ' || coalesce(r.status || ' at step ' || r.current_step, 'none')
            || ', lines ' || x.n || ', some shipped ' || x.some || ', all shipped ' || x.full
       FROM sale_order o
       LEFT JOIN sys_review r ON r.business = $1 AND r.object_id = o.id::text
       CROSS JOIN LATERAL (SELECT count(*) AS n, count(*) FILTER (WHERE delivered_quantity > 0) AS some,
                                  count(*) FILTER (WHERE delivered_quantity >= quantity) AS full
                             FROM sale_order_line WHERE order_id = o.id) x
      WHERE NOT o.del_flag AND (r.id IS NULL OR x.n = 0 OR NOT CASE o.status
              WHEN ${OrderStatus.PendingReview} THEN r.status = '${ApprovalStatus.Pending}' AND r.current_step = 1 AND x.some = 0
              WHEN ${OrderStatus.UnderReview} THEN r.status = '${ApprovalStatus.UnderReview}' AND x.some = 0
              WHEN ${OrderStatus.Rejected} THEN r.status = '${ApprovalStatus.Rejected}' AND x.some = 0
              WHEN ${OrderStatus.PendingDelivery} THEN r.status = '${ApprovalStatus.Approved}' AND x.some = 0
              WHEN ${OrderStatus.PartlyDelivered} THEN r.status = '${ApprovalStatus.Approved}' AND x.some > 0 AND x.full < x.n
              WHEN ${OrderStatus.FullyDelivered} THEN r.status = '${ApprovalStatus.Approved}' AND x.full = x.n
                AND o.actual_delivery_date IS NULL
              WHEN ${OrderStatus.DeliveryComplete} THEN r.status = '${ApprovalStatus.Approved}' AND x.full = x.n
                AND o.actual_delivery_date IS NOT NULL
              ELSE false END)
     UNION ALL
     SELECT a.order_no || ' request ' || a.id || ': status ' || a.status || ', review ' || coalesce(r.status, 'none')
       FROM (SELECT id, order_no, status, $2 AS business FROM sale_apply_modify
             UNION ALL SELECT id, order_no, status, $3 FROM sale_order_delete) a
       LEFT JOIN sys_review r ON r.business = a.business AND r.object_id = a.id::text
      WHERE r.status IS DISTINCT FROM a.status`,
    [AuditBusiness.SaleOrder, AuditBusiness.OrderAdjust, AuditBusiness.OrderDelete],
  )

/** A live order's totals (amount, boxes, weights, volume) are the sums of its lines. */
const totalsAddUp = (c: pg.Client) =>
  broken(
    c,
    'order totals = the sums of their lines',
    `SELECT o.order_no || ': amount ' || o.total_amount || ' vs ' || coalesce(l.amount::text, 'no lines')
       FROM sale_order o
       LEFT JOIN (SELECT order_id, sum(amount) AS amount, sum(boxes) AS boxes, sum(gross_weight_kg) AS gross,
                         sum(net_weight_kg) AS net, sum(volume_m_3) AS volume
                    FROM sale_order_line GROUP BY 1) l ON l.order_id = o.id
      WHERE NOT o.del_flag AND (l.order_id IS NULL OR (o.total_amount, o.total_boxes, o.total_gross_weight_kg,
              o.total_net_weight_kg, o.total_volume_m_3) IS DISTINCT FROM (l.amount, l.boxes, l.gross, l.net, l.volume))`,
  )

/** The dashboard's sums (sums + pending differences, per currency) equal counting the live orders and lines. */
const dashboardSums = (c: pg.Client) =>
  broken(
    c,
    'dashboard sums (sale_*_facts) = counting the orders and lines',
    `WITH facts AS (
       SELECT month, org_code, create_by, currency, branch_id, status, sync_status, sum(orders)::int AS n,
              sum(amount) AS amount
         FROM sale_order_facts GROUP BY 1, 2, 3, 4, 5, 6, 7 HAVING sum(orders) <> 0 OR sum(amount) <> 0),
     counted AS (
       SELECT date_trunc('month', order_date)::date, coalesce(org_code, ''),
              coalesce(create_by, '00000000-0000-0000-0000-000000000000'), coalesce(currency, ''), branch_id, status,
              sync_status, count(*)::int, sum(total_amount)
         FROM sale_order WHERE NOT del_flag GROUP BY 1, 2, 3, 4, 5, 6, 7),
     line_facts AS (
       SELECT month, org_code, create_by, currency, product_id, sum(quantity) AS quantity, sum(amount) AS amount
         FROM sale_order_line_facts GROUP BY 1, 2, 3, 4, 5 HAVING sum(quantity) <> 0 OR sum(amount) <> 0),
     lines_counted AS (
       SELECT date_trunc('month', o.order_date)::date, coalesce(o.org_code, ''),
              coalesce(o.create_by, '00000000-0000-0000-0000-000000000000'), coalesce(o.currency, ''), l.product_id,
              sum(l.quantity), sum(l.amount)
         FROM sale_order_line l JOIN sale_order o ON o.id = l.order_id WHERE NOT o.del_flag GROUP BY 1, 2, 3, 4, 5)
     SELECT 'orders ' || x::text FROM ((TABLE facts EXCEPT TABLE counted) UNION ALL (TABLE counted EXCEPT TABLE facts)) x
     UNION ALL
     SELECT 'lines ' || y::text FROM ((TABLE line_facts EXCEPT TABLE lines_counted)
                                      UNION ALL (TABLE lines_counted EXCEPT TABLE line_facts)) y`,
  )

/** Order, delivery and stock-document numbers: per prefix and day 1..n without gaps, n = the day's sequence. */
const numbersWithoutGaps = (c: pg.Client) =>
  broken(
    c,
    'numbers per day without gaps (orders, deliveries, stock documents)',
    `WITH numbers AS (
       SELECT 'SO' AS prefix, order_no AS no FROM sale_order
       UNION ALL SELECT 'FH', delivery_no FROM sale_delivery
       UNION ALL SELECT substring(doc_no FROM '^[A-Z]+'), doc_no FROM pro_stock_doc),
     issued AS (
       SELECT prefix, substr(split_part(no, '-', 1), length(prefix) + 1) AS day, count(DISTINCT no)::int AS n,
              max(split_part(no, '-', 2)::int) AS top, count(*)::int AS rows
         FROM numbers GROUP BY 1, 2)
     SELECT coalesce(s.prefix, i.prefix) || coalesce(s.day, i.day) || ': sequence ' || coalesce(s.value::text, 'none')
            || ', numbers ' || coalesce(i.n::text, 'none') || ' up to ' || coalesce(i.top::text, 'none')
       FROM (SELECT * FROM sys_sequence WHERE prefix IN (SELECT DISTINCT prefix FROM numbers)) s
       FULL JOIN issued i ON i.prefix = s.prefix AND i.day = s.day
      WHERE (i.n, i.top, i.rows) IS DISTINCT FROM (s.value, s.value, s.value)`,
  )

type ReviewRow = {
  id: string
  business: string
  object_no: string | null
  round: number
  status: string
  current_step: number
  step_count: number
  reject_flow: string
}
type Decision = { review_id: string; round: number; step_no: number; decision: string }
type StepRow = { review_id: string; step_no: number; decision: string | null; is_audit: number }

/**
 * Every review replayed from its decisions (in the order they were taken): each decision on the
 * step that was current then, none after the end, a finished round before the next, and the
 * review and its steps as the replay leaves them. A step decided twice, or by two reviewers at
 * once, breaks it.
 */
const reviewsReplay = async (c: pg.Client): Promise<Check> => {
  const reviews = (
    await c.query<ReviewRow>(
      'SELECT id, business, object_no, round, status, current_step, step_count, reject_flow FROM sys_review',
    )
  ).rows
  const decisions = (
    await c.query<Decision>(
      'SELECT review_id, round, step_no, decision FROM sys_review_decision ORDER BY create_at, step_no',
    )
  ).rows
  const steps = (await c.query<StepRow>('SELECT review_id, step_no, decision, is_audit FROM sys_review_step')).rows
  const byReview = new Map<string, Decision[]>()
  for (const d of decisions) byReview.set(d.review_id, [...(byReview.get(d.review_id) ?? []), d])
  const stepsOf = new Map<string, StepRow[]>()
  for (const s of steps) stepsOf.set(s.review_id, [...(stepsOf.get(s.review_id) ?? []), s])
  const bad: string[] = []
  for (const r of reviews) {
    const what = `${r.business} ${r.object_no ?? r.id}`
    const mine = byReview.get(r.id) ?? []
    let state = { status: '', step: 0, marks: new Map<number, [string, number]>() }
    for (let round = 1; round <= r.round; round++) {
      if (round > 1 && (state.status === ApprovalStatus.Pending || state.status === ApprovalStatus.UnderReview)) {
        bad.push(`${what}: round ${round} began while round ${round - 1} was open`)
      }
      state = { status: ApprovalStatus.Pending, step: 1, marks: new Map() }
      for (const d of mine.filter((x) => x.round === round)) {
        const open = state.status === ApprovalStatus.Pending || state.status === ApprovalStatus.UnderReview
        if (!open || d.step_no !== state.step) {
          bad.push(
            `${what}: round ${round} step ${d.step_no} decided while ${open ? `step ${state.step} was current` : 'finished'}`,
          )
          break
        }
        if (d.decision === ReviewDecision.Approve) {
          state.marks.set(state.step, [ReviewDecision.Approve, 1])
          if (state.step === r.step_count) state.status = ApprovalStatus.Approved
          else {
            state.step++
            state.marks.delete(state.step)
            state.status = ApprovalStatus.UnderReview
          }
        } else if (r.reject_flow !== RejectFlow.ToPrevious || state.step === 1) {
          state.marks.set(state.step, [ReviewDecision.Reject, 1])
          state.status = ApprovalStatus.Rejected
        } else {
          state.marks.set(state.step, [ReviewDecision.Reject, 0])
          state.step--
          state.marks.delete(state.step)
          state.status = state.step > 1 ? ApprovalStatus.UnderReview : ApprovalStatus.Pending
        }
      }
    }
    if (state.status !== r.status || state.step !== r.current_step) {
      bad.push(
        `${what}: review ${r.status} at step ${r.current_step}, its decisions say ${state.status} at ${state.step}`,
      )
    }
    for (const s of stepsOf.get(r.id) ?? []) {
      const [decision, isAudit] = state.marks.get(s.step_no) ?? [null, 0]
      if (s.decision !== decision || s.is_audit !== isAudit) {
        bad.push(
          `${what}: step ${s.step_no} holds ${s.decision}/${s.is_audit}, its decisions say ${decision}/${isAudit}`,
        )
      }
    }
  }
  return {
    name: 'reviews replay from their decisions (no step decided twice)',
    count: bad.length,
    examples: bad.slice(0, 3),
  }
}

/** Every invariant of the sales data, over the whole database. */
export const salesInvariants = (databaseUrl: string): Promise<Check[]> =>
  withClient(databaseUrl, async (c) => [
    await stockUnlikeLedger(c),
    await shippedBeyondLines(c),
    await deliveredAsShipped(c),
    await stockOutUnlikeShipped(c),
    await statusAgrees(c),
    await reviewsReplay(c),
    await totalsAddUp(c),
    await dashboardSums(c),
    await numbersWithoutGaps(c),
  ])
