import { Errors, type ListQuery, type Page } from '@app/contracts'
import { and, asc, count, desc, eq, inArray, ne, type SQL } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import type { Db, DbOrTx } from '../../db/client.ts'
import { operationLogs } from '../../db/schema/index.ts'
import { recordOperation } from '../audit-log.ts'
import type { Principal } from '../auth/principal.ts'
import { scopeWhere } from '../data-scope.ts'
import { AppError, fail, notFound, staleVersion } from '../errors.ts'
import { listWhere, orderBy, selectedFields } from '../list-query.ts'
import { pinyinOf } from '../pinyin.ts'
import type { CompiledResource, Row } from './resource.ts'

const MAX_LIST_ALL = 5000

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
    and(r.baseWhere?.(), scopeWhere(principal, r.scope), ...more)

  const byId = (tx: DbOrTx, principal: Principal, id: string, lock = false) => {
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
  const assertUnique = async (tx: DbOrTx, values: Record<string, unknown>, exceptId?: string) => {
    for (const field of r.meta.unique ?? []) {
      const value = values[field]
      if (value === undefined || value === null || value === '') continue
      const column = r.columns[field]!
      const clash = await tx
        .select({ id: r.id })
        .from(r.table)
        .where(and(eq(column, value), exceptId ? ne(r.id, exceptId) : undefined))
        .limit(1)
      if (clash.length > 0) fail(Errors.DuplicateValue, { field, value })
    }
  }

  const translateDbError = (e: unknown): never => {
    const code = pgCode(e)
    if (code === '23505') throw new AppError(Errors.DuplicateValue)
    if (code === '23503') throw new AppError(Errors.InUseCannotDelete)
    throw e
  }

  const assertNotReferenced = async (tx: DbOrTx, id: string) => {
    for (const ref of r.referencedBy ?? []) {
      const [row] = await tx.select({ n: count() }).from(ref.table).where(eq(ref.column, id))
      if ((row?.n ?? 0) > 0) fail(Errors.InUseCannotDelete)
    }
  }

  const log = (tx: DbOrTx, req: FastifyRequest, operation: string, objectId: string, before: unknown, after: unknown) =>
    recordOperation(tx, req, {
      operation: `${r.meta.menu}:${operation}`,
      resource: r.tableName,
      objectId,
      before,
      after,
    })

  return {
    async list(principal: Principal, query: ListQuery): Promise<Page<Row>> {
      const where = scoped(principal, listWhere(r.fields, query))
      const fields = selectedFields(r.fields, query.field)
      const selection = fields
        ? Object.fromEntries(['id', 'version', ...fields].map((f) => [f, r.columns[f]!]))
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
        records: records as Row[],
        total: n,
        size: query.pageSize,
        current: query.pageNo,
        pages: Math.ceil(n / query.pageSize),
      }
    },

    async get(principal: Principal, id: string): Promise<Row> {
      return (await byId(db, principal, id)) ?? notFound()
    },

    async add(req: FastifyRequest, principal: Principal, input: Record<string, unknown>): Promise<Row> {
      return db
        .transaction(async (tx) => {
          let values: Record<string, unknown> = withPinyin({
            ...input,
            createBy: principal.userId,
            createAt: new Date(),
          })
          // a scoped row belongs to its creator and the creator's current department
          if (r.scopeKeys) {
            values[r.scopeKeys.org] = principal.orgCode
            values[r.scopeKeys.owner] = principal.userId
          }
          if (r.hooks?.beforeInsert) values = await r.hooks.beforeInsert(values, { tx, principal })
          await assertUnique(tx, values)
          const [row] = (await tx
            .insert(r.table)
            .values(values as never)
            .returning()) as Row[]
          await log(tx, req, 'add', row!.id, null, row)
          return row!
        })
        .catch(translateDbError)
    },

    async edit(
      req: FastifyRequest,
      principal: Principal,
      input: Record<string, unknown> & { id: string; version: number },
    ) {
      return db
        .transaction(async (tx) => {
          const before = (await byId(tx, principal, input.id, true)) ?? notFound()
          if (before.version !== input.version) staleVersion()
          const { id, version, ...changes } = input
          let values: Record<string, unknown> = withPinyin({
            ...changes,
            updateAt: new Date(),
            updateBy: principal.userId,
            version: version + 1,
          })
          if (r.hooks?.beforeUpdate) values = await r.hooks.beforeUpdate(values, before, { tx, principal })
          await assertUnique(tx, values, id)
          const [row] = (await tx
            .update(r.table)
            .set(values as never)
            .where(and(eq(r.id, id), eq(r.version, version)))
            .returning()) as Row[]
          if (!row) staleVersion()
          await log(tx, req, 'edit', id, before, row)
          return row!
        })
        .catch(translateDbError)
    },

    async remove(req: FastifyRequest, principal: Principal, ids: readonly string[]) {
      if (ids.length === 0) fail(Errors.SelectRecord)
      await db
        .transaction(async (tx) => {
          for (const id of ids) {
            const row = (await byId(tx, principal, id, true)) ?? notFound()
            await assertNotReferenced(tx, id)
            await r.hooks?.beforeDelete?.(row, { tx, principal })
            await tx.delete(r.table).where(eq(r.id, id))
            await log(tx, req, ids.length > 1 ? 'batchDelete' : 'delete', id, row, null)
          }
        })
        .catch(translateDbError)
    },

    async setStatus(req: FastifyRequest, principal: Principal, ids: readonly string[], status: string) {
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
      return (await db
        .select()
        .from(r.table)
        .where(scoped(principal, extra))
        .orderBy(asc(r.labelColumn))
        .limit(MAX_LIST_ALL)) as Row[]
    },

    /** The record's versions from the operation log, newest first (modify history and compare). */
    async history(principal: Principal, id: string) {
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
        .where(and(eq(operationLogs.resource, r.tableName), eq(operationLogs.objectId, id)))
        .orderBy(desc(operationLogs.createAt))
        .limit(200)
    },
  }
}

export type CrudService = ReturnType<typeof createCrudService>
