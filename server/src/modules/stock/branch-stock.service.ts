import { type BranchStockUploadResult, Errors, type Lang, q } from '@app/contracts'
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import ExcelJS from 'exceljs'
import type { Db, DbOrTx } from '../../db/client.ts'
import { branchStocks, products, userBranches } from '../../db/schema/index.ts'
import { type RequestInfo, recordOperation } from '../../platform/audit-log.ts'
import type { Principal } from '../../platform/auth/principal.ts'
import { fail } from '../../platform/errors.ts'
import { cellContent } from '../../platform/excel/cells.ts'
import { assertBranch } from '../product/branch-sale.resource.ts'

type Field = 'productCode' | 'batchNo' | 'quantity' | 'expiryDate'

/** Column titles a branch's workbook may use, in either language (compared lower case). */
export const BRANCH_STOCK_TITLES: Record<Field, { zh: string; en: string; also: readonly string[] }> = {
  productCode: { zh: '产品编码', en: 'Product code', also: ['产品代码', 'productcode', 'code', '编码'] },
  batchNo: { zh: '批次号', en: 'Batch no', also: ['批次', 'batch', 'batchno', 'batch number'] },
  quantity: { zh: '数量', en: 'Quantity', also: ['库存数量', 'qty', 'stock'] },
  expiryDate: { zh: '有效期至', en: 'Expiry date', also: ['有效期', '到期日', 'expirydate', 'expiry'] },
}
const MAX_ROWS = 20_000

const headerField = (text: string): Field | undefined => {
  const t = text.trim().replace(/^\*/, '').trim().toLowerCase()
  return (Object.keys(BRANCH_STOCK_TITLES) as Field[]).find((f) => {
    const titles = BRANCH_STOCK_TITLES[f]
    return [titles.zh, titles.en, f, ...titles.also].some((x) => x.toLowerCase() === t)
  })
}

