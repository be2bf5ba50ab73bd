import type { ErrorEntry, Lang, ResourceMeta } from '@app/contracts'
import { and, eq, getTableColumns, getTableName, type SQL } from 'drizzle-orm'
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { z } from 'zod'
import type { DbOrTx } from '../../db/client.ts'
import type { RequestInfo } from '../audit-log.ts'
import type { Principal } from '../auth/principal.ts'
import type { ScopeColumns } from '../data-scope.ts'
import type { DictTexts } from '../excel/dicts.ts'
import type { Conditions, QueryField } from '../list-query.ts'

/** A record as read. With `idType: 'int'` the id is a number at run time. */
export type Row = Record<string, unknown> & { id: string; version: number }

/** An id as the routes pass it: a uuid, or an integer for `idType: 'int'` tables. */
export type RowId = string | number

export type HookContext = { tx: DbOrTx; principal: Principal; req?: RequestInfo }

/** The verbs a resource may leave out (reads are always served): a read-only list serves none. */
export const CRUD_VERBS = ['add', 'edit', 'delete', 'status', 'history', 'export', 'import'] as const
export type CrudVerb = (typeof CRUD_VERBS)[number]

/** Whether a resource serves a verb: all of them unless its declaration lists its own. */
export const servesVerb = (def: Pick<CrudResource, 'verbs'>, verb: CrudVerb) => !def.verbs || def.verbs.includes(verb)

/**
 * An export cell for a field, from its stored value and the row it is in (which holds the
 * exported columns and the resource's `exportReads`).
 */
export type ExportCells = Partial<
  Record<string, (value: unknown, row: Record<string, unknown>) => string | number | null>
>

/**
 * A resource declaration (DESIGN 2): the shared meta (fields, search and sort whitelist, labels)
 * plus what only the server knows — the table, the zod schemas, the data scope, the rows that
 * reference it, and hooks for rules of its own. `registerResource` serves all the verbs from it.
 */
