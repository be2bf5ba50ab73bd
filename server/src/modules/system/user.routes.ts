import { Errors } from '@app/contracts'
import { and, eq } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { users } from '../../db/schema/index.ts'
import { principalOf } from '../../platform/access.ts'
import { recordOperation } from '../../platform/audit-log.ts'
import { hashPassword, sha256Hex } from '../../platform/auth/password.ts'
import { revokeUserSessions } from '../../platform/auth/session.ts'
import { clearFailures } from '../../platform/auth/throttle.ts'
import { registerResource } from '../../platform/crud/routes.ts'
import { emptyResponse, ok } from '../../platform/envelope.ts'
import { fail } from '../../platform/errors.ts'
import { userCrud } from './user.resource.ts'

/** Users (/sys/user): the generic verbs, and resetting a password to the configured default. */
export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  registerResource(app, userCrud)
  const { db } = app.deps.database
  const { config } = app.deps

  app.get(
    '/sys/user/resetPassword',
    {
      config: { permission: 'sys_user:resetPassword' },
      schema: {
        tags: ['user'],
        summary: "Reset a user's password to the configured default (SPEC 6); their sessions end",
        querystring: z.object({ id: z.string().uuid() }),
        response: emptyResponse,
      },
    },
    async (req) => {
      const principal = principalOf(req)
      const passwordHash = await hashPassword(sha256Hex(config.defaultResetPassword))
      await db.transaction(async (tx) => {
        const [user] = await tx
          .select({ id: users.id, username: users.username, version: users.version })
          .from(users)
          .where(and(eq(users.id, req.query.id), eq(users.delFlag, false)))
          .for('update')
        if (!user) fail(Errors.NotFound)
        await tx
          .update(users)
          .set({ passwordHash, updateAt: new Date(), updateBy: principal.userId, version: user.version + 1 })
          .where(eq(users.id, user.id))
        // everyone signed in as that user signs in again; resetting your own keeps this session
        await revokeUserSessions(tx, user.id, user.id === principal.userId ? principal.tokenHash : undefined)
        await clearFailures(tx, user.username)
        await recordOperation(tx, req, { operation: 'sys_user:resetPassword', resource: 'sys_user', objectId: user.id })
      })
      return ok(null)
    },
  )
}
