import { Errors } from '@app/contracts'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { z } from 'zod'
import type { DbOrTx } from '../db/client.ts'
import { createErrorTexts, type ErrorTexts } from './error-texts.ts'
import { AppError, validationError } from './errors.ts'
import { localizeIssues, requestLang } from './i18n.ts'
import { badInputIssue } from './input-guard.ts'

type Failure = { status: number; code: number; result: unknown; message?: string }

declare module 'fastify' {
  interface FastifyInstance {
    /** Error texts from the runtime code table (per app: tests run several apps at once). */
    errorTexts: ErrorTexts
  }
}

const send = async (req: FastifyRequest, reply: FastifyReply, f: Failure) => {
  const lang = requestLang(req)
  const text = await req.server.errorTexts.textOf(f.code, lang)
  return reply
    .code(f.status)
    .header('x-request-id', req.id)
    .type('application/json; charset=utf-8')
    .send({
      success: false,
      code: f.code,
      message: f.message ?? text ?? Errors.SystemError[lang],
      result: f.result,
      timestamp: Date.now(),
    })
}

/** The raw zod issues of a validation failure (see validatorCompiler below), or null. */
const zodIssuesOf = (e: unknown): z.core.$ZodIssue[] | null => {
  const validation = (e as { validation?: unknown } | null)?.validation
  if (!Array.isArray(validation)) return null
  const issues = validation.map((v) => (v as { params?: { issue?: z.core.$ZodIssue } })?.params?.issue)
  return issues.every((i) => i !== undefined) ? (issues as z.core.$ZodIssue[]) : null
}

/** Every error becomes an envelope in the caller's language; no stack trace leaves the server. */
export const registerErrorHandling = (app: FastifyInstance, db: DbOrTx) => {
  app.decorate('errorTexts', createErrorTexts(db))
  // every route, with a schema or not: control characters and over-deep nesting in the query or
  // body never reach a handler (input-guard.ts)
  app.addHook('preValidation', (req, _reply, done) => {
    const bad = badInputIssue(req.query) ?? badInputIssue(req.body)
    done(bad ? validationError([bad]) : undefined)
  })
  app.setErrorHandler((error: FastifyError | AppError, req, reply) => {
    if (error instanceof AppError) {
      return send(req, reply, { status: error.statusCode, code: error.entry.code, result: error.result })
    }
    const zodIssues = zodIssuesOf(error)
    if (zodIssues) {
      const issues = localizeIssues(zodIssues, requestLang(req))
      return send(req, reply, { status: 400, code: Errors.ParameterError.code, result: issues })
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500
    if (status === 429) return send(req, reply, { status, code: Errors.TooManyRequests.code, result: null })
    if (status >= 400 && status < 500) {
      // malformed JSON, wrong content type, body too large...: the client's mistake, said plainly
      req.log.info({ err: error }, 'client error')
      const entry = status === 404 ? Errors.NotFound : Errors.ParameterError
      return send(req, reply, { status, code: entry.code, result: null })
    }
    req.log.error({ err: error }, 'unexpected error')
    return send(req, reply, { status: 500, code: Errors.SystemError.code, result: { requestId: req.id } })
  })
}

export const sendNotFound = (req: FastifyRequest, reply: FastifyReply) =>
  send(req, reply, { status: 404, code: Errors.NotFound.code, result: null })

/**
 * Validates with zod and keeps each raw issue, so the error handler can word it in the language
 * of the request (the compiler itself never sees the request).
 */
export const validatorCompiler =
  ({ schema }: { schema: unknown }) =>
  (data: unknown) => {
    const result = (schema as z.ZodType).safeParse(data)
    if (result.success) return { value: result.data }
    return { error: validationError(result.error.issues) }
  }
