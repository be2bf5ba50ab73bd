import { type Envelope, envelope, OK, WARNING } from '@app/contracts'
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

/** A warning (SPEC 8, DESIGN 3): code 510, and the web shows `result` as the warning text. */
export const warning = (text: string): Envelope<string> => ({
  success: false,
  code: WARNING,
  message: text,
  result: text,
  timestamp: Date.now(),
})

/** The `response` part of a route that answers its result or a 510 warning text. */
export const okOrWarningResponse = <T extends z.ZodType>(result: T) => ({
  200: envelope(z.union([result, z.string()])),
})
