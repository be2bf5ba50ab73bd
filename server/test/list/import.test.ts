import { Errors, type ImportProgress, RUNTIME_CODE_FROM } from '@app/contracts'
import { and, eq, gte, inArray, max } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  codeTable,
  countries,
  departments,
  importJobs,
  operationLogs,
  suppliers,
  users,
} from '../../src/db/schema/index.ts'
import { STALE_JOB_MS } from '../../src/platform/excel/import-jobs.ts'
import {
  createListTestApp,
  raw,
  readSheet,
  startImport,
  type TestApp,
  tokensFor,
  waitForImport,
  workbookOf,
} from './helpers.ts'

let t: TestApp
let tokens: Record<string, string>
beforeAll(async () => {
  t = await createListTestApp()
  tokens = await tokensFor(t.app, 'admin', 'finance_admin', 'logistics_admin')
})
afterAll(async () => t?.close())

const SUPPLIERS = '/api/md/supplier'
const titles = { code: '编码', name: '名称', supplierType: '类型', countryId: '国家', status: '状态', phone: '电话' }
const langJson = JSON.stringify(titles)
const header = ['编码', '名称', '类型', '国家', '状态', '电话']

const importRows = async (rows: unknown[][], token = tokens.admin!, name = 'suppliers.xlsx') => {
  const res = await startImport(t.app, token, SUPPLIERS, { name, bytes: await workbookOf(rows) }, { langJson }, 'zh')
  expect(res.status, JSON.stringify(res.json())).toBe(200)
  return waitForImport(t.app, token, res.json<{ jobId: string }>().result.jobId)
}

const suppliersWithCodes = (codes: string[]) =>
  t.database.db.select().from(suppliers).where(inArray(suppliers.code, codes))

const download = (token: string, attachId: string) =>
  raw(t.app, token, 'GET', '/api/file/downloadById', { query: { attachId } })

