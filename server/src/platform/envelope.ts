import { type Envelope, envelope, OK } from '@app/contracts'
import { z } from 'zod'

export const ok = <T>(result: T, message = 'success'): Envelope<T> => ({
  success: true,
  code: OK,
  message,
  result,
  timestamp: Date.now(),
})

/** The `response` part of a route schema: the envelope around `result`. */
export const okResponse = <T extends z.ZodType>(result: T) => ({ 200: envelope(result) })

/** For writes that answer nothing but success. */
export const emptyResponse = okResponse(z.null())
