import type { Envelope } from '@app/contracts'
import type { FastifyInstance, InjectOptions } from 'fastify'
import { inject } from 'vitest'
import { buildApp } from '../../src/app.ts'
import { loadConfig } from '../../src/config.ts'
import type { Database } from '../../src/db/client.ts'
import { DEMO_PASSWORD } from '../../src/db/seed/demo/organisation.ts'
import { sha256Hex } from '../../src/platform/auth/password.ts'
import { openTestDatabase } from './database.ts'

export type TestApp = { app: FastifyInstance; database: Database; close: () => Promise<void> }

/** The real application on a fresh copy of the seeded database. */
export const createTestApp = async (
  env: Record<string, string> = {},
  beforeReady?: (app: FastifyInstance) => void,
): Promise<TestApp> => {
  const database = await openTestDatabase()
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    LOGIN_RATE_LIMIT: '100000',
    WEB_DIST: '/nonexistent',
    DATA_DIR: '/tmp/unused-test-data',
    FILES_DIR: inject('filesDir'),
    ...env,
  })
  const app = await buildApp({ config, database })
  beforeReady?.(app)
  await app.ready()
  return {
    app,
    database,
    async close() {
      await app.close()
      await database.close()
    },
  }
}

export type Reply<T = unknown> = { status: number; body: Envelope<T>; headers: Record<string, unknown>; raw: Buffer }

type Call = { query?: Record<string, string | number>; body?: unknown; headers?: Record<string, string> }

/** A small client over `app.inject` that speaks the envelope. */
export const client = (app: FastifyInstance, token?: string, lang?: 'zh' | 'en') => {
  const send = async <T>(method: InjectOptions['method'], url: string, call: Call = {}): Promise<Reply<T>> => {
    const headers: Record<string, string> = { ...call.headers }
    if (token) headers['x-access-token'] = token
    if (lang) headers.langcode = lang
    const res = await app.inject({
      method,
      url,
      query: call.query ? Object.fromEntries(Object.entries(call.query).map(([k, v]) => [k, String(v)])) : undefined,
      payload: call.body as InjectOptions['payload'],
      headers,
    })
    // a file download answers bytes, not an envelope
    const json = String(res.headers['content-type'] ?? '').includes('json')
    return {
      status: res.statusCode,
      body: (json ? res.json() : null) as Envelope<T>,
      headers: res.headers,
      raw: res.rawPayload,
    }
  }
  return {
    /** The sign-in token it carries, for the helpers that call with a token (list/helpers.ts). */
    token,
    get: <T>(url: string, query?: Call['query'], headers?: Call['headers']) => send<T>('GET', url, { query, headers }),
    post: <T>(url: string, body?: unknown, headers?: Call['headers']) => send<T>('POST', url, { body, headers }),
    put: <T>(url: string, body?: unknown) => send<T>('PUT', url, { body }),
    delete: <T>(url: string, query?: Call['query']) => send<T>('DELETE', url, { query }),
    send,
  }
}

export const passwordOf = (plain: string) => sha256Hex(plain)

/** Signs in through the real login route and returns the token. */
export const login = async (app: FastifyInstance, username: string, password = DEMO_PASSWORD): Promise<string> => {
  const res = await client(app).post<{ token: string }>('/api/sys/login', { username, password: sha256Hex(password) })
  if (res.status !== 200) throw new Error(`login ${username} failed: ${res.status} ${JSON.stringify(res.body)}`)
  return res.body.result.token
}

/** Signs in and returns a client carrying the token. */
export const signedIn = async (app: FastifyInstance, username: string, lang?: 'zh' | 'en') =>
  client(app, await login(app, username), lang)

/**
 * Asks `probe` every 10 ms while it answers `still`, for at most `limitMs`: for what takes effect
 * through a notice rather than at once. Answers the last answer and the milliseconds it took.
 */
export const awaitChange = async <T>(probe: () => Promise<T>, still: T, limitMs = 2000) => {
  const started = Date.now()
  let answer = await probe()
  while (answer === still && Date.now() - started < limitMs) {
    await new Promise((r) => setTimeout(r, 10))
    answer = await probe()
  }
  return { answer, ms: Date.now() - started }
}
