import { Errors, LoginResultSchema, SsoEndSessionSchema, SsoExchangeSchema } from '@app/contracts'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { principalOf } from '../../platform/access.ts'
import { recordLogin, recordOperation } from '../../platform/audit-log.ts'
import { ok, okResponse } from '../../platform/envelope.ts'
import { AppError, isAppError } from '../../platform/errors.ts'
import { createAuthService } from '../system/auth.service.ts'
import { createOidcClient } from './oidc-client.ts'
import { createSsoService } from './sso.service.ts'

/** The web's pages the browser is sent back to (web/src/router.tsx). */
const LOGIN_PAGE = '/user/login'
const LANDING_PAGE = '/user/sso'
export const CALLBACK_PATH = '/api/sys/sso/callback'

/**
 * The browser that started a sign-in holds a cookie named after its state: an answer arriving in
 * another browser (a victim sent the attacker's callback link, to sign them in as the attacker) is
 * refused. Lax: it goes with the provider's redirect back, a top-level navigation.
 */
const stateCookie = (state: string) => `sso_${state.slice(0, 32)}`
const cookieOf = (req: FastifyRequest, name: string) =>
  (req.headers.cookie ?? '')
    .split(';')
    .map((c) => c.trim())
    .some((c) => c === `${name}=1`)
const setStateCookie = (req: FastifyRequest, reply: FastifyReply, state: string, maxAge: number) =>
  reply.header(
    'set-cookie',
    `${stateCookie(state)}=1; Path=/api/sys/sso; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${req.protocol === 'https' ? '; Secure' : ''}`,
  )

/** This product's address as the browser reached it (behind a proxy: TRUST_PROXY). */
const originOf = (req: FastifyRequest) => `${req.protocol}://${req.host}`

/** Back to the login page with the refusal's catalogue code: the page words it in the user's language. */
const toLogin = (reply: FastifyReply, error: unknown) => {
  const code = isAppError(error) ? error.entry.code : Errors.SsoAnswerInvalid.code
  return reply.redirect(`${LOGIN_PAGE}?ssoError=${code}`, 302)
}

/**
 * Single sign-on routes (issue 39). `authorize` and `callback` are browser navigations answered by
 * redirects (a refusal goes back to the login page with its code); `exchange` turns the one-time
 * ticket into the product's token, as `/sys/login` answers it; `endSession` gives the provider's
 * logout address for the caller's session, if it came from the provider.
 */
