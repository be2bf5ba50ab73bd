import { LogSchema, logResource } from '@app/contracts'
import { z } from 'zod'
import { operationLogs } from '../../db/schema/index.ts'
import type { CrudResource } from '../../platform/crud/resource.ts'
import { loadOperationTexts } from '../../platform/operation-text.ts'

/**
 * The operation log (SPEC 2 'operation log list', issue 5): who (user), when, what (operation,
 * resource, record, before/after), where from (ip) and how long (costMs); filters by type, user,
 * time, operation and resource; export. Read-only: entries are written by every change
 * (platform/audit-log) and never edited.
 */
export const logCrud: CrudResource = {
  meta: logResource,
  table: operationLogs,
  record: LogSchema,
  input: z.object({}),
  verbs: ['export'],
  exportCells: async ({ db, lang }) => {
    const texts = await loadOperationTexts(db, lang)
    return { operation: (operation) => texts.operationText(String(operation)) }
  },
}
