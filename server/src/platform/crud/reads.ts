import { type Lang, type ListQuery, localName, type Page } from '@app/contracts'
import { and, asc, count, desc, eq, fillPlaceholders, inArray, or, type Query, type SQL, sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import type { Database, DbOrTx } from '../../db/client.ts'
import { operationLogs } from '../../db/schema/index.ts'
import { LogType } from '../audit-log.ts'
import type { Principal } from '../auth/principal.ts'
import { scopeConditions } from '../data-scope.ts'
import { notFound } from '../errors.ts'
import {
  type Bind,
  type Conditions,
  type Cursor,
  combine,
  conditionsOf,
  inline,
  keysetAfter,
  leadKey,
  listConditions,
  named,
  orderBy,
  placeholders,
  type Sort,
  selectedFields,
  sortKey,
  sortOf,
} from '../list-query.ts'
import { BoundedMap } from '../memo.ts'
import { COUNT_CAP, keptTotals, planOf, planRows } from './list-total.ts'
import type { CompiledResource, Row, RowId } from './resource.ts'

const MAX_LIST_ALL = 5000
/** List statements remembered per resource (one per shape of query: see `list`). */
const MAX_STATEMENTS = 200
const KEY = '__sortKey'
const LEAD = '__sortLead'
export const chunks = <T>(items: readonly T[], size: number): T[][] => {
  const out: T[][] = []
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size))
  return out
}

/**
 * One list statement, written once by Drizzle and then run straight on the driver (`arrays`), its
 * rows decoded by the selected columns the way Drizzle decodes them: on this path Drizzle's own
 * execution (its per-call wrapping and per-row mapping) took more CPU than the driver.
 */
const leanStatement = (query: Query, selection: Record<string, AnyPgColumn>) => {
  const keys = Object.keys(selection)
  const columns = Object.values(selection)
  return {
    query,
    params: (values: Record<string, unknown>) => fillPlaceholders(query.params, values),
    decode(row: unknown[]): Row {
      const out: Record<string, unknown> = {}
      for (let i = 0; i < keys.length; i++) {
        const value = row[i]
        out[keys[i]!] = value === null ? null : columns[i]!.mapFromDriverValue(value)
      }
      return out as Row
    },
  }
}

/**
 * What a resource reads, over one compiled declaration: pages, records, export scans, labels for
 * references, select lists and history; plus the scoped helpers the writes share (service.ts).
 */
