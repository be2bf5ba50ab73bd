import { modifyHistoryResource, ResourceScreenSchema } from '@app/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { principalOf } from '../../platform/access.ts'
import { registerResource } from '../../platform/crud/routes.ts'
import { ok, okResponse } from '../../platform/envelope.ts'
import { historyScreens, modifyHistoryCrud } from './modify-history.resource.ts'

/** The modify-history list (generic reads and export under /audit/modifyHistory) and the screens it can filter by. */
export const modifyHistoryRoutes: FastifyPluginAsyncZod = async (app) => {
  registerResource(app, modifyHistoryCrud(app.deps.resources))

  app.get(
    `${modifyHistoryResource.base}/screens`,
    {
      config: { permission: modifyHistoryResource.menu },
      schema: {
        tags: [modifyHistoryResource.name],
        summary: 'The screens whose modify history the caller may read',
        response: okResponse(z.array(ResourceScreenSchema)),
      },
    },
    async (req) => ok(historyScreens(app.deps.resources, principalOf(req))),
  )
}
