import { Errors } from '@app/contracts'
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

/**
 * A refused add or edit, sorted out: a 400 with zod issues per field (`result`) goes onto those
 * fields, a refusal naming its field (ON_A_FIELD) onto that field, a 409 stale version to the
 * reload offer, anything else to a message.
 */
export const saveFailureOf = (error: unknown, fieldNames: readonly string[], fallback: string): SaveFailure => {
  if (!(error instanceof ApiError)) return { kind: 'message', text: fallback }
  if (error.code === Errors.DataChanged.code) return { kind: 'stale' }
  if (ON_A_FIELD.includes(error.code)) {
    const name = formFieldOf((error.result as { field?: unknown } | null)?.field)
    if (name && fieldNames.includes(name)) return { kind: 'fields', fields: [{ name, errors: [error.message] }] }
  }
  if (error.status === 400 && Array.isArray(error.result)) {
    const byField = new Map<string, string[]>()
    for (const issue of error.result as Issue[]) {
      const name = formFieldOf(issue.path)
      if (!name || !fieldNames.includes(name)) continue
      byField.set(name, [...(byField.get(name) ?? []), String(issue.message ?? error.message)])
    }
    if (byField.size > 0) return { kind: 'fields', fields: [...byField].map(([name, errors]) => ({ name, errors })) }
  }
  return { kind: 'message', text: error.message || fallback }
}
