import { sql } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { login, type TestApp } from '../helpers/app.ts'
import { raw } from '../list/helpers.ts'
import { createProductTestApp } from '../product/helpers.ts'

let t: TestApp
let token: string

/** Copies of the seeded orders: over 1 000 orders, so the export reads many batches of each sheet. */
const COPIES = 6

type Rows = { rows: Record<string, unknown>[] }
const query = async (text: ReturnType<typeof sql>) => ((await t.database.db.execute(text)) as unknown as Rows).rows

/** A copied row's id: the same for the same original and copy (lines find their order), in UUID v4 form. */
const copyId = (column: string) =>
  `overlay(overlay(md5(${column}::text || ':' || k) placing '4' from 13) placing '8' from 17)::uuid`

/** Every live order and its lines copied COPIES times, k minutes older, with new ids and numbers. */
const copyOrders = async () => {
  const columns = async (table: string, own: Record<string, string>) => {
    const names = (
      await query(sql`SELECT column_name AS name FROM information_schema.columns
                       WHERE table_schema = 'public' AND table_name = ${table} ORDER BY ordinal_position`)
    ).map((r) => String(r.name))
    return { into: names.join(', '), select: names.map((n) => own[n] ?? `src.${n}`).join(', ') }
  }
  const orders = await columns('sale_order', {
    id: copyId('src.id'),
    order_no: `src.order_no || '-C' || k`,
    create_at: `src.create_at - make_interval(mins => k)`,
  })
  const lines = await columns('sale_order_line', { id: copyId('src.id'), order_id: copyId('src.order_id') })
  await t.database.db.execute(
    sql.raw(`INSERT INTO sale_order (${orders.into})
      SELECT ${orders.select} FROM sale_order src, generate_series(1, ${COPIES}) k WHERE NOT src.del_flag`),
  )
  await t.database.db.execute(
    sql.raw(`INSERT INTO sale_order_line (${lines.into})
      SELECT ${lines.select} FROM sale_order_line src JOIN sale_order o ON o.id = src.order_id,
             generate_series(1, ${COPIES}) k WHERE NOT o.del_flag AND o.order_no NOT LIKE '%-C%'`),
  )
}

beforeAll(async () => {
  t = await createProductTestApp()
  await copyOrders()
  token = await login(t.app, 'admin')
})
afterAll(async () => t?.close())

const sheetRows = (sheet: ExcelJS.Worksheet) => {
  const rows: unknown[][] = []
  sheet.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1))
  })
  return rows
}

describe('order export', () => {
  it('lists every line of every exported order on the second sheet, order by order, in line order', async () => {
    const res = await raw(t.app, token, 'GET', '/api/sale/order/exportXls', {
      query: { langJson: JSON.stringify({ orderNo: 'Order number' }), column: 'createAt', order: 'desc' },
      lang: 'en',
    })
    expect(res.status).toBe(200)
    const wb = new ExcelJS.Workbook()
    await wb.xlsx.load(res.body as unknown as ArrayBuffer)
    const [orderSheet, lineSheet] = wb.worksheets
    const exported = sheetRows(orderSheet!)
      .slice(1)
      .map((r) => String(r[0]))
    const live = await query(sql`SELECT order_no FROM sale_order WHERE NOT del_flag`)
    expect(exported.length).toBeGreaterThan(1000)
    expect([...exported].sort()).toEqual(live.map((r) => String(r.order_no)).sort())

    const stored = await query(sql`
      SELECT o.order_no, l.line_no, p.code, l.quantity::float8 AS quantity
        FROM sale_order_line l JOIN sale_order o ON o.id = l.order_id JOIN pro_product p ON p.id = l.product_id
       WHERE NOT o.del_flag ORDER BY o.order_no, l.line_no`)
    const linesOf = new Map<string, unknown[][]>()
    for (const r of stored) {
      const no = String(r.order_no)
      linesOf.set(no, [...(linesOf.get(no) ?? []), [no, Number(r.line_no), r.code, Number(r.quantity)]])
    }
    const expected = exported.flatMap((no) => linesOf.get(no) ?? [])
    expect(expected.length).toBe(stored.length)

    const [header, ...lines] = sheetRows(lineSheet!)
    expect(lineSheet!.name).toBe('Order lines')
    expect(header!.slice(0, 6)).toEqual(['Order number', 'Line', 'Product code', 'Product', 'Unit', 'Quantity'])
    expect(lines.map((r) => [r[0], r[1], r[2], r[5]])).toEqual(expected)
  })
})
