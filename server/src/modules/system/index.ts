import type { FastifyInstance } from 'fastify'
import { authRoutes } from './auth.routes.ts'
import { catalogueRoutes } from './catalogue.routes.ts'
import { checksRoutes } from './checks.routes.ts'
import { dictRoutes } from './dict.routes.ts'
import { feedbackRoutes } from './feedback.routes.ts'
import { fieldLabelRoutes } from './field-label.routes.ts'
import { fileRoutes } from './file.routes.ts'
import { importRoutes } from './import.routes.ts'
import { logRoutes } from './log.routes.ts'
import { modifyHistoryRoutes } from './modify-history.routes.ts'
import { roleRoutes } from './permission-admin.routes.ts'
import { savedQueryRoutes } from './saved-query.routes.ts'
import { sessionRoutes } from './session.routes.ts'
import { userRoutes } from './user.routes.ts'

export const systemModule = async (app: FastifyInstance) => {
  await app.register(authRoutes)
  await app.register(sessionRoutes)
  await app.register(catalogueRoutes)
  await app.register(checksRoutes)
  await app.register(fileRoutes)
  await app.register(importRoutes)
  await app.register(savedQueryRoutes)
  await app.register(userRoutes)
  await app.register(roleRoutes)
  await app.register(dictRoutes)
  await app.register(logRoutes)
  await app.register(fieldLabelRoutes)
  await app.register(feedbackRoutes)
  await app.register(modifyHistoryRoutes)
}
