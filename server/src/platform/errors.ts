import { type ErrorEntry, Errors } from '@app/contracts'

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
