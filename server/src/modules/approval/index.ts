import type { FastifyInstance } from 'fastify'
import { auditConfigRoutes } from './audit-config.routes.ts'
import { reviewRoutes } from './review.routes.ts'

/** Audit configuration, the review inbox and decisions over the approval engine (platform/approval). */
export const approvalModule = async (app: FastifyInstance) => {
  await app.register(auditConfigRoutes)
  await app.register(reviewRoutes)
}
