import type { Page, SellableProduct } from '@app/contracts'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rowsOf } from '../../src/db/client.ts'
import { createTestApp, type TestApp } from '../helpers/app.ts'
import { type Api, as, branchId } from './helpers.ts'

/**
 * The order form's product picker (`/sale/order/sellableProducts`): what a branch may order now,
 * page by page by product code, each with its price and sale units, as the database holds them.
 */

let t: TestApp
let branchAdmin: Api
let moscow: string

beforeAll(async () => {
  t = await createTestApp()
  branchAdmin = await as(t, 'branch_admin')
  moscow = await branchId(t, 'RU-MOW')
})
afterAll(async () => {
  await t?.close()
})

const page = async (query: Record<string, string | number>) => {
  const res = await branchAdmin.get<Page<SellableProduct>>('/api/sale/order/sellableProducts', {
    branchId: moscow,
    ...query,
  })
  expect(res.status).toBe(200)
  return res.body.result
}

type Offered = { id: string; code: string; price: string; currency: string }
/** The branch's offer counted in SQL: enabled relation, approved and enabled product; its price. */
const offerInDatabase = async () =>
  rowsOf<Offered>(
    await t.database.db.execute(sql`
      select p.id, p.code, coalesce(r.sale_price, pp.price, 0)::text as price,
        case when r.sale_price is not null then r.currency else coalesce(pp.currency, r.currency) end as currency
      from pro_branch_sale_rel r join pro_product p on p.id = r.product_id
      left join pro_product_price pp on pp.product_id = p.id and pp.price_type = 'sale'
      where r.branch_id = ${moscow} and r.status = '1' and p.audit_status = '2' and p.status = '1'
      order by p.code`),
  )

describe('the products a branch may order', () => {
  it('come page by page by code with the whole offer as the total, past the last page none', async () => {
    const offer = await offerInDatabase()
    expect(offer.length).toBeGreaterThan(4)
    const first = await page({ pageNo: 1, pageSize: 3 })
    const second = await page({ pageNo: 2, pageSize: 3 })
    expect(first.total).toBe(offer.length)
    expect(second.total).toBe(offer.length)
    expect([...first.records, ...second.records].map((p) => p.code)).toEqual(offer.slice(0, 6).map((o) => o.code))
    expect([...first.records, ...second.records].map((p) => [p.productId, p.price, p.currency])).toEqual(
      offer.slice(0, 6).map((o) => [o.id, Number(o.price), o.currency]),
    )

    const beyond = await page({ pageNo: 100, pageSize: 3 })
    expect(beyond.records).toEqual([])
    expect(beyond.total).toBe(offer.length)
  })

  it('each with its sale units in the order they were made, box and pieces per box', async () => {
    const { records } = await page({ pageNo: 1, pageSize: 50 })
    const units = rowsOf<{
      product_id: string
      id: string
      unit: string
      rate: string
      box: string | null
      per_box: number | null
    }>(
      await t.database.db.execute(sql`
        select product_id, id, unit, conversion_rate::text as rate, box_spec_id as box, per_box
        from pro_product_unit where use_case = 'sale' order by create_at, id`),
    )
    for (const p of records)
      expect(p.units, p.code).toEqual(
        units
          .filter((u) => u.product_id === p.productId)
          .map((u) => ({
            id: u.id,
            unit: u.unit,
            conversionRate: Number(u.rate),
            boxSpecId: u.box,
            perBox: u.per_box,
          })),
      )
    // the demo has boxed products: DC-006 comes in boxes of 12
    expect(records.find((p) => p.code === 'DC-006')?.units.map((u) => [u.unit, u.conversionRate])).toEqual([
      ['box', 12],
    ])
  })

  it('found by a keyword, with the total of what it finds', async () => {
    const found = await page({ keyword: 'DC-00', pageNo: 1, pageSize: 2 })
    const matching = (await offerInDatabase()).filter((o) => o.code.includes('DC-00'))
    expect(found.total).toBe(matching.length)
    expect(found.records.map((p) => p.code)).toEqual(matching.slice(0, 2).map((o) => o.code))
  })
})
