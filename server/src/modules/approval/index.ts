import type { FastifyInstance } from 'fastify'
import { keepsPrincipals } from '../../platform/access.ts'
import { auditConfigRoutes } from './audit-config.routes.ts'

export { flowsWithReviewers } from './audit-config.service.ts'

import { reviewRoutes } from './review.routes.ts'

/** Audit configuration, the review inbox and decisions over the approval engine (platform/approval). */
export const approvalModule = async (app: FastifyInstance) => {
  // no route of approval changes sessions, users, roles or grants
  keepsPrincipals(app)
  await app.register(auditConfigRoutes)
  await app.register(reviewRoutes)
}
