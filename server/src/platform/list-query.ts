import {
  Errors,
  type FieldMeta,
  type ListQuery,
  type MatchType,
  type QueryCondition,
  QueryConditionSchema,
  type QueryRule,
  RULES_BY_TYPE,
} from '@app/contracts'
import {
  and,
  asc,
  desc,
  eq,
  gt,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  ne,
  not,
  or,
  type SQL,
  sql,
} from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import { z } from 'zod'
import { escapeLike } from './data-scope.ts'
import { AppError } from './errors.ts'

/**
 * The list query of SPEC 7 turned into SQL. Every field, rule and sort column is checked against
 * the resource's whitelist and mapped to a Drizzle column object; every value is a bound
 * parameter. Nothing a client sends is spliced into SQL text.
 */
export type QueryField = { meta: FieldMeta; column: AnyPgColumn; also?: readonly AnyPgColumn[] }
export type QueryFields = ReadonlyMap<string, QueryField>

const MAX_IN = 1000
const MAX_CONDITIONS = 30

const refuse = (detail: Record<string, unknown>): never => {
  throw new AppError(Errors.UnsupportedQuery, detail)
}

const parseJson = (text: string, what: string): unknown => {
  try {
    return JSON.parse(text)
  } catch {
    return refuse({ [what]: 'invalid JSON' })
  }
}

type Scalar = string | number | Date

const DATE = /^\d{4}-\d{2}-\d{2}$/

/** A value converted to the field's type, or a 400. */
const coerce = (field: string, meta: FieldMeta, value: unknown, endOfDay = false): Scalar => {
  if (value === null || value === undefined || typeof value === 'object') return refuse({ field, value: 'missing' })
  const text = String(value).trim()
  if (text.length > 500) return refuse({ field, value: 'too long' })
  switch (meta.type) {
    case 'number': {
      const n = Number(text)
      return text !== '' && Number.isFinite(n) ? n : refuse({ field, value: 'not a number' })
    }
    case 'date':
      return DATE.test(text) ? text : refuse({ field, value: 'not a date' })
    case 'datetime': {
      const d = DATE.test(text) ? new Date(`${text}T${endOfDay ? '23:59:59.999' : '00:00:00'}`) : new Date(text)
      return Number.isNaN(d.getTime()) ? refuse({ field, value: 'not a date' }) : d
    }
    default:
      return text
  }
}

const listOf = (field: string, meta: FieldMeta, value: unknown): Scalar[] => {
  const items = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [value]
  const values = items.filter((v) => v !== '' && v !== null && v !== undefined)
  if (values.length === 0 || values.length > MAX_IN) refuse({ field, value: 'list size' })
  return values.map((v) => coerce(field, meta, v))
}

const isText = (meta: FieldMeta) => meta.type === 'string' || meta.type === 'dict'

/** One condition on one field (also on its extra columns: pinyin of a name, for `like`). */
const condition = (name: string, f: QueryField, rule: QueryRule, val: unknown): SQL | undefined => {
  const col = f.column
  switch (rule) {
    case 'eq':
      return eq(col, coerce(name, f.meta, val))
    case 'ne':
      return ne(col, coerce(name, f.meta, val))
    case 'gt':
      return gt(col, coerce(name, f.meta, val))
    case 'ge':
      return gte(col, coerce(name, f.meta, val))
    case 'lt':
      return lt(col, coerce(name, f.meta, val))
    case 'le':
      return lte(col, coerce(name, f.meta, val, true))
    case 'in':
      return inArray(col, listOf(name, f.meta, val))
    case 'not_in':
      return not(inArray(col, listOf(name, f.meta, val)))
    case 'like':
    case 'left_like':
    case 'right_like': {
      const text = escapeLike(String(coerce(name, { ...f.meta, type: 'string' }, val)))
      const pattern = rule === 'like' ? `%${text}%` : rule === 'left_like' ? `%${text}` : `${text}%`
      const cols = [col, ...(f.also ?? [])]
      return cols.length === 1 ? ilike(col, pattern) : or(...cols.map((c) => ilike(c, pattern)))
    }
    case 'empty':
      return isText(f.meta) ? or(isNull(col), eq(col, '')) : isNull(col)
    case 'not_empty':
      return isText(f.meta) ? and(isNotNull(col), ne(col, '')) : isNotNull(col)
    case 'range': {
      const [from, to] = Array.isArray(val) ? val : typeof val === 'string' ? val.split(',') : []
      const parts = [
        from !== undefined && from !== null && from !== '' ? gte(col, coerce(name, f.meta, from)) : undefined,
        to !== undefined && to !== null && to !== '' ? lte(col, coerce(name, f.meta, to, true)) : undefined,
      ].filter((p): p is SQL => p !== undefined)
      return parts.length ? and(...parts) : refuse({ field: name, value: 'empty range' })
    }
  }
}

