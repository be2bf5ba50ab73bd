import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { COMPRESS_THRESHOLD, CONTENT_SECURITY_POLICY } from '../../src/platform/web-serving.ts'
import { createTestApp, login, type TestApp } from '../helpers/app.ts'

// A built web app as Vite leaves it: index.html and a hashed script, each with .br and .gz twins.
const INDEX = '<!doctype html><html><head><script type="module" src="/assets/index-abc123.js"></script></head></html>'
const SCRIPT = `export const texts = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `text ${i}`))}\n`
const dist = mkdtempSync(path.join(tmpdir(), 'web-serving-'))
const writeWithTwins = (file: string, text: string) => {
  writeFileSync(path.join(dist, file), text)
  writeFileSync(path.join(dist, `${file}.br`), brotliCompressSync(text))
  writeFileSync(path.join(dist, `${file}.gz`), gzipSync(text))
}
mkdirSync(path.join(dist, 'assets'))
writeWithTwins('index.html', INDEX)
writeWithTwins('assets/index-abc123.js', SCRIPT)

let web: TestApp
let bare: TestApp
let token: string
beforeAll(async () => {
  web = await createTestApp({ WEB_DIST: dist, TRUST_PROXY: 'true' })
  bare = await createTestApp()
  token = await login(web.app, 'admin')
})
afterAll(async () => {
  await web?.close()
  await bare?.close()
  rmSync(dist, { recursive: true, force: true })
})

const get = (t: TestApp, url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers })

const decoded = (res: LightMyRequestResponse) => {
  const encoding = res.headers['content-encoding']
  if (encoding === 'br') return brotliDecompressSync(res.rawPayload).toString()
  if (encoding === 'gzip') return gunzipSync(res.rawPayload).toString()
  return res.body
}

const expectSecurityHeaders = (res: LightMyRequestResponse) => {
  expect(res.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY)
  expect(res.headers['x-content-type-options']).toBe('nosniff')
  expect(res.headers['referrer-policy']).toBe('same-origin')
  expect(res.headers['x-frame-options']).toBe('DENY')
}

describe('the built web app', () => {
  it.each([
    ['br, gzip', 'br'],
    ['gzip, deflate', 'gzip'],
  ])('sends a hashed script precompressed for Accept-Encoding %s, cached for a year', async (accept, encoding) => {
    const res = await get(web, '/assets/index-abc123.js', { 'accept-encoding': accept })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-encoding']).toBe(encoding)
    expect(res.headers['content-type']).toMatch(/javascript/)
    expect(res.headers.vary).toMatch(/accept-encoding/i)
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(decoded(res)).toBe(SCRIPT)
    expectSecurityHeaders(res)
  })

  it('sends the plain file without Accept-Encoding, still varying on it', async () => {
    const res = await get(web, '/assets/index-abc123.js')
    expect(res.headers['content-encoding']).toBeUndefined()
    expect(res.headers.vary).toMatch(/accept-encoding/i)
    expect(res.body).toBe(SCRIPT)
  })

  it('never caches index.html, at / and at an app route, and sends it compressed', async () => {
    for (const url of ['/', '/user/login', '/sale/orderList?status=100801']) {
      const res = await get(web, url, { 'accept-encoding': 'gzip, deflate, br' })
      expect(res.statusCode, url).toBe(200)
      expect(res.headers['cache-control'], url).toBe('no-cache')
      expect(res.headers['content-encoding'], url).toBe('br')
      expect(decoded(res), url).toBe(INDEX)
      expectSecurityHeaders(res)
    }
  })

  it('answers a missing asset and an unknown API path with 404 and the security headers', async () => {
    for (const url of ['/assets/missing-123.js', '/api/no/such/thing']) {
      const res = await get(web, url, { 'accept-encoding': 'br' })
      expect(res.statusCode, url).toBe(404)
      expectSecurityHeaders(res)
    }
    const bare404 = await get(bare, '/anything')
    expect(bare404.statusCode).toBe(404)
    expectSecurityHeaders(bare404)
  })
})

describe('API answers', () => {
  it('compress JSON above the threshold by Accept-Encoding', async () => {
    const url = '/api/sys/permission/getPermissionList'
    const plain = await get(web, url, { 'x-access-token': token })
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_THRESHOLD)
    expectSecurityHeaders(plain)
    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['identity', undefined],
    ] as const) {
      const res = await get(web, url, { 'x-access-token': token, 'accept-encoding': accept })
      expect(res.statusCode, accept).toBe(200)
      expect(res.headers['content-encoding'], accept).toBe(encoding)
      if (encoding) {
        expect(res.headers.vary, accept).toMatch(/accept-encoding/i)
        expect(res.rawPayload.length, accept).toBeLessThan(plain.rawPayload.length / 3)
      }
      expect(JSON.parse(decoded(res)).result, accept).toEqual(plain.json().result)
      expectSecurityHeaders(res)
    }
  })

  it('send small JSON as it is', async () => {
    const res = await get(web, '/api/health', { 'accept-encoding': 'br, gzip' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-encoding']).toBeUndefined()
    expectSecurityHeaders(res)
    // a page of a few kilobytes too: it arrives in one round trip either way
    const page = await get(web, '/api/md/country/list?pageSize=5', { 'x-access-token': token, 'accept-encoding': 'br' })
    expect(page.statusCode).toBe(200)
    expect(page.rawPayload.length).toBeGreaterThan(1024)
    expect(page.rawPayload.length).toBeLessThan(COMPRESS_THRESHOLD)
    expect(page.headers['content-encoding']).toBeUndefined()
  })

  it('carry the security headers on errors too', async () => {
    const res = await get(bare, '/api/sys/permission/getPermissionList')
    expect(res.statusCode).toBe(401)
    expectSecurityHeaders(res)
  })
})

describe('HSTS', () => {
  it('is sent only when a trusted proxy says the request came over TLS', async () => {
    const https = { 'x-forwarded-proto': 'https' }
    expect((await get(web, '/api/health', https)).headers['strict-transport-security']).toMatch(/^max-age=\d{8}/)
    expect((await get(web, '/', https)).headers['strict-transport-security']).toMatch(/^max-age=/)
    expect((await get(web, '/api/health')).headers['strict-transport-security']).toBeUndefined()
    expect(
      (await get(web, '/api/health', { 'x-forwarded-proto': 'http' })).headers['strict-transport-security'],
    ).toBeUndefined()
    // without TRUST_PROXY the header is anybody's word
    expect((await get(bare, '/api/health', https)).headers['strict-transport-security']).toBeUndefined()
  })
})