export type CrudResource = {
  meta: ResourceMeta
  table: PgTable
  /** What may leave the server for one record. */
  record: z.ZodObject
  /** The add form (and each import row). The edit form is this plus id and version. */
  input: z.ZodObject
  /** Scope columns when the data permission applies (lists, exports, reads and writes by id). */
  scope?: ScopeColumns
  /** Keeps `namePinyin` / `nameInitials` of the label field (the table must have them). */
  pinyin?: boolean
  /** Rows elsewhere that reference this one: a referenced row cannot be deleted. */
  referencedBy?: readonly { table: PgTable; column: AnyPgColumn }[]
  /**
   * The rows this caller may read at all, besides the data permission (e.g. the modify history:
   * entries of the screens whose history the caller holds). Conditions, so that a list statement
   * is written once per shape; ANDed with the scope wherever the scope applies.
   */
  visibleTo?: (principal: Principal) => Conditions
  /**
   * Rows a caller may read besides their data permission, in lists, counts, exports and reads by
   * id (ORed with the scope as one group; `all` needs none): e.g. the orders a reviewer reviews.
   */
  alsoVisibleTo?: (principal: Principal) => Conditions
  /**
   * One record the data permission hides may still be read by id (its detail, attachments and
   * history, never lists or exports) when this says so: e.g. a sales order by the people who
   * review it. Asked only when the scoped read finds nothing.
   */
  readableBeyondScope?: (db: DbOrTx, principal: Principal, id: string) => Promise<boolean>
  /** Extra SQL every read applies (e.g. only live rows). */
  baseWhere?: () => SQL | undefined
  /**
   * `getListAll` (selects across screens, open to every signed-in user): `record` is what a select
   * needs of a row (id, label, code...), never the whole record; `where` a filter such as enabled
   * rows only; `alias` more paths answering the same.
   */
  listAll?: { record: z.ZodObject; where?: () => SQL | undefined; alias?: readonly string[] }
  /**
   * Export cells written otherwise than from the field's type, by field: e.g. a permission key
   * (`md_supplier:add`) as the names users read (供应商 · 新增). Made once per export.
   */
  exportCells?: (ctx: { db: DbOrTx; lang: Lang }) => Promise<ExportCells>
  /** Fields the export cells read of their row beside the exported columns (a sent row's channel). */
  exportReads?: readonly string[]
  /**
   * A second export sheet with the exported records' children (an order's lines): its name and
   * columns in the export's language, and the rows of a batch of parent ids, in order.
   */
  exportDetail?: {
    sheet: (lang: Lang) => string
    columns: (lang: Lang) => { key: string; header: string }[]
    /** The dictionaries its rows are worded with, read once per export and handed to `rows`. */
    dicts?: readonly string[]
    rows: (db: DbOrTx, ids: readonly string[], lang: Lang, dicts: DictTexts) => Promise<Record<string, unknown>[]>
  }
  /** The changing verbs served (default all): e.g. a stock list is read-only, prices are never added. */
  verbs?: readonly CrudVerb[]
  /** Reads by id have rules of their own (reading a notice marks it read): `queryById` is not served. */
  ownReadById?: boolean
  /** `int` for tables keyed by an integer or serial id (the code table, dictionaries); default uuid. */
  idType?: 'uuid' | 'int'
  /** The edit form when it is not the add form made optional (e.g. users: no password); with id and version. */
  editInput?: z.ZodObject
  /**
   * The order of a list whose query names none (default createAt desc). `lead`: an expression
   * (never null) sorted ascending before the column in that order only, e.g. the delivery list's
   * orders still to ship (false) before the others (true); it needs an ascending order on a NOT
   * NULL column (the keyset of exports compares the three as one row) and an index on
   * (lead, column, id) to stay fast. A sort the user picks is that column alone.
   */
  defaultSort?: { column: string; order: 'asc' | 'desc'; lead?: () => SQL }
  /** A boolean column marking deleted rows: delete sets it; reads and unique checks skip such rows. */
  softDelete?: AnyPgColumn
  /** Columns that never leave the server, not even in the operation log (a password hash). */
  secret?: readonly string[]
  /** The refusal when a unique field's value is taken (default DuplicateValue), e.g. 'role exists'. */
  duplicateError?: ErrorEntry
  /**
   * Adds related data to records before they leave (lists, reads, selects, add/edit answers, the
   * log's before/after): one call per batch of rows, so no query per row.
   */
  decorate?: (rows: Row[], db: DbOrTx) => Promise<Row[]>
  hooks?: {
    /** Adjust or check the values about to be inserted (throw an AppError to refuse). */
    beforeInsert?: (values: Record<string, unknown>, ctx: HookContext) => Promise<Record<string, unknown>>
    beforeUpdate?: (values: Record<string, unknown>, before: Row, ctx: HookContext) => Promise<Record<string, unknown>>
    beforeDelete?: (row: Row, ctx: HookContext) => Promise<void>
    /** Check or follow up a batch status change of these (locked) rows, before it is written. */
    beforeStatus?: (rows: Row[], status: string, ctx: HookContext) => Promise<void>
    /**
     * After the row is written, in its transaction: child rows from the input (e.g. a product's
     * units), follow-up work. May answer the row as it now is (the add/edit then answers that).
     */
    afterInsert?: (row: Row, input: Record<string, unknown>, ctx: HookContext) => Promise<Row | undefined>
    afterUpdate?: (row: Row, before: Row, input: Record<string, unknown>, ctx: HookContext) => Promise<Row | undefined>
    /**
     * `beforeInsert` for many rows at once (each with its id set): a resource that declares the
     * insert hooks this way has its imports written in bulk statements, and its single add
     * served by the same hook with one row (no `beforeInsert` of its own then).
     */
    beforeInsertMany?: (values: Record<string, unknown>[], ctx: HookContext) => Promise<Record<string, unknown>[]>
    /** `afterInsert` for many rows at once, in the order of their inputs; may answer the rows as they now are. */
    afterInsertMany?: (rows: Row[], inputs: Record<string, unknown>[], ctx: HookContext) => Promise<Row[] | undefined>
  }
}

