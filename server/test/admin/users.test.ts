import { Errors, type User } from '@app/contracts'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { departments, operationLogs, positions, roles, sessions, users } from '../../src/db/schema/index.ts'
import { client, createTestApp, login, passwordOf, signedIn, type TestApp } from '../helpers/app.ts'
import { listOf } from '../helpers/resources.ts'

let t: TestApp
let admin: Awaited<ReturnType<typeof signedIn>>
let adminId: string
const ids = { roles: new Map<string, string>(), departs: new Map<string, string>(), position: '' }

const RESET_PASSWORD = 'Reset@2026'

beforeAll(async () => {
  t = await createTestApp({ DEFAULT_RESET_PASSWORD: RESET_PASSWORD })
  admin = await signedIn(t.app, 'admin', 'en')
  const { db } = t.database
  for (const r of await db.select().from(roles)) ids.roles.set(r.roleCode, r.id)
  for (const d of await db.select().from(departments)) ids.departs.set(d.orgCode, d.id)
  ids.position = (await db.select().from(positions).limit(1))[0]!.id
  adminId = (await db.select().from(users).where(eq(users.username, 'admin')))[0]!.id
})
afterAll(async () => t?.close())

const newUser = (username: string, extra: Record<string, unknown> = {}) => ({
  username,
  realname: '林晓',
  positionId: ids.position,
  phone: '+86 10 5555 0188',
  email: 'lin.xiao@example.com',
  gender: '2',
  birthday: '1990-05-01',
  hireDate: '2024-03-01',
  roleIds: [ids.roles.get('finance_admin')],
  departIds: [ids.departs.get('A01A07'), ids.departs.get('A01A05')],
  branchIds: [],
  password: passwordOf('Secret@1'),
  confirmPassword: passwordOf('Secret@1'),
  ...extra,
})