describe('Excel import', () => {
  it('imports a clean file: references by label, dictionary texts in either language, pinyin, one log entry per row', async () => {
    const progress = await importRows([
      header,
      ['IMP-001', '健康食品导入', '原料', '中国', '启用', 13800000000],
      ['IMP-002', 'Imported OEM Ltd', 'OEM', '俄罗斯', 'Disabled', null],
    ])
    expect(progress).toMatchObject({
      status: 'done',
      phase: 'finished',
      total: 2,
      processed: 2,
      imported: 2,
      failed: 0,
      errorFileId: null,
    })
    const rows = await suppliersWithCodes(['IMP-001', 'IMP-002'])
    const [china] = await t.database.db.select().from(countries).where(eq(countries.code, 'CN'))
    const first = rows.find((r) => r.code === 'IMP-001')!
    expect(first).toMatchObject({ supplierType: 'raw', countryId: china!.id, status: '1', phone: '13800000000' })
    expect(first.nameInitials).toBe('jkspdr')
    expect(first.createBy).toBeTruthy()
    expect(rows.find((r) => r.code === 'IMP-002')).toMatchObject({ supplierType: 'oem', status: '2' })

    const logs = await t.database.db
      .select()
      .from(operationLogs)
      .where(
        and(
          eq(operationLogs.operation, 'md_supplier:import'),
          inArray(
            operationLogs.objectId,
            rows.map((r) => r.id),
          ),
        ),
      )
    expect(logs).toHaveLength(2)
    expect(logs[0]).toMatchObject({ username: 'admin', resource: 'md_supplier', before: null })
    expect((logs[0]!.after as { code: string }).code).toMatch(/^IMP-00[12]$/)
  })

  it('writes nothing when one row is bad, and answers an error workbook naming the problem of that row', async () => {
    const progress = await importRows([
      header,
      ['IMP-101', '好供应商一', '原料', '中国', '启用'],
      ['IMP-102', '坏供应商', '木头', '火星', '启用'],
      ['IMP-103', '好供应商二', '包材', '中国', '启用'],
    ])
    expect(progress).toMatchObject({ status: 'failed', total: 3, imported: 0, failed: 1 })
    expect(progress.message).toContain('1')
    expect(progress.errorFileId).toBeTruthy()
    expect(await suppliersWithCodes(['IMP-101', 'IMP-102', 'IMP-103'])).toHaveLength(0)

    const file = await download(tokens.admin!, progress.errorFileId!)
    expect(file.status).toBe(200)
    const sheet = await readSheet(file.body)
    expect(sheet[0]).toEqual([...header, '错误信息'])
    expect(sheet[1]!.slice(0, 5)).toEqual(['IMP-101', '好供应商一', '原料', '中国', '启用'])
    expect(sheet[1]![6]).toBeUndefined()
    expect(sheet[2]![6]).toContain('类型: 无效的值「木头」')
    expect(sheet[2]![6]).toContain('国家: 找不到「火星」')
    expect(sheet[3]![6]).toBeUndefined()
  })

  it('reads a corrected error file again, ignoring its error column', async () => {
    const first = await importRows([header, ['IMP-201', '供应商甲', '原料'], ['IMP-202', '供应商乙', '未知']])
    expect(first.status).toBe('failed')
    const errorFile = await download(tokens.admin!, first.errorFileId!)
    const wb = new ExcelJS.Workbook()
    await wb.xlsx.load(errorFile.body as unknown as ArrayBuffer)
    wb.worksheets[0]!.getRow(3).getCell(3).value = '成品'
    const corrected = Buffer.from(await wb.xlsx.writeBuffer())
    const res = await startImport(
      t.app,
      tokens.admin!,
      SUPPLIERS,
      { name: 'fixed.xlsx', bytes: corrected },
      { langJson },
    )
    const second = await waitForImport(t.app, tokens.admin!, res.json<{ jobId: string }>().result.jobId)
    expect(second).toMatchObject({ status: 'done', imported: 2 })
  })

  it('refuses codes repeated within the file and codes the table already has', async () => {
    const progress = await importRows([
      header,
      ['IMP-301', '甲', '原料'],
      ['IMP-301', '乙', '原料'],
      ['S001', '丙', '原料'],
    ])
    expect(progress).toMatchObject({ status: 'failed', failed: 2, imported: 0 })
    const sheet = await readSheet((await download(tokens.admin!, progress.errorFileId!)).body)
    expect(sheet[2]![6]).toBe('编码: 与第 2 行重复')
    expect(sheet[3]![6]).toBe(`编码: ${Errors.DuplicateValue.zh}（S001）`)
    expect(await suppliersWithCodes(['IMP-301'])).toHaveLength(0)
  })

  it('reports the form rules in the request language', async () => {
    const res = await startImport(
      t.app,
      tokens.admin!,
      SUPPLIERS,
      {
        name: 'en.xlsx',
        bytes: await workbookOf([
          ['code', 'name', 'supplierType'],
          ['bad code!', '', 'raw'],
        ]),
      },
      {},
      'en',
    )
    const progress = await waitForImport(t.app, tokens.admin!, res.json<{ jobId: string }>().result.jobId)
    const sheet = await readSheet((await download(tokens.admin!, progress.errorFileId!)).body)
    expect(sheet[0]).toEqual(['code', 'name', 'supplierType', 'Errors'])
    expect(sheet[1]![3]).toMatch(/^code: Invalid string: .+; name: Invalid input: /)
  })

  it('runs insert hooks row by row: imported departments get consecutive org codes', async () => {
    const res = await startImport(
      t.app,
      tokens.admin!,
      '/api/md/department',
      {
        name: 'departments.xlsx',
        bytes: await workbookOf([
          ['部门名称', '排序'],
          ['导入部门一', 1],
          ['导入部门二', 2],
        ]),
      },
      { langJson: JSON.stringify({ departName: '部门名称', sortNo: '排序' }) },
    )
    const progress = await waitForImport(t.app, tokens.admin!, res.json<{ jobId: string }>().result.jobId)
    expect(progress).toMatchObject({ status: 'done', imported: 2 })
    const rows = await t.database.db
      .select()
      .from(departments)
      .where(inArray(departments.departName, ['导入部门一', '导入部门二']))
    expect(new Set(rows.map((r) => r.orgCode)).size).toBe(2)
  })

  it('accepts xls/xlsx only, by name and by content', async () => {
    const xlsx = await workbookOf([header, ['IMP-401', '名', '原料']])
    const tryUpload = async (name: string, bytes: Uint8Array) =>
      startImport(t.app, tokens.admin!, SUPPLIERS, { name, bytes }, { langJson }, 'zh')

    const text = await tryUpload('fake.xlsx', new TextEncoder().encode('code,name\nIMP-401,名'))
    expect(text.status).toBe(400)
    expect(text.json()).toMatchObject({
      code: Errors.FileTypeNotAllowed.code,
      message: '上传文件只能是 xls/xlsx 格式!',
    })

    const renamed = await tryUpload('suppliers.csv', xlsx)
    expect(renamed.status).toBe(400)
    expect(renamed.json().code).toBe(Errors.FileTypeNotAllowed.code)

    const legacy = new Uint8Array(4096)
    legacy.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])
    const biff = await tryUpload('old.xls', legacy)
    expect(biff.status).toBe(400)
    expect(biff.json()).toMatchObject({
      code: Errors.LegacyXlsNotSupported.code,
      message: Errors.LegacyXlsNotSupported.zh,
    })

    // many tools save OOXML under .xls: that one is read
    const ooxmlNamedXls = await tryUpload('suppliers.xls', xlsx)
    expect(ooxmlNamedXls.status).toBe(200)
    const progress = await waitForImport(t.app, tokens.admin!, ooxmlNamedXls.json<{ jobId: string }>().result.jobId)
    expect(progress.status).toBe('done')
  })

  it('needs the import button, and shows a job to its owner only', async () => {
    const denied = await startImport(t.app, tokens.logistics_admin!, SUPPLIERS, {
      name: 'x.xlsx',
      bytes: await workbookOf([header]),
    })
    expect(denied.status).toBe(403)

    const res = await startImport(
      t.app,
      tokens.finance_admin!,
      SUPPLIERS,
      {
        name: 'mine.xlsx',
        bytes: await workbookOf([header, ['IMP-501', '财务导入', '原料']]),
      },
      { langJson },
    )
    expect(res.status).toBe(200)
    const { jobId } = res.json<{ jobId: string }>().result
    const own = await waitForImport(t.app, tokens.finance_admin!, jobId)
    expect(own.status).toBe('done')

    const other = await raw(t.app, tokens.admin!, 'GET', '/api/sys/import/progress', { query: { jobId } })
    expect(other.status).toBe(404)
    expect(other.json<ImportProgress>().code).toBe(Errors.NotFound.code)
  })

  it('says a job a killed server left running was interrupted: at once on PGlite, after STALE_JOB_MS on PostgreSQL', async () => {
    const db = t.database.db
    const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'admin'))
    // what the kill left: a job in the database that no process runs any more
    const [job] = await db
      .insert(importJobs)
      .values({ userId: admin!.id, resource: 'supplier', phase: 'writing', total: 10 })
      .returning()
    const poll = async () =>
      (
        await raw(t.app, tokens.admin!, 'GET', '/api/sys/import/progress', { query: { jobId: job!.id }, lang: 'en' })
      ).json<ImportProgress>().result
    const interrupted = {
      status: 'failed',
      phase: 'finished',
      message: 'The import was interrupted; please import the file again',
    }
    // PGlite: this is the only process on its database, and it runs no such job; on PostgreSQL
    // another instance might be running it
    expect(await poll()).toMatchObject(t.database.kind === 'pglite' ? interrupted : { status: 'running' })
    await db
      .update(importJobs)
      .set({ updateAt: new Date(Date.now() - STALE_JOB_MS - 1000) })
      .where(eq(importJobs.id, job!.id))
    expect(await poll()).toMatchObject(interrupted)
  })

  it('answers no data for a sheet with a header only', async () => {
    const progress = await importRows([header])
    expect(progress).toMatchObject({ status: 'failed', imported: 0, message: Errors.NoDataToExportOrImport.zh })
  })
})

