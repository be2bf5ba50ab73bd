import { ModifyHistorySchema, modifyHistoryResource, type ResourceScreen } from '@app/contracts'
import { and, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { DbOrTx } from '../../db/client.ts'
import { operationLogs } from '../../db/schema/index.ts'
import { LogType } from '../../platform/audit-log.ts'
import type { Principal } from '../../platform/auth/principal.ts'
import type { ResourceRegistry } from '../../platform/crud/registry.ts'
import { type CompiledResource, type CrudResource, type Row, servesVerb } from '../../platform/crud/resource.ts'
import { scopeConditions } from '../../platform/data-scope.ts'
import { type Conditions, combine, conditionsOf } from '../../platform/list-query.ts'
import { loadOperationTexts } from '../../platform/operation-text.ts'
import { objectOf } from './log.resource.ts'

/** The resources whose modify history this caller may read: they serve it and the caller holds `<menu>:history`. */
const readableHistories = (resources: ResourceRegistry, principal: Principal): CompiledResource[] =>
  resources
    .all()
    .map((reg) => reg.compiled)
    .filter((r) => servesVerb(r, 'history') && principal.permissions.has(`${r.meta.menu}:history`))

export const historyScreens = (resources: ResourceRegistry, principal: Principal): ResourceScreen[] =>
  readableHistories(resources, principal).map((r) => ({ resource: r.tableName, menu: r.meta.menu }))

/**
 * The log entries this caller may read as modify history: changes (an operation on a record) to
 * the resources of `readableHistories`. Where a resource is scoped and the caller's data permission
 * is not `all`, only entries of its records that the permission reaches (which a deleted record
 * no longer is), exactly as the record's own modify history allows.
 */
const visibleEntries = (resources: ResourceRegistry, principal: Principal): Conditions => {
  const readable = readableHistories(resources, principal)
  // a resource without a scope, or a caller who sees all: every entry of its table
  const scoped = readable.filter((r) => r.scope && principal.dataScope !== 'all')
  const whole = readable.filter((r) => !scoped.includes(r)).map((r) => r.tableName)
  const parts: Conditions[] = []
  if (whole.length > 0)
    parts.push(conditionsOf('tables', [whole], (bind) => sql`${operationLogs.resource} = any(${bind(whole)})`))
  for (const r of scoped) {
    const scope = scopeConditions(principal, r.scope)
    parts.push(
      conditionsOf(`${r.tableName}:${scope.shape}`, [r.tableName, ...scope.values], (bind) => {
        const table = eq(operationLogs.resource, bind(r.tableName))
        const inScope = and(sql`${r.id}::text = ${operationLogs.objectId}`, r.live(), scope.write(bind)) as SQL
        return and(table, sql`exists (select 1 from ${r.table} where ${inScope})`)
      }),
    )
  }
  const changes = conditionsOf('changes', [LogType.Operation], (bind) =>
    and(eq(operationLogs.logType, bind(LogType.Operation)), isNotNull(operationLogs.objectId)),
  )
  if (parts.length === 0) return conditionsOf('nothing', [], () => sql`false`)
  return combine([changes, combine(parts, 'or')])
}

/** Rows a modify-history answer carries: the resource behind the table, and a label for entries logged without one. */
const decorateWith = (resources: ResourceRegistry) => async (rows: Row[], db: DbOrTx) => {
  const unlabelled = new Map<string, string[]>()
  for (const row of rows) {
    if (row.objectLabel != null || !row.resource || !row.objectId) continue
    unlabelled.set(String(row.resource), [...(unlabelled.get(String(row.resource)) ?? []), String(row.objectId)])
  }
  const labels = new Map<string, string>()
  for (const [table, ids] of unlabelled) {
    const r = resources.byTable(table)?.compiled
    if (!r) continue
    // the ids were written from this table's own ids: they bind as its id type, and its key serves
    const found = await db.select({ id: r.id, label: r.labelColumn }).from(r.table).where(inArray(r.id, ids))
    for (const f of found) labels.set(`${table}/${f.id}`, String(f.label ?? ''))
  }
  return rows.map((row) => ({
    ...row,
    objectLabel: row.objectLabel ?? labels.get(`${row.resource}/${row.objectId}`) ?? null,
    resourceName: resources.byTable(String(row.resource))?.compiled.meta.name ?? null,
  }))
}

/**
 * Modify history across screens (SPEC 2 'Audit: modify-history list'): the operation log's record
 * changes, read-only, filtered by what the caller may read (`visibleTo`), exported like any list.
 */
export const modifyHistoryCrud = (resources: ResourceRegistry): CrudResource => ({
  meta: modifyHistoryResource,
  table: operationLogs,
  record: ModifyHistorySchema,
  input: z.object({}),
  verbs: ['export'],
  visibleTo: (principal) => visibleEntries(resources, principal),
  decorate: decorateWith(resources),
  exportCells: async ({ db, lang }) => {
    const texts = await loadOperationTexts(db, lang)
    return {
      resource: (table) => texts.objectText(objectOf(resources, String(table))),
      operation: (operation) => texts.buttonText(String(operation)),
    }
  },
})
