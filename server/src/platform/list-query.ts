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
  isNotNull,
  isNull,
  like,
  lt,
  lte,
  ne,
  or,
  type SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import { z } from 'zod'
import { AppError } from './errors.ts'
import { BoundedMap, keptFor } from './memo.ts'

/**
 * The list query of SPEC 7 turned into SQL. Every field, rule and sort column is checked against
 * the resource's whitelist and mapped to a Drizzle column object; every value is a bound
 * parameter. Nothing a client sends is spliced into SQL text.
 */
/**
 * `also`: more columns a `like` on the field searches, holding lower-case text (the pinyin of a
 * name, `pinyinOf`), so they are matched by a case-sensitive `like` of the lower-cased term.
 * `twins`: columns a `like` on the field searches as it searches the field's own (`ilike`): a
 * name's English twin (`nameEn` beside `name`), so a name is found in either language.
 */
export type QueryField = {
  meta: FieldMeta
  column: AnyPgColumn
  also?: readonly AnyPgColumn[]
  twins?: readonly AnyPgColumn[]
}
export type QueryFields = ReadonlyMap<string, QueryField>

const MAX_IN = 1000
const MAX_CONDITIONS = 30

export const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`)

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

/** Values go to the driver as PostgreSQL reads them: a time as ISO text, like Drizzle's own timestamp columns. */
const driverValue = (v: Scalar) => (v instanceof Date ? v.toISOString() : v)

/** How `write` puts a value into SQL: as a bound parameter (`inline`) or a placeholder (`placeholders`). */
export type Bind = (value: unknown) => SQLWrapper

/** Each value a bound parameter, as it is. */
export const inline: Bind = (value) => sql.param(value)

/**
 * Placeholders `p0`, `p1`... in the order `write` binds values; `named` gives the values for them.
 * A statement written so is the same for every request of its shape. A statement with several
 * conditions gives each its own `prefix`.
 */
export const placeholders = (prefix = 'p'): Bind => {
  let n = 0
  return () => sql.placeholder(`${prefix}${n++}`)
}
export const named = (values: readonly unknown[], prefix = 'p'): Record<string, unknown> =>
  Object.fromEntries(values.map((v, i) => [`${prefix}${i}`, v]))

/**
 * Conditions of a list query, parsed and checked but not yet SQL. Their SQL depends only on
 * `shape`, never on the values: `write` binds `values` in their order, so with `placeholders` it
 * can be written once per shape and bound to the values of each request (two searches that
 * differ only in what was typed share one statement).
 */
export type Conditions = {
  shape: string
  values: unknown[]
  write(bind: Bind): SQL | undefined
}

export const conditionsOf = (shape: string, values: unknown[], write: Conditions['write']): Conditions => ({
  shape,
  values,
  write,
})

const NONE = conditionsOf('', [], () => undefined)

/** Conditions that all hold (`and`) or any holds (`or`), as one group. */
export const combine = (parts: readonly Conditions[], matchType: MatchType = 'and'): Conditions => {
  if (parts.length === 0) return NONE
  const join = matchType === 'or' ? or : and
  return {
    shape: `${matchType}(${parts.map((p) => p.shape).join(',')})`,
    values: parts.flatMap((p) => p.values),
    write: (bind) => join(...parts.map((p) => p.write(bind))),
  }
}

/**
 * A text field containing a pattern (`like` rules): the field's column or one of its `twins` by
 * `ilike` of `pattern`, and, given `lower` (the pattern in lower case), its lower-case `also`
 * columns by `like`. The lower-case columns come first: PostgreSQL rechecks each row a trigram
 * index finds against the whole `or`, and a byte-wise `like` costs a fraction of an `ilike`, which
 * lower-cases the row's text (counting 1 001 pinyin matches: 5.8 ms with three `ilike`s, 2.5 ms
 * so); a term in Chinese fails them at once and meets the names' `ilike`. Every column of it needs
 * a trigram index on a large table (products), or the `or` reads the whole table.
 */
export const textLike = (
  f: Pick<QueryField, 'column' | 'also' | 'twins'>,
  pattern: SQLWrapper,
  lower?: SQLWrapper,
): SQL =>
  or(
    ...(lower ? (f.also ?? []).map((c) => like(c, lower)) : []),
    ...[f.column, ...(f.twins ?? [])].map((c) => ilike(c, pattern)),
  ) as SQL

/** One condition on one field (also on its extra columns: pinyin and English twin of a name, for `like`). */
const condition = (name: string, f: QueryField, rule: QueryRule, val: unknown): Conditions => {
  const col = f.column
  const shape = `${name}:${rule}`
  const one = (op: (col: AnyPgColumn, value: SQLWrapper) => SQL, endOfDay = false) => {
    const value = driverValue(coerce(name, f.meta, val, endOfDay))
    return conditionsOf(shape, [value], (bind) => op(col, bind(value)))
  }
  switch (rule) {
    case 'eq':
      return one(eq)
    case 'ne':
      return one(ne)
    case 'gt':
      return one(gt)
    case 'ge':
      return one(gte)
    case 'lt':
      return one(lt)
    case 'le':
      return one(lte, true)
    case 'in':
    case 'not_in': {
      const values = listOf(name, f.meta, val).map(driverValue)
      // one value is an equality: with `= any(...)` on a later column of an index, PostgreSQL
      // (before 17) cannot read that index in its order, so a list filtered by one status would
      // sort every matching row instead of reading the first page off (branch, status, createAt)
      if (rule === 'in' && values.length === 1)
        return conditionsOf(`${name}:eq`, values, (bind) => eq(col, bind(values[0])))
      // more: one array parameter, whatever its length (`= any($1)` is `in (...)` for the planner)
      return conditionsOf(shape, [values], (bind) =>
        rule === 'in' ? sql`${col} = any(${bind(values)})` : sql`not (${col} = any(${bind(values)}))`,
      )
    }
    case 'like':
    case 'left_like':
    case 'right_like': {
      const text = escapeLike(String(coerce(name, { ...f.meta, type: 'string' }, val)))
      const pattern = rule === 'like' ? `%${text}%` : rule === 'left_like' ? `%${text}` : `${text}%`
      if (!f.also?.length) return conditionsOf(shape, [pattern], (bind) => textLike(f, bind(pattern)))
      const lower = pattern.toLowerCase()
      return conditionsOf(shape, [lower, pattern], (bind) => {
        const p = bind(lower)
        return textLike(f, bind(pattern), p)
      })
    }
    case 'empty':
      return conditionsOf(shape, [], () => (isText(f.meta) ? or(isNull(col), eq(col, '')) : isNull(col)))
    case 'not_empty':
      return conditionsOf(shape, [], () => (isText(f.meta) ? and(isNotNull(col), ne(col, '')) : isNotNull(col)))
    case 'range': {
      const [from, to] = Array.isArray(val) ? val : typeof val === 'string' ? val.split(',') : []
      const given = (v: unknown) => v !== undefined && v !== null && v !== ''
      if (!given(from) && !given(to)) return refuse({ field: name, value: 'empty range' })
      const lower = given(from) ? driverValue(coerce(name, f.meta, from)) : undefined
      const upper = given(to) ? driverValue(coerce(name, f.meta, to, true)) : undefined
      const values = [lower, upper].filter((v) => v !== undefined)
      return conditionsOf(
        `${shape}:${lower === undefined ? '' : 'from'}-${upper === undefined ? '' : 'to'}`,
        values,
        (bind) =>
          and(
            lower === undefined ? undefined : gte(col, bind(lower)),
            upper === undefined ? undefined : lte(col, bind(upper)),
          ),
      )
    }
  }
}

const fieldOf = (fields: QueryFields, name: string): QueryField => fields.get(name) ?? refuse({ field: name })

/** The `search` object: each key a search field of the resource, matched as it declares. */
export const searchConditions = (fields: QueryFields, search: string | undefined): Conditions[] => {
  if (!search) return []
  const parsed = parseJson(search, 'search')
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return refuse({ search: 'not an object' })
  const out: Conditions[] = []
  for (const [name, value] of Object.entries(parsed)) {
    if (value === '' || value === null || value === undefined || (Array.isArray(value) && value.length === 0)) continue
    const f = fieldOf(fields, name)
    const mode = f.meta.search ?? refuse({ field: name, search: 'not searchable' })
    out.push(condition(name, f, mode, value))
  }
  return out
}

const ConditionsSchema = z.array(QueryConditionSchema).max(MAX_CONDITIONS)

/** `superQueryParams`: conditions combined with `and` or `or`, as one group. */
export const superQueryConditions = (
  fields: QueryFields,
  params: string | undefined,
  matchType: MatchType | undefined,
): Conditions => {
  if (!params) return NONE
  const parsed = ConditionsSchema.safeParse(parseJson(params, 'superQueryParams'))
  if (!parsed.success) return refuse({ superQueryParams: 'invalid conditions' })
  const parts = parsed.data.map((c: QueryCondition) => {
    const f = fieldOf(fields, c.field)
    if (f.meta.superQuery === false) refuse({ field: c.field })
    if (!RULES_BY_TYPE[f.meta.type].includes(c.rule)) refuse({ field: c.field, rule: c.rule })
    return condition(c.field, f, c.rule, c.val)
  })
  return combine(parts, matchType)
}

/**
 * A list's order: a column, and before it, under a resource's default order only, a `lead`
 * expression sorted ascending (never null), e.g. the delivery list's orders still to ship first.
 */
export type Sort = { column: AnyPgColumn; direction: 'asc' | 'desc'; lead?: SQL }

/** The sort of a list query: `column` and `order` (default createAt desc), checked against the whitelist. */
export const sortOf = (fields: QueryFields, query: Pick<ListQuery, 'column' | 'order'>, lead?: SQL): Sort => {
  const name = query.column ?? 'createAt'
  const f = fieldOf(fields, name)
  if (!f.meta.sort) refuse({ column: name })
  return { column: f.column, direction: query.order === 'asc' ? 'asc' : 'desc', lead }
}

/** ORDER BY of a sort (its lead first, when it has one), always ending on the id for a stable page. */
export const orderBy = (sort: Sort, id: AnyPgColumn): SQL[] => {
  const by = sort.direction === 'asc' ? asc : desc
  return [...(sort.lead ? [asc(sql`(${sort.lead})`)] : []), by(sort.column), by(id)]
}

/**
 * The sort key as text, for keyset reads: a timestamp has microseconds a JS Date would lose, so
 * the key goes back to the database as the text it came as (PostgreSQL types the parameter from
 * the column it is compared with).
 */
export const sortKey = (sort: Sort) => sql<string | null>`${sort.column}::text`
/** The lead's value of a row, for keyset reads of a sort that has one. */
export const leadKey = (sort: Sort) => sql<boolean | null>`(${sort.lead})`

export type Cursor = { key: string | null; id: string; lead?: boolean | null }

/**
 * Rows after `cursor` in the order of `orderBy` (keyset paging: each batch starts where the last
 * ended, found by index, instead of OFFSET re-reading everything before it). PostgreSQL puts
 * NULLs last ascending and first descending; a NOT NULL column needs no NULL branch, which keeps
 * the predicate a plain index range. A sort with a lead is ascending on a NOT NULL column
 * (`compileResource` checks it): the row comparison (lead, column, id) > cursor is one index range.
 */
export const keysetAfter = (sort: Sort, id: AnyPgColumn, cursor: Cursor): SQL => {
  const col = sort.column
  if (sort.lead) return sql`((${sort.lead}), ${col}, ${id}) > (${cursor.lead ?? null}, ${cursor.key}, ${cursor.id})`
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
export const listConditions = (fields: QueryFields, query: ListQuery): Conditions => {
  // paging, sorting and refreshing send the same filters again: parsed once (conditions are
  // immutable and depend on nothing else), refused ones are not kept
  const key = `${query.search ?? ''}\u0000${query.superQueryParams ?? ''}\u0000${query.superQueryMatchType ?? ''}`
  const parsed = keptFor(parsedByFields, fields, () => new BoundedMap<string, Conditions>(MAX_PARSED))
  let conditions = parsed.get(key)
  if (!conditions) {
    conditions = combine([
      ...searchConditions(fields, query.search),
      superQueryConditions(fields, query.superQueryParams, query.superQueryMatchType),
    ])
    parsed.set(key, conditions)
  }
  return conditions
}
const MAX_PARSED = 500
const parsedByFields = new WeakMap<QueryFields, BoundedMap<string, Conditions>>()
