import { Errors, type LoginResult, RoleCode } from '@app/contracts'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loginFailures, sessions, users } from '../../src/db/schema/index.ts'
import { hashToken } from '../../src/platform/auth/tokens.ts'
import { awaitChange, client, createTestApp, login, passwordOf, type TestApp } from '../helpers/app.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => t?.close())

const attempt = (username: string, password: string, lang?: 'zh' | 'en') =>
  client(t.app, undefined, lang).post<LoginResult>('/api/sys/login', { username, password: passwordOf(password) })

describe('sign in', () => {
  it('returns a token, the user, their departments and the dictionary list', async () => {
    const res = await attempt('region_president', 'Demo@2026')
    expect(res.status).toBe(200)
    expect(res.body.success).toBe(true)
    const { token, userInfo, departs, dictList } = res.body.result
    expect(token.length).toBeGreaterThan(30)
    expect(userInfo).toMatchObject({
      username: 'region_president',
      realname: '陈静',
      orgCode: 'A01A02',
      roles: ['region_president'],
    })
    expect(departs.map((d) => d.orgCode)).toEqual(['A01A02', 'A01A06'])
    expect(dictList.find((d) => d.dicTypeCode === 'order_status' && d.dicCode === '100804')?.dicName).toBe('已驳回')
  })

  it('answers each SPEC 8 login failure with its catalogue code, in the requested language', async () => {
    const wrong = await attempt('finance_admin', 'nope-nope', 'en')
    expect(wrong.status).toBe(400)
    expect(wrong.body).toMatchObject({
      success: false,
      code: Errors.WrongPassword.code,
      message: 'Incorrect login password',
    })

    const unknown = await attempt('nobody_here', 'Demo@2026')
    expect(unknown.body).toMatchObject({ code: Errors.UserNotFound.code, message: '登录用户不存在' })

    // disabled by an administrator (a registered account no one has enabled yet waits instead, below)
    await t.database.db
      .update(users)
      .set({ status: '2', updateBy: sql`(select id from sys_user where username = 'admin')` })
      .where(eq(users.username, 'logistics_admin'))
    const disabled = await attempt('logistics_admin', 'Demo@2026', 'en')
    expect(disabled.body).toMatchObject({
      code: Errors.AccountDisabled.code,
      message: 'The account has been deactivated',
    })

    await t.database.db.update(users).set({ delFlag: true }).where(eq(users.username, 'logistics_admin'))
    const deleted = await attempt('logistics_admin', 'Demo@2026', 'en')
    expect(deleted.body).toMatchObject({ code: Errors.AccountDeleted.code, message: 'The account has been deleted' })
  })

  it('keeps a first session valid when the same user signs in again', async () => {
    const first = await login(t.app, 'gm_president')
    const second = await login(t.app, 'gm_president')
    expect(first).not.toBe(second)
    for (const token of [first, second]) {
      expect((await client(t.app, token).get('/api/sys/user/getCurrentUserDeparts')).status).toBe(200)
    }
  })
})

describe('sessions', () => {
  it('refuses a call without a token, with an unknown token, after logout and after expiry', async () => {
    const none = await client(t.app).get('/api/sys/permission/getPermissionList')
    expect(none.status).toBe(401)
    expect(none.body.code).toBe(Errors.SessionError.code)

    expect((await client(t.app, 'made-up-token').get('/api/sys/permission/getPermissionList')).status).toBe(401)

    const token = await login(t.app, 'finance_director')
    const api = client(t.app, token)
    expect((await api.get('/api/sys/permission/getPermissionList')).status).toBe(200)
    expect((await api.get('/api/user/logout')).status).toBe(200)
    expect((await api.get('/api/sys/permission/getPermissionList')).status).toBe(401)

    const other = await login(t.app, 'finance_director')
    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, hashToken(other)))
    expect((await client(t.app, other).get('/api/sys/permission/getPermissionList')).status).toBe(401)
  })

  it('stops an old token within a moment when its user is disabled straight in the database', async () => {
    const token = await login(t.app, 'branch_admin')
    const api = client(t.app, token)
    const status = async () => (await api.get('/api/sys/user/getCurrentUserDeparts')).status
    expect(await status()).toBe(200)
    // nothing of the app runs: the database's own notice (migration 0009) makes the app forget
    await t.database.db.update(users).set({ status: '2' }).where(eq(users.username, 'branch_admin'))
    const { answer, ms } = await awaitChange(status, 200)
    expect(answer).toBe(401)
    expect(ms).toBeLessThan(1000)
    await t.database.db.update(users).set({ status: '1' }).where(eq(users.username, 'branch_admin'))
  })
})

describe('remembered callers', () => {
  it('are kept across writes of a module that cannot change access, and read again after one that may', async () => {
    const token = await login(t.app, 'admin')
    const api = client(t.app, token)
    const lookups = () => t.app.principals.lookups
    const read = async () => expect((await api.get('/api/sys/user/getCurrentUserDeparts')).status).toBe(200)
    // the login's own notice of its session may still be on its way: until a read is remembered
    for (let i = 0, before = -1; before !== lookups() && i < 50; i++) {
      before = lookups()
      await new Promise((r) => setTimeout(r, 20))
      await read()
    }
    const start = lookups()
    await read()
    expect(lookups()).toBe(start)

    // an order's draft box is kept by sales, whose routes touch no session, user, role or grant
    expect((await api.post('/api/sale/order/saveOrderDraft', { draft: { remark: 'kept' } })).status).toBe(200)
    await read()
    expect(lookups()).toBe(start)

    // master data may (a department's code): answering even a refused write forgets
    expect((await api.post('/api/md/country/add', {})).status).toBe(400)
    await read()
    expect(lookups()).toBe(start + 1)
    await read()
    expect(lookups()).toBe(start + 1)
  })
})

