import { randomUUID } from 'node:crypto'
import { Errors, type ListQuery, type Page } from '@app/contracts'
import { and, asc, count, desc, eq, inArray, ne, or, type SQL } from 'drizzle-orm'
import type { Db, DbOrTx } from '../../db/client.ts'
import { operationLogs } from '../../db/schema/index.ts'
import { type RequestInfo, recordOperation, recordOperations } from '../audit-log.ts'
import type { Principal } from '../auth/principal.ts'
import { bulkInsert } from '../bulk-insert.ts'
import { scopeWhere } from '../data-scope.ts'
import { AppError, fail, notFound, staleVersion } from '../errors.ts'
import { keysetAfter, listWhere, orderBy, selectedFields, sortKey, sortOf } from '../list-query.ts'
import { pinyinOf } from '../pinyin.ts'
import type { CompiledResource, Row, RowId } from './resource.ts'

const MAX_LIST_ALL = 5000
/** Rows per bulk statement of `addMany`: progress is reported after each. */
const BULK_CHUNK = 2000
const KEY = '__sortKey'

const chunks = <T>(items: readonly T[], size: number): T[][] => {
  const out: T[][] = []
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size))
  return out
}

/** A unique-violation or foreign-key error from either driver (Drizzle wraps the driver error). */
const pgCode = (e: unknown): string | undefined => {
  for (let cur = e as { code?: unknown; cause?: unknown } | undefined; cur; cur = cur.cause as typeof cur) {
    if (typeof cur.code === 'string' && /^\d{5}$/.test(cur.code)) return cur.code
  }
  return undefined
}

