import { z } from 'zod'

/**
 * The zod building blocks the resources' schemas share (admin, master data, products, stock):
 * one definition of what a record carries and what a code, a text or a day may hold.
 */

/** PostgreSQL's largest integer: a number past it is refused (400), never sent to the database (a 500). */
export const INT_MAX = 2_147_483_647
/** A record's version as an edit sends it back (an integer column). */
export const versionNo = z.number().int().min(0).max(INT_MAX)
/** A review step's number (an integer column). */
export const stepNumber = z.number().int().min(0).max(INT_MAX)
/** An integer id in a query or a form (the code table, dictionaries: serial keys). */
export const intId = z.coerce.number().int().min(1).max(INT_MAX)

/** Columns every record of a resource returns. */
export const recordBase = {
  id: z.string(),
  version: versionNo,
  createAt: z.coerce.date(),
  updateAt: z.coerce.date().nullable(),
}

export const text = (max: number) => z.string().trim().max(max)
export const optionalText = (max: number) => z.string().trim().max(max).nullish()
/**
 * A value of a dictionary as records hold it. A field of an open dictionary takes any of its values
 * (the server checks it is there and enabled); a closed one's field takes the code's enum.
 */
export const dictValue = () => text(64).min(1)
/** A code users type and other records name: letters, digits, `_` and `-`. */
export const codeOf = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+$/, 'letters, digits, _ and - only')
/** Enabled (1) or disabled (2), the `status` dictionary. */
export const status = z.enum(['1', '2'])
export const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD')
export const ids = (max: number) => z.array(z.string().uuid()).max(max)
