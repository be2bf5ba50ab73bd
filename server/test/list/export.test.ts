import { Errors } from '@app/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { client } from '../helpers/app.ts'
import { createListTestApp, raw, readSheet, SCOPED_BASE, type TestApp, tokensFor, XLSX } from './helpers.ts'

let t: TestApp
let tokens: Record<string, string>
beforeAll(async () => {
  t = await createListTestApp()
  tokens = await tokensFor(t.app, 'admin', 'finance_admin', 'logistics_admin')
})
afterAll(async () => t?.close())

const exportXls = (token: string, base: string, query: Record<string, string>, lang?: 'zh' | 'en') =>
  raw(t.app, token, 'GET', `${base}/exportXls`, { query, lang })

const titles = {
  code: '编码',
  name: '名称',
  supplierType: '类型',
  countryId: '国家',
  status: '状态',
  createAt: '创建时间',
}

describe('Excel export', () => {
  it('writes the langJson columns in order, dictionary texts in the request language and reference labels', async () => {
    const res = await exportXls(
      tokens.admin!,
      '/api/md/supplier',
      { langJson: JSON.stringify(titles), column: 'code', order: 'asc' },
      'zh',
    )
    expect(res.status).toBe(200)
    expect(res.headers['content-type']).toContain(XLSX)
    expect(String(res.headers['content-disposition'])).toMatch(
      /^attachment; filename="supplier_\d{14}\.xlsx"; filename\*=UTF-8''supplier_\d{14}\.xlsx$/,
    )
    const rows = await readSheet(res.body)
    expect(rows[0]).toEqual(['编码', '名称', '类型', '国家', '状态', '创建时间'])
    expect(rows).toHaveLength(21) // the 20 seeded suppliers
    expect(rows[1]!.slice(0, 5)).toEqual(['S001', '健康食品原料有限公司', '原料', '中国', '启用'])
    expect(rows[1]![5]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)
    expect(rows.find((r) => r[0] === 'S010')!.slice(2, 4)).toEqual(['原料', '俄罗斯'])
  })

  it('speaks English when asked, and leaves fields without a title under their own name', async () => {
    const res = await exportXls(
      tokens.admin!,
      '/api/md/supplier',
      { langJson: JSON.stringify({ code: 'Code', supplierType: '', status: 'Status' }), search: '{"code":"S005"}' },
      'en',
    )
    expect(res.status).toBe(200)
    expect(await readSheet(res.body)).toEqual([
      ['Code', 'supplierType', 'Status'],
      ['S005', 'OEM', 'Enabled'],
    ])
  })

  it('names references in the request language: their English name, else the Chinese one', async () => {
    const query = { langJson: JSON.stringify({ code: 'Code', countryId: 'Country' }), search: '{"code":"S010"}' }
    expect(await readSheet((await exportXls(tokens.admin!, '/api/md/supplier', query, 'en')).body)).toEqual([
      ['Code', 'Country'],
      ['S010', 'Russia'],
    ])
    expect(await readSheet((await exportXls(tokens.admin!, '/api/md/supplier', query, 'zh')).body)).toEqual([
      ['Code', 'Country'],
      ['S010', '俄罗斯'],
    ])
  })

  it('applies the list filters and sort, and exports only the selected rows when given', async () => {
    const list = await client(t.app, tokens.admin!).get<{ records: { id: string; code: string }[] }>(
      '/api/md/supplier/list',
      { search: '{"supplierType":["oem"]}', column: 'code', order: 'desc', pageSize: 30 },
    )
    const oem = list.body.result.records
    expect(oem.map((r) => r.code)).toEqual(['S019', 'S018', 'S009', 'S005'])

    const filtered = await exportXls(tokens.admin!, '/api/md/supplier', {
      langJson: '{"code":"Code"}',
      search: '{"supplierType":["oem"]}',
      column: 'code',
      order: 'desc',
    })
    expect((await readSheet(filtered.body)).slice(1).map((r) => r[0])).toEqual(['S019', 'S018', 'S009', 'S005'])

    const selected = await exportXls(tokens.admin!, '/api/md/supplier', {
      langJson: '{"code":"Code"}',
      selections: `${oem[0]!.id},${oem[3]!.id}`,
      column: 'code',
      order: 'asc',
    })
    expect((await readSheet(selected.body)).slice(1).map((r) => r[0])).toEqual(['S005', 'S019'])
  })

  it('takes the same fields as a JSON POST', async () => {
    const res = await raw(t.app, tokens.admin!, 'POST', '/api/md/supplier/exportXls', {
      body: {
        langJson: '{"code":"Code","name":"Name"}',
        superQueryParams: '[{"field":"code","rule":"eq","val":"S002"}]',
      },
      lang: 'en',
    })
    expect(res.status).toBe(200)
    expect(await readSheet(res.body)).toEqual([
      ['Code', 'Name'],
      ['S002', '绿源植物提取物厂'],
    ])
  })

  it('applies the data scope like the list: a department-scoped user exports only their department rows', async () => {
    const mine = await client(t.app, tokens.finance_admin!).post<{ id: string }>(`${SCOPED_BASE}/add`, {
      code: 'SCOPE-1',
      name: '范围测试供应商',
      supplierType: 'raw',
    })
    expect(mine.status).toBe(200)
    const other = await client(t.app, tokens.admin!).post<{ id: string }>(`${SCOPED_BASE}/add`, {
      code: 'SCOPE-2',
      name: '管理员的供应商',
      supplierType: 'raw',
    })
    expect(other.status).toBe(200)

    const scoped = await exportXls(tokens.finance_admin!, SCOPED_BASE, {
      langJson: '{"code":"Code"}',
      superQueryParams: JSON.stringify([
        { field: 'code', rule: 'right_like', val: 'SCOPE' },
        { field: 'code', rule: 'like', val: 'S0' },
      ]),
      superQueryMatchType: 'or',
    })
    expect(scoped.status).toBe(200)
    // `or` never widens the scope: the seeded S0xx rows and the admin's row stay out
    expect((await readSheet(scoped.body)).slice(1).map((r) => r[0])).toEqual(['SCOPE-1'])

    const all = await exportXls(tokens.admin!, SCOPED_BASE, { langJson: '{"code":"Code"}', search: '{"code":"SCOPE"}' })
    expect(
      (await readSheet(all.body))
        .slice(1)
        .map((r) => r[0])
        .sort(),
    ).toEqual(['SCOPE-1', 'SCOPE-2'])

    // selecting a row outside the scope exports nothing rather than that row
    const smuggled = await exportXls(tokens.finance_admin!, SCOPED_BASE, { selections: other.body.result.id })
    expect(smuggled.status).toBe(400)
    expect(smuggled.json().code).toBe(Errors.NoDataToExportOrImport.code)
  })

  it('answers the NoDataToExportOrImport envelope, not an empty file, when nothing matches', async () => {
    const res = await exportXls(tokens.admin!, '/api/md/supplier', { search: '{"code":"no-such-code"}' }, 'en')
    expect(res.status).toBe(400)
    expect(res.headers['content-type']).toContain('application/json')
    expect(res.json()).toMatchObject({
      success: false,
      code: Errors.NoDataToExportOrImport.code,
      message: Errors.NoDataToExportOrImport.en,
    })
  })

  it('refuses unknown columns and needs the export button', async () => {
    const unknown = await exportXls(tokens.admin!, '/api/md/supplier', { langJson: '{"passwordHash":"x"}' })
    expect(unknown.status).toBe(400)
    expect(unknown.json().code).toBe(Errors.UnsupportedQuery.code)

    const denied = await exportXls(tokens.logistics_admin!, '/api/md/supplier', {})
    expect(denied.status).toBe(403)
  })
})
