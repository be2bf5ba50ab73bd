import { AttachmentQuerySchema, AttachmentSchema, Errors, IMAGE_MAX_BYTES } from '@app/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { principalOf } from '../../platform/access.ts'
import { ok, okResponse } from '../../platform/envelope.ts'
import { fail } from '../../platform/errors.ts'
import { assertMayReadFile, assertMayReadRecord, attachmentDisposition } from '../../platform/files/access.ts'
import { documentTypeOf, imageTypeOf } from '../../platform/files/detect.ts'
import { type Attachment, createFileStore } from '../../platform/files/store.ts'
import { readUpload } from '../../platform/files/upload.ts'

const view = (a: Attachment) => ({
  id: a.id,
  name: a.originalName,
  size: a.size,
  mime: a.mime,
  tableDic: a.tableDic,
  objectId: a.objectId,
  createAt: a.createAt,
})

/** The client's name with the extension of what the bytes really are (photo.exe holding a PNG is photo.png). */
const nameFor = (filename: string, ext: string) => {
  const base = (filename.split(/[\\/]/).pop() ?? '').replace(/\.[^.]*$/, '').trim() || 'image'
  return `${base}.${ext}`
}

/** Uploads, downloads and a record's attachments (SPEC 7 `/file/upload`, `file/downloadById`, `/sys/attachment/...`). */
export const fileRoutes: FastifyPluginAsyncZod = async (app) => {
  const files = createFileStore(app.deps.database.db, app.deps.config.filesDir)
  const { resources } = app.deps

  app.post(
    '/file/upload',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags: ['files'],
        summary:
          'Upload an image (png, jpeg, gif, webp; under 2 MB; type read from the content); with `accept=document` a PDF too (attachments). tableDic + objectId attach it to a record you may change',
        consumes: ['multipart/form-data'],
        response: okResponse(AttachmentSchema),
      },
    },
    async (req) => {
      const principal = principalOf(req)
      const upload = await readUpload(req, { maxBytes: IMAGE_MAX_BYTES })
      const file = upload.file ?? fail(Errors.UploadFailed, { reason: 'file missing' })
      if (file.buffer.length >= IMAGE_MAX_BYTES) fail(Errors.FileTooLarge)
      const document = upload.fields.accept === 'document'
      const type =
        (await (document ? documentTypeOf : imageTypeOf)(file.buffer)) ??
        fail(Errors.UploadFailed, {
          reason: document ? 'png, jpeg, gif, webp or pdf only' : 'png, jpeg, gif or webp only',
        })
      const { tableDic, objectId } = upload.fields
      let owner: string | null = null
      if (tableDic || objectId) {
        if (!tableDic || !objectId) fail(Errors.ParameterError, { tableDic, objectId })
        const resource = await assertMayReadRecord(resources, principal, tableDic, objectId)
        // attaching a file changes the record: it takes the right to add or edit on its screen
        const { menu } = resource.compiled.meta
        if (!principal.permissions.has(`${menu}:edit`) && !principal.permissions.has(`${menu}:add`)) {
          fail(Errors.PermissionDenied)
        }
        owner = resource.compiled.meta.name
      }
      const saved = await files.save({
        buffer: file.buffer,
        name: nameFor(file.filename, type.ext),
        mime: type.mime,
        kind: 'upload',
        createBy: principal.userId,
        tableDic: owner,
        objectId: owner ? objectId : null,
      })
      return ok(view(saved))
    },
  )

  app.get(
    '/file/downloadById',
    {
      config: { permission: 'authenticated', rawResponse: true },
      schema: {
        tags: ['files'],
        summary: 'Download a file; needs the right to read the record it is attached to (else: your own files)',
        querystring: z.object({ attachId: z.string().uuid() }),
      },
    },
    async (req, reply) => {
      const file = (await files.find(req.query.attachId)) ?? fail(Errors.FileNotFound)
      await assertMayReadFile(resources, principalOf(req), file)
      const stream = (await files.open(file)) ?? fail(Errors.FileNotFound)
      return reply
        .type(file.mime)
        .header('content-length', file.size)
        .header('content-disposition', attachmentDisposition(file.originalName))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(stream)
    },
  )

  app.get(
    '/sys/attachment/queryByObjectIdAndDic',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags: ['files'],
        summary: 'The attachments of a record you may read',
        querystring: AttachmentQuerySchema,
        response: okResponse(z.array(AttachmentSchema)),
      },
    },
    async (req) => {
      const { tableDic, objectId } = req.query
      const owner = await assertMayReadRecord(resources, principalOf(req), tableDic, objectId)
      return ok((await files.listFor(owner.compiled.meta.name, objectId)).map(view))
    },
  )
}
