import type { FastifyInstance } from 'fastify'
import { authRoutes } from './auth.routes.ts'
import { catalogueRoutes } from './catalogue.routes.ts'
import { checksRoutes } from './checks.routes.ts'
import { sessionRoutes } from './session.routes.ts'

export const systemModule = async (app: FastifyInstance) => {
  await app.register(authRoutes)
  await app.register(sessionRoutes)
  await app.register(catalogueRoutes)
  await app.register(checksRoutes)
}
