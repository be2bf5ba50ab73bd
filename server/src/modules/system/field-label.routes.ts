import { FieldLabelResetSchema, FieldLabelResourceSchema, FieldLabelSaveSchema, FieldLabelSchema } from '@app/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { principalOf } from '../../platform/access.ts'
import { emptyResponse, ok, okResponse } from '../../platform/envelope.ts'
import { createFieldLabelService } from './field-label.service.ts'

/**
 * Field labels on the language screen (issue 5): which fields there are, and saving or removing
 * the code-table override of one (`sys_language:edit`). The texts reach every browser through
 * /sys/code/all (entries with a `key`).
 */
export const fieldLabelRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createFieldLabelService(app.deps.database.db, app.deps.resources)
  const tags = ['system']

  app.get(
    '/sys/code/fieldLabelFields',
    {
      config: { permission: 'sys_language' },
      schema: {
        tags,
        summary: 'Every resource with the fields its screens label (whose labels may be overridden)',
        response: okResponse(z.array(FieldLabelResourceSchema)),
      },
    },
    async () => ok(service.fields()),
  )

  app.post(
    '/sys/code/saveFieldLabel',
    {
      config: { permission: 'sys_language:edit' },
      schema: {
        tags,
        summary: "Override a field's label in both languages (key field:<resource>.<field>); a second save edits it",
        body: FieldLabelSaveSchema,
        response: okResponse(FieldLabelSchema),
      },
    },
    async (req) => ok(await service.save(req, principalOf(req), req.body)),
  )

  app.post(
    '/sys/code/resetFieldLabel',
    {
      config: { permission: 'sys_language:edit' },
      schema: {
        tags,
        summary: "Remove a field label's override: the bundled label shows again",
        body: FieldLabelResetSchema,
        response: emptyResponse,
      },
    },
    async (req) => {
      await service.reset(req, req.body.key)
      return ok(null)
    },
  )
}
