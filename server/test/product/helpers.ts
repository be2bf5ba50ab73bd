import { mkdtemp } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { Envelope, Page, Product, ProductInput } from '@app/contracts'
import { eq } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import type { FastifyInstance } from 'fastify'
import { branches, categories, depots, products } from '../../src/db/schema/index.ts'
import { type client, createTestApp, signedIn, type TestApp } from '../helpers/app.ts'
import { startImport, waitForImport } from '../list/helpers.ts'

export type Api = ReturnType<typeof client>

/** The app with its own FILES_DIR (product images are real uploads). */
export const createProductTestApp = async (): Promise<TestApp> => {
  const filesDir = await mkdtemp(path.join(os.tmpdir(), 'product-files-'))
  return createTestApp({ FILES_DIR: filesDir })
}

export const as = (t: TestApp, username: string, lang: 'zh' | 'en' = 'en') => signedIn(t.app, username, lang)

/** A 1x1 PNG. */
export const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201e5270ed40000000049454e44ae426082',
  'hex',
)

/** A multipart body as a browser sends it. */
export const multipart = async (
  file: { name: string; bytes: Uint8Array; type?: string } | null,
  fields: Record<string, string> = {},
) => {
  const form = new FormData()
  for (const [k, v] of Object.entries(fields)) form.append(k, v)
  if (file) form.append('file', new Blob([file.bytes], { type: file.type ?? 'application/octet-stream' }), file.name)
  const res = new Response(form)
  return { body: Buffer.from(await res.arrayBuffer()), headers: { 'content-type': res.headers.get('content-type')! } }
}

/** Posts a multipart form and answers status and envelope. */
export const postForm = async <T>(
  api: Api,
  url: string,
  file: { name: string; bytes: Uint8Array; type?: string } | null,
  fields: Record<string, string> = {},
) => {
  const form = await multipart(file, fields)
  return api.send<T>('POST', url, { body: form.body, headers: form.headers })
}

/** An xlsx workbook with one sheet of these rows. */
export const workbookOf = async (rows: unknown[][]): Promise<Buffer> => {
  const wb = new ExcelJS.Workbook()
  const sheet = wb.addWorksheet('Sheet1')
  for (const row of rows) sheet.addRow(row)
  return Buffer.from(await wb.xlsx.writeBuffer())
}

export const idOf = async (t: TestApp, table: 'category' | 'branch' | 'depot' | 'product', code: string) => {
  const db = t.database.db
  const rows =
    table === 'category'
      ? await db.select({ id: categories.id }).from(categories).where(eq(categories.code, code))
      : table === 'branch'
        ? await db.select({ id: branches.id }).from(branches).where(eq(branches.code, code))
        : table === 'depot'
          ? await db.select({ id: depots.id }).from(depots).where(eq(depots.code, code))
          : await db.select({ id: products.id }).from(products).where(eq(products.code, code))
  if (!rows[0]) throw new Error(`${table} ${code} not seeded`)
  return rows[0].id
}

/** A valid new product in the given category. */
export const newProduct = (categoryId: string, over: Partial<ProductInput> = {}): ProductInput => ({
  code: 'T-001',
  name: '健康食品胶囊',
  nameEn: 'Health food capsules',
  specType: 'standard',
  categoryId,
  source: 'self',
  productType: 'finished',
  dosageForm: 'capsule',
  labelType: 'ru_en',
  spec: '0.5g×60粒',
  unit: 'bottle',
  netWeightKg: 0.06,
  grossWeightKg: 0.08,
  shelfLifeDays: 730,
  expiryWarningDays: 90,
  ...over,
})

export const listProducts = (api: Api, search: object, query: Record<string, string | number> = {}) =>
  api.get<Page<Product>>('/api/pro/product/list', { pageSize: 100, search: JSON.stringify(search), ...query })

export const resultOf = <T>(res: { status: number; body: Envelope<T> }) => {
  if (res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(res.body)}`)
  return res.body.result
}

/** The product import's column titles as a Chinese user's workbook has them. */
export const IMPORT_TITLES = {
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

/** A row as a user types it: the category by code or name, the supplier by name, dictionaries by text. */
export const importRow = (n: number, prefix = 'IMP-') => [
  `${prefix}${String(n).padStart(4, '0')}`,
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

/** Imports a workbook of these rows as `api` and waits for the job's end: its last progress. */
export const importProducts = async (app: FastifyInstance, api: Api, rows: unknown[][]) => {
  const file = { name: 'products.xlsx', bytes: await workbookOf([Object.values(IMPORT_TITLES), ...rows]) }
  const res = await startImport(app, api.token!, '/api/pro/product', file, { langJson: JSON.stringify(IMPORT_TITLES) })
  if (res.status !== 200) throw new Error(`${res.status} ${res.body}`)
  return waitForImport(app, api.token!, res.json<{ jobId: string }>().result.jobId)
}
