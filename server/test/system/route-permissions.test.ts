import { Errors, RoleCode } from '@app/contracts'
import Fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { grantedCodes } from '../../src/db/seed/demo/organisation.ts'
import { ROLES, USERS } from '../../src/db/seed/demo/people-data.ts'
import { accessPlugin, knownPermissionKeys, type RouteEntry } from '../../src/platform/access.ts'
import { okResponse } from '../../src/platform/envelope.ts'
import { client, createTestApp, login, type TestApp } from '../helpers/app.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => t?.close())

const DEMO_USERS = ['admin', ...Object.values(RoleCode)]

/** A concrete url for a route pattern: every parameter becomes a well-formed id that matches nothing. */
const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, '00000000-0000-4000-8000-000000000000')

const keysOf = (entry: RouteEntry) =>
  entry.permission === 'public' || entry.permission === 'authenticated'
    ? []
    : typeof entry.permission === 'string'
      ? [entry.permission]
      : [...entry.permission]

describe('every route declares its permission', () => {
  it('lists every /api route with a known declaration', () => {
    const known = knownPermissionKeys()
    expect(t.app.routeTable.length).toBeGreaterThan(8)
    for (const entry of t.app.routeTable) {
      const ok =
        entry.permission === 'public' ||
        entry.permission === 'authenticated' ||
        keysOf(entry).every((k) => known.has(k))
      expect(ok, `${entry.method} ${entry.url}`).toBe(true)
    }
  })

  it('refuses to register a route without a declaration or with an unknown key', async () => {
    const bare = Fastify()
    await bare.register(accessPlugin, { database: t.database })
    expect(() => bare.get('/api/undeclared', { schema: { response: okResponse(z.null()) } }, async () => null)).toThrow(
      /declares no permission/,
    )
    expect(() =>
      bare.get(
        '/api/made-up',
        { config: { permission: 'nothing:here' }, schema: { response: okResponse(z.null()) } },
        async () => null,
      ),
    ).toThrow(/unknown permission/)
    await bare.close()
  })

  it('answers 401 on every non-public route without a token', async () => {
    for (const entry of t.app.routeTable.filter((e) => e.permission !== 'public')) {
      const res = await client(t.app).send(entry.method as 'GET', concrete(entry.url))
      expect(res.status, `${entry.method} ${entry.url}`).toBe(401)
      expect(res.body.code).toBe(Errors.SessionError.code)
    }
  })

  /** The menu codes and button keys the user was granted, as the permission list tells the web. */
  const grantsOf = async (token: string) => {
    const list = (
      await client(t.app, token).get<{ auth: { action: string }[]; menu: { code: string; children: unknown[] }[] }>(
        '/api/sys/permission/getPermissionList',
      )
    ).body.result
    const menuCodes = (items: { code: string; children: unknown[] }[]): string[] =>
      items.flatMap((m) => [m.code, ...menuCodes(m.children as { code: string; children: unknown[] }[])])
    return new Set([...list.auth.map((a) => a.action), ...menuCodes(list.menu)])
  }

  it('lets no role reach a route it was not granted', async () => {
    const keyed = t.app.routeTable.filter((e) => keysOf(e).length > 0)
    for (const username of DEMO_USERS) {
      const token = await login(t.app, username)
      const grants = await grantsOf(token)
      // the refusal happens before the body is read, so an empty request is enough
      for (const entry of keyed.filter((e) => !keysOf(e).some((k) => grants.has(k)))) {
        const res = await client(t.app, token).send(entry.method as 'GET', concrete(entry.url))
        expect(res.status, `${username} ${entry.method} ${entry.url}`).toBe(403)
        expect(res.body.code).toBe(Errors.PermissionDenied.code)
      }
    }
  })

  it('lets a role reach every route it was granted (the administrator holds them all)', async () => {
    const token = await login(t.app, 'admin')
    const grants = await grantsOf(token)
    for (const entry of t.app.routeTable.filter((e) => keysOf(e).length > 0)) {
      expect(
        keysOf(entry).some((k) => grants.has(k)),
        `${entry.method} ${entry.url}`,
      ).toBe(true)
      const res = await client(t.app, token).send(entry.method as 'GET', concrete(entry.url))
      expect(res.status, `admin ${entry.method} ${entry.url}`).not.toBe(403)
    }
  })
})

