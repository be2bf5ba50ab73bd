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

/**
 * Rows per database read. A batch lives while it is written, and at 1 000 rows (with an order
 * sheet's lines, 3 000 more) that is long enough for V8 to promote it to the old generation,
 * where it stays as garbage until a full collection: the export of the newest 100 000 of a
 * million orders with their lines then peaks at 284-294 MB of RSS (the server idles at 150), most
 * of it the pg strings, decoded rows and numbers of batches already written (a heap profile of
 * what survives the young generation). At 200 they die young: 175-210 MB, and no slower (issue 18).
 */
const BATCH = 200

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

/**
 * The items of `source` with the next one read ahead: the database reads the next batch while the
 * export writes this one, each on its core, rather than taking turns.
 */
async function* readAhead<T>(source: AsyncGenerator<T>): AsyncGenerator<T> {
  const next = () => {
    const read = source.next()
    // handled here so a read failing while the caller still writes is not an unhandled rejection
    // (which ends the process); awaiting it below still throws
    read.catch(() => {})
    return read
  }
  let pending = next()
  try {
    for (;;) {
      const current = await pending
      if (current.done) return
      pending = next()
      yield current.value
    }
  } finally {
    await source.return(undefined)
  }
}

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
    fields: [...new Set([...columns.map((c) => c.field), ...(r.exportReads ?? [])])],
  })
  const first = await batches.next()
  if (first.done || first.value.length === 0) fail(Errors.NoDataToExportOrImport)

  const dicts = await loadDictTexts(
    deps.db,
    columns.flatMap((c) => (c.meta.type === 'dict' && c.meta.dict ? [c.meta.dict] : [])),
  )
  const refs = createRefLabels(deps.resources, principal, columns, lang)
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
  /** The batches of the first sheet with the labels of their references. */
  const labelled = async function* () {
    let batch = first.value
    for (;;) {
      // this batch's labels, kept apart: the next batch's load (read ahead) may start a fresh map
      yield { batch, labels: new Map(await refs.load(batch)) }
      const next = await batches.next()
      if (next.done) return
      batch = next.value
    }
  }
  const write = async () => {
    try {
      for await (const { batch, labels } of readAhead(labelled())) {
        for (const row of batch) {
          const values = columns.map((c) => {
            const value = row[c.field]
            const cell = own[c.field]
            if (cell) return value === null || value === undefined ? null : cell(value, row)
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
      }
      sheet.commit()
      if (r.exportDetail) await writeDetail(r.exportDetail)
      await workbook.commit()
    } finally {
      await batches.return(undefined)
    }
  }
  /**
   * A second sheet of the exported records' children (an order's lines): the same rows again by
   * id, batch by batch, so no more than two batches of children are held (one written, one read
   * ahead). A zip writes its entries one after another: the sheets cannot be written side by side.
   */
  const writeDetail = async (detail: NonNullable<typeof r.exportDetail>) => {
    const child = workbook.addWorksheet(detail.sheet(lang).slice(0, 31))
    child.columns = detail.columns(lang).map((c) => ({ header: c.header, key: c.key, width: 16 }))
    const again = resource.service.scan(principal, query, {
      ids: parseSelections(query.selections),
      batchSize: BATCH,
      fields: [],
    })
    const texts = await loadDictTexts(deps.db, detail.dicts ?? [])
    const children = async function* () {
      try {
        for await (const parents of again)
          yield await detail.rows(
            deps.db,
            parents.map((p) => String(p.id)),
            lang,
            texts,
          )
      } finally {
        await again.return(undefined)
      }
    }
    for await (const rows of readAhead(children())) {
      for (const row of rows) child.addRow(row).commit()
      await drained(child)
      if (gone) return
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
