import type { FieldMeta, RecordRule, ResourceMeta } from '@app/contracts'
import type { FormInstance, FormRule } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import type { TFunction } from 'i18next'
import type { z } from 'zod'
import { resourceByName } from '../../api/resources.ts'
import { DATE_FORMAT } from '../../config/constants.ts'
import { currentLang } from '../../i18n/index.ts'
import type { FormFieldOverride, FormMode, Widget } from './types.ts'

/** What the form needs to know about one field, read from the zod input schema and the field meta. */
export type FormFieldSpec = {
  name: string
  widget: Widget
  /** Must be filled in (a field with a default is filled in for the user instead). */
  required: boolean
  /** May be left out (optional, or has a default). */
  optional: boolean
  /** May be null: left empty, it is sent as null (which clears it on edit). */
  nullable: boolean
  defaultValue?: unknown
  minLength?: number
  maxLength?: number
  min?: number
  max?: number
  /** Number bound is exclusive (`positive()` -> above 0). */
  minExclusive?: boolean
  integer?: boolean
  /** The allowed values of a zod enum. */
  options?: readonly string[]
  meta?: FieldMeta
  /** The field's own zod schema, to check a value the same way the server will. */
  schema: z.ZodType
  span: number
  /** Read-only after creation. */
  lockedOnEdit: boolean
  override?: FormFieldOverride
}

type Def = {
  type: string
  innerType?: z.ZodType
  in?: z.ZodType
  options?: z.ZodType[]
  entries?: Record<string, string>
  values?: unknown[]
  checks?: { _zod: { def: Record<string, unknown> } }[]
  defaultValue?: unknown
}

const defOf = (s: z.ZodType): Def => (s as unknown as { _zod: { def: Def } })._zod.def

/** Peels optional / nullable / default / pipe wrappers down to the value's own type. */
const unwrap = (schema: z.ZodType) => {
  let s = schema
  let optional = false
  let nullable = false
  let defaultValue: unknown
  for (;;) {
    const def = defOf(s)
    if (def.type === 'optional') optional = true
    else if (def.type === 'nullable') nullable = true
    else if (def.type === 'default' || def.type === 'prefault') {
      optional = true
      defaultValue = typeof def.defaultValue === 'function' ? undefined : def.defaultValue
    } else if (def.type === 'union' && def.options) {
      // `x.nullish().or(z.literal(''))`: the empty literal only means 'may be left empty'
      const real = def.options.filter((o) => defOf(o).type !== 'literal')
      if (real.length !== def.options.length) optional = true
      if (real.length !== 1) return { inner: s, optional, nullable, defaultValue }
      s = real[0] as z.ZodType
      continue
    } else if (def.type === 'pipe' && def.in) {
      s = def.in
      continue
    } else return { inner: s, optional, nullable, defaultValue }
    s = def.innerType as z.ZodType
  }
}

const checksOf = (s: z.ZodType) => (defOf(s).checks ?? []).map((c) => c._zod.def)

/** Text longer than this gets a text area. */
export const TEXTAREA_FROM = 256

/**
 * The form of a resource, generated: every field of the input schema that the meta does not mark
 * read-only, with its widget (input, number, date, select for dictionaries and references, text area
 * for long text), whether it is required, its bounds and default, then the screen's overrides.
 */
export const formSpecs = (
  input: z.ZodObject,
  resource: Pick<ResourceMeta, 'name' | 'fields' | 'tree'>,
  overrides: Partial<Record<string, FormFieldOverride>> = {},
  mode?: FormMode,
): FormFieldSpec[] => {
  const out: FormFieldSpec[] = []
  for (const [name, schema] of Object.entries(input.shape as Record<string, z.ZodType>)) {
    const meta = resource.fields[name]
    const override = overrides[name]
    if (meta?.readOnly || override?.hidden === true || (mode && override?.hidden === mode)) continue
    const { inner, optional, nullable, defaultValue } = unwrap(schema)
    const def = defOf(inner)
    const checks = checksOf(inner)
    const spec: FormFieldSpec = {
      name,
      widget: 'input',
      required: !optional && !nullable,
      optional,
      nullable,
      defaultValue,
      meta,
      schema,
      span: 8,
      lockedOnEdit: override?.editable === false,
      override,
    }
    for (const c of checks) {
      if (c.check === 'min_length') spec.minLength = c.minimum as number
      if (c.check === 'max_length') spec.maxLength = c.maximum as number
      if (c.check === 'greater_than') {
        spec.min = c.value as number
        spec.minExclusive = c.inclusive === false
      }
      if (c.check === 'less_than') spec.max = c.value as number
      if (c.check === 'number_format' && String(c.format).includes('int')) spec.integer = true
    }
    // a string that may be '' is not really required (the server takes it as given); one of a
    // format (an address, a URL) may not be ''
    const formatted = checks.some((c) => c.check === 'string_format')
    if (def.type === 'string' && !spec.minLength && !formatted) spec.required = false
    if (def.type === 'enum') spec.options = Object.values(def.entries ?? {})
    spec.widget = widgetOf(def.type, meta, spec, resource)
    if (override?.widget) spec.widget = override.widget
    if (override?.span) spec.span = override.span
    else if (spec.widget === 'textarea') spec.span = 24
    out.push(spec)
  }
  return out
}

