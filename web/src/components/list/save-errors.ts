import { Errors } from '@app/contracts'
import type { TFunction } from 'i18next'
import { ApiError } from '../../api/http.ts'

/** How a refused save is shown: messages on fields, the stale-version dialog, or one message. */
export type SaveFailure =
  | { kind: 'fields'; fields: { name: string; errors: string[] }[] }
  | { kind: 'stale' }
  | { kind: 'message'; text: string }

type Issue = { path?: unknown; message?: unknown }

/**
 * Refusals that name the field they concern (`result.field`): a duplicate of a unique value, a value
 * not in its dictionary. A field inside a list (`units.2.unit`) is shown on the list's field.
 */
const ON_A_FIELD: readonly number[] = [Errors.DuplicateValue.code, Errors.DictValueUnknown.code]

/** The form's field a refusal's path (`code`, `units.2.unit`) falls on: its first part. */
const formFieldOf = (path: unknown) => (typeof path === 'string' ? path.split('.')[0] : undefined)

/** The line of a list a path names (`units.2.unit`: the third), counted from one; none for a field. */
const lineOf = (path: unknown) => {
  const index = typeof path === 'string' ? path.split('.')[1] : undefined
  return index !== undefined && /^\d+$/.test(index) ? Number(index) + 1 : null
}

/** Writes a refusal of a list's line with the line it concerns. */
export type OnLine = (line: number, message: string) => string

/** A refusal of a list's line as the interface language writes it: 第 3 行：…, Line 3: … */
export const onLineIn =
  (t: TFunction): OnLine =>
  (line, message) =>
    t('common.messages.onLine', { line, message })

/**
 * A refused add or edit, sorted out: a 400 with zod issues per field (`result`) goes onto those
 * fields, a refusal naming its field (ON_A_FIELD) onto that field, a 409 stale version to the
 * reload offer, anything else to a message. A refusal of a list's line says which line (`onLine`).
 */
export const saveFailureOf = (
  error: unknown,
  fieldNames: readonly string[],
  fallback: string,
  onLine: OnLine = (_, message) => message,
): SaveFailure => {
  const said = (path: unknown, message: string) => {
    const line = lineOf(path)
    return line ? onLine(line, message) : message
  }
  if (!(error instanceof ApiError)) return { kind: 'message', text: fallback }
  if (error.code === Errors.DataChanged.code) return { kind: 'stale' }
  if (ON_A_FIELD.includes(error.code)) {
    const field = (error.result as { field?: unknown } | null)?.field
    const name = formFieldOf(field)
    if (name && fieldNames.includes(name))
      return { kind: 'fields', fields: [{ name, errors: [said(field, error.message)] }] }
  }
  if (error.status === 400 && Array.isArray(error.result)) {
    const byField = new Map<string, string[]>()
    for (const issue of error.result as Issue[]) {
      const name = formFieldOf(issue.path)
      if (!name || !fieldNames.includes(name)) continue
      byField.set(name, [...(byField.get(name) ?? []), said(issue.path, String(issue.message ?? error.message))])
    }
    if (byField.size > 0) return { kind: 'fields', fields: [...byField].map(([name, errors]) => ({ name, errors })) }
  }
  return { kind: 'message', text: error.message || fallback }
}
