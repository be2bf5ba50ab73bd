import { z } from 'zod'
import { codeOf, dictValue, intId, optionalText, recordBase, text, versionNo } from './fields.ts'
import { AUDIT_FIELDS, defineResource } from './resource.ts'

/**
 * The language of the system (SPEC 2 'System', issue 5): the runtime code table (every label's
 * zh and en, language config), field-label overrides and dictionaries with their items.
 */

const code = codeOf(64)

// ---------------------------------------------------------------- code table (language config)
/** Ids the system hands out for texts added at run time (dictionary labels, new entries). */
export const RUNTIME_CODE_FROM = 900_000

export const codeResource = defineResource({
  name: 'code',
  base: '/sys/code',
  menu: 'sys_language',
  label: 'zh',
  unique: ['id'],
  fields: {
    id: { type: 'number', code: true, search: 'eq', sort: true },
    category: { type: 'string', search: 'eq', sort: true },
    zh: { type: 'string', search: 'like', sort: true },
    en: { type: 'string', search: 'like', sort: true },
    key: { type: 'string', search: 'like', sort: true, readOnly: true },
    updateAt: { type: 'datetime', sort: true, readOnly: true },
  },
})

export const CodeInputSchema = z.object({
  /** Left out: the next free id from RUNTIME_CODE_FROM. */
  id: z.coerce.number().int().min(1).max(2_000_000_000).nullish(),
  category: code.max(32),
  zh: text(2000).min(1),
  en: text(2000).min(1),
})
export const CodeEditSchema = z.object({
  id: intId,
  version: versionNo,
  category: code.max(32).optional(),
  zh: text(2000).min(1).optional(),
  en: text(2000).min(1).optional(),
})
export const CodeSchema = z.object({
  id: z.number().int(),
  category: z.string(),
  zh: z.string(),
  en: z.string(),
  /** Set on an entry that overrides a bundled text (see FIELD_LABEL_KEY); written only by its own calls. */
  key: z.string().nullable(),
  version: versionNo,
  updateAt: z.coerce.date().nullable(),
})
export type CodeEntry = z.infer<typeof CodeSchema>

// ---------------------------------------------------------------- field labels (code-table overrides)
/** Category of the code-table entries that override a field's bundled label. */
export const FIELD_LABEL_CATEGORY = 'field'
/** `field:<resource>.<field>`: the code-table key of a field label override. */
export const FIELD_LABEL_KEY = /^field:([A-Za-z][A-Za-z0-9]*)\.([A-Za-z][A-Za-z0-9]*)$/
export const fieldLabelKey = (resource: string, field: string) => `field:${resource}.${field}`

const FieldLabelKeySchema = z.string().trim().max(160).regex(FIELD_LABEL_KEY, 'field:<resource>.<field>')
/** Saves both languages of a field's label (POST /sys/code/saveFieldLabel). */
export const FieldLabelSaveSchema = z.object({ key: FieldLabelKeySchema, zh: text(200).min(1), en: text(200).min(1) })
export type FieldLabelSave = z.infer<typeof FieldLabelSaveSchema>
/** Removes an override: the field shows its bundled label again (POST /sys/code/resetFieldLabel). */
export const FieldLabelResetSchema = z.object({ key: FieldLabelKeySchema })
export const FieldLabelSchema = z.object({
  id: z.number().int(),
  key: z.string(),
  zh: z.string(),
  en: z.string(),
  version: versionNo,
})
export type FieldLabel = z.infer<typeof FieldLabelSchema>
/** The fields whose labels may be overridden, by resource (GET /sys/code/fieldLabelFields). */
export const FieldLabelResourceSchema = z.object({ resource: z.string(), fields: z.array(z.string()) })
export type FieldLabelResource = z.infer<typeof FieldLabelResourceSchema>

// ---------------------------------------------------------------- dictionaries
export const dictResource = defineResource({
  name: 'dict',
  base: '/sys/dict',
  menu: 'sys_dict',
  label: 'dictCode',
  unique: ['dictCode'],
  fields: {
    dictCode: { type: 'string', search: 'like', sort: true },
    textId: { type: 'string', readOnly: true, superQuery: false, excel: false },
    description: { type: 'string', search: 'like' },
    ...AUDIT_FIELDS,
  },
})

export const DictInputSchema = z.object({
  dictCode: code,
  nameZh: text(200).min(1),
  nameEn: text(200).min(1),
  description: optionalText(500),
})
export const DictEditSchema = z.object({
  id: intId,
  version: versionNo,
  nameZh: text(200).min(1).optional(),
  nameEn: text(200).min(1).optional(),
  description: optionalText(500),
})
export const DictSchema = z.object({
  ...recordBase,
  id: z.number().int(),
  dictCode: z.string(),
  textId: z.number().int(),
  nameZh: z.string(),
  nameEn: z.string(),
  description: z.string().nullable(),
})
export type Dict = z.infer<typeof DictSchema>
export const DictOptionSchema = DictSchema.pick({ id: true, dictCode: true, nameZh: true, nameEn: true })

export const dictItemResource = defineResource({
  name: 'dictItem',
  base: '/sys/dictItem',
  menu: 'sys_dict',
  label: 'value',
  status: { field: 'status', dict: 'status' },
  fields: {
    dictId: { type: 'number', ref: { resource: 'dict', label: 'dictCode' }, search: 'eq', sort: true },
    value: { type: 'string', search: 'like', sort: true },
    textId: { type: 'string', readOnly: true, superQuery: false, excel: false },
    sortNo: { type: 'number', sort: true },
    status: { type: 'dict', dict: 'status', search: 'eq', sort: true },
    ...AUDIT_FIELDS,
  },
})

/** An item's label is a code-table entry (zh/en); adding an item allocates its id. */
export const DictItemInputSchema = z.object({
  dictId: intId,
  value: dictValue(),
  labelZh: text(200).min(1),
  labelEn: text(200).min(1),
  sortNo: z.coerce.number().int().min(0).max(99999).default(0),
  status: z.enum(['1', '2']).default('1'),
})
/** The stored value and the dictionary stay as created: records hold the value. */
export const DictItemEditSchema = z.object({
  id: intId,
  version: versionNo,
  labelZh: text(200).min(1).optional(),
  labelEn: text(200).min(1).optional(),
  sortNo: z.coerce.number().int().min(0).max(99999).optional(),
  status: z.enum(['1', '2']).optional(),
})
export const DictItemSchema = z.object({
  ...recordBase,
  id: z.number().int(),
  dictId: z.number().int(),
  value: z.string(),
  textId: z.number().int(),
  labelZh: z.string(),
  labelEn: z.string(),
  sortNo: z.number().int(),
  status: z.string(),
})
export type DictItem = z.infer<typeof DictItemSchema>

/**
 * GET /sys/catalogue/version: cheap fingerprints the web compares on focus and on an interval to
 * refetch what changed — the code table, the dictionaries, and the caller's own permissions.
 */
export const CatalogueVersionSchema = z.object({ code: z.string(), dict: z.string(), permissions: z.string() })
export type CatalogueVersion = z.infer<typeof CatalogueVersionSchema>
