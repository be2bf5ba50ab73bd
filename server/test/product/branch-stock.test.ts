import { type BranchStock, Errors, type Page } from '@app/contracts'
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { login, type TestApp } from '../helpers/app.ts'
import { type Api, as, createProductTestApp, idOf, postForm, resultOf, workbookOf } from './helpers.ts'

let t: TestApp
let admin: Api
let branchAdmin: Api
let russia: string
beforeAll(async () => {
  t = await createProductTestApp()
  admin = await as(t, 'admin')
  branchAdmin = await as(t, 'branch_admin', 'zh')
  russia = await idOf(t, 'branch', 'RU-MOW')
})
afterAll(async () => t?.close())

const upload = async (api: Api, branchId: string, rows: unknown[][], name = 'stock.xlsx') =>
  postForm(api, '/api/pro/branchStock/upload', { name, bytes: await workbookOf(rows) }, { branchId })

const stockOf = async (branchId: string) =>
  resultOf(
    await admin.get<Page<BranchStock>>('/api/pro/branchStock/list', {
      pageSize: 100,
      search: JSON.stringify({ branchId }),
    }),
  )

describe('branch stock upload', () => {
  it("replaces the branch's reported stock; rows of one product and batch add up", async () => {
    expect((await stockOf(russia)).total).toBeGreaterThan(0)
    const res = await upload(branchAdmin, russia, [
      ['产品编码', '批次号', '数量', '有效期至'],
      ['CP-001', 'RU-01', 120, '2027-12-31'],
      ['CP-001', 'RU-01', 30, '2027-12-31'],
      ['WN-001', '', 48, null],
    ])
    expect(res.status).toBe(200)
    expect(res.body.result).toEqual({ branchId: russia, rows: 2, totalQuantity: 198 })
    const rows = (await stockOf(russia)).records
    expect(rows.map((r) => [r.batchNo, r.quantity]).sort()).toEqual([
      ['', 48],
      ['RU-01', 150],
    ])
  })

  it("answers 'upload branch stock' for a workbook without rows", async () => {
    const res = await upload(branchAdmin, russia, [['产品编码', '批次号', '数量']])
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({ code: Errors.UploadBranchStock.code, message: '请上传分公司库存' })
  })

  it('names the bad rows and keeps what the branch had', async () => {
    const res = await upload(admin, russia, [
      ['Product code', 'Quantity'],
      ['CP-001', 5],
      ['NO-SUCH', 5],
      ['CP-002', -1],
    ])
    expect(res.status).toBe(400)
    expect(res.body.result).toEqual({
      errors: [
        {
          row: 3,
          field: 'productCode',
          reason: 'unknown product',
          value: 'NO-SUCH',
          message: 'Product code: product "NO-SUCH" not found',
        },
        { row: 4, field: 'quantity', reason: 'a number from 0', message: 'Quantity: a number from 0' },
      ],
    })
    // in the caller's language, a missing column too
    const zh = await upload(branchAdmin, russia, [
      ['批次号', '数量'],
      ['RU-01', 5],
    ])
    expect(zh.body.result).toEqual({
      errors: [{ row: 1, field: 'productCode', reason: 'column missing', message: '产品编码: 缺少此列' }],
    })
    expect((await stockOf(russia)).total).toBe(2)
  })

  it('lets a branch administrator upload for the branches they manage only, and only workbooks', async () => {
    const brazil = await idOf(t, 'branch', 'BR-SAO')
    expect(
      (
        await upload(branchAdmin, brazil, [
          ['产品编码', '数量'],
          ['CP-001', 1],
        ])
      ).status,
    ).toBe(403)
    const text = await postForm(
      branchAdmin,
      '/api/pro/branchStock/upload',
      { name: 'stock.txt', bytes: Buffer.from('x') },
      { branchId: russia },
    )
    expect(text.body.code).toBe(Errors.FileTypeNotAllowed.code)
  })

  it('offers a template titled in the caller’s language', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/pro/branchStock/template',
      headers: { 'x-access-token': await login(t.app, 'branch_admin'), langcode: 'zh' },
    })
    expect(res.statusCode).toBe(200)
    const wb = new ExcelJS.Workbook()
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer)
    expect((wb.worksheets[0]!.getRow(1).values as unknown[]).slice(1)).toEqual([
      '产品编码',
      '批次号',
      '数量',
      '有效期至',
    ])
  })
})