export const ssoRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, config } = app.deps
  const settings = config.oidc
  const auth = createAuthService({ db: database.db, config })
  const sso = settings
    ? createSsoService({
        db: database.db,
        settings,
        client: createOidcClient(settings, app.log),
        sessionTtlMs: config.sessionTtlMs,
      })
    : undefined
  const configured = () => {
    if (!sso || !settings) throw new AppError(Errors.SsoNotConfigured)
    return { sso, settings }
  }
  const redirectUri = (req: FastifyRequest) => settings?.redirectUri ?? `${originOf(req)}${CALLBACK_PATH}`
  const rateLimit = {
    max: config.loginRateLimit,
    timeWindow: '1 minute',
    errorResponseBuilder: () => new AppError(Errors.TooManyRequests),
  }

  app.get(
    '/sys/sso/authorize',
    {
      config: { permission: 'public', rawResponse: true, rateLimit },
      schema: {
        tags: ['sso'],
        summary:
          "Start a sign-in at the identity provider: answers a redirect to its login page (the login page's button)",
        querystring: z.object({
          redirect: z.string().max(512).optional(),
          lang: z.enum(['zh', 'en']).optional(),
        }),
      },
    },
    async (req, reply) => {
      try {
        const { sso } = configured()
        const lang = req.query.lang ?? 'zh'
        const { url, state } = await sso.start(redirectUri(req), req.query.redirect, lang === 'en' ? 'en' : 'zh-CN')
        setStateCookie(req, reply, state, 600)
        return reply.redirect(url, 302)
      } catch (error) {
        if (!isAppError(error)) req.log.error({ err: error }, 'single sign-on could not start')
        return toLogin(reply, error)
      }
    },
  )

  app.get(
    '/sys/sso/callback',
    {
      config: { permission: 'public', rawResponse: true, rateLimit, changesAccess: true },
      schema: {
        tags: ['sso'],
        summary:
          "The identity provider's answer (the redirect URI to register): the code is exchanged and checked, the person matched; answers a redirect to the web with a one-time ticket",
        querystring: z
          .object({
            code: z.string().optional(),
            state: z.string().optional(),
            error: z.string().optional(),
            iss: z.string().optional(),
          })
          .passthrough(),
      },
    },
    async (req, reply) => {
      try {
        const { sso } = configured()
        const url = new URL(redirectUri(req))
        for (const [key, value] of Object.entries(req.query as Record<string, unknown>)) {
          if (typeof value === 'string') url.searchParams.set(key, value)
        }
        const state = url.searchParams.get('state')
        if (!state || !cookieOf(req, stateCookie(state))) throw new AppError(Errors.SsoRequestInvalid)
        setStateCookie(req, reply, state, 0)
        const { login, claims, idToken } = await sso.answer(url)
        const who = await sso.identify(claims)
        const created = 'refused' in who ? who.created : who.created ? who : undefined
        if (created) {
          await recordOperation(database.db, req, {
            operation: 'register',
            resource: 'sys_user',
            objectId: created.userId,
            objectLabel: created.username,
            after: { username: created.username, roles: created.rolesAfter, via: 'sso' },
            user: { id: created.userId, username: created.username },
          })
        }
        if ('refused' in who) throw who.refused
        if (!who.created && who.rolesBefore.join() !== who.rolesAfter.join()) {
          await recordOperation(database.db, req, {
            operation: 'sys_user:edit',
            resource: 'sys_user',
            objectId: who.userId,
            objectLabel: who.username,
            before: { roles: who.rolesBefore },
            after: { roles: who.rolesAfter, via: 'sso' },
            user: { id: who.userId, username: who.username },
          })
        }
        const ticket = await sso.issueTicket(login.id, who.userId, idToken)
        return reply.redirect(`${LANDING_PAGE}?ticket=${encodeURIComponent(ticket)}`, 302)
      } catch (error) {
        if (!isAppError(error)) req.log.error({ err: error }, 'single sign-on answer failed')
        return toLogin(reply, error)
      }
    },
  )

  app.post(
    '/sys/sso/exchange',
    {
      config: { permission: 'public', rateLimit },
      schema: {
        tags: ['sso'],
        summary: "The one-time ticket of a finished sign-in for the product's own token (as /sys/login answers it)",
        body: SsoExchangeSchema,
        response: okResponse(LoginResultSchema.extend({ redirect: z.string().nullable() })),
      },
    },
    async (req) => {
      const { sso } = configured()
      const result = await sso.exchange(
        req.body.ticket,
        { ip: req.ip, userAgent: req.headers['user-agent'] },
        auth.openSession,
      )
      await recordLogin(database.db, req, { id: result.userId, username: result.userInfo.username })
      return ok(result)
    },
  )

  app.get(
    '/sys/sso/endSession',
    {
      config: { permission: 'authenticated', changesAccess: false },
      schema: {
        tags: ['sso'],
        summary:
          "The identity provider's logout address for this session (null for a password sign-in or a provider without one); /user/logout ends the product's token",
        response: okResponse(SsoEndSessionSchema),
      },
    },
    async (req) => {
      if (!sso || !settings) return ok({ url: null })
      const after = settings.postLogoutRedirectUri ?? `${originOf(req)}${LOGIN_PAGE}`
      return ok({ url: await sso.endSessionUrl(principalOf(req).tokenHash, after) })
    },
  )
}
