import { type FieldMeta, type QueryCondition, type QueryRule, RULES_BY_TYPE } from '@app/contracts'
import dayjs from 'dayjs'
import { DATE_FORMAT } from '../../config/constants.ts'

/** One row of the super-query builder while the user edits it. */
export type ConditionDraft = { key: string; field?: string; rule?: QueryRule; value?: unknown }

/** How many values a rule takes: none (empty), one, a list (in) or two bounds (range). */
export type ValueShape = 'none' | 'single' | 'list' | 'range'

export const valueShape = (rule: QueryRule | undefined): ValueShape => {
  if (rule === 'empty' || rule === 'not_empty') return 'none'
  if (rule === 'in' || rule === 'not_in') return 'list'
  if (rule === 'range') return 'range'
  return 'single'
}

const REF_RULES: readonly QueryRule[] = ['eq', 'ne', 'in', 'not_in', 'empty', 'not_empty']

/** The rules the builder offers for a field: RULES_BY_TYPE; a reference compares ids only. */
export const rulesFor = (meta: FieldMeta): readonly QueryRule[] => (meta.ref ? REF_RULES : RULES_BY_TYPE[meta.type])

/** Fields offered in the builder (`superQuery` defaults to true). */
export const superQueryFields = (fields: Record<string, FieldMeta>) =>
  Object.entries(fields).filter(([, m]) => m.superQuery !== false)

type Scalar = string | number | boolean

const isBlank = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0)

/** One value for the wire: dates as YYYY-MM-DD, date-times as ISO instants, numbers as numbers. */
const scalarOf = (meta: FieldMeta, v: unknown): Scalar | null => {
  if (isBlank(v)) return null
  if (dayjs.isDayjs(v)) return meta.type === 'date' ? v.format(DATE_FORMAT) : v.toISOString()
  if (meta.type === 'number') {
    const n = typeof v === 'number' ? v : Number(String(v).replace(/,/g, ''))
    return Number.isFinite(n) ? n : null
  }
  if (typeof v === 'string') return v.trim() === '' ? null : v.trim()
  return typeof v === 'number' || typeof v === 'boolean' ? v : String(v)
}

/**
 * A finished builder row as a condition of the list contract, or null while it is incomplete
 * (no field, no rule, or a value the rule needs is missing). A range needs at least one bound.
 */
export const toCondition = (meta: FieldMeta | undefined, draft: ConditionDraft): QueryCondition | null => {
  if (!meta || !draft.field || !draft.rule) return null
  const shape = valueShape(draft.rule)
  if (shape === 'none') return { field: draft.field, rule: draft.rule }
  if (shape === 'single') {
    const val = scalarOf(meta, draft.value)
    return val === null ? null : { field: draft.field, rule: draft.rule, val }
  }
  const items = Array.isArray(draft.value) ? draft.value : []
  if (shape === 'list') {
    const val = items.map((v) => scalarOf(meta, v)).filter((v): v is Scalar => v !== null)
    return val.length ? { field: draft.field, rule: draft.rule, val } : null
  }
  const [from, to] = [scalarOf(meta, items[0]), scalarOf(meta, items[1])]
  if (from === null && to === null) return null
  return { field: draft.field, rule: draft.rule, val: [from ?? '', to ?? ''] }
}

const draftScalar = (meta: FieldMeta, v: unknown): unknown => {
  if (isBlank(v)) return undefined
  if (meta.type === 'date' || meta.type === 'datetime') return dayjs(String(v))
  return v
}

/** A saved condition back into a builder row (dates become pickers' values again). */
export const toDraft = (meta: FieldMeta | undefined, c: QueryCondition, key: string): ConditionDraft => {
  const shape = valueShape(c.rule)
  if (!meta || shape === 'none') return { key, field: c.field, rule: c.rule }
  if (shape === 'single') return { key, field: c.field, rule: c.rule, value: draftScalar(meta, c.val) }
  const items = Array.isArray(c.val) ? c.val : isBlank(c.val) ? [] : [c.val]
  const value = items.map((v) => draftScalar(meta, v))
  return { key, field: c.field, rule: c.rule, value }
}

/** Changing the rule keeps the value when it has the same shape, else clears it. */
export const changeRule = (draft: ConditionDraft, rule: QueryRule): ConditionDraft =>
  valueShape(draft.rule) === valueShape(rule) ? { ...draft, rule } : { ...draft, rule, value: undefined }

/** Changing the field starts the row over with that field's first rule. */
export const changeField = (draft: ConditionDraft, field: string, meta: FieldMeta): ConditionDraft => ({
  key: draft.key,
  field,
  rule: rulesFor(meta)[0],
  value: undefined,
})
