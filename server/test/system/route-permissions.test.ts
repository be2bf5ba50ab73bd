import { Errors, RoleCode } from '@app/contracts'
import Fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
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