describe('throttling', () => {
  it('pauses an account after repeated failures, and the pause ends', async () => {
    for (let i = 0; i < 5; i++)
      expect((await attempt('branch_finance', `guess-${i}`)).body.code).toBe(Errors.WrongPassword.code)
    const paused = await attempt('branch_finance', 'Demo@2026')
    expect(paused.status).toBe(429)
    expect(paused.body.code).toBe(Errors.TooManyRequests.code)
    // another account from the same address is not affected
    expect((await attempt('finance_admin', 'Demo@2026')).status).toBe(200)
    await t.database.db
      .update(loginFailures)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(loginFailures.username, 'branch_finance'))
    expect((await attempt('branch_finance', 'Demo@2026')).status).toBe(200)
    const [row] = await t.database.db.select().from(loginFailures).where(eq(loginFailures.username, 'branch_finance'))
    expect(row).toBeUndefined()
  })

  it('limits attempts per address', async () => {
    const limited = await createTestApp({ LOGIN_RATE_LIMIT: '3' })
    try {
      const codes: number[] = []
      for (let i = 0; i < 4; i++) {
        const res = await client(limited.app, undefined, 'en').post('/api/sys/login', {
          username: 'nobody',
          password: passwordOf('x'),
        })
        codes.push(res.status)
        if (res.status === 429) expect(res.body).toMatchObject({ code: Errors.TooManyRequests.code, success: false })
      }
      expect(codes).toEqual([400, 400, 400, 429])
    } finally {
      await limited.close()
    }
  })
})

describe('registration', () => {
  const register = (body: Record<string, string>) => client(t.app, undefined, 'en').post('/api/sys/user/register', body)

  it('requires matching passwords', async () => {
    const res = await register({
      username: 'newbie',
      password: passwordOf('a1b2c3d4'),
      confirmPassword: passwordOf('other'),
    })
    expect(res.status).toBe(400)
    expect(res.body.code).toBe(400146)
  })

  it('creates a disabled account that cannot sign in until enabled, and refuses a taken name', async () => {
    const ok = await register({
      username: 'newbie',
      password: passwordOf('a1b2c3d4'),
      confirmPassword: passwordOf('a1b2c3d4'),
    })
    expect(ok.status).toBe(200)
    // it waits for an administrator: said so, not as a deactivated account
    const waiting = await attempt('newbie', 'a1b2c3d4', 'en')
    expect(waiting.body).toMatchObject({
      code: Errors.AccountPendingApproval.code,
      message: 'The account is waiting to be enabled by an administrator',
    })
    const again = await register({ username: 'NEWBIE', password: passwordOf('x1'), confirmPassword: passwordOf('x1') })
    expect(again.body.code).toBe(Errors.LoginAccountExists.code)
    await t.database.db.update(users).set({ status: '1' }).where(eq(users.username, 'newbie'))
    expect((await attempt('newbie', 'a1b2c3d4')).status).toBe(200)
  })
})

describe('change password', () => {
  it('checks the old password, refuses the same one, and signs out other sessions', async () => {
    const elsewhere = await login(t.app, RoleCode.LogisticsChief)
    const api = client(t.app, await login(t.app, RoleCode.LogisticsChief), 'en')
    const wrongOld = await api.post('/api/sys/user/editPassword', {
      oldPassword: passwordOf('bad'),
      newPassword: passwordOf('New@2026'),
    })
    expect(wrongOld.body).toMatchObject({ code: Errors.OldPasswordWrong.code, message: 'The old password is wrong' })
    const same = await api.post('/api/sys/user/editPassword', {
      oldPassword: passwordOf('Demo@2026'),
      newPassword: passwordOf('Demo@2026'),
    })
    expect(same.body.code).toBe(Errors.OldEqualsNewPassword.code)
    const changed = await api.post('/api/sys/user/editPassword', {
      oldPassword: passwordOf('Demo@2026'),
      newPassword: passwordOf('New@2026'),
    })
    expect(changed.status).toBe(200)
    expect((await api.get('/api/sys/user/getCurrentUserDeparts')).status).toBe(200)
    expect((await client(t.app, elsewhere).get('/api/sys/user/getCurrentUserDeparts')).status).toBe(401)
    expect((await attempt(RoleCode.LogisticsChief, 'Demo@2026')).body.code).toBe(Errors.WrongPassword.code)
    expect((await attempt(RoleCode.LogisticsChief, 'New@2026')).status).toBe(200)
  })

  it('refuses a password that is not a SHA-256 digest', async () => {
    const api = client(t.app, await login(t.app, 'gm_president'), 'zh')
    const res = await api.post('/api/sys/user/editPassword', { oldPassword: 'Demo@2026', newPassword: 'x' })
    expect(res.status).toBe(400)
    expect(res.body.code).toBe(Errors.ParameterError.code)
    expect((res.body.result as { path: string }[]).map((i) => i.path)).toEqual(['oldPassword', 'newPassword'])
  })
})