const fieldOf = (fields: QueryFields, name: string): QueryField => fields.get(name) ?? refuse({ field: name })

/** The `search` object: each key a search field of the resource, matched as it declares. */
export const searchWhere = (fields: QueryFields, search: string | undefined): SQL[] => {
  if (!search) return []
  const parsed = parseJson(search, 'search')
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return refuse({ search: 'not an object' })
  const out: SQL[] = []
  for (const [name, value] of Object.entries(parsed)) {
    if (value === '' || value === null || value === undefined || (Array.isArray(value) && value.length === 0)) continue
    const f = fieldOf(fields, name)
    const mode = f.meta.search ?? refuse({ field: name, search: 'not searchable' })
    const sqlPart = condition(name, f, mode, value)
    if (sqlPart) out.push(sqlPart)
  }
  return out
}

const ConditionsSchema = z.array(QueryConditionSchema).max(MAX_CONDITIONS)

/** `superQueryParams`: conditions combined with `and` or `or`, as one group. */
export const superQueryWhere = (
  fields: QueryFields,
  params: string | undefined,
  matchType: MatchType | undefined,
): SQL | undefined => {
  if (!params) return undefined
  const parsed = ConditionsSchema.safeParse(parseJson(params, 'superQueryParams'))
  if (!parsed.success) return refuse({ superQueryParams: 'invalid conditions' })
  const parts = parsed.data.map((c: QueryCondition) => {
    const f = fieldOf(fields, c.field)
    if (f.meta.superQuery === false) refuse({ field: c.field })
    if (!RULES_BY_TYPE[f.meta.type].includes(c.rule)) refuse({ field: c.field, rule: c.rule })
    return condition(c.field, f, c.rule, c.val)
  })
  const defined = parts.filter((p): p is SQL => p !== undefined)
  if (defined.length === 0) return undefined
  return matchType === 'or' ? or(...defined) : and(...defined)
}

export type Sort = { column: AnyPgColumn; direction: 'asc' | 'desc' }

/** The sort of a list query: `column` and `order` (default createAt desc), checked against the whitelist. */
export const sortOf = (fields: QueryFields, query: Pick<ListQuery, 'column' | 'order'>): Sort => {
  const name = query.column ?? 'createAt'
  const f = fieldOf(fields, name)
  if (!f.meta.sort) refuse({ column: name })
  return { column: f.column, direction: query.order === 'asc' ? 'asc' : 'desc' }
}

/** ORDER BY from `column` and `order` (default createAt desc), always ending on the id for a stable page. */
export const orderBy = (fields: QueryFields, query: Pick<ListQuery, 'column' | 'order'>, id: AnyPgColumn): SQL[] => {
  const { column, direction } = sortOf(fields, query)
  const by = direction === 'asc' ? asc : desc
  return [by(column), by(id)]
}

/**
 * The sort key as text, for keyset reads: a timestamp has microseconds a JS Date would lose, so
 * the key goes back to the database as the text it came as (PostgreSQL types the parameter from
 * the column it is compared with).
 */
export const sortKey = (sort: Sort) => sql<string | null>`${sort.column}::text`

/**
 * Rows after `cursor` in the order of `orderBy` (keyset paging: each batch starts where the last
 * ended, found by index, instead of OFFSET re-reading everything before it). PostgreSQL puts
 * NULLs last ascending and first descending; a NOT NULL column needs no NULL branch, which keeps
 * the predicate a plain index range.
 */
export const keysetAfter = (sort: Sort, id: AnyPgColumn, cursor: { key: string | null; id: string }): SQL => {
  const col = sort.column
  const nullable = !col.notNull
  if (sort.direction === 'desc') {
    if (cursor.key === null) return or(and(isNull(col), lt(id, cursor.id)), isNotNull(col))!
    return and(sql`${col} <= ${cursor.key}`, or(sql`${col} < ${cursor.key}`, lt(id, cursor.id)))!
  }
  if (cursor.key === null) return and(isNull(col), gt(id, cursor.id))!
  const after = and(sql`${col} >= ${cursor.key}`, or(sql`${col} > ${cursor.key}`, gt(id, cursor.id)))!
  return nullable ? or(after, isNull(col))! : after
}

/** The requested subset of fields (`field=a,b`), checked against the whitelist. */
export const selectedFields = (fields: QueryFields, field: string | undefined): string[] | undefined => {
  if (!field) return undefined
  const names = field
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean)
  for (const n of names) fieldOf(fields, n)
  return names
}

/** Everything of a list query but paging: search AND (super-query group). The scope is added by the caller. */
export const listWhere = (fields: QueryFields, query: ListQuery): SQL | undefined =>
  and(...searchWhere(fields, query.search), superQueryWhere(fields, query.superQueryParams, query.superQueryMatchType))
