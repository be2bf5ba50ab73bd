import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { registerResource } from '../../platform/crud/routes.ts'
import { dictCrud, dictItemCrud } from './dict.resource.ts'
import { codeCrud } from './language.resource.ts'

/** The catalogue screens on the generic mechanism: dictionaries and items, the code table. */
export const dictRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const resource of [dictCrud, dictItemCrud, codeCrud]) registerResource(app, resource)
}
