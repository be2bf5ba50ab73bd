import { Errors, type FieldMeta } from '@app/contracts'
import type { CompiledResource } from '../crud/resource.ts'
import { fail } from '../errors.ts'

export type Column = { field: string; title: string; meta: FieldMeta }

/**
 * `langJson`: a JSON object field -> column title, in the order the columns are wanted. Every
 * field is checked against the resource's whitelist; an unknown one is a 400 like any other.
 */
export const parseTitles = (r: CompiledResource, langJson: string | undefined): [string, string][] | undefined => {
  if (langJson === undefined || langJson.trim() === '') return undefined
  let parsed: unknown
  try {
    parsed = JSON.parse(langJson)
  } catch {
    return fail(Errors.UnsupportedQuery, { langJson: 'invalid JSON' })
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return fail(Errors.UnsupportedQuery, { langJson: 'not an object' })
  }
  return Object.entries(parsed).map(([field, title]) => {
    if (!r.fields.has(field)) fail(Errors.UnsupportedQuery, { field })
    const text = typeof title === 'string' || typeof title === 'number' ? String(title).trim().slice(0, 100) : ''
    return [field, text || field]
  })
}

const inExcel = (meta: FieldMeta) => meta.excel !== false

/**
 * The columns of an export: the fields of `langJson` in its order with its titles, or without it
 * every field; fields declared `excel: false` are left out either way.
 */
export const exportColumns = (r: CompiledResource, langJson: string | undefined): Column[] => {
  const titles = parseTitles(r, langJson) ?? [...r.fields.keys()].map((f): [string, string] => [f, f])
  return titles
    .map(([field, title]) => ({ field, title, meta: r.fields.get(field)!.meta }))
    .filter((c) => inExcel(c.meta))
}

const normTitle = (text: string) =>
  text
    .trim()
    .replace(/^\*|\*$/g, '')
    .trim()
    .toLowerCase()

/**
 * How an import reads a header cell: by the title `langJson` gives a field, or by the field's
 * own name (what an export without titles writes). Only fields a user may enter count: in the
 * add form, not read-only, not `excel: false`. Any other column (an old error column, notes) is
 * ignored.
 */
export const importHeaderMap = (r: CompiledResource, langJson: string | undefined): Map<string, Column> => {
  const importable = (field: string) => {
    const meta = r.fields.get(field)?.meta
    return meta && inExcel(meta) && !meta.readOnly && field in r.input.shape ? meta : undefined
  }
  const byTitle = new Map<string, Column>()
  for (const field of r.fields.keys()) {
    const meta = importable(field)
    if (meta) byTitle.set(normTitle(field), { field, title: field, meta })
  }
  for (const [field, title] of parseTitles(r, langJson) ?? []) {
    const meta = importable(field)
    if (meta) byTitle.set(normTitle(title), { field, title, meta })
  }
  return byTitle
}

export const headerKey = normTitle