describe('adding a user', () => {
  let created: User

  it('creates the account with its roles and departments; the new user signs in', async () => {
    const res = await admin.post<User>('/api/sys/user/add', newUser('lin.xiao'))
    expect(res.status).toBe(200)
    created = res.body.result
    expect(created).toMatchObject({ username: 'lin.xiao', status: '1', orgCode: 'A01A05', version: 1 })
    expect(created.roleIds).toEqual([ids.roles.get('finance_admin')])
    expect(new Set(created.departIds)).toEqual(new Set([ids.departs.get('A01A07'), ids.departs.get('A01A05')]))
    expect(created).not.toHaveProperty('passwordHash')
    const token = await login(t.app, 'lin.xiao', 'Secret@1')
    const departs = await client(t.app, token).get<{ list: { orgCode: string }[] }>(
      '/api/sys/user/getCurrentUserDeparts',
    )
    expect(departs.body.result.list.map((d) => d.orgCode)).toEqual(['A01A05', 'A01A07'])
  })

  it('keeps the password hash out of answers and out of the operation log', async () => {
    const [log] = await t.database.db
      .select()
      .from(operationLogs)
      .where(and(eq(operationLogs.resource, 'sys_user'), eq(operationLogs.objectId, created.id)))
    expect(log).toMatchObject({ operation: 'sys_user:add', username: 'admin' })
    expect(JSON.stringify(log?.after)).not.toContain('scrypt')
    expect(log?.after).toMatchObject({ username: 'lin.xiao', roleIds: [ids.roles.get('finance_admin')] })
    const history = await admin.get<{ after: unknown }[]>('/api/sys/user/modifyHistory', { id: created.id })
    expect(JSON.stringify(history.body.result)).not.toContain('scrypt')
  })

  it('refuses a taken login account, whatever its case, as "login account exists"', async () => {
    for (const username of ['lin.xiao', 'LIN.XIAO', 'admin']) {
      const res = await admin.post('/api/sys/user/add', newUser(username))
      expect(res.status, username).toBe(409)
      expect(res.body).toMatchObject({
        code: Errors.LoginAccountExists.code,
        message: 'The login account already exists',
      })
    }
  })

  it('refuses passwords that differ, and unknown roles or departments', async () => {
    const differ = await admin.post('/api/sys/user/add', newUser('other.one', { confirmPassword: passwordOf('x') }))
    expect(differ.body.code).toBe(Errors.PasswordsDiffer.code)
    const unknownRole = await admin.post(
      '/api/sys/user/add',
      newUser('other.two', { roleIds: ['00000000-0000-4000-8000-000000000000'] }),
    )
    expect(unknownRole.status).toBe(400)
    expect(unknownRole.body.result).toEqual({ field: 'roleIds' })
    expect((await listOf(admin, '/api/sys/user', { search: { username: 'other' } })).body.result.total).toBe(0)
  })

  it('edits without a password; replacing departments moves the current one into them', async () => {
    const res = await admin.put<User>('/api/sys/user/edit', {
      id: created.id,
      version: created.version,
      realname: '林晓华',
      departIds: [ids.departs.get('A01A02')],
      roleIds: [ids.roles.get('finance_admin'), ids.roles.get('branch_finance')],
      password: passwordOf('sneaky'),
    })
    expect(res.status).toBe(200)
    expect(res.body.result).toMatchObject({ realname: '林晓华', orgCode: 'A01A02', version: 2 })
    expect(res.body.result.departIds).toEqual([ids.departs.get('A01A02')])
    expect(res.body.result.roleIds).toHaveLength(2)
    // the password was not changed by the edit
    await login(t.app, 'lin.xiao', 'Secret@1')
    created = res.body.result
  })

  it("sets the person's mail language, which their notification settings show and their mails follow", async () => {
    expect(created.lang).toBe('zh')
    const res = await admin.put<User>('/api/sys/user/edit', { id: created.id, version: created.version, lang: 'en' })
    expect(res.status).toBe(200)
    expect(res.body.result.lang).toBe('en')
    created = res.body.result
    const own = client(t.app, await login(t.app, 'lin.xiao', 'Secret@1'))
    expect((await own.get<{ lang: string }>('/api/sys/notify/prefs')).body.result.lang).toBe('en')
    // the list finds people by it
    const english = await listOf<User>(admin, '/api/sys/user', { search: { lang: 'en', realname: '林晓' } })
    expect(english.body.result.records.map((u) => u.username)).toEqual(['lin.xiao'])
    // a language the product has no texts in is refused, naming the field
    const bad = await admin.put('/api/sys/user/edit', { id: created.id, version: created.version, lang: 'ru' })
    expect(bad.status).toBe(400)
    expect(JSON.stringify(bad.body.result)).toContain('lang')
  })

  it('lists users with their roles and departments, searchable', async () => {
    const res = await listOf<User>(admin, '/api/sys/user', { search: { realname: '林晓' } })
    expect(res.body.result.records).toHaveLength(1)
    expect(res.body.result.records[0]?.roleIds).toHaveLength(2)
  })
})

