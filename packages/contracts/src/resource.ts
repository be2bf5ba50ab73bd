import { z } from 'zod'
import { versionNo } from './fields.ts'
import type { FieldType } from './list.ts'
import type { RecordRule } from './record-rules.ts'

/**
 * A resource: one table behind a list screen, declared once and read by both sides — the server
 * (platform/crud: whitelist of filters, sorts and exports; SQL) and the web (ListPage: columns,
 * search form, form, export titles). Labels come from the web's i18n (`fields.<resource>.<field>`).
 */
export type FieldMeta = {
  type: FieldType
  /** Dictionary code when `type` is 'dict'. */
  dict?: string
  /**
   * A reference to another resource's record, shown by that resource's label field; the value is the
   * record's id, or its `key` field (a department named by its org code).
   */
  ref?: { resource: string; label: string; key?: string }
  /** Offered in the search form, matching this way. */
  search?: 'like' | 'eq' | 'in' | 'range'
  /** Sortable column. */
  sort?: boolean
  /** Shown as a list column (default true). */
  list?: boolean
  /** Offered in the super-query builder (default true). */
  superQuery?: boolean
  /** Written to Excel exports and read by imports (default true). */
  excel?: boolean
  /** Set by the server only (never in a form). */
  readOnly?: boolean
  /** A number that names something (a code-table id), not an amount: shown without thousands separators. */
  code?: boolean
}

export type ResourceMeta<F extends string = string> = {
  /** Stable name, e.g. `supplier`; also the i18n key of its labels. */
  name: string
  /** Base url under /api, e.g. `/md/supplier`; verbs follow (`/list`, `/add`...). */
  base: string
  /** Menu code: opening the list needs it; buttons are `<menu>:<button>`. */
  menu: string
  fields: Record<F, FieldMeta>
  /** Fields unique across the table: checked on save and by the duplicate-check call. */
  unique?: readonly NoInfer<F>[]
  /** The label of a record in selects and references (e.g. `name`). */
  label: NoInfer<F>
  /** The status field a batch status change sets, with its dictionary. */
  status?: { field: NoInfer<F>; dict: string }
  /** A tree over `parentId` (departments, categories). */
  tree?: boolean
  /** Rules across its fields (record-rules.ts): checked by the server on every write, by the form before saving. */
  rules?: readonly RecordRule[]
}

/**
 * A field's reference when it holds the referenced record's id: exports write it and imports read it
 * by that record's label. A reference by another field (`ref.key`) is written and read as it is.
 */
export const refById = (meta: FieldMeta) => (meta.ref && !meta.ref.key ? meta.ref : undefined)

export const defineResource = <F extends string>(meta: ResourceMeta<F>): ResourceMeta<F> => meta

/** Audit columns every record carries, for lists and exports. */
export const AUDIT_FIELDS: Record<'createAt' | 'updateAt', FieldMeta> = {
  createAt: { type: 'datetime', search: 'range', sort: true, readOnly: true },
  updateAt: { type: 'datetime', sort: true, readOnly: true, list: false },
}

/**
 * The edit form of a resource: every field optional and WITHOUT its default (a field not sent
 * keeps its value), plus the id and the version read (a stale version answers 409).
 */
export const editSchemaOf = (input: z.ZodObject) =>
  z
    .object(
      Object.fromEntries(
        Object.entries(input.shape).map(([key, field]) => {
          const bare = field instanceof z.ZodDefault ? (field.unwrap() as z.ZodType) : (field as z.ZodType)
          return [key, bare.optional()]
        }),
      ),
    )
    .extend({ id: z.string().uuid(), version: versionNo })
