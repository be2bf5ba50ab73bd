import type { HistoryEntry } from '../../api/resources.ts'

/** One state of a record: what an entry of the operation log left behind. */
export type Version = {
  /** Unique among the versions of one record. */
  key: string
  version: number | null
  /** The log operation (`md_supplier:edit`) cut to its verb; `initial` for the state before the first entry. */
  operation: string
  username: string | null
  at: string | null
  record: Record<string, unknown>
  /** A heading of its own (before / after a change) in place of the version number. */
  title?: string
}

const verbOf = (operation: string) => operation.slice(operation.lastIndexOf(':') + 1)

const numberOr = (v: unknown): number | null => (typeof v === 'number' ? v : null)

/**
 * The versions of a record from its modify history, newest first. Each entry's `after` is a
 * version; a record older than its log (seeded, imported before logging) also shows the state the
 * first entry started from. A delete leaves no version.
 */
export const versionsOf = (entries: readonly HistoryEntry[]): Version[] => {
  const ordered = [...entries].sort((a, b) => a.createAt.localeCompare(b.createAt))
  const out: Version[] = []
  const first = ordered[0]
  if (first?.before) {
    out.push({
      key: `${first.id}:before`,
      version: numberOr(first.before.version),
      operation: 'initial',
      username: null,
      at: typeof first.before.createAt === 'string' ? first.before.createAt : null,
      record: first.before,
    })
  }
  for (const e of ordered) {
    if (!e.after) continue
    out.push({
      key: e.id,
      version: numberOr(e.after.version),
      operation: verbOf(e.operation),
      username: e.username,
      at: e.createAt,
      record: e.after,
    })
  }
  return out.reverse()
}

export type DiffRow = { field: string; left: unknown; right: unknown; changed: boolean }

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/
const NUMERIC = /^-?\d+(\.\d+)?$/

/** Values that mean the same to a user: empty is empty, 12.50 is 12.5, one instant is one instant. */
export const sameValue = (a: unknown, b: unknown): boolean => {
  const blank = (v: unknown) => v === undefined || v === null || v === ''
  if (blank(a) || blank(b)) return blank(a) && blank(b)
  if (typeof a === 'object' || typeof b === 'object') return JSON.stringify(a) === JSON.stringify(b)
  const [sa, sb] = [String(a), String(b)]
  if (sa === sb) return true
  if (NUMERIC.test(sa) && NUMERIC.test(sb)) return Number(sa) === Number(sb)
  if (ISO.test(sa) && ISO.test(sb)) return new Date(sa).getTime() === new Date(sb).getTime()
  return false
}

/** Field by field, in the given order: both values and whether they differ. */
/**
 * Child records a version carries beside its fields (an order's `lines`): each as one line of
 * text, ids left out, so two versions compare line by line.
 */
export const childLines = (value: unknown): string[] | null =>
  Array.isArray(value)
    ? value.map((item) =>
        item && typeof item === 'object'
          ? Object.entries(item as Record<string, unknown>)
              .filter(([k, v]) => k !== 'id' && !k.endsWith('Id') && v !== null && v !== undefined && v !== '')
              .map(([, v]) => String(v))
              .join(' · ')
          : String(item),
      )
    : null

export const diffRecords = (
  fields: readonly string[],
  left: Record<string, unknown>,
  right: Record<string, unknown>,
): DiffRow[] => {
  const children = [...new Set([...Object.keys(left), ...Object.keys(right)])].filter(
    (k) => !fields.includes(k) && (Array.isArray(left[k]) || Array.isArray(right[k])),
  )
  return [
    ...fields.map((field) => ({
      field,
      left: left[field],
      right: right[field],
      changed: !sameValue(left[field], right[field]),
    })),
    ...children.map((field) => {
      const [l, r] = [childLines(left[field]), childLines(right[field])]
      return { field, left: l, right: r, changed: JSON.stringify(l) !== JSON.stringify(r) }
    }),
  ]
}
