import {
  EditPasswordSchema,
  Errors,
  LoginRequestSchema,
  LoginResultSchema,
  RegisterRequestSchema,
} from '@app/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { principalOf } from '../../platform/access.ts'
import { LogType, recordLogin, recordOperation } from '../../platform/audit-log.ts'
import { emptyResponse, ok, okResponse } from '../../platform/envelope.ts'
import { AppError } from '../../platform/errors.ts'
import { requestLang } from '../../platform/i18n.ts'
import { createAuthService } from './auth.service.ts'

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, config } = app.deps
  const auth = createAuthService({ db: database.db, config })
  /** Per address: a burst of attempts is allowed, a password-guessing run is not (SPEC 8 'too many accesses'). */
  const loginRateLimit = {
    max: config.loginRateLimit,
    timeWindow: '1 minute',
    errorResponseBuilder: () => new AppError(Errors.TooManyRequests),
  }

  app.post(
    '/sys/login',
    {
      config: { permission: 'public', rateLimit: loginRateLimit },
      schema: {
        tags: ['system'],
        summary: 'Sign in; the password is the SHA-256 hex of the typed password',
        body: LoginRequestSchema,
        response: okResponse(LoginResultSchema),
      },
    },
    async (req) => {
      const result = await auth.login(req.body, { ip: req.ip, userAgent: req.headers['user-agent'] })
      await recordLogin(database.db, req, { id: result.userId, username: result.userInfo.username })
      return ok(result)
    },
  )

  app.get(
    '/user/logout',
    {
      config: { permission: 'authenticated', changesAccess: true },
      schema: { tags: ['system'], summary: 'Sign out: the token stops working at once', response: emptyResponse },
    },
    async (req) => {
      const principal = principalOf(req)
      await auth.logout(principal)
      await recordOperation(database.db, req, { logType: LogType.Login, operation: 'logout' })
      return ok(null)
    },
  )

  app.post(
    '/sys/user/register',
    {
      config: { permission: 'public', rateLimit: loginRateLimit },
      schema: {
        tags: ['system'],
        summary: 'Register an account; it stays disabled until an administrator enables it',
        body: RegisterRequestSchema,
        response: okResponse(z.object({ id: z.string(), username: z.string() })),
      },
    },
    async (req) => {
      const created = await auth.register(req.body, requestLang(req))
      await recordOperation(database.db, req, {
        operation: 'register',
        resource: 'sys_user',
        objectId: created.id,
        user: { id: created.id, username: created.username },
      })
      return ok(created)
    },
  )

  app.post(
    '/sys/user/editPassword',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags: ['system'],
        summary: 'Change your own password (both values hashed); other sessions are signed out',
        body: EditPasswordSchema,
        response: emptyResponse,
      },
    },
    async (req) => {
      const principal = principalOf(req)
      await auth.editPassword(principal, req.body.oldPassword, req.body.newPassword)
      await recordOperation(database.db, req, {
        operation: 'editPassword',
        resource: 'sys_user',
        objectId: principal.userId,
      })
      return ok(null)
    },
  )
}