const pad = (n: number) => String(n).padStart(2, '0')
const dayOf = (v: unknown): string | null | undefined => {
  if (v === null || v === undefined) return null
  if (v instanceof Date) return `${v.getUTCFullYear()}-${pad(v.getUTCMonth() + 1)}-${pad(v.getUTCDate())}`
  const s = String(v).trim().replace(/\//g, '-')
  return /^\d{4}-\d{2}-\d{2}$/.test(s) ? s : undefined
}

type Reason = 'column missing' | 'required' | 'a number from 0' | 'YYYY-MM-DD' | 'unknown product'
type RowError = { row: number; field: Field; reason: Reason; value?: string }

/** What each reason says, in the caller's language (the value is the cell's, where it matters). */
const REASON_TEXTS: Record<Reason, Record<Lang, (value: string) => string>> = {
  'column missing': { zh: () => '缺少此列', en: () => 'column missing' },
  required: { zh: () => '不能为空', en: () => 'required' },
  'a number from 0': { zh: () => '须为不小于 0 的数字', en: () => 'a number from 0' },
  'YYYY-MM-DD': { zh: () => '日期须为 YYYY-MM-DD', en: () => 'a date as YYYY-MM-DD' },
  'unknown product': { zh: (v) => `找不到产品「${v}」`, en: (v) => `product "${v}" not found` },
}

/** A refused row as the upload answers it: its column's title and the reason, in the caller's language. */
const said = (e: RowError, lang: Lang) => ({
  ...e,
  message: `${BRANCH_STOCK_TITLES[e.field][lang]}: ${REASON_TEXTS[e.reason][lang](e.value ?? '')}`,
})
type Parsed = { code: string; batchNo: string; quantity: number; expiryDate: string | null; row: number }

/** The rows of the first sheet, or the reasons rows are refused. */
const parseWorkbook = async (buffer: Buffer): Promise<{ rows: Parsed[]; errors: RowError[] }> => {
  const workbook = new ExcelJS.Workbook()
  try {
    await workbook.xlsx.load(buffer as unknown as ArrayBuffer)
  } catch {
    fail(Errors.FileTypeNotAllowed)
  }
  const sheet = workbook.worksheets[0]
  if (!sheet || sheet.rowCount < 2) fail(Errors.UploadBranchStock)
  const columns = new Map<Field, number>()
  sheet.getRow(1).eachCell((cell, n) => {
    const f = headerField(String(cellContent(cell.value) ?? ''))
    if (f && !columns.has(f)) columns.set(f, n)
  })
  const errors: RowError[] = []
  for (const f of ['productCode', 'quantity'] as const) {
    if (!columns.has(f)) errors.push({ row: 1, field: f, reason: 'column missing' })
  }
  if (errors.length > 0) return { rows: [], errors }
  if (sheet.rowCount - 1 > MAX_ROWS) fail(Errors.ParameterError, { reason: `at most ${MAX_ROWS} rows` })
  const rows: Parsed[] = []
  for (let n = 2; n <= sheet.rowCount; n++) {
    const r = sheet.getRow(n)
    const get = (f: Field) => (columns.has(f) ? cellContent(r.getCell(columns.get(f)!).value) : null)
    const code = get('productCode')
    const qty = get('quantity')
    if (code === null && qty === null) continue
    if (code === null) errors.push({ row: n, field: 'productCode', reason: 'required' })
    const quantity = typeof qty === 'number' ? qty : Number(String(qty ?? '').replace(/,/g, ''))
    if (qty === null || !Number.isFinite(quantity) || quantity < 0 || quantity > 1e9) {
      errors.push({ row: n, field: 'quantity', reason: 'a number from 0' })
    }
    const expiryDate = dayOf(get('expiryDate'))
    if (expiryDate === undefined) errors.push({ row: n, field: 'expiryDate', reason: 'YYYY-MM-DD' })
    const batchNo = String(get('batchNo') ?? '')
      .trim()
      .slice(0, 64)
    rows.push({
      code: String(code ?? '').trim(),
      batchNo,
      quantity: q(quantity),
      expiryDate: expiryDate ?? null,
      row: n,
    })
  }
  return { rows, errors }
}

/**
 * Branch stock (issue 7 'upload branch stock'): a branch reports its stock with a workbook of
 * product code, batch, quantity and expiry; an upload replaces what the branch had reported.
 */
export const createBranchStockService = (deps: { db: Db }) => {
  const { db } = deps

  /** Users with the 'all' data permission upload for any branch, others for the branches they manage. */
  const assertMayUpload = async (principal: Principal, branchId: string) => {
    if (principal.dataScope === 'all') return
    const [managed] = await db
      .select({ id: userBranches.branchId })
      .from(userBranches)
      .where(and(eq(userBranches.userId, principal.userId), eq(userBranches.branchId, branchId)))
    if (!managed) fail(Errors.PermissionDenied)
  }

  return {
    async upload(
      req: RequestInfo,
      principal: Principal,
      branchId: string,
      buffer: Buffer,
      lang: Lang,
    ): Promise<BranchStockUploadResult> {
      await assertBranch(db, branchId)
      await assertMayUpload(principal, branchId)
      const { rows, errors } = await parseWorkbook(buffer)
      if (rows.length === 0 && errors.length === 0) fail(Errors.UploadBranchStock)
      const codes = [...new Set(rows.map((r) => r.code).filter(Boolean))]
      const found = codes.length
        ? await db.select({ id: products.id, code: products.code }).from(products).where(inArray(products.code, codes))
        : []
      const idOf = new Map(found.map((p) => [p.code, p.id]))
      for (const r of rows)
        if (r.code && !idOf.has(r.code))
          errors.push({ row: r.row, field: 'productCode', reason: 'unknown product', value: r.code })
      if (errors.length > 0) {
        const first = errors.sort((a, b) => a.row - b.row).slice(0, 200)
        fail(Errors.ParameterError, { errors: first.map((e) => said(e, lang)) })
      }

      // the same product and batch on several rows add up
      const merged = new Map<
        string,
        { productId: string; batchNo: string; quantity: number; expiryDate: string | null }
      >()
      for (const r of rows) {
        const productId = idOf.get(r.code)!
        const key = `${productId}|${r.batchNo}`
        const had = merged.get(key)
        merged.set(key, {
          productId,
          batchNo: r.batchNo,
          quantity: q((had?.quantity ?? 0) + r.quantity),
          expiryDate: had?.expiryDate ?? r.expiryDate,
        })
      }
      const values = [...merged.values()]
      return db.transaction(async (tx) => {
        const before = await countOf(tx, branchId)
        await tx.delete(branchStocks).where(eq(branchStocks.branchId, branchId))
        for (let i = 0; i < values.length; i += 2000) {
          await tx
            .insert(branchStocks)
            .values(
              values
                .slice(i, i + 2000)
                .map((v) => ({ ...v, branchId, createBy: principal.userId, orgCode: principal.orgCode })),
            )
        }
        const totalQuantity = q(values.reduce((s, v) => s + v.quantity, 0))
        await recordOperation(tx, req, {
          operation: 'pro_stock:uploadStock',
          resource: 'pro_branch_stock',
          objectId: branchId,
          before,
          after: { rows: values.length, totalQuantity },
        })
        return { branchId, rows: values.length, totalQuantity }
      })
    },

    /** An empty workbook with the column titles, in the caller's language. */
    async template(lang: Lang) {
      const workbook = new ExcelJS.Workbook()
      const sheet = workbook.addWorksheet(lang === 'zh' ? '分公司库存' : 'Branch stock')
      const fields = Object.keys(BRANCH_STOCK_TITLES) as Field[]
      sheet.addRow(fields.map((f) => BRANCH_STOCK_TITLES[f][lang]))
      sheet.getRow(1).font = { bold: true }
      for (const [i] of fields.entries()) sheet.getColumn(i + 1).width = 20
      return Buffer.from(await workbook.xlsx.writeBuffer())
    },
  }
}

const countOf = async (tx: DbOrTx, branchId: string) => {
  const [row] = await tx
    .select({
      rows: sql<number>`count(*)::int`,
      totalQuantity: sql<number>`coalesce(sum(${branchStocks.quantity}), 0)::float8`,
    })
    .from(branchStocks)
    .where(eq(branchStocks.branchId, branchId))
  return row ?? { rows: 0, totalQuantity: 0 }
}

/**
 * For the sales area: a branch orders only once it has reported its stock ('upload branch stock',
 * SPEC 8). Whether the branch in `branchId` has, as a column of the caller's read.
 */
export const branchStockUploaded = (branchId: AnyPgColumn) =>
  sql<boolean>`exists (select 1 from ${branchStocks} where ${branchStocks.branchId} = ${branchId})`

export type BranchStockService = ReturnType<typeof createBranchStockService>
