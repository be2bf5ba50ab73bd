import { Errors } from '@app/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { client, createTestApp, passwordOf, signedIn, type TestApp } from '../helpers/app.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => t?.close())

describe('error texts from the runtime code table', () => {
  it('are seeded in both languages and edited on the language screen without a restart', async () => {
    const admin = await signedIn(t.app, 'admin', 'en')
    const entry = await admin.get<{ id: number; zh: string; en: string; version: number; category: string }>(
      '/api/sys/code/queryById',
      { id: Errors.WrongPassword.code },
    )
    expect(entry.status, entry.raw?.toString()).toBe(200)
    expect(entry.body.result).toMatchObject({ category: 'error', zh: '登录密码错误', en: 'Incorrect login password' })

    const edited = await admin.put('/api/sys/code/edit', {
      id: Errors.WrongPassword.code,
      version: entry.body.result.version,
      en: 'Wrong password, please try again',
      zh: '密码不正确，请重试',
    })
    expect(edited.status).toBe(200)

    // the texts are read again within a few seconds on every instance
    await new Promise((r) => setTimeout(r, 5_200))
    const attempt = (lang: 'zh' | 'en') =>
      client(t.app, undefined, lang).post('/api/sys/login', { username: 'gm_president', password: passwordOf('nope') })
    expect((await attempt('en')).body).toMatchObject({
      code: Errors.WrongPassword.code,
      message: 'Wrong password, please try again',
    })
    expect((await attempt('zh')).body.message).toBe('密码不正确，请重试')
  })
})
