import { SavedQueryInputSchema, SavedQuerySchema } from '@app/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { principalOf } from '../../platform/access.ts'
import { emptyResponse, ok, okResponse } from '../../platform/envelope.ts'
import { createSavedQueryService } from './saved-query.service.ts'

/** Saved super queries (packages/contracts/src/list.ts): the resource's screen must be the caller's. */
export const savedQueryRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createSavedQueryService(app.deps.database.db, app.deps.resources)
  const tags = ['system']

  app.get(
    '/sys/savedQuery/list',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        summary: 'Your saved queries of a resource and those shared with one of your roles',
        querystring: z.object({ resource: z.string().min(1).max(64) }),
        response: okResponse(z.array(SavedQuerySchema)),
      },
    },
    async (req) => ok(await service.list(principalOf(req), req.query.resource)),
  )

  app.post(
    '/sys/savedQuery/add',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        summary: 'Save a super query under a name (the same name again replaces it), optionally shared with roles',
        body: SavedQueryInputSchema,
        response: okResponse(SavedQuerySchema),
      },
    },
    async (req) => ok(await service.add(principalOf(req), req.body)),
  )

  app.delete(
    '/sys/savedQuery/delete',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        summary: 'Delete one of your own saved queries',
        querystring: z.object({ id: z.string().uuid() }),
        response: emptyResponse,
      },
    },
    async (req) => {
      await service.remove(principalOf(req), req.query.id)
      return ok(null)
    },
  )
}
