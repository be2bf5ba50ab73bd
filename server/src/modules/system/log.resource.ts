import { LogSchema, logResource } from '@app/contracts'
import { z } from 'zod'
import { operationLogs } from '../../db/schema/index.ts'
import type { ResourceRegistry } from '../../platform/crud/registry.ts'
import type { CrudResource, Row } from '../../platform/crud/resource.ts'
import { loadOperationTexts } from '../../platform/operation-text.ts'

/**
 * An entry's object as the screen it is looked at in, where its table is a screen's resource
 * (`sys_depart` -> `md_department`); else as logged (an approval business, a menu code, a message),
 * which contracts' `objectText` names.
 */
const objectOf = (resources: ResourceRegistry, resource: unknown): string | null =>
  resource == null ? null : (resources.byTable(String(resource))?.compiled.meta.menu ?? String(resource))

/**
 * The operation log (SPEC 2 'operation log list', issue 5): who (user), when, what (operation,
 * resource, record, before/after), where from (ip) and how long (costMs); filters by type, user,
 * time, operation and resource; export. Read-only: entries are written by every change
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
    rows.map((row) => ('resource' in row ? { ...row, object: objectOf(resources, row.resource) } : row)),
  exportCells: async ({ db, lang }) => {
    const texts = await loadOperationTexts(db, lang)
    return {
      operation: (operation) => texts.operationText(String(operation)),
      resource: (resource) => texts.objectText(objectOf(resources, resource) ?? ''),
    }
  },
})
