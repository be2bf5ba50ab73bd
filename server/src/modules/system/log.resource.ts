import { AUDIT_BUSINESSES, LogSchema, logResource, OWN_OBJECTS, type ResourceScreen, screenOf } from '@app/contracts'
import { z } from 'zod'
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
 * Every resource the log names with the screen it is looked at in (the object filter offers the
 * screens), each named as the list names it (`objectOf`): the tables of the registered resources,
 * the approval businesses, the own objects.
 */
export const logObjects = (resources: ResourceRegistry): ResourceScreen[] =>
  [
    ...new Set([...resources.all().map((r) => r.compiled.tableName), ...AUDIT_BUSINESSES, ...Object.keys(OWN_OBJECTS)]),
  ].map((resource) => ({ resource, menu: objectOf(resources, resource) }))

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
