import { brokenRules, type ErrorEntry, Errors, type RecordRule } from '@app/contracts'
import type { z } from 'zod'

/**
 * The one error type of the server. `entry` is a catalogue entry (code, HTTP status, zh/en text);
 * `result` optionally carries details for the client (e.g. counts of an import).
 */
export class AppError extends Error {
  readonly entry: ErrorEntry
  readonly result: unknown
  constructor(entry: ErrorEntry, result: unknown = null) {
    super(entry.en)
    this.name = 'AppError'
    this.entry = entry
    this.result = result
  }
  get statusCode() {
    return this.entry.status
  }
}

/** Throws the catalogue error; a function declaration, so `if (!x) fail(...)` narrows `x`. */
export function fail(entry: ErrorEntry, result?: unknown): never {
  throw new AppError(entry, result)
}

/** Refuses with a rule's answer (an entry of the catalogue), or lets the caller go on (null). */
export function refuse(refusal: ErrorEntry | null, result?: unknown): void {
  if (refusal) throw new AppError(refusal, result)
}

export function notFound(): never {
  throw new AppError(Errors.NotFound)
}

/** Thrown by the service layer when a row was changed by someone else (optimistic lock). */
export function staleVersion(): never {
  throw new AppError(Errors.DataChanged)
}

export const isAppError = (e: unknown): e is AppError => e instanceof AppError

/**
 * The SQLSTATE code and constraint of a database error from either driver (Drizzle wraps the
 * driver's error in its own), or undefined for any other error.
 */
export const dbErrorOf = (e: unknown): { code: string; constraint?: string } | undefined => {
  for (
    let cur = e as { code?: unknown; constraint?: unknown; cause?: unknown } | undefined;
    cur;
    cur = cur.cause as typeof cur
  ) {
    if (typeof cur.code === 'string' && /^\d{2}[0-9A-Z]{3}$/.test(cur.code))
      return { code: cur.code, constraint: typeof cur.constraint === 'string' ? cur.constraint : undefined }
  }
  return undefined
}

/**
 * A catch for a write that a unique index may refuse: the index's refusal (another transaction
 * wrote its row a moment before) answered as the catalogue's `entry`, any other error as it was.
 */
export const refusedBy =
  (constraint: string, entry: ErrorEntry) =>
  (e: unknown): never => {
    const db = dbErrorOf(e)
    if (db?.code === '23505' && db.constraint === constraint) fail(entry)
    throw e
  }

/**
 * A failed validation as Fastify's validator reports one (`validation`, each with its raw zod
 * issue): the error handler answers 400 with the issues in the caller's language.
 */
export const validationError = (issues: readonly z.core.$ZodIssue[]) => {
  const validation = issues.map((issue) => ({
    keyword: issue.code,
    instancePath: `/${issue.path.join('/')}`,
    schemaPath: '',
    message: issue.message,
    params: { issue },
  }))
  return Object.assign(new Error('validation failed'), { validation, statusCode: 400 })
}

/**
 * Refuses a record that breaks rules across its fields (contracts' record-rules.ts) as a failed
 * validation of those fields, as the input schema's refinement would: the form shows each on its field.
 */
export function keepRules(rules: readonly RecordRule[] | undefined, record: Readonly<Record<string, unknown>>) {
  const broken = brokenRules(rules, record)
  if (broken.length === 0) return
  throw validationError(
    broken.map((r) => ({ code: 'custom' as const, path: [r.field], message: r.id, input: record[r.field] })),
  )
}
