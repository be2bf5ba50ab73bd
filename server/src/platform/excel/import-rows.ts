import { Errors, type Lang, refById } from '@app/contracts'
import type ExcelJS from 'exceljs'
import type { Principal } from '../auth/principal.ts'
import type { ResourceRegistry } from '../crud/registry.ts'
import type { RegisteredResource } from '../crud/routes.ts'
import { localizeIssues } from '../i18n.ts'
import { cellContent, formValue } from './cells.ts'
import { type Column, headerKey } from './columns.ts'
import { type DictTexts, dictValue } from './dicts.ts'
import { importTexts } from './texts.ts'

type Content = string | number | boolean | Date
export type SheetRow = { rowNumber: number; cells: Map<string, Content> }

/** The header row (row 1) mapped to fields: column number -> column. Unknown headers are skipped. */
export const readHeader = (sheet: ExcelJS.Worksheet, byTitle: ReadonlyMap<string, Column>) => {
  const columns = new Map<number, Column>()
  const taken = new Set<string>()
  sheet.getRow(1).eachCell((cell, n) => {
    const text = cellContent(cell.value)
    const column = text === null ? undefined : byTitle.get(headerKey(String(text)))
    // the first column of a field wins; a repeated header is ignored rather than guessed at
    if (column && !taken.has(column.field)) {
      taken.add(column.field)
      columns.set(n, { ...column, title: String(text).trim() })
    }
  })
  return columns
}

/** The data rows (from row 2) with their mapped cells; rows with nothing in a mapped cell are skipped. */
export const readRows = (sheet: ExcelJS.Worksheet, columns: ReadonlyMap<number, Column>): SheetRow[] => {
  const rows: SheetRow[] = []
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    if (rowNumber === 1) return
    const cells = new Map<string, Content>()
    for (const [n, c] of columns) {
      const content = cellContent(row.getCell(n).value)
      if (content !== null) cells.set(c.field, content)
    }
    if (cells.size > 0) rows.push({ rowNumber, cells })
  })
  return rows
}

export type RowCheck = {
  resource: RegisteredResource
  resources: ResourceRegistry
  principal: Principal
  lang: Lang
  dicts: DictTexts
  columns: readonly Column[]
  /** Titles for messages about fields the sheet lacks (from langJson, else the field name). */
  titleOf: (field: string) => string
  onProgress?: (processed: number) => Promise<void>
}

/**
 * Every row checked as the add form would check it: references (label -> id, through the
 * referenced resource, in the caller's scope), dictionary texts (either language, or the value),
 * the resource's input schema, and unique fields, within the file and against the table. Answers
 * the form values of the good rows and one message per bad row.
 */
export const checkRows = async (rows: readonly SheetRow[], check: RowCheck) => {
  const { resource, resources, principal, lang, dicts, columns, titleOf } = check
  const t = importTexts[lang]
  const r = resource.compiled
  const byField = new Map(columns.map((c) => [c.field, c]))
  const title = (field: string) => byField.get(field)?.title ?? titleOf(field)

  // references: every label in the file resolved with one query per referenced resource
  const refIds = new Map<string, Map<string, string[]>>()
  for (const c of columns) {
    const ref = refById(c.meta)
    if (!ref) continue
    const target = resources.get(ref.resource)
    const labels = rows.flatMap((row) => (row.cells.has(c.field) ? [String(row.cells.get(c.field)).trim()] : []))
    refIds.set(c.field, target ? await target.service.idsByLabel(principal, labels) : new Map())
  }
  // unique fields: what the table already holds, one query per field
  const uniqueFields = ((r.meta.unique ?? []) as readonly string[]).filter((f) => byField.has(f))
  const taken = new Map<string, Set<string>>()
  for (const f of uniqueFields) {
    const values = rows.flatMap((row) => (row.cells.has(f) ? [String(row.cells.get(f)).trim()] : []))
    taken.set(f, await resource.service.existing(f, values))
  }
  const seen = new Map(uniqueFields.map((f) => [f, new Map<string, number>()]))

  const inputs: Record<string, unknown>[] = []
  const errors = new Map<number, string>()
  for (const [i, row] of rows.entries()) {
    const messages: string[] = []
    const values: Record<string, unknown> = {}
    for (const [field, content] of row.cells) {
      const meta = byField.get(field)!.meta
      const text = String(content).trim()
      if (refById(meta)) {
        const ids = refIds.get(field)?.get(text)
        if (!ids) messages.push(t.notFound(title(field), text))
        else if (ids.length > 1) messages.push(t.ambiguous(title(field), text))
        else values[field] = ids[0]
      } else if (meta.type === 'dict' && meta.dict) {
        const value = dictValue(dicts, meta.dict, text)
        if (value === undefined) messages.push(t.unknownValue(title(field), text))
        else values[field] = value
      } else values[field] = formValue(meta, content)
    }
    for (const f of uniqueFields) {
      const value = row.cells.has(f) ? String(row.cells.get(f)).trim() : ''
      if (!value) continue
      const first = seen.get(f)!.get(value)
      if (first !== undefined) messages.push(t.repeatsRow(title(f), first))
      else seen.get(f)!.set(value, row.rowNumber)
      if (taken.get(f)!.has(value)) messages.push(t.exists(title(f), value, Errors.DuplicateValue[lang]))
    }
    const parsed = r.input.safeParse(values)
    if (!parsed.success) {
      for (const issue of localizeIssues(parsed.error.issues, lang)) {
        const field = issue.path.split('.')[0] ?? ''
        // a field already reported (unknown reference or dictionary text) is not reported twice
        if (!(field in values) && row.cells.has(field)) continue
        messages.push(field ? `${title(field)}: ${issue.message}` : issue.message)
      }
    }
    if (messages.length > 0) errors.set(row.rowNumber, messages.join('; '))
    else if (parsed.success) inputs.push(parsed.data as Record<string, unknown>)
    if ((i + 1) % 1000 === 0) await check.onProgress?.(i + 1)
  }
  return { inputs, errors }
}