describe('enabling, disabling, deleting', () => {
  it('a registered account shows up disabled and without roles, in the language it registered in, and can be enabled', async () => {
    const reg = await client(t.app, undefined, 'en').post<{ id: string }>('/api/sys/user/register', {
      username: 'newcomer',
      password: passwordOf('Newcomer@1'),
      confirmPassword: passwordOf('Newcomer@1'),
    })
    const found = (await listOf<User>(admin, '/api/sys/user', { search: { username: 'newcomer' } })).body.result
      .records[0]
    expect(found).toMatchObject({ status: '2', roleIds: [], lang: 'en' })
    expect((await admin.post('/api/sys/user/batchStatus', { ids: reg.body.result.id, status: '1' })).status).toBe(200)
    await login(t.app, 'newcomer', 'Newcomer@1')
  })

  it('nobody disables or deletes themselves', async () => {
    const disable = await admin.post('/api/sys/user/batchStatus', { ids: adminId, status: '2' })
    expect(disable.status).toBe(400)
    expect(disable.body).toMatchObject({ code: Errors.CannotChangeSelf.code })
    expect((await admin.delete('/api/sys/user/delete', { id: adminId })).body.code).toBe(Errors.CannotChangeSelf.code)
    const other = (await listOf<User>(admin, '/api/sys/user', { search: { username: 'newcomer' } })).body.result
      .records[0]!
    const batch = await admin.delete('/api/sys/user/deleteBatch', { ids: `${other.id},${adminId}` })
    expect(batch.body.code).toBe(Errors.CannotChangeSelf.code)
    // all or none: the other user is still there
    expect((await admin.get('/api/sys/user/queryById', { id: other.id })).status).toBe(200)
  })

  it('disabling ends the sessions of that user at once', async () => {
    const token = await login(t.app, 'newcomer', 'Newcomer@1')
    expect((await client(t.app, token).get('/api/sys/permission/getPermissionList')).status).toBe(200)
    const user = (await listOf<User>(admin, '/api/sys/user', { search: { username: 'newcomer' } })).body.result
      .records[0]!
    await admin.post('/api/sys/user/batchStatus', { ids: user.id, status: '2' })
    expect((await client(t.app, token).get('/api/sys/permission/getPermissionList')).status).toBe(401)
    const again = await client(t.app).post('/api/sys/login', {
      username: 'newcomer',
      password: passwordOf('Newcomer@1'),
    })
    expect(again.body.code).toBe(Errors.AccountDisabled.code)
  })

  it('deleting is soft: sessions end, the user disappears, the login name is free again', async () => {
    const token = await login(t.app, 'lin.xiao', 'Secret@1')
    expect((await client(t.app, token).get('/api/sys/permission/getPermissionList')).status).toBe(200)
    const user = (await listOf<User>(admin, '/api/sys/user', { search: { username: 'lin.xiao' } })).body.result
      .records[0]!
    expect((await admin.delete('/api/sys/user/delete', { id: user.id })).status).toBe(200)
    expect((await client(t.app, token).get('/api/sys/permission/getPermissionList')).status).toBe(401)
    expect((await admin.get('/api/sys/user/queryById', { id: user.id })).status).toBe(404)
    expect((await listOf(admin, '/api/sys/user', { search: { username: 'lin.xiao' } })).body.result.total).toBe(0)
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id))
    expect(row?.delFlag).toBe(true)
    const deletedLogin = await client(t.app).post('/api/sys/login', {
      username: 'lin.xiao',
      password: passwordOf('Secret@1'),
    })
    expect(deletedLogin.body.code).toBe(Errors.AccountDeleted.code)
    const check = await admin.get('/api/sys/duplicate/check', {
      tableName: 'sys_user',
      fieldName: 'username',
      fieldVal: 'lin.xiao',
    })
    expect(check.status).toBe(200)
    const again = await admin.post<User>('/api/sys/user/add', newUser('lin.xiao'))
    expect(again.status).toBe(200)
    await login(t.app, 'lin.xiao', 'Secret@1')
  })
})

describe('resetting a password', () => {
  it('sets the configured default after the administrator asks, and signs the user out', async () => {
    const token = await login(t.app, 'finance_admin')
    const [user] = await t.database.db.select().from(users).where(eq(users.username, 'finance_admin'))
    const res = await admin.get('/api/sys/user/resetPassword', { id: user!.id })
    expect(res.status).toBe(200)
    expect((await client(t.app, token).get('/api/sys/permission/getPermissionList')).status).toBe(401)
    const old = await client(t.app).post('/api/sys/login', {
      username: 'finance_admin',
      password: passwordOf('Demo@2026'),
    })
    expect(old.body.code).toBe(Errors.WrongPassword.code)
    await login(t.app, 'finance_admin', RESET_PASSWORD)
    const [log] = await t.database.db
      .select()
      .from(operationLogs)
      .where(and(eq(operationLogs.operation, 'sys_user:resetPassword'), eq(operationLogs.objectId, user!.id)))
    expect(log?.username).toBe('admin')
  })

  it('needs the reset-password permission', async () => {
    const [user] = await t.database.db.select().from(users).where(eq(users.username, 'branch_admin'))
    const other = await signedIn(t.app, 'finance_director')
    const res = await other.get('/api/sys/user/resetPassword', { id: user!.id })
    expect(res.status).toBe(403)
    const live = await t.database.db.select().from(sessions).where(eq(sessions.userId, user!.id))
    expect(live.every((s) => s.revokedAt === null)).toBe(true)
  })
})
