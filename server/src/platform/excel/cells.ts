import type { FieldMeta, Lang } from '@app/contracts'
import type ExcelJS from 'exceljs'
import { type DictTexts, dictText } from './dicts.ts'

/**
 * Excel has no time zones: a cell holds a wall-clock time. Exports write the server's local
 * wall-clock time (the time the instant shows on the server) and imports read it back the same way.
 */
const toWallClock = (d: Date) => new Date(d.getTime() - d.getTimezoneOffset() * 60_000)
export const fromWallClock = (d: Date) => {
  const guess = new Date(d.getTime() + d.getTimezoneOffset() * 60_000)
  // across a DST change the offset of the instant itself is the right one
  return new Date(d.getTime() + guess.getTimezoneOffset() * 60_000)
}

export const DATETIME_FORMAT = 'yyyy-mm-dd hh:mm:ss'
export const DATE_FORMAT = 'yyyy-mm-dd'

/** The number format of a column, so dates show as dates and stay sortable in Excel. */
export const numFmtOf = (meta: FieldMeta) =>
  meta.type === 'datetime' ? DATETIME_FORMAT : meta.type === 'date' ? DATE_FORMAT : undefined

/**
 * One stored value as the cell a user reads: dictionary values as their text in the request's
 * language, references as the referenced record's label, dates as dates, numbers as numbers.
 */
export const toCell = (
  meta: FieldMeta,
  value: unknown,
  ctx: { lang: Lang; dicts: DictTexts; labels?: ReadonlyMap<string, string> },
): ExcelJS.CellValue => {
  if (value === null || value === undefined || value === '') return null
  if (meta.ref) return ctx.labels?.get(String(value)) ?? String(value)
  switch (meta.type) {
    case 'dict':
      return meta.dict ? dictText(ctx.dicts, meta.dict, String(value), ctx.lang) : String(value)
    case 'number': {
      const n = typeof value === 'number' ? value : Number(value)
      return Number.isFinite(n) ? n : String(value)
    }
    case 'datetime': {
      const d = value instanceof Date ? value : new Date(String(value))
      return Number.isNaN(d.getTime()) ? String(value) : toWallClock(d)
    }
    case 'date': {
      const d = value instanceof Date ? value : new Date(`${String(value).slice(0, 10)}T00:00:00Z`)
      return Number.isNaN(d.getTime()) ? String(value) : d
    }
    default:
      return String(value)
  }
}

/** What a cell holds, without Excel's wrappers (rich text, formulas, hyperlinks); blanks are null. */
export const cellContent = (value: ExcelJS.CellValue): string | number | boolean | Date | null => {
  if (value === null || value === undefined) return null
  if (value instanceof Date || typeof value === 'number' || typeof value === 'boolean') return value
  if (typeof value === 'string') return value.trim() === '' ? null : value.trim()
  if ('richText' in value) return cellContent(value.richText.map((t) => t.text).join(''))
  if ('result' in value) return cellContent((value.result ?? null) as ExcelJS.CellValue)
  if ('text' in value) return cellContent(value.text as ExcelJS.CellValue)
  return null
}

const pad = (n: number) => String(n).padStart(2, '0')
const ymd = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`

/**
 * A cell's content as the form would send it for a field of this type (references and
 * dictionaries are mapped by the caller): texts as text (a code typed as 1001 is '1001'),
 * dates as the form's date text, numbers left to the form schema to coerce.
 */
export const formValue = (meta: FieldMeta, content: string | number | boolean | Date): unknown => {
  switch (meta.type) {
    case 'number':
      return content instanceof Date ? content.toISOString() : content
    case 'date':
      return content instanceof Date ? ymd(content) : String(content)
    case 'datetime':
      return content instanceof Date ? fromWallClock(content) : String(content)
    default:
      return content instanceof Date ? `${ymd(content)}` : String(content)
  }
}