export const createCrudReads = (database: Pick<Database, 'db' | 'arrays'>, r: CompiledResource) => {
  const { db } = database
  /**
   * What this caller may read of the table: the data permission (widened by `alsoVisibleTo` for
   * callers whose permission is not `all`, unless `widen` is false) and the declaration's `visibleTo`.
   */
  const access = (principal: Principal, widen = true) => {
    const scope = scopeConditions(principal, r.scope)
    const widened =
      widen && r.alsoVisibleTo && r.scope && principal.dataScope !== 'all'
        ? combine([scope, r.alsoVisibleTo(principal)], 'or')
        : scope
    return r.visibleTo ? combine([widened, r.visibleTo(principal)]) : widened
  }
  const scoped = (principal: Principal, ...more: (SQL | undefined)[]) =>
    and(r.live(), access(principal).write(inline), ...more)

  /** What every partial read keeps: the id, and the version where the table has one (not the log). */
  const KEY_COLUMNS = r.version ? ['id', 'version'] : ['id']
  /** The label's English twin (`nameEn` beside `name`), where the table has one. */
  const labelEn = r.columns[`${r.meta.label}En`]

  /**
   * The query's order: the column it names, or the declared default order (with its lead) when
   * it names none.
   */
  const sorted = <Q extends ListQuery>(listQuery: Q): { query: Q; sort: Sort } => {
    const byDefault = !listQuery.column && r.defaultSort
    const query = byDefault
      ? { ...listQuery, column: byDefault.column, order: listQuery.order ?? byDefault.order }
      : listQuery
    return { query, sort: sortOf(r.fields, query, byDefault ? byDefault.lead?.() : undefined) }
  }

  /** Records with their related data (the declaration's `decorate`), one call per batch. */
  const decorated = async (db: DbOrTx, rows: Row[]): Promise<Row[]> =>
    r.decorate && rows.length > 0 ? r.decorate(rows, db) : rows

  /**
   * The rows a list query means for this caller (list, count and export share it): the live rows,
   * the caller's data scope and the query's conditions, all binding values through `bind`.
   */
  const queryWhere = (principal: Principal, query: ListQuery, bind: Bind) => {
    const scope = access(principal)
    const conditions = listConditions(r.fields, query)
    return {
      shape: `${scope.shape}|${conditions.shape}`,
      values: [...scope.values, ...conditions.values],
      where: () => and(r.live(), scope.write(bind), conditions.write(bind)),
    }
  }

  const selectionOf = (fields: readonly string[] | undefined): Record<string, AnyPgColumn> =>
    fields ? Object.fromEntries([...KEY_COLUMNS, ...fields].map((f) => [f, r.columns[f]!])) : r.columns

  /** The page and count statements of one shape of list query, written with placeholders. */
  const writeList = (sort: Sort, fields: string[] | undefined, where: SQL | undefined) => {
    const selection = selectionOf(fields)
    return {
      // the page's ids first, then their rows (a deferred join): rows skipped to reach a deep page
      // are read as index entries (id and sort key) rather than whole rows from the table, so page
      // 5 000 of a million orders costs an index scan, not 50 000 row fetches
      page: leanStatement(
        db
          .select(selection)
          .from(r.table)
          .where(
            inArray(
              r.id,
              db
                .select({ id: r.id })
                .from(r.table)
                .where(where)
                .orderBy(...orderBy(sort, r.id))
                .limit(sql.placeholder('limit'))
                .offset(sql.placeholder('offset')),
            ),
          )
          .orderBy(...orderBy(sort, r.id))
          .toSQL(),
        selection,
      ),
      // its one value is read as a number by `list`: at most COUNT_CAP + 1
      count: leanStatement(
        db
          .select({ n: count() })
          .from(
            db
              .select({ one: sql`1` })
              .from(r.table)
              .where(where)
              .limit(COUNT_CAP + 1)
              .as('capped'),
          )
          .toSQL(),
        {},
      ),
      // the planner's row count for the condition, past the cap
      estimate: leanStatement(planOf(db.select({ one: sql`1` }).from(r.table).where(where).toSQL()), {}),
      totals: keptTotals(),
    }
  }
  const statements = new BoundedMap<string, ReturnType<typeof writeList>>(MAX_STATEMENTS)

  /**
   * The page and count statements of a list query, with the values to bind. They are written once
   * per shape of query (fields, sort, scope kind, which conditions with which rules) and
   * remembered: writing SQL costs more CPU than PostgreSQL takes to run these.
   */
  const statementFor = (principal: Principal, listQuery: ListQuery) => {
    const { query, sort } = sorted(listQuery)
    const fields = selectedFields(r.fields, query.field)
    const { shape, values, where } = queryWhere(principal, query, placeholders())
    const key = `${fields?.join(',') ?? '*'}|${sort.lead ? 'lead,' : ''}${query.column}:${sort.direction}|${shape}`
    let statement = statements.get(key)
    if (!statement) {
      statement = writeList(sort, fields, where())
      statements.set(key, statement)
    }
    const paging = { limit: query.pageSize, offset: (query.pageNo - 1) * query.pageSize }
    return { query, statement, bound: named(values), paging }
  }

  const byId = async (tx: DbOrTx, principal: Principal, id: RowId, lock = false) => {
    const read = (where: SQL | undefined) => {
      const q = tx.select().from(r.table).where(where).limit(1)
      return (lock ? q.for('update') : q).then((rows) => rows[0] as Row | undefined)
    }
    const row = await read(scoped(principal, eq(r.id, id)))
    if (row || !r.readableBeyondScope || !(await r.readableBeyondScope(tx, principal, String(id)))) return row
    return read(and(r.live(), eq(r.id, id)))
  }

  return {
    scoped,
    byId,
    decorated,
    reads: {
      /**
       * The live rows of this caller's data scope (and the declaration's `visibleTo`), without what a
       * reviewer reads beyond the scope (`alsoVisibleTo`): the dashboard's figures are the viewer's
       * data scope, as the summary tables can keep them. A condition of its shape (list-query.ts),
       * for a statement built once per shape.
       */
      scopeOf: (principal: Principal): Conditions => {
        const scope = access(principal, false)
        return conditionsOf(scope.shape, scope.values, (bind) => and(r.live(), scope.write(bind)))
      },

      /** A page of the list and the total, through the statements of the query's shape. */
      async list(principal: Principal, listQuery: ListQuery): Promise<Page<Row>> {
        const { query, statement, bound, paging } = statementFor(principal, listQuery)
        const { page, count, estimate, totals } = statement
        const condition = estimate.params(bound)
        const key = JSON.stringify(condition)
        const [rows, capped] = await Promise.all([
          database.arrays(page.query.sql, page.params({ ...bound, ...paging })),
          // count(*) is a bigint: text from the driver
          totals.capped(key, async () =>
            Number((await database.arrays(count.query.sql, count.params(bound)))[0]?.[0] ?? 0),
          ),
        ])
        let n = capped
        const estimated = n > COUNT_CAP
        if (estimated) {
          // never fewer than the rows this page shows one past, so a full page always has a next one
          // to page to, however low the planner guessed
          const seen = paging.offset + rows.length + (rows.length === query.pageSize ? 1 : 0)
          const planned = await totals.estimate(key, async () =>
            planRows((await database.arrays(estimate.query.sql, condition))[0]?.[0]),
          )
          n = Math.max(n, planned, seen)
        }
        return {
          records: await decorated(db, rows.map(page.decode)),
          total: n,
          size: query.pageSize,
          current: query.pageNo,
          pages: Math.ceil(n / query.pageSize),
          ...(estimated ? { estimated } : {}),
        }
      },

      /** The SQL and parameters `list` runs for this query (the bench's floor runs exactly these). */
      listSql(principal: Principal, listQuery: ListQuery): { page: Query; count: Query; estimate: Query } {
        const { statement, bound, paging } = statementFor(principal, listQuery)
        const { page, count, estimate } = statement
        return {
          page: { sql: page.query.sql, params: page.params({ ...bound, ...paging }) },
          count: { sql: count.query.sql, params: count.params(bound) },
          estimate: { sql: estimate.query.sql, params: estimate.params(bound) },
        }
      },

      async get(principal: Principal, id: RowId): Promise<Row> {
        const row = (await byId(db, principal, id)) ?? notFound()
        return (await decorated(db, [row]))[0]!
      },

      /**
       * The rows of a list query (plus `ids`, when given; only `fields`, when given) in the list's
       * order, `batchSize` at a time: each batch continues after the last one by keyset on the sort
       * column and the id, so an export of 100 000 rows never holds them all, and no batch re-reads
       * the ones before it.
       */
      async *scan(
        principal: Principal,
        listQuery: ListQuery,
        options: { ids?: readonly string[]; batchSize?: number; fields?: readonly string[] } = {},
      ): AsyncGenerator<Row[]> {
        const { query, sort } = sorted(listQuery)
        const listed = queryWhere(principal, query, inline).where()
        const where = options.ids ? and(listed, inArray(r.id, [...options.ids])) : listed
        const size = options.batchSize ?? 1000
        // only the columns asked for (an export of six columns reads six, not the whole row)
        const selection = options.fields
          ? Object.fromEntries([...KEY_COLUMNS, ...options.fields].map((f) => [f, r.columns[f]!]))
          : r.columns
        let cursor: Cursor | undefined
        for (;;) {
          const batch = (await db
            .select({ ...selection, [KEY]: sortKey(sort), ...(sort.lead ? { [LEAD]: leadKey(sort) } : {}) })
            .from(r.table)
            .where(cursor ? and(where, keysetAfter(sort, r.id, cursor)) : where)
            .orderBy(...orderBy(sort, r.id))
            .limit(size)) as (Row & { [KEY]: string | null; [LEAD]?: boolean | null })[]
          if (batch.length === 0) return
          const last = batch[batch.length - 1]!
          cursor = { key: last[KEY], id: last.id, lead: last[LEAD] }
          yield batch.map(({ [KEY]: _, [LEAD]: __, ...row }) => row as Row)
          if (batch.length < size) return
        }
      },

      /**
       * The labels of the given records the caller may read, in `lang` when the label has an
       * English twin (exports show references by label; imports take either back).
       */
      async labels(principal: Principal, ids: readonly string[], lang: Lang = 'zh'): Promise<Map<string, string>> {
        const out = new Map<string, string>()
        for (const part of chunks([...new Set(ids)], 5000)) {
          const rows = await db
            .select({ id: r.id, label: r.labelColumn, ...(labelEn ? { labelEn } : {}) })
            .from(r.table)
            .where(scoped(principal, inArray(r.id, part)))
          for (const row of rows) out.set(row.id as string, localName(row, lang, 'label'))
        }
        return out
      },

      /** The ids of the records the caller may read, by label (imports take references by label). */
      async idsByLabel(principal: Principal, labels: readonly string[]): Promise<Map<string, string[]>> {
        // as users type a reference: its label, the label's English twin (nameEn), or a unique code
        const keys = [r.labelColumn, ...(labelEn ? [labelEn] : []), ...(r.meta.unique ?? []).map((f) => r.columns[f]!)]
        const out = new Map<string, string[]>()
        for (const part of chunks([...new Set(labels)], 5000)) {
          const wanted = new Set(part)
          const rows = (await db
            .select({ id: r.id, ...Object.fromEntries(keys.map((c, i) => [`k${i}`, c])) })
            .from(r.table)
            .where(scoped(principal, or(...keys.map((c) => inArray(c, part)))))) as Record<string, unknown>[]
          for (const row of rows) {
            for (const label of new Set(keys.map((_, i) => String(row[`k${i}`] ?? '')))) {
              const ids = out.get(label) ?? []
              if (wanted.has(label) && !ids.includes(row.id as string)) out.set(label, [...ids, row.id as string])
            }
          }
        }
        return out
      },

      /** Which of `values` a unique field already holds, across the whole table (not scoped). */
      async existing(field: string, values: readonly string[]): Promise<Set<string>> {
        const column = r.columns[field]
        if (!column || !(r.meta.unique as readonly string[] | undefined)?.includes(field)) {
          throw new Error(`${field} is not a unique field of ${r.meta.name}`)
        }
        const out = new Set<string>()
        for (const part of chunks([...new Set(values)], 5000)) {
          const rows = await db.select({ v: column }).from(r.table).where(inArray(column, part))
          for (const row of rows) out.add(String(row.v))
        }
        return out
      },

      /** Every row for selects (SPEC 7 getListAll), in label order, scoped like the list. */
      async listAll(principal: Principal): Promise<Row[]> {
        const extra = r.listAll?.where?.()
        // only the columns a select shows; a field that is no column (a decorated name) needs the row
        const wanted = Object.keys(r.listAll?.record.shape ?? {})
        const columns = wanted.every((k) => r.columns[k])
          ? Object.fromEntries(wanted.map((k) => [k, r.columns[k] as AnyPgColumn]))
          : undefined
        const query = columns ? db.select(columns) : db.select()
        const rows = (await query
          .from(r.table)
          .where(scoped(principal, extra))
          .orderBy(asc(r.labelColumn))
          .limit(MAX_LIST_ALL)) as Row[]
        return columns ? rows : decorated(db, rows)
      },

      /** The record's versions from the operation log, newest first (modify history and compare). */
      async history(principal: Principal, id: RowId) {
        if (!(await byId(db, principal, id))) notFound()
        return db
          .select({
            id: operationLogs.id,
            operation: operationLogs.operation,
            username: operationLogs.username,
            createAt: operationLogs.createAt,
            before: operationLogs.before,
            after: operationLogs.after,
          })
          .from(operationLogs)
          .where(
            and(
              eq(operationLogs.resource, r.tableName),
              eq(operationLogs.objectId, String(id)),
              // the record's own changes, not the review entries of a business named like its table
              eq(operationLogs.logType, LogType.Operation),
            ),
          )
          .orderBy(desc(operationLogs.createAt))
          .limit(200)
      },
    },
  }
}
