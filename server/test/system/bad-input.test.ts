import { Errors } from '@app/contracts'
import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { branches, categories, codeTable, countries, operationLogs } from '../../src/db/schema/index.ts'
import { client, createTestApp, login, type TestApp } from '../helpers/app.ts'
import { newProduct } from '../product/helpers.ts'

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

const isPage = (res: { headers: Record<string, unknown> }) =>
  String(res.headers['content-type'] ?? '').startsWith('text/html')
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
        // a page for a person (a mailed decision link's) answers its refusals as a page, not an envelope
        else if (res.status >= 400 && res.body?.success !== false && !isPage(res))
          problems.push(`${where} without the envelope`)
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

/** A megabyte of text: no field takes it. */
const MB = 'x'.repeat(1024 * 1024)

type Doc = {
  paths: Record<
    string,
    Record<
      string,
      { parameters?: { in: string; name: string }[]; requestBody?: { content: Record<string, { schema?: unknown }> } }
    >
  >
}

/** Top-level property names of a JSON schema, through unions and intersections. */
const propertiesOf = (schema: unknown): string[] => {
  if (!schema || typeof schema !== 'object') return []
  const s = schema as { properties?: object; anyOf?: unknown[]; oneOf?: unknown[]; allOf?: unknown[] }
  return [
    ...Object.keys(s.properties ?? {}),
    ...[...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])].flatMap(propertiesOf),
  ]
}

/** What a route takes, as the OpenAPI document declares it: its query names and its JSON body's fields. */
const inputsOf = async () => {
  const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as Doc
  return (entry: { method: string; url: string }) => {
    const operation = doc.paths[entry.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}')]?.[entry.method.toLowerCase()]
    const json = operation?.requestBody?.content['application/json']
    return {
      query: new Set((operation?.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name)),
      body: json ? new Set(propertiesOf(json.schema)) : null,
    }
  }
}

type InputCase = {
  name: string
  query?: Record<string, string>
  /** An object, or JSON text sent as is. */
  body?: unknown
  /**
   * `any`: every route must refuse it (the body limit or the input guard answers before any
   * handler). `named`: sent only to routes whose query or body declares one of its keys (or, for a
   * body that is no object, to every route taking a JSON body), each of which must refuse it.
   */
  to: 'any' | 'named'
}

const INPUT_CASES: InputCase[] = [
  { name: '1 MB string in a query value', query: { search: MB }, to: 'any' },
  { name: '1 MB string in the body', body: { name: MB }, to: 'any' },
  { name: '1 MB key in the body', body: `{"${MB}":1}`, to: 'any' },
  { name: 'body over the 5 MB limit', body: `{"a":"${'y'.repeat(6 * 1024 * 1024)}"}`, to: 'any' },
  {
    name: 'deeply nested JSON in a query value',
    query: { search: deep(5000), superQueryParams: deep(200) },
    to: 'any',
  },
  { name: 'deeply nested array body', body: `${'['.repeat(5000)}${']'.repeat(5000)}`, to: 'any' },
  {
    name: 'wrong types in the body',
    body: {
      id: 42,
      ids: [1, 2],
      version: 'one',
      orderId: { a: 1 },
      name: { zh: 1 },
      status: true,
      lines: 'none',
      quantity: 'many',
      roleIds: 'all',
      decision: 7,
      note: ['x'],
      content: 12,
      draft: 'x',
      permissionIds: 'x',
      username: 12,
      password: false,
      orgCode: [],
    },
    to: 'named',
  },
  { name: 'a JSON array as the body', body: '[1,2,3]', to: 'named' },
  { name: 'a JSON number as the body', body: '42', to: 'named' },
  {
    name: 'wrong types in the query',
    query: { id: '[1]', pageNo: 'abc', pageSize: 'ten', readFlag: 'yes', orderId: '{}', attachId: 'x', userId: '[]' },
    to: 'named',
  },
  {
    name: 'huge numbers in the body',
    body: {
      version: 1e308,
      quantity: 1e308,
      sortNo: 2 ** 64,
      pageNo: 1e308,
      pageSize: 2 ** 64,
      price: '99999999999999999999',
      grossWeightKg: 1e308,
      shelfLifeDays: 2 ** 64,
      timeLimitHours: 1e308,
      stepNo: 2 ** 64,
      id: 1e308,
    },
    to: 'named',
  },
  {
    // the largest integer a JSON number holds exactly: past every integer column of PostgreSQL
    name: 'the largest safe integer in the body',
    body: Object.fromEntries(
      ['id', 'version', 'stepNo', 'dictId', 'sortNo', 'timeLimitHours', 'quantity', 'pageNo', 'pageSize', 'status'].map(
        (k) => [k, Number.MAX_SAFE_INTEGER],
      ),
    ),
    to: 'named',
  },
  {
    name: 'the largest safe integer in the query',
    query: Object.fromEntries(
      ['id', 'version', 'stepNo', 'dictId', 'pageNo', 'pageSize', 'readFlag', 'jobId'].map((k) => [
        k,
        String(Number.MAX_SAFE_INTEGER),
      ]),
    ),
    to: 'named',
  },
  {
    name: 'huge numbers in the query',
    query: {
      pageNo: '99999999999999999999',
      pageSize: '1e308',
      id: '18446744073709551616',
      stepNo: '1e308',
      readFlag: '99999999999999999999',
      productId: '1e308',
    },
    to: 'named',
  },
]

