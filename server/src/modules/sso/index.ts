import type { FastifyInstance } from 'fastify'
import { registerResource } from '../../platform/crud/routes.ts'
import { ssoGroupCrud } from './group.resource.ts'
import { ssoRoutes } from './sso.routes.ts'

/** Single sign-on through the group's OpenID Connect provider, and its group mapping screen (issue 39). */
export const ssoModule = async (app: FastifyInstance) => {
  await app.register(ssoRoutes)
  registerResource(app, ssoGroupCrud)
}
