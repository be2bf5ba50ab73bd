import { randomUUID } from 'node:crypto'
import { Errors } from '@app/contracts'
import { and, count, eq, inArray, ne } from 'drizzle-orm'
import type { Database, DbOrTx } from '../../db/client.ts'
import { type RequestInfo, recordOperation, recordOperations } from '../audit-log.ts'
import type { Principal } from '../auth/principal.ts'
import { bulkInsert } from '../bulk-insert.ts'
import { AppError, dbErrorOf, fail, keepRules, notFound, staleVersion } from '../errors.ts'
import { pinyinOf } from '../pinyin.ts'
import { chunks, createCrudReads } from './reads.ts'
import type { CompiledResource, Row, RowId } from './resource.ts'

/** Rows per bulk statement of `addMany`: progress is reported after each. */
const BULK_CHUNK = 2000

/** Everything a resource does, over one compiled declaration (its reads in reads.ts); routes stay thin. */
export const createCrudService = (database: Pick<Database, 'db' | 'arrays'>, r: CompiledResource) => {
  const { db } = database
  const { scoped, byId, decorated, reads } = createCrudReads(database, r)

  /** The property of the soft-delete column (set by delete instead of removing the row). */
  const softKey = r.softDelete ? Object.entries(r.columns).find(([, c]) => c === r.softDelete)?.[0] : undefined
  if (r.softDelete && !softKey) throw new Error(`soft-delete column of ${r.tableName} is not one of its columns`)

  /** What the operation log keeps of a record: everything but its secret columns. */
  const loggable = (value: unknown) => {
    if (!r.secret || !value || typeof value !== 'object') return value
    const out = { ...(value as Record<string, unknown>) }
    for (const key of r.secret) delete out[key]
    return out
  }

  // an edit that leaves the label out keeps its pinyin (every field of an edit is optional)
  const withPinyin = (values: Record<string, unknown>) =>
    r.pinyin && r.meta.label in values ? { ...values, ...pinyinOf(values[r.meta.label] as string | undefined) } : values

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
    const code = dbErrorOf(e)?.code
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

  /** The record's label as it stands after the change (before it, for a delete). */
  const labelOf = (before: unknown, after: unknown) => {
    const image = (after ?? before) as Record<string, unknown> | null
    const label = image?.[r.meta.label]
    return label === null || label === undefined ? null : String(label)
  }

  const entry = (operation: string, objectId: RowId, before: unknown, after: unknown) => ({
    operation: `${r.meta.menu}:${operation}`,
    resource: r.tableName,
    objectId: String(objectId),
    objectLabel: labelOf(before, after),
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
    keepRules(r.meta.rules, input)
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
    ...reads,

    async add(req: RequestInfo, principal: Principal, input: Record<string, unknown>): Promise<Row> {
      return db.transaction((tx) => insertOne(tx, req, principal, input, 'add')).catch(translateDbError)
    },

    /**
     * Many new records in ONE transaction, all or none (imports). Each row gets what `add` gives
     * it: pinyin, creator, scope owner, an operation-log entry. The rows go in bulk statements
     * (bulk-insert.ts), through the resource's insert hooks for many rows if it has them (a
     * product's checks, units and reviews); a resource with insert hooks for one row only (e.g.
     * department codes that depend on the rows before) has them go one by one through exactly the
     * `add` path. Unique values are expected checked by the caller; the unique indexes still
     * refuse a value another user took meanwhile.
     */
    async addMany(
      req: RequestInfo,
      principal: Principal,
      inputs: readonly Record<string, unknown>[],
      options: { operation?: string; onProgress?: (written: number) => void } = {},
    ): Promise<number> {
      const operation = options.operation ?? 'add'
      const { beforeInsertMany, afterInsertMany } = r.hooks ?? {}
      return db
        .transaction(async (tx) => {
          if (!beforeInsertMany && !afterInsertMany && (r.hooks?.beforeInsert || r.hooks?.afterInsert)) {
            for (const [i, input] of inputs.entries()) {
              await insertOne(tx, req, principal, input, operation)
              if ((i + 1) % 100 === 0) options.onProgress?.(i + 1)
            }
            return inputs.length
          }
          const ctx = { tx, principal, req }
          const now = new Date()
          let written = 0
          for (const input of inputs) keepRules(r.meta.rules, input)
          for (const part of chunks(inputs, BULK_CHUNK)) {
            // uuids made here (integer ids by the hook), so each log entry names its row without reading it back
            let values: Record<string, unknown>[] = part.map((input) => ({
              ...(r.idType === 'int' ? {} : { id: randomUUID() }),
              ...newValues(principal, input, now),
            }))
            if (beforeInsertMany) values = await beforeInsertMany(values, ctx)
            // what the table has columns for, as an insert of one row takes it (the code table keeps no creator)
            await bulkInsert(
              tx,
              r.table,
              values.map((v) => Object.fromEntries(Object.entries(v).filter(([key]) => key in r.columns))),
            )
            let rows: Record<string, unknown>[] = values
            if (afterInsertMany) {
              // the rows as written (defaults included), in the order of their inputs
              const ids = values.map((v) => v.id as RowId)
              const byId = new Map(
                ((await tx.select().from(r.table).where(inArray(r.id, ids))) as Row[]).map((row) => [row.id, row]),
              )
              const made = ids.map((id) => byId.get(id as Row['id'])!)
              rows = await decorated(tx, (await afterInsertMany(made, [...part], ctx)) ?? made)
            }
            await recordOperations(
              tx,
              req,
              rows.map((row) => entry(operation, row.id as RowId, null, row)),
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
          keepRules(r.meta.rules, { ...before, ...changes })
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
  }
}

export type CrudService = ReturnType<typeof createCrudService>
