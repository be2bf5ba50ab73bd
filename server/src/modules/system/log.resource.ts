import { LogSchema, logResource, type ResourceScreen, screenOf } from '@app/contracts'
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import { type DbOrTx, rowsOf } from '../../db/client.ts'
import { operationLogs } from '../../db/schema/index.ts'
import type { ResourceRegistry } from '../../platform/crud/registry.ts'
import type { CrudResource, Row } from '../../platform/crud/resource.ts'
import { loadOperationTexts } from '../../platform/operation-text.ts'

/**
 * An entry's object as the screen it is looked at in: the menu of the resource whose table it is
 * (`sys_depart` -> `md_department`), of an approval business (`order_adjust` -> `sale_apply_modify`)
 * or the menu of that code; else as logged (a message), which contracts' `objectText` names.
 */
export const objectOf = (resources: ResourceRegistry, resource: string): string =>
  resources.byTable(resource)?.compiled.meta.menu ?? screenOf(resource)?.code ?? resource

/**
 * The values a column of the log holds, each once, read along the column's index one value at a
 * time (a loose index scan): as many index lookups as values, however long the log is.
 */
export const loggedValues = async (db: DbOrTx, column: 'operation' | 'resource'): Promise<string[]> => {
  const c = sql.identifier(column)
  const rows = rowsOf<{ v: string | null }>(
    await db.execute(sql`
      with recursive seen(v) as (
        (select ${c} from sys_log where ${c} is not null order by ${c} limit 1)
        union all
        select (select l.${c} from sys_log l where l.${c} > seen.v order by l.${c} limit 1)
        from seen where seen.v is not null
      )
      select v from seen where v is not null`),
  )
  return rows.map((r) => r.v as string)
}

/**
 * The resources the log names, each with the screen it is looked at in (the object filter offers
 * those screens), named as the list names it (`objectOf`): a screen whose records no entry names
 * would find nothing.
 */
export const logObjects = async (db: DbOrTx, resources: ResourceRegistry): Promise<ResourceScreen[]> =>
  (await loggedValues(db, 'resource')).map((resource) => ({ resource, menu: objectOf(resources, resource) }))

/**
 * The operation log (SPEC 2 'operation log list', issue 5): who (user), when, what (operation,
 * resource, record, before/after), where from (ip) and how long (costMs); filters by type, user,
 * time, operation and object (its screen); export. Read-only: entries are written by every change
 * (platform/audit-log) and never edited. The list names each entry's object by its screen.
 */
export const logCrud = (resources: ResourceRegistry): CrudResource => ({
  meta: logResource,
  table: operationLogs,
  record: LogSchema,
  input: z.object({}),
  verbs: ['export'],
  // a list asking for some fields only gets the object with the resource it is named from
  decorate: async (rows: Row[]) =>
    rows.map((row) =>
      'resource' in row
        ? { ...row, object: row.resource == null ? null : objectOf(resources, String(row.resource)) }
        : row,
    ),
  exportCells: async ({ db, lang }) => {
    const texts = await loadOperationTexts(db, lang)
    return {
      operation: (operation) => texts.operationText(String(operation)),
      resource: (resource) => texts.objectText(objectOf(resources, String(resource))),
    }
  },
})