describe('the code table from a workbook', () => {
  it('gives the texts without an id the next runtime ids in row order, keeps a given one, and logs each', async () => {
    const db = t.database.db
    const [held] = await db
      .select({ top: max(codeTable.id) })
      .from(codeTable)
      .where(gte(codeTable.id, RUNTIME_CODE_FROM))
    const next = Math.max(RUNTIME_CODE_FROM, (held?.top ?? RUNTIME_CODE_FROM - 1) + 1)
    const codeTitles = { id: '编号', category: '分类', zh: '中文', en: '英文' }
    const rows = [
      Object.values(codeTitles),
      ['', 'imported', '导入文本一', 'Imported text one'],
      [899_999, 'imported', '导入文本二', 'Imported text two'],
      ['', 'imported', '导入文本三', 'Imported text three'],
    ]
    const res = await startImport(
      t.app,
      tokens.admin!,
      '/api/sys/code',
      { name: 'texts.xlsx', bytes: await workbookOf(rows) },
      { langJson: JSON.stringify(codeTitles) },
      'zh',
    )
    expect(res.status, JSON.stringify(res.json())).toBe(200)
    const done = await waitForImport(t.app, tokens.admin!, res.json<{ jobId: string }>().result.jobId)
    expect(done, done.message ?? '').toMatchObject({ status: 'done', imported: 3 })
    const added = await db
      .select({ id: codeTable.id, zh: codeTable.zh, en: codeTable.en })
      .from(codeTable)
      .where(eq(codeTable.category, 'imported'))
      .orderBy(codeTable.id)
    expect(added).toEqual([
      { id: 899_999, zh: '导入文本二', en: 'Imported text two' },
      { id: next, zh: '导入文本一', en: 'Imported text one' },
      { id: next + 1, zh: '导入文本三', en: 'Imported text three' },
    ])
    const logged = await db
      .select({ objectId: operationLogs.objectId })
      .from(operationLogs)
      .where(eq(operationLogs.operation, 'sys_language:import'))
    expect(logged.map((l) => l.objectId).sort()).toEqual([String(899_999), String(next), String(next + 1)].sort())
  })
})
