import { OrderStatus } from '@app/contracts'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../helpers/app.ts'

/**
 * The dashboard's sums (schema/sales-stats.ts) against the orders themselves, currency by currency:
 * after the seed, after every kind of change an order and its lines go through, after compaction
 * and after a rebuild.
 */

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows

/** Per key, the orders and amount as the orders say and as the sums say: equal, keys with nothing left out. */
const orderSums = async () => {
  const direct = await rows<Record<string, unknown>>(sql`
    select to_char(order_date, 'YYYY-MM') as month, branch_id, status, sync_status, coalesce(org_code, '') as org,
           coalesce(create_by::text, '') as who, coalesce(currency, '') as currency, count(*)::int as orders,
           sum(total_amount)::text as amount
      from sale_order where not del_flag group by 1, 2, 3, 4, 5, 6, 7 order by 1, 2, 3, 4, 5, 6, 7`)
  const kept = await rows<Record<string, unknown>>(sql`
    select to_char(month, 'YYYY-MM') as month, branch_id, status, sync_status, org_code as org,
           case when create_by = '00000000-0000-0000-0000-000000000000' then '' else create_by::text end as who,
           currency, sum(orders)::int as orders, sum(amount)::text as amount
      from sale_order_facts group by 1, 2, 3, 4, 5, 6, 7 having sum(orders) <> 0 order by 1, 2, 3, 4, 5, 6, 7`)
  return { direct, kept }
}

const lineSums = async () => {
  const direct = await rows<Record<string, unknown>>(sql`
    select to_char(o.order_date, 'YYYY-MM') as month, l.product_id, coalesce(o.org_code, '') as org,
           coalesce(o.create_by::text, '') as who, coalesce(o.currency, '') as currency,
           sum(l.quantity)::text as quantity, sum(l.amount)::text as amount
      from sale_order_line l join sale_order o on o.id = l.order_id where not o.del_flag
     group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5`)
  const kept = await rows<Record<string, unknown>>(sql`
    select to_char(month, 'YYYY-MM') as month, product_id, org_code as org,
           case when create_by = '00000000-0000-0000-0000-000000000000' then '' else create_by::text end as who,
           currency, sum(quantity)::text as quantity, sum(amount)::text as amount
      from sale_order_line_facts group by 1, 2, 3, 4, 5 having sum(quantity) <> 0 or sum(amount) <> 0
     order by 1, 2, 3, 4, 5`)
  return { direct, kept }
}

const expectExact = async () => {
  const orders = await orderSums()
  expect(orders.direct.length).toBeGreaterThan(10)
  expect(orders.kept).toEqual(orders.direct)
  const lines = await lineSums()
  expect(lines.direct.length).toBeGreaterThan(10)
  expect(lines.kept).toEqual(lines.direct)
}

describe('the sales sums', () => {
  it('hold what the seeded orders hold', async () => {
    await expectExact()
  })

  it('follow every change of an order and its lines, through compaction and a rebuild', async () => {
    const db = t.database.db
    const pick = async (status: number) =>
      (
        await rows<{ id: string }>(sql`
          select o.id from sale_order o where o.status = ${status} and not o.del_flag
             and not exists (select 1 from sale_apply_modify a where a.order_id = o.id)
             and not exists (select 1 from sale_delivery d where d.order_id = o.id)
           order by o.order_no limit 3`)
      ).map((r) => r.id)
    const [moved, softDeleted, hardDeleted] = await pick(OrderStatus.PendingReview)
    const [redated] = await pick(OrderStatus.PendingDelivery)
    expect([moved, softDeleted, hardDeleted, redated].every(Boolean)).toBe(true)

    // a review moves an order; its total changes with a line's quantity; a line is added and one removed
    await db.execute(
      sql`update sale_order set status = ${OrderStatus.UnderReview}, sync_status = '1' where id = ${moved}`,
    )
    await db.execute(
      sql`update sale_order_line set quantity = quantity + 5, amount = amount + 50 where id = (select id from sale_order_line where order_id = ${moved} order by line_no limit 1)`,
    )
    await db.execute(sql`update sale_order set total_amount = total_amount + 50 where id = ${moved}`)
    await db.execute(sql`
      insert into sale_order_line (order_id, line_no, product_id, unit_id, unit, quantity, price, amount)
      select order_id, 99, product_id, unit_id, unit, 2, price, price * 2 from sale_order_line
       where order_id = ${moved} order by line_no limit 1`)
    await expectExact()
    await db.execute(sql`delete from sale_order_line where order_id = ${moved} and line_no = 99`)
    // deleted as the order service deletes (kept, marked), and outright with its lines
    await db.execute(sql`update sale_order set del_flag = true where id = ${softDeleted}`)
    await db.execute(sql`delete from sale_order where id = ${hardDeleted}`)
    // moved to another month, another branch's department and another person
    await db.execute(sql`
      update sale_order set order_date = order_date - 45, org_code = 'A01A06', create_by = null where id = ${redated}`)
    await expectExact()
    // priced in another currency: its sums and its lines' move to that currency's
    await db.execute(sql`update sale_order set currency = 'EUR' where id = ${redated}`)
    await expectExact()

    // the differences folded into the sums: the same figures, and nothing pending
    await db.execute(sql`select sale_stats_compact()`)
    expect((await rows<{ n: number }>(sql`select count(*)::int as n from sale_order_stat_delta`))[0]!.n).toBe(0)
    expect((await rows<{ n: number }>(sql`select count(*)::int as n from sale_order_line_stat_delta`))[0]!.n).toBe(0)
    await expectExact()

    // made again from the orders (after a bulk load without triggers): the same
    await db.execute(sql`update sale_order set status = ${OrderStatus.PendingReview} where id = ${moved}`)
    await db.execute(sql`select sale_stats_rebuild()`)
    await expectExact()
  })

  it('are folded in by the server while it runs', async () => {
    const pending = async () =>
      (await rows<{ n: number }>(sql`select count(*)::int as n from sale_order_stat_delta`))[0]!.n
    await t.database.db.execute(
      sql`update sale_order set sync_status = '1' where id = (select id from sale_order where not del_flag and sync_status = '0' limit 1)`,
    )
    expect(await pending()).toBeGreaterThan(0)
    const until = Date.now() + 15_000
    while ((await pending()) > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 250))
    expect(await pending()).toBe(0)
    await expectExact()
  }, 30_000)
})
