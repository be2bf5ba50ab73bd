import { Errors, errorText, type Lang } from '@app/contracts'
import ExcelJS from 'exceljs'
import type { Db } from '../../db/client.ts'
import type { RequestInfo } from '../audit-log.ts'
import type { Principal } from '../auth/principal.ts'
import type { ResourceRegistry } from '../crud/registry.ts'
import type { RegisteredResource } from '../crud/routes.ts'
import { fail, isAppError } from '../errors.ts'
import { XLSX_MIME } from '../files/detect.ts'
import type { FileStore } from '../files/store.ts'
import { importHeaderMap, parseTitles } from './columns.ts'
import { loadDictTexts } from './dicts.ts'
import { exportFileName } from './export.ts'
import type { ImportJobs } from './import-jobs.ts'
import { checkRows, readHeader, readRows } from './import-rows.ts'
import { ERROR_COLUMN_TITLES, importTexts } from './texts.ts'

export type ImportDeps = { db: Db; resources: ResourceRegistry; files: FileStore; jobs: ImportJobs }
export type ImportRun = {
  jobId: string
  buffer: Buffer
  langJson: string | undefined
  principal: Principal
  lang: Lang
  request: RequestInfo
  log: { error: (obj: object, msg: string) => void }
}

/** The uploaded workbook with an error column: each bad row's message beside it, in red. */
const errorWorkbook = async (
  workbook: ExcelJS.Workbook,
  sheet: ExcelJS.Worksheet,
  errors: Map<number, string>,
  title: string,
) => {
  const header = sheet.getRow(1)
  // a corrected error file imported again already has the column: reuse it
  let col = 0
  header.eachCell((cell, n) => {
    if (
      ERROR_COLUMN_TITLES.has(
        String(cell.value ?? '')
          .trim()
          .toLowerCase(),
      )
    )
      col = n
  })
  if (col === 0) col = header.cellCount + 1
  header.getCell(col).value = title
  header.getCell(col).font = { bold: true, color: { argb: 'FFC00000' } }
  for (let n = 2; n <= sheet.rowCount; n++) {
    const cell = sheet.getRow(n).getCell(col)
    const message = errors.get(n)
    cell.value = message ?? null
    if (message) cell.font = { color: { argb: 'FFC00000' } }
  }
  sheet.getColumn(col).width = 60
  return Buffer.from(await workbook.xlsx.writeBuffer())
}

/**
 * One import job (issue 4): read the first sheet, check every row like the add form, and write
 * all rows in one transaction through the resource's service — or none, answering counts and an
 * error workbook. Progress goes to the job row as it goes.
 */
export const runImport = async (deps: ImportDeps, resource: RegisteredResource, run: ImportRun) => {
  const { jobs } = deps
  const { jobId, principal, lang } = run
  const t = importTexts[lang]
  const r = resource.compiled
  try {
    const workbook = new ExcelJS.Workbook()
    // the content was checked to be OOXML; a damaged one is still refused as not a workbook
    await workbook.xlsx.load(run.buffer as unknown as ArrayBuffer).catch(() => fail(Errors.FileTypeNotAllowed))
    const sheet = workbook.worksheets[0]
    const columns = sheet ? readHeader(sheet, importHeaderMap(r, run.langJson)) : new Map()
    if (!sheet || columns.size === 0) {
      await jobs.finish(jobId, { status: 'failed', message: t.noColumns })
      return
    }
    const rows = readRows(sheet, columns)
    if (rows.length === 0) {
      await jobs.finish(jobId, { status: 'failed', message: Errors.NoDataToExportOrImport[lang] })
      return
    }
    const total = rows.length
    await jobs.phase(jobId, 'validating', { total })

    const titles = new Map(parseTitles(r, run.langJson) ?? [])
    const dictCodes = [...columns.values()].flatMap((c) => (c.meta.type === 'dict' && c.meta.dict ? [c.meta.dict] : []))
    const { inputs, errors } = await checkRows(rows, {
      resource,
      resources: deps.resources,
      principal,
      lang,
      dicts: await loadDictTexts(deps.db, dictCodes),
      columns: [...columns.values()],
      titleOf: (field) => titles.get(field) ?? field,
      onProgress: (processed) => jobs.progress(jobId, processed),
    })
    if (errors.size > 0) {
      const file = await deps.files.save({
        buffer: await errorWorkbook(workbook, sheet, errors, t.errorColumn),
        name: exportFileName(`${r.meta.name}_errors`),
        mime: XLSX_MIME,
        kind: 'import-error',
        createBy: principal.userId,
      })
      await jobs.finish(jobId, {
        status: 'failed',
        processed: total,
        failed: errors.size,
        errorFileId: file.id,
        message: t.rejected(errors.size, total),
      })
      return
    }

    await jobs.phase(jobId, 'writing', { processed: 0 })
    // progress during the transaction is best effort: on PGlite (one connection) it lands after it
    const imported = await resource.service.addMany(run.request, principal, inputs, {
      operation: 'import',
      onProgress: (written) => {
        jobs.progress(jobId, written).catch(() => {})
      },
    })
    await jobs.finish(jobId, { status: 'done', processed: total, imported, message: t.imported(imported) })
  } catch (e) {
    if (!isAppError(e)) run.log.error({ err: e, jobId }, 'import failed')
    const message = isAppError(e) ? e.entry[lang] : (errorText(Errors.SystemError.code, lang) ?? '')
    await jobs.finish(jobId, { status: 'failed', message }).catch(() => {})
  }
}