const widgetOf = (
  zodType: string,
  meta: FieldMeta | undefined,
  spec: FormFieldSpec,
  resource: Pick<ResourceMeta, 'name' | 'tree'>,
): Widget => {
  // a reference to a tree (a record's parent, a department, a category) is chosen in that tree
  if (meta?.ref)
    return (meta.ref.resource === resource.name ? resource : resourceByName(meta.ref.resource))?.tree
      ? 'treeSelect'
      : 'select'
  if (meta?.type === 'dict' || zodType === 'enum') return 'select'
  if (meta?.type === 'number' || zodType === 'number') return 'number'
  if (meta?.type === 'date') return 'date'
  if (meta?.type === 'datetime' || zodType === 'date') return 'datetime'
  if ((spec.maxLength ?? 0) >= TEXTAREA_FROM) return 'textarea'
  return 'input'
}

const isEmpty = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '')

/** A form value as the server wants it: trimmed text, dates formatted, empty -> null (or left out). */
export const toPayloadValue = (spec: FormFieldSpec, value: unknown): unknown => {
  if (isEmpty(value)) return spec.nullable ? null : undefined
  if (dayjs.isDayjs(value)) {
    return spec.widget === 'date' ? value.format(DATE_FORMAT) : (value as Dayjs).toISOString()
  }
  if (typeof value === 'string') return value.trim()
  return value
}

export const toPayload = (specs: readonly FormFieldSpec[], values: Record<string, unknown>) => {
  const out: Record<string, unknown> = {}
  for (const spec of specs) {
    const v = toPayloadValue(spec, values[spec.name])
    if (v !== undefined) out[spec.name] = v
  }
  return out
}

/** A record's values as the form shows them (dates as dayjs, null as empty). */
export const toFormValues = (specs: readonly FormFieldSpec[], record: Record<string, unknown>) => {
  const out: Record<string, unknown> = {}
  for (const spec of specs) {
    const v = record[spec.name]
    if (v === null || v === undefined) continue
    out[spec.name] = spec.widget === 'date' || spec.widget === 'datetime' ? dayjs(v as string) : v
  }
  return out
}

/** Defaults for a new record (e.g. status enabled, sort number 0). */
export const initialValues = (specs: readonly FormFieldSpec[]) =>
  Object.fromEntries(specs.filter((s) => s.defaultValue !== undefined).map((s) => [s.name, s.defaultValue]))

/** A message key of the `list.validation` area with its values. */
export type IssueText = { key: string; values?: Record<string, unknown> }

const CODE_PATTERN = '^[A-Za-z0-9_-]+$'

/** Widgets a value is chosen in, not typed: their missing value is asked for as a choice. */
const CHOSEN: readonly Widget[] = ['select', 'treeSelect', 'date', 'datetime']

/** The words for a required field left empty: "please enter" a typed one, "please select" a chosen one. */
export const requiredKey = (spec: Pick<FormFieldSpec, 'widget'>) =>
  CHOSEN.includes(spec.widget) ? 'list.validation.requiredChoice' : 'list.validation.required'

/**
 * A form item's check of a rule across fields (contracts' record-rules.ts, the one the server
 * keeps), on the record `recordOf` reads from the form: its values, or a row of a list.
 */
export const keepingRule =
  (rule: RecordRule, recordOf: (form: FormInstance) => Record<string, unknown> | undefined): FormRule =>
  (form) => ({
    validator: async () => {
      if (!rule.holds(recordOf(form as FormInstance) ?? {})) throw new Error(rule.text[currentLang()])
    },
  })

/** A form item's required rule, worded for its widget ("please select" a select's label). */
export const requiredRule = (t: TFunction, label: string, widget: Widget = 'input') => ({
  required: true,
  message: t(requiredKey({ widget }), { label }),
})

/**
 * Checks one value with the field's zod schema, the same one the server applies, and words the
 * first problem as an i18n key (the schema's own messages are English only).
 */
export const checkValue = (spec: FormFieldSpec, value: unknown): IssueText | null => {
  const payload = toPayloadValue(spec, value)
  if (payload === undefined && spec.required) return { key: requiredKey(spec) }
  const result = spec.schema.safeParse(payload)
  if (result.success) return null
  const issue = result.error.issues[0] as z.core.$ZodIssue & Record<string, unknown>
  switch (issue.code) {
    case 'too_small':
      if (issue.origin === 'string') {
        return Number(issue.minimum) <= 1
          ? { key: 'list.validation.required' }
          : { key: 'list.validation.minLength', values: { min: issue.minimum } }
      }
      return {
        key: issue.inclusive === false ? 'list.validation.above' : 'list.validation.min',
        values: { min: issue.minimum },
      }
    case 'too_big':
      return issue.origin === 'string'
        ? { key: 'list.validation.maxLength', values: { max: issue.maximum } }
        : { key: 'list.validation.max', values: { max: issue.maximum } }
    case 'invalid_format':
      if (issue.format === 'email') return { key: 'list.validation.email' }
      if (issue.format === 'regex' && String(issue.pattern) === `/${CODE_PATTERN}/`) {
        return { key: 'list.validation.code' }
      }
      return { key: 'list.validation.format' }
    case 'invalid_type':
      if (payload === undefined || payload === null) return { key: requiredKey(spec) }
      return issue.expected === 'number' ? { key: 'list.validation.number' } : { key: 'list.validation.format' }
    case 'invalid_value':
      return { key: 'list.validation.choose' }
    default:
      return { key: 'list.validation.format' }
  }
}
