import { Errors } from '@app/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { okResponse } from '../../src/platform/envelope.ts'
import { client, createTestApp, passwordOf, type TestApp } from '../helpers/app.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({}, (app) => {
    app.get(
      '/api/test/boom',
      { config: { permission: 'public' }, schema: { response: okResponse(z.null()) } },
      async () => {
        throw new Error('secret detail at /srv/app/internal.ts:42')
      },
    )
  })
})
afterAll(async () => t?.close())

describe('the HTTP platform', () => {
  it('answers health without a token', async () => {
    const res = await client(t.app).get<{ status: string; database: string }>('/api/health')
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ success: true, code: 200, result: { status: 'ok' } })
  })

  it('wraps unknown API paths in a 404 envelope', async () => {
    const res = await client(t.app, undefined, 'en').get('/api/no/such/thing')
    expect(res.status).toBe(404)
    expect(res.body).toMatchObject({
      success: false,
      code: Errors.NotFound.code,
      message: 'Sorry, the resource was not found!',
    })
  })

  it('answers malformed JSON and wrong types with 400 and the issues in the user’s language', async () => {
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/sys/login',
      headers: { 'content-type': 'application/json', langcode: 'en' },
      payload: '{"username": ',
    })
    expect(malformed.statusCode).toBe(400)
    expect(malformed.json()).toMatchObject({
      success: false,
      code: Errors.ParameterError.code,
      message: 'Parameter error',
    })

    const wrongTypes = await client(t.app, undefined, 'zh').post('/api/sys/login', { username: 42 })
    expect(wrongTypes.status).toBe(400)
    const issues = wrongTypes.body.result as { path: string; message: string }[]
    expect(issues.map((i) => i.path).sort()).toEqual(['password', 'username'])
    expect(issues[0]?.message).toMatch(/[\u4e00-\u9fa5]/)
  })

  it('never lets a stack trace out, and returns the request id', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/boom' })
    expect(res.statusCode).toBe(500)
    const body = res.json()
    expect(body).toMatchObject({ success: false, code: Errors.SystemError.code })
    expect(res.body).not.toContain('internal.ts')
    expect(res.body).not.toContain('secret detail')
    expect(body.result.requestId).toBe(res.headers['x-request-id'])
  })

  it('publishes the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' })
    expect(res.statusCode).toBe(200)
    const doc = res.json()
    expect(doc.openapi).toBe('3.1.0')
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/sys/login', '/api/sys/permission/getPermissionList']),
    )
  })

  it('serves the code table and dictionaries to a signed-in user', async () => {
    const token = (
      await client(t.app).post<{ token: string }>('/api/sys/login', {
        username: 'admin',
        password: passwordOf('Demo@2026'),
      })
    ).body.result.token
    const codes = await client(t.app, token).get<{ id: number; zh: string; en: string }[]>('/api/sys/code/all')
    expect(codes.body.result.find((c) => c.id === 100804)).toEqual({
      id: 100804,
      key: null,
      zh: '已驳回',
      en: 'Rejected',
    })
    const settings = await client(t.app).get<{ systemTitle: string; demoMode: boolean }>('/api/sys/settings')
    expect(settings.body.result).toMatchObject({ systemTitle: '采购管理系统', demoMode: true })
  })
})
