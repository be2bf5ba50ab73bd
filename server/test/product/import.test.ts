import { ApprovalStatus, type ImportProgress, type Page, type Product } from '@app/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestApp } from '../helpers/app.ts'
import { type Api, as, createProductTestApp, listProducts, postForm, resultOf, workbookOf } from './helpers.ts'

let t: TestApp
let admin: Api
beforeAll(async () => {
  t = await createProductTestApp()
  admin = await as(t, 'admin', 'zh')
})
afterAll(async () => t?.close())

const TITLES = {
  code: '产品编码',
  name: '产品名称',
  specType: '规格类型',
  categoryId: '产品分类',
  source: '产品来源',
  productType: '产品类型',
  supplierId: '供应商',
  spec: '规格',
  unit: '基本单位',
  shelfLifeDays: '保质期（天）',
}
const HEADER = Object.values(TITLES)

/** A row as a user types it: the category by code or name, the supplier by name, dictionaries by text. */
const row = (n: number) => [
  `IMP-${String(n).padStart(4, '0')}`,
  `导入产品${n}`,
  n % 2 ? '标准装' : 'Gift box',
  n % 3 ? 'C03' : '茶',
  n % 2 ? '自产' : 'oem',
  '成品',
  '康宁胶囊制造有限公司',
  `${n}g`,
  n % 2 ? '瓶' : 'box',
  365,
]

const importRows = async (rows: unknown[][]) => {
  const res = await postForm<{ jobId: string }>(
    admin,
    '/api/pro/product/importExcel',
    { name: 'products.xlsx', bytes: await workbookOf([HEADER, ...rows]) },
    { langJson: JSON.stringify(TITLES) },
  )
  const { jobId } = resultOf(res)
  for (let i = 0; i < 1200; i++) {
    const p = resultOf(await admin.get<ImportProgress>('/api/sys/import/progress', { jobId }))
    if (p.status !== 'running') return p
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error('import did not finish')
}

describe('product import', () => {
  it('imports nothing when one row of 1 000 is bad, then all of them once it is fixed', async () => {
    const rows = Array.from({ length: 1000 }, (_, i) => row(i + 1))
    const bad = [...rows]
    bad[499] = [...row(500)]
    bad[499][3] = '不存在的分类'
    const failed = await importRows(bad)
    expect(failed).toMatchObject({ status: 'failed', total: 1000, imported: 0, failed: 1 })
    expect(failed.errorFileId).toBeTruthy()
    expect(resultOf(await listProducts(admin, { code: 'IMP-' })).total).toBe(0)

    const done = await importRows(rows)
    expect(done).toMatchObject({ status: 'done', imported: 1000, failed: 0 })
    const page = resultOf(await listProducts(admin, { code: 'IMP-' }, { pageSize: 10 }))
    expect(page.total).toBe(1000)
    // imported products wait for review like any new one
    expect(page.records.every((p) => p.auditStatus === ApprovalStatus.Pending)).toBe(true)
    const first = resultOf(await admin.get<Product>('/api/pro/product/queryByCode', { code: 'IMP-0003' }))
    expect(first).toMatchObject({ specType: 'standard', source: 'self', unit: 'bottle' })
    const gift = resultOf(
      await admin.get<Page<Product>>('/api/pro/product/list', { search: JSON.stringify({ code: 'IMP-0006' }) }),
    )
    expect(gift.records[0]).toMatchObject({ specType: 'gift', source: 'oem', unit: 'box' })
  }, 300_000)
})