/**
 * What each demo role may call, from the permission catalogue alone (the seed's grants over the
 * menu tree; the system administrator holds every key), never from what the server answers.
 */
const catalogueGrants = (role: string): Set<string> => {
  if (role === RoleCode.SysAdmin) return knownPermissionKeys()
  const grants = ROLES.find((r) => r.code === role)?.grants ?? []
  return grantedCodes(grants)
}

/**
 * The live connection is declared public but takes its token in `Sec-WebSocket-Protocol` and
 * refuses (401) an upgrade without one; it is no HTTP operation of the OpenAPI document.
 */
const SOCKET = 'GET /api/websocket/:userId'
const isSocket = (entry: RouteEntry) => `${entry.method} ${entry.url}` === SOCKET

/** May this caller (null: no token) use the route, by its declaration and the catalogue? */
const expectedAllowed = (entry: RouteEntry, grants: Set<string> | null) =>
  (entry.permission === 'public' && !isSocket(entry)) ||
  (grants !== null && (entry.permission === 'authenticated' || keysOf(entry).some((k) => grants.has(k))))

describe('route x role matrix', () => {
  it('answers every (route, demo role or no token) pair as the catalogue says: no unexpected 2xx, no 500', async () => {
    // one user of each of the nine roles (each role's user is named after it), and no token
    const callers: { name: string; grants: Set<string> | null; token?: string }[] = [
      { name: '(no token)', grants: null },
    ]
    for (const role of Object.values(RoleCode)) {
      const user = USERS.find((u) => u.username === role && u.role === role)
      expect(user, role).toBeDefined()
      callers.push({ name: role, grants: catalogueGrants(role), token: await login(t.app, role) })
    }
    expect(callers).toHaveLength(10)
    // signing out last: it ends the session the rest is called with
    const routes = [...t.app.routeTable].sort(
      (a, b) => Number(a.url === '/api/user/logout') - Number(b.url === '/api/user/logout'),
    )
    const wrong: string[] = []
    let pairs = 0
    let allowed = 0
    for (const caller of callers) {
      for (const entry of routes) {
        const may = expectedAllowed(entry, caller.grants)
        const res = await client(t.app, caller.token).send(entry.method as 'GET', concrete(entry.url))
        pairs++
        if (may) allowed++
        const where = `${caller.name} ${entry.method} ${entry.url} -> ${res.status}`
        if (res.status >= 500) wrong.push(`${where} (server error)`)
        else if (!may && res.status !== (caller.grants && !isSocket(entry) ? 403 : 401))
          wrong.push(`${where} (expected ${caller.grants ? 403 : 401})`)
        else if (may && (res.status === 401 || res.status === 403)) wrong.push(`${where} (expected access)`)
      }
    }
    expect(wrong).toEqual([])
    // every role reaches something and is refused something, so the matrix is not trivially one answer
    expect(allowed).toBeGreaterThan(routes.length)
    expect(pairs - allowed).toBeGreaterThan(routes.length)
  })

  it("publishes each route's permission in the OpenAPI document as x-permission", async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { 'x-permission'?: unknown }>>
    }
    for (const entry of t.app.routeTable.filter((e) => !isSocket(e))) {
      const path = entry.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}')
      const operation = doc.paths[path]?.[entry.method.toLowerCase()]
      expect(operation?.['x-permission'], `${entry.method} ${entry.url}`).toEqual(entry.permission)
    }
    expect(doc.paths['/api/sys/user/list']?.get?.['x-permission']).toBe('sys_user')
    expect(doc.paths['/api/sys/login']?.post?.['x-permission']).toBe('public')
  })
})
