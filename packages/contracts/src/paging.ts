import { z } from 'zod'

/** SPEC 9: page size 10, options 10, 20, 30. */
export const PAGE_SIZE_OPTIONS = [10, 20, 30] as const
export const DEFAULT_PAGE_SIZE = 10
export const MAX_PAGE_SIZE = 1000

/** One paging result shape for every list (SPEC 3 'List paging response'). */
export const pageOf = <T extends z.ZodType>(record: T) =>
  z.object({
    records: z.array(record),
    total: z.number().int(),
    size: z.number().int(),
    current: z.number().int(),
    pages: z.number().int(),
    /** `total` is the database's estimate: past a list's exact-count cap (server COUNT_CAP). */
    estimated: z.boolean().optional(),
  })

export type Page<T> = {
  records: T[]
  total: number
  size: number
  current: number
  pages: number
  estimated?: boolean
}
