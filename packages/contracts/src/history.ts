import { z } from 'zod'
import { defineResource } from './resource.ts'

/**
 * The modify-history list (SPEC 2 'Audit: modify-history list', menu Review centre -> Modify
 * history): every change to a record of any screen whose history the caller may read (its
 * `<menu>:history` button), within the caller's data permission, newest first. Entries come from
 * the operation log; `view` shows one change field by field, `compare` two versions of one record.
 *
 * GET `/audit/modifyHistory/list` (the list contract), `/exportXls`, and
 * GET `/audit/modifyHistory/screens` -> the screens the caller may see the history of (`ResourceScreen`).
 */
export const modifyHistoryResource = defineResource({
  name: 'modifyHistory',
  base: '/audit/modifyHistory',
  menu: 'audit_modify_history',
  label: 'objectLabel',
  fields: {
    createAt: { type: 'datetime', search: 'range', sort: true, readOnly: true },
    resource: { type: 'string', search: 'in', superQuery: false },
    objectLabel: { type: 'string', search: 'like', sort: true },
    operation: { type: 'string', sort: true },
    username: { type: 'string', search: 'like', sort: true },
    objectId: { type: 'string', search: 'eq', list: false, excel: false },
  },
})

/** An image of a record as the log keeps it (secret columns left out). */
const RecordImageSchema = z.record(z.string(), z.unknown()).nullable()

export const ModifyHistorySchema = z.object({
  id: z.string(),
  /** `<menu>:<button>` of the change, e.g. `md_supplier:edit`. */
  operation: z.string(),
  username: z.string().nullable(),
  /** The table of the changed record. */
  resource: z.string(),
  objectId: z.string(),
  /** The record's label when it was changed (its name or code); older entries: as it is now. */
  objectLabel: z.string().nullable(),
  before: RecordImageSchema,
  after: RecordImageSchema,
  createAt: z.coerce.date(),
  /** The resource (`supplier`) behind the table: its fields label and format the compare. */
  resourceName: z.string().nullable(),
})
export type ModifyHistoryEntry = z.infer<typeof ModifyHistorySchema>

/**
 * A resource as the operation log names it (a table, an approval business) and the screen it is
 * looked at in: the modify history's and the log's filters offer the screens, each the resources
 * that are its.
 */
export const ResourceScreenSchema = z.object({
  /** A value of the list's `resource` filter. */
  resource: z.string(),
  /** Its screen's menu code (or, for what no menu lists, its own object name), which names it. */
  menu: z.string(),
})
export type ResourceScreen = z.infer<typeof ResourceScreenSchema>
