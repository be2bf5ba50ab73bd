import type { z } from 'zod'
import type { Lang } from './errors.ts'

/**
 * Rules across a record's fields (SPEC 5 'validation'), each in one place for the server and the
 * web: the field it falls on, the fields it also reads (a change there checks it again), whether a
 * record keeps it, and what it says when not, in both languages. A value not given keeps every
 * rule: the required checks say what is missing. A resource lists its rules in its meta (`rules`);
 * the server checks them on every add, edit and import (an edit: the record as it will stand),
 * the generated form before it saves.
 */
export type RecordRule = {
  id: string
  field: string
  reads: readonly string[]
  holds: (record: Readonly<Record<string, unknown>>) => boolean
  text: Readonly<Record<Lang, string>>
}

const given = (v: unknown) => v !== undefined && v !== null && v !== ''
/** `a <= b` where both are given, as numbers. */
const atMost = (a: unknown, b: unknown) => !given(a) || !given(b) || Number(a) <= Number(b)
/** Rich text with something in it to read: text outside its tags (a space, `&nbsp;` and an empty paragraph are not). */
export const htmlHasContent = (html: unknown): boolean =>
  typeof html === 'string' &&
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;|&#160;|&#xa0;/gi, ' ')
    .trim() !== ''
/** Day `a` is not before day `b` (both `YYYY-MM-DD`) where both are given. */
const notBefore = (a: unknown, b: unknown) => !given(a) || !given(b) || String(a) >= String(b)

const rule = (
  id: string,
  field: string,
  reads: readonly string[],
  holds: RecordRule['holds'],
  zh: string,
  en: string,
) => ({ id, field, reads, holds, text: { zh, en } }) satisfies RecordRule

export const RECORD_RULES = {
  netWeight: rule(
    'product.netWeight',
    'netWeightKg',
    ['grossWeightKg'],
    (p) => atMost(p.netWeightKg, p.grossWeightKg),
    '净重不能大于毛重',
    'The net weight must not exceed the gross weight',
  ),
  expiryWarning: rule(
    'product.expiryWarning',
    'expiryWarningDays',
    ['shelfLifeDays'],
    (p) => atMost(p.expiryWarningDays, p.shelfLifeDays),
    '临期预警天数不能大于保质期天数',
    'The expiry warning must not exceed the shelf life',
  ),
  priceValidTo: rule(
    'price.validTo',
    'validTo',
    ['validFrom'],
    (p) => notBefore(p.validTo, p.validFrom),
    '失效日期不能早于生效日期',
    'Valid to must not be before valid from',
  ),
  noticeOpenUrl: rule(
    'notice.openUrl',
    'openUrl',
    ['openType'],
    (n) => n.openType !== 'url' || given(n.openUrl),
    '请填写链接地址',
    'Enter the link address',
  ),
  noticeContent: rule(
    'notice.content',
    'content',
    [],
    // the text's absence is the schema's to refuse
    (n) => n.content === undefined || htmlHasContent(n.content),
    '请填写内容',
    'Please enter the content',
  ),
  noticeTargets: rule(
    'notice.targetIds',
    'targetIds',
    ['targetType'],
    (n) => n.targetType === 'all' || (Array.isArray(n.targetIds) && n.targetIds.length > 0),
    '请至少选择一项',
    'Choose at least one',
  ),
  stepDepartment: rule(
    'auditStep.orgCode',
    'orgCode',
    ['deptType'],
    (s) => s.deptType !== 'fixed' || given(s.orgCode),
    '请选择部门',
    'Choose a department',
  ),
} as const

const byId = new Map<string, RecordRule>(Object.values(RECORD_RULES).map((r) => [r.id, r]))

/** The rules a record breaks. */
export const brokenRules = (rules: readonly RecordRule[] | undefined, record: Readonly<Record<string, unknown>>) =>
  (rules ?? []).filter((r) => !r.holds(record))

/**
 * A zod refinement with the rules: an issue on each broken rule's field, its message the rule's
 * id, which the server words in the caller's language (`ruleText`).
 */
export const keepsRules =
  (rules: readonly RecordRule[]) => (record: Readonly<Record<string, unknown>>, ctx: z.core.$RefinementCtx) => {
    for (const r of brokenRules(rules, record)) ctx.addIssue({ code: 'custom', path: [r.field], message: r.id })
  }

/** What the rule named by `id` says, in `lang`; nothing for another message. */
export const ruleText = (id: string, lang: Lang): string | undefined => byId.get(id)?.text[lang]
