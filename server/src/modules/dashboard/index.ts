import { DashboardSchema } from '@app/contracts'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { keepsPrincipals, principalOf } from '../../platform/access.ts'
import { createApprovalEngine } from '../../platform/approval/index.ts'
import { ok, okResponse } from '../../platform/envelope.ts'
import { compactStats, createDashboard } from './dashboard.service.ts'

/** How often the sums' differences are folded in (they are read exactly either way). */
const COMPACT_EVERY_MS = 5_000

/**
 * The home page's figures (issue 17): `GET /dashboard/analysis`, for every signed-in user, each in
 * their own data scope. Registered after the modules whose resources it reads (orders, stock).
 */
export const dashboardModule = async (parent: FastifyInstance) => {
  // no route of dashboard changes sessions, users, roles or grants
  keepsPrincipals(parent)
  const app = parent.withTypeProvider<ZodTypeProvider>()
  const figures = createDashboard({
    db: app.deps.database.db,
    resources: app.deps.resources,
    engine: createApprovalEngine({ events: app.deps.events }),
  })
  const compact = setInterval(() => {
    compactStats(app.deps.database.db).catch((err) => app.log.warn({ err }, 'dashboard: compacting the sums failed'))
  }, COMPACT_EVERY_MS)
  compact.unref()
  app.addHook('onClose', async () => clearInterval(compact))
  app.get(
    '/dashboard/analysis',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags: ['dashboard'],
        summary: "The home page's figures in the caller's data scope",
        response: okResponse(DashboardSchema),
      },
    },
    async (req) => ok(await figures(principalOf(req))),
  )
}