/** Everything a resource does, over one compiled declaration; routes stay thin. */
export const createCrudService = (db: Db, r: CompiledResource) => {
  const scoped = (principal: Principal, ...more: (SQL | undefined)[]) =>
    and(r.live(), scopeWhere(principal, r.scope), ...more)

  /** The property of the soft-delete column (set by delete instead of removing the row). */
  const softKey = r.softDelete ? Object.entries(r.columns).find(([, c]) => c === r.softDelete)?.[0] : undefined
  if (r.softDelete && !softKey) throw new Error(`soft-delete column of ${r.tableName} is not one of its columns`)

  /** What every partial read keeps: the id, and the version where the table has one (not the log). */
  const KEY_COLUMNS = r.version ? ['id', 'version'] : ['id']

  /** The declared default order when the query names none. */
  const sorted = <Q extends ListQuery>(query: Q): Q =>
    query.column || !r.defaultSort
      ? query
      : { ...query, column: r.defaultSort.column, order: query.order ?? r.defaultSort.order }

  /** Records with their related data (the declaration's `decorate`), one call per batch. */
  const decorated = async (db: DbOrTx, rows: Row[]): Promise<Row[]> =>
    r.decorate && rows.length > 0 ? r.decorate(rows, db) : rows

  /** What the operation log keeps of a record: everything but its secret columns. */
  const loggable = (value: unknown) => {
    if (!r.secret || !value || typeof value !== 'object') return value
    const out = { ...(value as Record<string, unknown>) }
    for (const key of r.secret) delete out[key]
    return out
  }

  /** The rows a list query means for this caller; list, count and export share it. */
  const queryWhere = (principal: Principal, query: ListQuery, ids?: readonly string[]) =>
    scoped(principal, listWhere(r.fields, query), ids ? inArray(r.id, [...ids]) : undefined)

  const byId = (tx: DbOrTx, principal: Principal, id: RowId, lock = false) => {
    const q = tx
      .select()
      .from(r.table)
      .where(scoped(principal, eq(r.id, id)))
      .limit(1)
    return (lock ? q.for('update') : q).then((rows) => rows[0] as Row | undefined)
  }

  const withPinyin = (values: Record<string, unknown>) =>
    r.pinyin ? { ...values, ...pinyinOf(values[r.meta.label] as string | undefined) } : values

  /** The unique fields of the declaration, checked before writing for a clear answer. */
  const assertUnique = async (tx: DbOrTx, values: Record<string, unknown>, exceptId?: RowId) => {
    for (const field of r.meta.unique ?? []) {
      const value = values[field]
      if (value === undefined || value === null || value === '') continue
      const column = r.columns[field]!
      const clash = await tx
        .select({ id: r.id })
        .from(r.table)
        .where(and(eq(column, value), r.live(), exceptId !== undefined ? ne(r.id, exceptId) : undefined))
        .limit(1)
      if (clash.length > 0) fail(r.duplicateError ?? Errors.DuplicateValue, { field, value })
    }
  }

  const translateDbError = (e: unknown): never => {
    const code = pgCode(e)
    if (code === '23505') throw new AppError(r.duplicateError ?? Errors.DuplicateValue)
    if (code === '23503') throw new AppError(Errors.InUseCannotDelete)
    throw e
  }

  const assertNotReferenced = async (tx: DbOrTx, id: RowId) => {
    for (const ref of r.referencedBy ?? []) {
      const [row] = await tx.select({ n: count() }).from(ref.table).where(eq(ref.column, id))
      if ((row?.n ?? 0) > 0) fail(Errors.InUseCannotDelete)
    }
  }

  const entry = (operation: string, objectId: RowId, before: unknown, after: unknown) => ({
    operation: `${r.meta.menu}:${operation}`,
    resource: r.tableName,
    objectId: String(objectId),
    before: loggable(before),
    after: loggable(after),
  })

  const log = (tx: DbOrTx, req: RequestInfo, operation: string, objectId: RowId, before: unknown, after: unknown) =>
    recordOperation(tx, req, entry(operation, objectId, before, after))

  /** A new row's values as the client sent them plus pinyin, creator and (for scoped rows) owner. */
  const newValues = (principal: Principal, input: Record<string, unknown>, now: Date) => {
    const values: Record<string, unknown> = withPinyin({ ...input, createBy: principal.userId, createAt: now })
    // a scoped row belongs to its creator and the creator's current department
    if (r.scopeKeys) {
      values[r.scopeKeys.org] = principal.orgCode
      values[r.scopeKeys.owner] = principal.userId
    }
    return values
  }

  /** One insert exactly as `add` does it: hooks, unique check, insert, log. */
  const insertOne = async (
    tx: DbOrTx,
    req: RequestInfo,
    principal: Principal,
    input: Record<string, unknown>,
    operation: string,
  ) => {
    let values = newValues(principal, input, new Date())
    if (r.hooks?.beforeInsert) values = await r.hooks.beforeInsert(values, { tx, principal, req })
    await assertUnique(tx, values)
    let [row] = (await tx
      .insert(r.table)
      .values(values as never)
      .returning()) as Row[]
    if (r.hooks?.afterInsert) row = (await r.hooks.afterInsert(row!, input, { tx, principal, req })) ?? row
    ;[row] = await decorated(tx, [row!])
    await log(tx, req, operation, row!.id, null, row)
    return row!
  }

  return {
    async list(principal: Principal, listQuery: ListQuery): Promise<Page<Row>> {
      const query = sorted(listQuery)
      const where = queryWhere(principal, query)
      const fields = selectedFields(r.fields, query.field)
      const selection = fields
        ? Object.fromEntries([...KEY_COLUMNS, ...fields].map((f) => [f, r.columns[f]!]))
        : undefined
      const offset = (query.pageNo - 1) * query.pageSize
      const [records, [total]] = await Promise.all([
        (selection ? db.select(selection) : db.select())
          .from(r.table)
          .where(where)
          .orderBy(...orderBy(r.fields, query, r.id))
          .limit(query.pageSize)
          .offset(offset),
        db.select({ n: count() }).from(r.table).where(where),
      ])
      const n = total?.n ?? 0
      return {
        records: await decorated(db, records as Row[]),
        total: n,
        size: query.pageSize,
        current: query.pageNo,
        pages: Math.ceil(n / query.pageSize),
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
      const query = sorted(listQuery)
      const where = queryWhere(principal, query, options.ids)
      const sort = sortOf(r.fields, query)
      const size = options.batchSize ?? 1000
      // only the columns asked for (an export of six columns reads six, not the whole row)
      const selection = options.fields
        ? Object.fromEntries([...KEY_COLUMNS, ...options.fields].map((f) => [f, r.columns[f]!]))
        : r.columns
      let cursor: { key: string | null; id: string } | undefined
      for (;;) {
        const batch = (await db
          .select({ ...selection, [KEY]: sortKey(sort) })
          .from(r.table)
          .where(cursor ? and(where, keysetAfter(sort, r.id, cursor)) : where)
          .orderBy(...orderBy(r.fields, query, r.id))
          .limit(size)) as (Row & { [KEY]: string | null })[]
        if (batch.length === 0) return
        const last = batch[batch.length - 1]!
        cursor = { key: last[KEY], id: last.id }
        yield batch.map(({ [KEY]: _, ...row }) => row as Row)
        if (batch.length < size) return
      }
    },

    /** The labels of the given records the caller may read (exports show references by label). */
    async labels(principal: Principal, ids: readonly string[]): Promise<Map<string, string>> {
      const out = new Map<string, string>()
      for (const part of chunks([...new Set(ids)], 5000)) {
        const rows = await db
          .select({ id: r.id, label: r.labelColumn })
          .from(r.table)
          .where(scoped(principal, inArray(r.id, part)))
        for (const row of rows) out.set(row.id as string, String(row.label ?? ''))
      }
      return out
    },

    /** The ids of the records the caller may read, by label (imports take references by label). */
    async idsByLabel(principal: Principal, labels: readonly string[]): Promise<Map<string, string[]>> {
      // as users type a reference: its label, the label's English twin (nameEn), or a unique code
      const en = r.columns[`${r.meta.label}En`]
      const keys = [r.labelColumn, ...(en ? [en] : []), ...(r.meta.unique ?? []).map((f) => r.columns[f]!)]
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

    async add(req: RequestInfo, principal: Principal, input: Record<string, unknown>): Promise<Row> {
      return db.transaction((tx) => insertOne(tx, req, principal, input, 'add')).catch(translateDbError)
    },

    /**
     * Many new records in ONE transaction, all or none (imports). Each row gets what `add` gives
     * it: pinyin, creator, scope owner, an operation-log entry. Without an insert hook the rows
     * go in bulk statements (bulk-insert.ts); with one (e.g. department codes that depend on the rows before)
     * they go one by one through exactly the `add` path. Unique values are expected checked by
     * the caller; the unique indexes still refuse a value another user took meanwhile.
     */
    async addMany(
      req: RequestInfo,
      principal: Principal,
      inputs: readonly Record<string, unknown>[],
      options: { operation?: string; onProgress?: (written: number) => void } = {},
    ): Promise<number> {
      const operation = options.operation ?? 'add'
      return db
        .transaction(async (tx) => {
          if (r.hooks?.beforeInsert || r.hooks?.afterInsert) {
            for (const [i, input] of inputs.entries()) {
              await insertOne(tx, req, principal, input, operation)
              if ((i + 1) % 100 === 0) options.onProgress?.(i + 1)
            }
            return inputs.length
          }
          const now = new Date()
          let written = 0
          for (const part of chunks(inputs, BULK_CHUNK)) {
            // ids made here, so each log entry names its row without reading the rows back
            const rows = part.map((input) => ({ id: randomUUID(), ...newValues(principal, input, now) }))
            await bulkInsert(tx, r.table, rows)
            await recordOperations(
              tx,
              req,
              rows.map((row) => entry(operation, row.id, null, row)),
            )
            written += rows.length
            options.onProgress?.(written)
          }
          return written
        })
        .catch(translateDbError)
    },

    async edit(
      req: RequestInfo,
      principal: Principal,
      input: Record<string, unknown> & { id: RowId; version: number },
    ) {
      const versionColumn = r.version ?? notFound()
      return db
        .transaction(async (tx) => {
          const before = (await byId(tx, principal, input.id, true)) ?? notFound()
          if (before.version !== input.version) staleVersion()
          // the record as it was, related data included, before the hooks change any of it
          const [shownBefore] = await decorated(tx, [before])
          const { id, version, ...changes } = input
          let values: Record<string, unknown> = withPinyin({
            ...changes,
            updateAt: new Date(),
            updateBy: principal.userId,
            version: version + 1,
          })
          if (r.hooks?.beforeUpdate) values = await r.hooks.beforeUpdate(values, before, { tx, principal, req })
          await assertUnique(tx, values, id)
          let [row] = (await tx
            .update(r.table)
            .set(values as never)
            .where(and(eq(r.id, id), eq(versionColumn, version)))
            .returning()) as Row[]
          if (!row) staleVersion()
          if (r.hooks?.afterUpdate)
            row = (await r.hooks.afterUpdate(row, before, changes, { tx, principal, req })) ?? row
          const [shownAfter] = await decorated(tx, [row!])
          await log(tx, req, 'edit', id, shownBefore, shownAfter)
          return shownAfter!
        })
        .catch(translateDbError)
    },

    async remove(req: RequestInfo, principal: Principal, ids: readonly RowId[]) {
      if (ids.length === 0) fail(Errors.SelectRecord)
      await db
        .transaction(async (tx) => {
          for (const id of ids) {
            const row = (await byId(tx, principal, id, true)) ?? notFound()
            await assertNotReferenced(tx, id)
            await r.hooks?.beforeDelete?.(row, { tx, principal, req })
            const [shown] = await decorated(tx, [row])
            if (r.softDelete) {
              // the row stays (its history, the records that name it); reads no longer see it
              await tx
                .update(r.table)
                .set({
                  [softKey!]: true,
                  updateAt: new Date(),
                  updateBy: principal.userId,
                  ...(r.version ? { version: row.version + 1 } : {}),
                } as never)
                .where(eq(r.id, id))
            } else await tx.delete(r.table).where(eq(r.id, id))
            await log(tx, req, ids.length > 1 ? 'batchDelete' : 'delete', id, shown, null)
          }
        })
        .catch(translateDbError)
    },

    async setStatus(req: RequestInfo, principal: Principal, ids: readonly RowId[], status: string) {
      const field = r.meta.status?.field
      if (!field) notFound()
      if (ids.length === 0) fail(Errors.SelectRecord)
      await db.transaction(async (tx) => {
        const rows = (await tx
          .select()
          .from(r.table)
          .where(scoped(principal, inArray(r.id, [...ids])))
          .for('update')) as Row[]
        if (rows.length !== new Set(ids).size) notFound()
        await r.hooks?.beforeStatus?.(rows, status, { tx, principal, req })
        for (const row of rows) {
          const [after] = (await tx
            .update(r.table)
            .set({
              [field!]: status,
              updateAt: new Date(),
              updateBy: principal.userId,
              version: row.version + 1,
            } as never)
            .where(eq(r.id, row.id))
            .returning()) as Row[]
          await log(tx, req, 'status', row.id, row, after)
        }
      })
    },

    /** Every row for selects (SPEC 7 getListAll), in label order, scoped like the list. */
    async listAll(principal: Principal): Promise<Row[]> {
      const extra = typeof r.listAll === 'object' ? r.listAll.where() : undefined
      const rows = (await db
        .select()
        .from(r.table)
        .where(scoped(principal, extra))
        .orderBy(asc(r.labelColumn))
        .limit(MAX_LIST_ALL)) as Row[]
      return decorated(db, rows)
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
        .where(and(eq(operationLogs.resource, r.tableName), eq(operationLogs.objectId, String(id))))
        .orderBy(desc(operationLogs.createAt))
        .limit(200)
    },
  }
}

export type CrudService = ReturnType<typeof createCrudService>