/** A declaration checked and resolved once, at registration. */
export type CompiledResource = CrudResource & {
  tableName: string
  columns: Record<string, AnyPgColumn>
  id: AnyPgColumn
  /** Absent on append-only tables (the operation log), which serve no edit or status change. */
  version?: AnyPgColumn
  fields: ReadonlyMap<string, QueryField>
  /** The rows that count as existing (not soft-deleted, `baseWhere`): reads and unique checks. */
  live: () => SQL | undefined
  labelColumn: AnyPgColumn
  /** Property names of the scope columns, stamped on insert. */
  scopeKeys?: { org: string; owner: string }
}

const keyOf = (columns: Record<string, AnyPgColumn>, column: AnyPgColumn, table: string) => {
  const entry = Object.entries(columns).find(([, c]) => c === column)
  if (!entry) throw new Error(`scope column of ${table} is not one of its columns`)
  return entry[0]
}

const required = (columns: Record<string, AnyPgColumn>, name: string, table: string) => {
  const column = columns[name]
  if (!column) throw new Error(`resource table ${table} has no column ${name}`)
  return column
}

/** The single insert hooks of a resource that declares them for many rows: the same hooks with one row. */
const withSingleInsertHooks = (hooks: CrudResource['hooks']): CrudResource['hooks'] => {
  const { beforeInsertMany, afterInsertMany } = hooks ?? {}
  if (!beforeInsertMany && !afterInsertMany) return hooks
  if (hooks?.beforeInsert || hooks?.afterInsert)
    throw new Error('insert hooks are declared for one row or for many, not both')
  return {
    ...hooks,
    beforeInsert: beforeInsertMany && (async (values, ctx) => (await beforeInsertMany([values], ctx))[0]!),
    afterInsert: afterInsertMany && (async (row, input, ctx) => (await afterInsertMany([row], [input], ctx))?.[0]),
  }
}

export const compileResource = (def: CrudResource): CompiledResource => {
  const tableName = getTableName(def.table)
  const columns = getTableColumns(def.table) as Record<string, AnyPgColumn>
  const fields = new Map<string, QueryField>()
  const pinyinCols = def.pinyin
    ? [required(columns, 'namePinyin', tableName), required(columns, 'nameInitials', tableName)]
    : undefined
  for (const [name, meta] of Object.entries(def.meta.fields)) {
    const column = required(columns, name, tableName)
    // a name whose English twin is a field too (name / nameEn, departName / departNameEn, spec /
    // specEn): a search on the name finds either, as `localName` shows either
    const twin = meta.type === 'string' && def.meta.fields[`${name}En`] ? `${name}En` : undefined
    fields.set(name, {
      meta,
      column,
      also: name === def.meta.label ? pinyinCols : undefined,
      twins: twin ? [required(columns, twin, tableName)] : undefined,
    })
  }
  const lead = def.defaultSort?.lead ? def.defaultSort : undefined
  if (lead && (lead.order !== 'asc' || !required(columns, lead.column, tableName).notNull)) {
    throw new Error(`${tableName}: a default sort with a lead needs an ascending order on a NOT NULL column`)
  }
  const version = columns.version
  if (!version && (servesVerb(def, 'edit') || servesVerb(def, 'status'))) {
    throw new Error(`resource table ${tableName} has no version column: it can serve no edit or status change`)
  }
  const { softDelete, baseWhere } = def
  return {
    ...def,
    hooks: withSingleInsertHooks(def.hooks),
    tableName,
    columns,
    id: required(columns, 'id', tableName),
    version,
    live: () => and(softDelete ? eq(softDelete, false) : undefined, baseWhere?.()),
    fields,
    labelColumn: required(columns, def.meta.label, tableName),
    scopeKeys: def.scope
      ? { org: keyOf(columns, def.scope.org, tableName), owner: keyOf(columns, def.scope.owner, tableName) }
      : undefined,
  }
}