describe('oversized, mistyped and huge input on every route', () => {
  it.each(INPUT_CASES)(
    '$name: 400 or 413 with the envelope, never 500, nothing written',
    async (c) => {
      const inputs = await inputsOf()
      const before = await operations()
      const problems: string[] = []
      let sent = 0
      const started = Date.now()
      for (const entry of routes()) {
        const method = entry.method as 'GET'
        const takes = inputs(entry)
        const withBody = method !== 'GET' && c.body !== undefined
        if (c.to === 'named') {
          const bodyNamed =
            withBody &&
            (typeof c.body === 'string'
              ? takes.body !== null
              : Object.keys(c.body as object).some((k) => takes.body?.has(k)))
          const queryNamed = Object.keys(c.query ?? {}).some((k) => takes.query.has(k))
          if (!bodyNamed && !queryNamed) continue
        } else if (c.body !== undefined && !withBody) continue
        sent++
        const res = await client(t.app, token).send(method, concrete(entry.url), {
          query: c.query,
          body: withBody ? c.body : undefined,
          headers: withBody ? { 'content-type': 'application/json' } : {},
        })
        const where = `${c.name}: ${entry.method} ${entry.url} -> ${res.status}`
        if (res.status >= 500) problems.push(`${where} ${JSON.stringify(res.body)}`)
        else if (res.status !== 400 && res.status !== 413) problems.push(where)
        else if (res.body?.success !== false) problems.push(`${where} without the envelope`)
      }
      expect(problems).toEqual([])
      expect(sent).toBeGreaterThan(5)
      expect(await operations()).toBe(before)
      // refused before any database work: the whole route table in seconds, not minutes
      expect(Date.now() - started).toBeLessThan(30_000)
    },
    60_000,
  )
})

describe('huge numbers in otherwise valid forms', () => {
  const HUGE: unknown[] = [1e308, -1e308, 2 ** 64, Number.MAX_SAFE_INTEGER, '99999999999999999999']

  it('refuses each with 400 and the envelope, never a 500, and writes nothing', async () => {
    const api = client(t.app, token)
    const db = t.database.db
    const [category] = await db.select({ id: categories.id }).from(categories).limit(1)
    const [country] = await db.select({ id: countries.id, version: countries.version }).from(countries).limit(1)
    const [code] = await db.select({ id: codeTable.id, version: codeTable.version }).from(codeTable).limit(1)
    const moscow = (await db.select({ id: branches.id }).from(branches).where(eq(branches.code, 'RU-MOW')))[0]!.id
    const offer = (
      await api.get<{ records: { productId: string; units: { id: string }[] }[] }>('/api/sale/order/sellableProducts', {
        branchId: moscow,
      })
    ).body.result.records[0]!
    const line = (quantity: unknown) => ({ productId: offer.productId, unitId: offer.units[0]!.id, quantity })
    const forms: { url: string; method: 'POST' | 'PUT'; form: (n: unknown) => unknown }[] = [
      ...['lengthCm', 'grossWeightKg'].map((field) => ({
        url: '/api/md/boxSpec/add',
        method: 'POST' as const,
        form: (n: unknown) => ({
          code: 'HUGE1',
          name: 'huge',
          lengthCm: 10,
          widthCm: 10,
          heightCm: 10,
          grossWeightKg: 1,
          [field]: n,
        }),
      })),
      ...['grossWeightKg', 'volumeM3', 'shelfLifeDays'].map((field) => ({
        url: '/api/pro/product/add',
        method: 'POST' as const,
        form: (n: unknown) => ({ ...newProduct(category!.id, { code: 'HUGE-1' }), [field]: n }),
      })),
      {
        url: '/api/md/branch/add',
        method: 'POST',
        form: (n) => ({ code: 'HUGE', name: 'huge', branchType: 'overseas', sortNo: n }),
      },
      { url: '/api/md/country/edit', method: 'PUT', form: (n) => ({ id: country!.id, version: n, name: 'huge' }) },
      { url: '/api/sys/code/edit', method: 'PUT', form: (n) => ({ id: code!.id, version: n, zh: '大', en: 'huge' }) },
      {
        url: '/api/sys/code/edit',
        method: 'PUT',
        form: (n) => ({ id: n, version: code!.version, zh: '大', en: 'huge' }),
      },
      { url: '/api/sale/order/calculateProductAttributes', method: 'POST', form: (n) => ({ lines: [line(n)] }) },
      {
        url: '/api/sale/order/add',
        method: 'POST',
        form: (n) => ({
          branchId: moscow,
          companyCode: '002',
          expectedDeliveryDate: '2099-01-01',
          transportMode: 'sea',
          certificateRequired: false,
          lines: [line(n)],
        }),
      },
    ]
    const before = await operations()
    const problems: string[] = []
    for (const { url, method, form } of forms) {
      for (const n of HUGE) {
        const res = await api.send(method, url, { body: form(n) })
        if (res.status !== 400 || res.body?.success !== false) {
          problems.push(`${method} ${url} ${String(n)} -> ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`)
        }
      }
    }
    expect(problems).toEqual([])
    expect(await operations()).toBe(before)
    // the same forms with a sane number pass validation: the huge number was what got refused
    // (a shelf life of 365 days: the sample's expiry warning is 90)
    const sane = [10, 1, 1, 1, 365, 1, country!.version, code!.version, code!.id, 1, 1]
    expect(sane).toHaveLength(forms.length)
    for (const [i, { url, method, form }] of forms.entries()) {
      const res = await api.send(method, url, { body: form(sane[i]) })
      expect(res.status, `${method} ${url} ${JSON.stringify(res.body).slice(0, 300)}`).not.toBe(400)
      expect(res.status).toBeLessThan(500)
    }
  })
})
