import { Errors } from '@app/contracts'
import { sql } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ok, okResponse } from '../platform/envelope.ts'
import { fail } from '../platform/errors.ts'

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
      // a database lost while running answers 503 (busy), as a load balancer expects, not a 500
      try {
        await app.deps.database.db.execute(sql`select 1`)
      } catch {
        fail(Errors.SystemBusy)
      }
      return ok({ status: 'ok' as const, database: app.deps.database.kind })
    },
  )
}
