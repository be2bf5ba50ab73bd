import { z } from 'zod'

/** Every JSON response of the API, success or failure (DESIGN 3). */
export const envelope = <T extends z.ZodType>(result: T) =>
  z.object({
    success: z.boolean(),
    code: z.number().int(),
    message: z.string(),
    result,
    timestamp: z.number().int(),
  })

export type Envelope<T> = {
  success: boolean
  code: number
  message: string
  result: T
  timestamp: number
}

/** `code` of a successful response. */
export const OK = 200
/** `code` of a warning: the client shows `result` as a warning text (SPEC 8). */
export const WARNING = 510
