import { once } from 'node:events'
import { PassThrough } from 'node:stream'
import { Errors, type ExportQuery, type Lang } from '@app/contracts'
import ExcelJS from 'exceljs'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import type { Db } from '../../db/client.ts'
import type { Principal } from '../auth/principal.ts'
import type { ResourceRegistry } from '../crud/registry.ts'
import type { RegisteredResource } from '../crud/routes.ts'
import { fail } from '../errors.ts'
import { attachmentDisposition } from '../files/access.ts'
import { XLSX_MIME } from '../files/detect.ts'
import { toCell } from './cells.ts'
import { type Column, exportColumns } from './columns.ts'
import { loadDictTexts } from './dicts.ts'
import { createRefLabels } from './refs.ts'

/** Rows per database read; about 200 KB of sheet XML in flight at a time. */
const BATCH = 1000

const SelectionsSchema = z.array(z.string().uuid()).min(1).max(1000)

const parseSelections = (selections: string | undefined) => {
  if (!selections?.trim()) return undefined
  const ids = [
    ...new Set(
      selections
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ]
  const parsed = SelectionsSchema.safeParse(ids)
  return parsed.success ? parsed.data : fail(Errors.ParameterError, { selections: 'ids expected' })
}

const pad = (n: number) => String(n).padStart(2, '0')
/** `<resource>_<yyyyMMddHHmmss>.xlsx`, in the server's local time. */
export const exportFileName = (resource: string, at = new Date()) =>
  `${resource}_${at.getFullYear()}${pad(at.getMonth() + 1)}${pad(at.getDate())}${pad(at.getHours())}${pad(at.getMinutes())}${pad(at.getSeconds())}.xlsx`

const widthOf = (c: Column) =>
  c.meta.type === 'datetime' ? 20 : Math.min(40, Math.max(12, [...c.title].length * 2 + 2))

type ZipInput = NodeJS.EventEmitter & { _writableState?: { needDrain: boolean } }

/**
 * The stream the zip reads a sheet from. exceljs 4.4 writes each committed row into it and
 * ignores its backpressure (StreamBuf never waits), so when deflate falls behind the sheet XML
 * piles up uncompressed there: 90 MB for an export of 100 000 rows. Waiting on its 'drain' after
 * each batch keeps that to one batch. Reached through exceljs internals (the sheet's stream and
 * the archiver PassThrough it pipes to); if they change, the export still works, only without
 * this wait.
 */
const zipInputOf = (sheet: ExcelJS.Worksheet): ZipInput | undefined =>
  (sheet as unknown as { stream?: { pipes?: ZipInput[] } }).stream?.pipes?.[0]

export type ExportDeps = { db: Db; resources: ResourceRegistry }
export type ExportRequest = { principal: Principal; lang: Lang; query: ExportQuery }

/**
 * Answers an export as an xlsx stream (issue 4): the rows of the list query (or of its selected
 * ids) in the list's order and data scope, read from the database in keyset batches and written
 * through exceljs's streaming writer straight into the reply, waiting for the client when it
 * reads slower than we write. Memory stays flat whatever the row count. No rows: the
 * NoDataToExportOrImport envelope instead of an empty file.
 */
export const sendExport = async (
  deps: ExportDeps,
  resource: RegisteredResource,
  { principal, lang, query }: ExportRequest,
  req: FastifyRequest,
  reply: FastifyReply,
) => {
  const r = resource.compiled
  const columns = exportColumns(r, query.langJson)
  if (columns.length === 0) fail(Errors.UnsupportedQuery, { langJson: 'no exportable column' })
  const batches = resource.service.scan(principal, query, {
    ids: parseSelections(query.selections),
    batchSize: BATCH,
    fields: columns.map((c) => c.field),
  })
  const first = await batches.next()
  if (first.done || first.value.length === 0) fail(Errors.NoDataToExportOrImport)

  const dicts = await loadDictTexts(
    deps.db,
    columns.flatMap((c) => (c.meta.type === 'dict' && c.meta.dict ? [c.meta.dict] : [])),
  )
  const refs = createRefLabels(deps.resources, principal, columns)
  const own = (await r.exportCells?.({ db: deps.db, lang })) ?? {}
  const out = new PassThrough()
  // no styles (see cells.ts: they double the cost), no shared-strings table (it would grow with the rows)
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false })
  const sheet = workbook.addWorksheet(r.meta.name.slice(0, 31))
  sheet.columns = columns.map((c) => ({ header: c.title, key: c.field, width: widthOf(c) }))

  let gone = false
  const closed = once(out, 'close')
    .catch(() => {})
    .then(() => {
      gone = true
    })
  /** Waits while the zip or the client is slower than we write, rather than buffer the rest. */
  const drained = async (target: ExcelJS.Worksheet) => {
    const zipIn = zipInputOf(target)
    if (zipIn?._writableState?.needDrain && !gone) await Promise.race([once(zipIn, 'drain').catch(() => {}), closed])
    if (out.writableNeedDrain && !gone) await Promise.race([once(out, 'drain').catch(() => {}), closed])
  }
  const write = async () => {
    try {
      let batch = first.value
      for (;;) {
        const labels = await refs.load(batch)
        for (const row of batch) {
          const values = columns.map((c) => {
            const value = row[c.field]
            const cell = own[c.field]
            if (cell) return value === null || value === undefined ? null : cell(value)
            return toCell(c.meta, value, {
              lang,
              dicts,
              labels: c.meta.ref ? labels.get(c.meta.ref.resource) : undefined,
            })
          })
          sheet.addRow(values).commit()
        }
        await drained(sheet)
        if (gone) return
        const next = await batches.next()
        if (next.done) break
        batch = next.value
      }
      sheet.commit()
      if (r.exportDetail) await writeDetail(r.exportDetail)
      await workbook.commit()
    } finally {
      await batches.return(undefined)
    }
  }
  /** A second sheet of the exported records' children (an order's lines), the same rows again by id. */
  const writeDetail = async (detail: NonNullable<typeof r.exportDetail>) => {
    const child = workbook.addWorksheet(detail.sheet(lang).slice(0, 31))
    child.columns = detail.columns(lang).map((c) => ({ header: c.header, key: c.key, width: 16 }))
    const again = resource.service.scan(principal, query, {
      ids: parseSelections(query.selections),
      batchSize: BATCH,
      fields: [],
    })
    try {
      for await (const parents of again) {
        for (const row of await detail.rows(
          deps.db,
          parents.map((p) => String(p.id)),
          lang,
        ))
          child.addRow(row).commit()
        await drained(child)
        if (gone) return
      }
    } finally {
      await again.return(undefined)
    }
    child.commit()
  }
  write().catch((e) => {
    req.log.error({ err: e }, 'export failed while streaming')
    out.destroy(e as Error)
  })
  return reply
    .header('content-disposition', attachmentDisposition(exportFileName(r.meta.name)))
    .header('cache-control', 'no-store')
    .type(XLSX_MIME)
    .send(out)
}
