import { Errors } from '@app/contracts'
import type {} from '@fastify/multipart'
import type { FastifyRequest } from 'fastify'
import { AppError, fail } from '../errors.ts'

/** SPEC 9: an upload has 120 s to arrive. */
export const UPLOAD_TIMEOUT_MS = 120_000

export type UploadedFile = { buffer: Buffer; filename: string }
export type Upload = { file: UploadedFile | null; fields: Record<string, string> }

const isTooLarge = (e: unknown) => (e as { code?: string } | null)?.code === 'FST_REQ_FILE_TOO_LARGE'

/**
 * Reads a multipart request: its one `file` part into memory (bounded by `maxBytes`) and its text
 * fields, in whatever order the client sent them. Too large answers `tooLarge`; slower than the
 * timeout, a malformed body or a second file answer UploadFailed.
 */
export const readUpload = async (
  req: FastifyRequest,
  options: { maxBytes: number; tooLarge?: typeof Errors.FileTooLarge; timeoutMs?: number },
): Promise<Upload> => {
  if (!req.isMultipart()) fail(Errors.UploadFailed, { reason: 'multipart/form-data expected' })
  const fields: Record<string, string> = {}
  let file: UploadedFile | null = null
  let timedOut = false
  let current: (NodeJS.ReadableStream & { destroy?: (e?: Error) => void }) | null = null
  const timer = setTimeout(() => {
    timedOut = true
    current?.destroy?.(new Error('upload timed out'))
  }, options.timeoutMs ?? UPLOAD_TIMEOUT_MS)
  try {
    for await (const part of req.parts({ limits: { fileSize: options.maxBytes, files: 1, fields: 10 } })) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value
        continue
      }
      if (part.fieldname !== 'file' || file) {
        part.file.resume()
        continue
      }
      current = part.file
      file = { buffer: await part.toBuffer(), filename: part.filename ?? '' }
      current = null
    }
  } catch (e) {
    if (e instanceof AppError) throw e
    if (isTooLarge(e)) fail(options.tooLarge ?? Errors.FileTooLarge, { maxBytes: options.maxBytes })
    fail(Errors.UploadFailed, { reason: timedOut ? 'timeout' : 'malformed upload' })
  } finally {
    clearTimeout(timer)
  }
  if (timedOut) fail(Errors.UploadFailed, { reason: 'timeout' })
  return { file, fields }
}

/** The lower-case extension of a client's file name ('' without one); the name is used for nothing else. */
export const extensionOf = (filename: string) => {
  const base = filename.split(/[\\/]/).pop() ?? ''
  const dot = base.lastIndexOf('.')
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : ''
}
