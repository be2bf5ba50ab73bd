import { percentile } from './list.ts'

/**
 * What the sections of `npm run bench` share: the app they measure (`Context`), the rows they
 * report (`Row`), how they format and log.
 */

/** The bench database and the app started on it, with an administrator's token. */
export type Context = { databaseUrl: string; baseUrl: string; pid: number; token: string }
/** A line of a section's table: a measure, its value, and its target when it has one. */
export type Row = { metric: string; value: string; target?: string; ok?: boolean }

export const ms = (n: number) => `${n.toFixed(1)} ms`
export const log = (msg: string) => console.error(`[bench] ${msg}`)

/** The lowest / median / highest of numbers, formatted. */
export const spreadOf = (values: number[], format: (n: number) => string) => {
  const sorted = [...values].sort((a, b) => a - b)
  return [sorted[0]!, percentile(sorted, 50), sorted[sorted.length - 1]!].map(format).join(' / ')
}
