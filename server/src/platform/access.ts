import { allButtonKeys, Errors, flattenMenus } from '@app/contracts'
import type { FastifyInstance, FastifyRequest, onSendHookHandler, RouteOptions } from 'fastify'
import fp from 'fastify-plugin'
import type { Database } from '../db/client.ts'
import type { Principal } from './auth/principal.ts'
import { createPrincipalCache, type PrincipalCache } from './auth/principal-cache.ts'
import { AppError } from './errors.ts'

/**
 * What a route requires (DESIGN 3): nobody (`public`), any signed-in user (`authenticated`), a
 * button key `<menuCode>:<buttonCode>`, or a menu code (opening that screen, e.g. its list);
 * a list of keys means any one of them.
 */
export type RoutePermission = 'public' | 'authenticated' | (string & {}) | readonly string[]

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Required on every /api route; checked when the route is registered. */
    permission?: RoutePermission
    /** The route answers something other than a JSON envelope (a file, a socket). */
    rawResponse?: boolean
    /**
     * Whether the route may change who may do what, so that answering it forgets the remembered
     * principals (see `forget` below): a GET that does (logout) says true; every other method
     * does unless it says false, as every route of a module that calls `keepsPrincipals` does.
     */
    changesAccess?: boolean
  }
  interface FastifyRequest {
    principal: Principal | null
  }
  interface FastifyInstance {
    /** Every /api route with its declared permission, for the route-permission test. */
    routeTable: RouteEntry[]
    /** Who each token belongs to, remembered (the access plugin's). */
    principals: PrincipalCache
  }
}

export type RouteEntry = { method: string; url: string; permission: RoutePermission }

export const TOKEN_HEADER = 'x-access-token'

const isApiRoute = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/docs')

const keysOf = (p: RoutePermission): readonly string[] =>
  p === 'public' || p === 'authenticated' ? [] : typeof p === 'string' ? [p] : p

/** Fails at start-up when a route forgets its permission or names a key the catalogue lacks. */
const checkDeclaration = (route: RouteOptions, known: Set<string>) => {
  const where = `${String(route.method)} ${route.url}`
  const permission = route.config?.permission
  if (!permission) throw new Error(`${where} declares no permission`)
  for (const key of keysOf(permission)) {
    if (!known.has(key)) throw new Error(`${where} requires unknown permission ${key}`)
  }
  if (!route.config?.rawResponse && !route.schema?.response && route.method !== 'HEAD') {
    throw new Error(`${where} declares no response schema`)
  }
  return permission
}

export const tokenOf = (req: FastifyRequest): string | null => {
  const header = req.headers[TOKEN_HEADER]
  return typeof header === 'string' && header.length > 0 ? header : null
}

export const mayAccess = (principal: Principal, permission: RoutePermission): boolean => {
  if (permission === 'public' || permission === 'authenticated') return true
  return keysOf(permission).some((k) => principal.permissions.has(k))
}

/** Every key a route may require: button keys and menu codes of the catalogue. */
export const knownPermissionKeys = () => new Set([...allButtonKeys(), ...flattenMenus().map(({ menu }) => menu.code)])

/** Requests that only read: every other method may change what a principal comes from. */
const READS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * Resolves the caller once per request and enforces the route's declared permission before the
 * body is even parsed: 401 without a live session, 403 without the key.
 */
export const accessPlugin = fp(async (app: FastifyInstance, opts: { database: Database }) => {
  const known = knownPermissionKeys()
  const principals = await createPrincipalCache(opts.database)
  app.addHook('onClose', () => principals.close())
  app.decorate('routeTable', [] as RouteEntry[])
  app.decorateRequest('principal', null)

  app.decorate('principals', principals)

  // a change this instance made (logout, a disabled user, new grants) counts from the caller's
  // next request, before the database's notice of it arrives: routes that may change something
  // forget every remembered principal before they answer. A module whose routes cannot (orders,
  // stock) says so (`keepsPrincipals`): its writes keep everyone's principal remembered. The
  // route's config is read per request, as a module's own onRoute hook completes it after this one.
  const forget: onSendHookHandler = (req, _reply, payload, done) => {
    if (req.routeOptions.config?.changesAccess !== false) principals.forget()
    done(null, payload)
  }

  app.addHook('onRoute', (route) => {
    if (!isApiRoute(route.url)) return
    const permission = checkDeclaration(route, known)
    const methods = Array.isArray(route.method) ? route.method : [route.method]
    for (const method of methods) {
      if (method !== 'HEAD') app.routeTable.push({ method, url: route.url, permission })
    }
    if (methods.some((m) => !READS.has(m)) || route.config?.changesAccess) {
      route.onSend = [...(Array.isArray(route.onSend) ? route.onSend : route.onSend ? [route.onSend] : []), forget]
    }
  })

  /** Why the caller may not use the route, if they may not. */
  const refusal = (principal: Principal | null, permission: RoutePermission) => {
    if (permission === 'public') return undefined
    if (!principal) return new AppError(Errors.SessionError)
    return mayAccess(principal, permission) ? undefined : new AppError(Errors.PermissionDenied)
  }

  // callback style: a remembered caller (nearly every request) is checked without a promise
  app.addHook('onRequest', (req, _reply, done) => {
    const permission = req.routeOptions.config?.permission
    if (!permission || !isApiRoute(req.routeOptions.url ?? '')) return done()
    const token = tokenOf(req)
    const known = token ? principals.remembered(token) : undefined
    if (!token || known) {
      req.principal = known ?? null
      return done(refusal(req.principal, permission))
    }
    principals.resolve(token).then((principal) => {
      req.principal = principal
      done(refusal(principal, permission))
    }, done)
  })
})

/**
 * Declares that no route of the calling module changes what a principal comes from (sessions,
 * users, roles, grants, departments: the tables migrations 0009 and 0020 announce): answering its
 * writes keeps the remembered principals, so the callers' next requests need no database read.
 * A change such a module made anyway would still arrive as the database's notice, within
 * milliseconds. Call it before the module registers its routes.
 */
export const keepsPrincipals = (app: FastifyInstance) => {
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, changesAccess: route.config?.changesAccess ?? false }
  })
}

/**
 * Marks every operation of the OpenAPI document with the permission its route declares, as the
 * extension `x-permission` (`public`, `authenticated`, a key or a list of keys): what a client or
 * a reviewer of the API reads to know who may call it.
 */
export const withPermissionKeys = <T extends { paths?: object }>(doc: T, routes: readonly RouteEntry[]): T => {
  const declared = new Map(
    routes.map((e) => [`${e.method.toLowerCase()} ${e.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`, e.permission]),
  )
  const paths = (doc.paths ?? {}) as Record<string, Record<string, unknown> | undefined>
  for (const [url, operations] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(operations ?? {})) {
      const permission = declared.get(`${method} ${url}`)
      if (permission && operation && typeof operation === 'object') {
        ;(operation as Record<string, unknown>)['x-permission'] = permission
      }
    }
  }
  return doc
}

/** The signed-in caller of a route that is not public. */
export const principalOf = (req: FastifyRequest): Principal => {
  if (!req.principal) throw new AppError(Errors.SessionError)
  return req.principal
}
