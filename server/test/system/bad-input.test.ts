import { Errors } from '@app/contracts'
import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { operationLogs } from '../../src/db/schema/system.ts'
import { client, createTestApp, login, type TestApp } from '../helpers/app.ts'

/**
 * The bad-input corpus (issue 20): every route's query and body, as the administrator (who passes
 * every permission check, so the input itself is what gets judged). Never a 500, never a 2xx for
 * text PostgreSQL must not see, always the envelope, nothing written.
 */
let t: TestApp
let token: string
beforeAll(async () => {
  t = await createTestApp()
  token = await login(t.app, 'admin')
})
afterAll(async () => t?.close())

const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, '00000000-0000-4000-8000-000000000000')
const routes = () => t.app.routeTable.filter((e) => !e.url.endsWith('/logout'))

/** Sent as text: light-my-request's own JSON.stringify would overflow its stack. */
const deep = (levels: number) => `${'{"a":'.repeat(levels)}"x"${'}'.repeat(levels)}`
const operations = async () =>
  (await t.database.db.select({ n: count() }).from(operationLogs).where(eq(operationLogs.logType, 2)))[0]?.n

type Case = { name: string; query?: Record<string, string>; body?: unknown; refused: boolean }
const CASES: Case[] = [
  { name: 'NUL in JSON search', query: { search: '{"name":"\\u0000"}' }, refused: true },
  { name: 'NUL in a query value', query: { id: 'a\u0000b', name: 'x\u0000' }, refused: true },
  { name: 'control character in a query value', query: { keyword: 'x\u0007y' }, refused: true },
  { name: 'NUL in the body', body: { id: 'x\u0000', name: 'a\u0000b', username: '\u0000' }, refused: true },
  { name: 'control character in a body key', body: { 'k\u0001': 'v' }, refused: true },
  { name: 'NUL deep in a body array', body: { items: [{ name: ['ok', 'b\u001b'] }] }, refused: true },
  { name: 'deeply nested JSON', body: deep(5000), refused: true },
]

describe('bad input on every route', () => {
  it.each(CASES)(
    '$name: 400 with the envelope on every route, nothing written',
    async (c) => {
      const before = await operations()
      const problems: string[] = []
      for (const entry of routes()) {
        const method = entry.method as 'GET'
        const withBody = method !== 'GET' && c.body !== undefined
        const res = await client(t.app, token).send(method, concrete(entry.url), {
          query: c.query,
          body: withBody ? c.body : undefined,
          headers: withBody && typeof c.body === 'string' ? { 'content-type': 'application/json' } : {},
        })
        const where = `${c.name}: ${entry.method} ${entry.url} -> ${res.status}`
        if (res.status >= 500) problems.push(where)
        else if (c.refused && (c.query || withBody) && res.status !== 400 && res.status !== 413) problems.push(where)
        else if (res.status >= 400 && res.body?.success !== false) problems.push(`${where} without the envelope`)
      }
      expect(problems).toEqual([])
      expect(await operations()).toBe(before)
    },
    60_000,
  )

  it('answers the reported NUL search with 400 and the envelope', async () => {
    const res = await client(t.app, await login(t.app, 'admin')).get('/api/pro/product/list', {
      search: '{"name":"\\u0000"}',
    })
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({ success: false, code: Errors.ParameterError.code })
  })

  it('refuses look-alike Unicode login names without a 500', async () => {
    for (const username of ['аdmin', 'ａｄｍｉｎ', 'admin\u200b', 'ad\u0000min']) {
      const res = await client(t.app).post('/api/sys/login', { username, password: 'x'.repeat(64) })
      expect(res.status, username).toBeGreaterThanOrEqual(400)
      expect(res.status, username).toBeLessThan(500)
      expect(res.body.success).toBe(false)
    }
  })
})
