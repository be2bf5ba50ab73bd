import { DELIVERABLE, type DeliveryOrder, type ListQuery, type Page } from '@app/contracts'
import { type SQL, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Principal } from '../../src/platform/auth/principal.ts'
import { createTestApp, type TestApp } from '../helpers/app.ts'
import { type Api, as } from './helpers.ts'

/**
 * The delivery list's default order (issue point 4): the orders still to ship (pending delivery,
 * partly delivered) first, by expected delivery date, the overdue ones at the top; then the others
 * (fully delivered, complete) by the same date. On the seeded orders, which have both kinds over
 * the year, so that an order by date alone puts a completed order first.
 */

let t: TestApp
let admin: Api

const toShip = (o: Pick<DeliveryOrder, 'status'>) => DELIVERABLE.includes(o.status)
const today = () => new Date().toLocaleDateString('sv')

const listed = async (query: Record<string, string | number> = {}) => {
  const res = await admin.get<Page<DeliveryOrder>>('/api/sale/delivery/list', { pageNo: 1, pageSize: 500, ...query })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body.result
}

const expectByDate = (orders: readonly DeliveryOrder[]) => {
  const dates = orders.map((o) => o.expectedDeliveryDate)
  expect(dates).toEqual([...dates].sort())
}

/** The administrator as the list's reads take a caller (scope `all`). */
const adminPrincipal = { userId: 'admin', dataScope: 'all', roleCodes: [], deptCodes: [] } as unknown as Principal

const deliveryOrders = () => {
  const reg = t.app.deps.resources.get('deliveryOrder')
  if (!reg) throw new Error('deliveryOrder is not registered')
  return reg.service
}

/** A statement with `$n` parameters as a Drizzle SQL, to run inside a transaction. */
const withParams = (text: string, params: readonly unknown[]): SQL =>
  sql.join(
    text.split(/\$(\d+)/).map((part, i) => (i % 2 === 1 ? sql`${params[Number(part) - 1]}` : sql.raw(part))),
    sql.raw(''),
  )

beforeAll(async () => {
  t = await createTestApp()
  admin = await as(t, 'admin')
})
afterAll(() => t.close())

describe('the delivery list without a sort chosen', () => {
  it('lists the orders still to ship first, by expected delivery date (overdue on top), then the others', async () => {
    const { records, total } = await listed()
    expect(records).toHaveLength(total)
    const open = records.filter(toShip)
    const rest = records.filter((o) => !toShip(o))
    expect(open.length).toBeGreaterThan(0)
    expect(rest.length).toBeGreaterThan(0)
    // the seed has orders to ship past their date, and done orders dated among them: by date alone
    // the two would mix
    expect(open[0]!.expectedDeliveryDate < today()).toBe(true)
    expect(rest.some((o) => o.expectedDeliveryDate < open.at(-1)!.expectedDeliveryDate)).toBe(true)

    expect(records.slice(0, open.length).every(toShip)).toBe(true)
    expectByDate(open)
    expectByDate(rest)
  })

  it('keeps that order on every page and under the status filter', async () => {
    const { records } = await listed()
    const pages: DeliveryOrder[] = []
    for (let pageNo = 1; pages.length < records.length; pageNo++) {
      const page = await listed({ pageNo, pageSize: 7 })
      expect(page.records.length).toBeGreaterThan(0)
      pages.push(...page.records)
    }
    expect(pages.map((o) => o.id)).toEqual(records.map((o) => o.id))

    const shipped = await listed({ search: JSON.stringify({ status: ['100805', '100806'] }) })
    expect(shipped.records.map((o) => o.id)).toEqual(
      records.filter((o) => o.status === 100805 || o.status === 100806).map((o) => o.id),
    )
  })

  it('a sort the user picks is that column alone', async () => {
    const { records } = await listed({ column: 'expectedDeliveryDate', order: 'asc' })
    expectByDate(records)
    expect(
      records.findIndex((o) => !toShip(o)),
      'a done order before the last one to ship',
    ).toBeLessThan(records.findLastIndex(toShip))
  })

  it('an export reads it in the same order, batch after batch', async () => {
    const { records } = await listed()
    const query = { pageNo: 1, pageSize: 10 } as ListQuery
    const ids: string[] = []
    for await (const batch of deliveryOrders().scan(adminPrincipal, query, { batchSize: 7 })) {
      ids.push(...batch.map((r) => r.id))
    }
    expect(ids).toEqual(records.map((o) => o.id))
  })

  it('reads a page off its index in that order, sorting none of the matching orders', async () => {
    const { page } = deliveryOrders().listSql(adminPrincipal, { pageNo: 3, pageSize: 10 } as ListQuery)
    const plan = await t.database.db.transaction(async (tx) => {
      // as at a million orders, where reading every matching row to sort them is what must not happen
      await tx.execute(sql`set local enable_seqscan = off`)
      await tx.execute(sql`set local enable_sort = off`)
      const rows = await tx.execute(sql`explain ${withParams(page.sql, page.params)}`)
      return (rows as unknown as { rows?: Record<string, string>[] }).rows ?? (rows as Record<string, string>[])
    })
    // the page's ids (the deferred join's inner query, under its Limit) come off the index in order;
    // only the page's own rows are put in order again above it
    const text = plan.map((r) => Object.values(r)[0]).join('\n')
    const ids = text.slice(text.indexOf('Limit'))
    expect(ids, text).toMatch(/^Limit[\s\S]*Index (Only )?Scan using sale_order_delivery_list_idx/)
    expect(ids, text).not.toMatch(/\bSort\b/)
  })
})
