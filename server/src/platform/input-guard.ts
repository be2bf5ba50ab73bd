import type { z } from 'zod'

/**
 * Text PostgreSQL must never see: NUL and the other C0 control characters and DEL. Tab, newline
 * and carriage return stay allowed (free text). Checked once for every route's query and body
 * by a preValidation hook (http-errors.ts), including JSON carried in a query string
 * (`search`, `superQueryParams`), so no route can pass such text to the database. So is a single
 * text longer than any field takes (`MAX_TEXT`): a megabyte in a search or a draft is refused
 * here, before a handler pinyin-converts it or a trigram index searches for it.
 */
const PATTERN = '[^\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F]*'
const hasControl = (text: string) => {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if ((c < 32 && c !== 9 && c !== 10 && c !== 13) || c === 127) return true
  }
  return false
}
const MAX_DEPTH = 64
/** Longer than the longest text field (a notice's HTML, 200 000 characters). */
export const MAX_TEXT = 256 * 1024

const controlIssue = (path: PropertyKey[]) =>
  ({
    code: 'invalid_format',
    format: 'regex',
    pattern: PATTERN,
    path,
    message: 'control characters are not allowed',
    input: undefined,
  }) as z.core.$ZodIssue

const tryJson = (text: string): unknown => {
  const first = text.trimStart()[0]
  if (first !== '{' && first !== '[') return undefined
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/** The first problem found in a request's query or body, worded as a zod issue, or null. */
export const badInputIssue = (data: unknown): z.core.$ZodIssue | null => {
  const stack: { value: unknown; path: PropertyKey[]; depth: number }[] = [{ value: data, path: [], depth: 0 }]
  while (stack.length > 0) {
    const { value, path, depth } = stack.pop() as (typeof stack)[number]
    if (depth > MAX_DEPTH) {
      return {
        code: 'too_big',
        origin: 'array',
        maximum: MAX_DEPTH,
        inclusive: true,
        path,
        message: 'nested too deeply',
        input: undefined,
      } as z.core.$ZodIssue
    }
    if (typeof value === 'string') {
      if (value.length > MAX_TEXT) {
        return {
          code: 'too_big',
          origin: 'string',
          maximum: MAX_TEXT,
          inclusive: true,
          path,
          message: 'text too long',
          input: undefined,
        } as z.core.$ZodIssue
      }
      if (hasControl(value)) return controlIssue(path)
      const parsed = tryJson(value)
      if (parsed !== undefined) stack.push({ value: parsed, path, depth: depth + 1 })
    } else if (Array.isArray(value)) {
      value.forEach((v, i) => {
        stack.push({ value: v, path: [...path, i], depth: depth + 1 })
      })
    } else if (value !== null && typeof value === 'object' && !Buffer.isBuffer(value)) {
      for (const [k, v] of Object.entries(value)) {
        if (hasControl(k) || k.length > MAX_TEXT) return controlIssue([...path, k.slice(0, 64)])
        stack.push({ value: v, path: [...path, k], depth: depth + 1 })
      }
    }
  }
  return null
}
