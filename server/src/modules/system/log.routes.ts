import { logResource, ResourceScreenSchema } from '@app/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { registerResource } from '../../platform/crud/routes.ts'
import { ok, okResponse } from '../../platform/envelope.ts'
import { logCrud, loggedValues, logObjects } from './log.resource.ts'

/** The operation log (generic reads and export under /sys/log) and the objects and operations it can filter by. */
export const logRoutes: FastifyPluginAsyncZod = async (app) => {
  registerResource(app, logCrud(app.deps.resources))

  app.get(
    `${logResource.base}/objects`,
    {
      config: { permission: logResource.menu },
      schema: {
        tags: [logResource.name],
        summary: 'Every resource the log names, with the screen it is looked at in (the object filter offers them)',
        response: okResponse(z.array(ResourceScreenSchema)),
      },
    },
    async () => ok(await logObjects(app.deps.database.db, app.deps.resources)),
  )

  app.get(
    `${logResource.base}/operations`,
    {
      config: { permission: logResource.menu },
      schema: {
        tags: [logResource.name],
        summary: 'Every operation the log holds (the operation filter offers them)',
        response: okResponse(z.array(z.string())),
      },
    },
    async () => ok(await loggedValues(app.deps.database.db, 'operation')),
  )
}
