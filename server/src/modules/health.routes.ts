import { sql } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ok, okResponse } from '../platform/envelope.ts'

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      config: { permission: 'public' },
      schema: {
        tags: ['system'],
        summary: 'Answers once the database is reachable (migrations ran before the server listened)',
        response: okResponse(z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'pg']) })),
      },
    },
    async () => {
      await app.deps.database.db.execute(sql`select 1`)
      return ok({ status: 'ok' as const, database: app.deps.database.kind })
    },
  )
}
