import { Errors, type MenuItem, type PermissionList, type UserInfo } from '@app/contracts'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '../../src/db/schema/index.ts'
import { client, createTestApp, login, passwordOf, signedIn, type TestApp } from '../helpers/app.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => t?.close())

const codesOf = (menu: MenuItem[]): string[] => menu.flatMap((m) => [m.code, ...codesOf(m.children)])

describe('permission list', () => {
  it('gives the administrator every area, titled in the request language', async () => {
    const api = await signedIn(t.app, 'admin', 'en')
    const { result } = (await api.get<PermissionList>('/api/sys/permission/getPermissionList')).body
    expect(result.menu.map((m) => m.text)).toEqual([
      'Home',
      'Products',
      'Master data',
      'Sales',
      'Review centre',
      'System',
    ])
    const system = result.menu.find((m) => m.code === 'sys')
    expect(system?.children.map((c) => c.url)).toContain('/sys/user')
    expect(system?.redirect).toBe('/sys/user')
    expect(result.auth.map((a) => a.action)).toContain('sys_user:add')
    expect(result.allAuth.length).toBe(result.auth.length)
  })

  it('shows a role only its own menus and buttons', async () => {
    const api = await signedIn(t.app, 'branch_finance', 'zh')
    const { result } = (await api.get<PermissionList>('/api/sys/permission/getPermissionList')).body
    const codes = codesOf(result.menu)
    expect(codes).not.toContain('sys')
    expect(codes).not.toContain('md')
    expect(codes).toEqual(expect.arrayContaining(['dashboard', 'pro', 'pro_product', 'sale_order', 'audit_detail']))
    expect(result.menu[0]?.text).toBe('首页')
    const actions = result.auth.map((a) => a.action)
    expect(actions).toContain('sale_order:audit')
    expect(actions).not.toContain('sale_order:add')
    expect(result.allAuth.map((a) => a.action)).toContain('sale_order:add')
  })

  it('lets a user read their own permissions and only an administrator read others', async () => {
    const admin = await signedIn(t.app, 'admin')
    const finance = await signedIn(t.app, 'finance_admin')
    const self = await finance.get<{ id: string }[]>('/api/sys/user/getCurrentUserDeparts')
    expect(self.status).toBe(200)
    const adminInfo = (await admin.get<PermissionList>('/api/sys/user/getUserPermission', { pNumber: 0 })).body.result
    expect(codesOf(adminInfo.menu)).toContain('sys_user')

    const financeLogin = await client(t.app).post<{ userInfo: UserInfo }>('/api/sys/login', {
      username: 'finance_admin',
      password: passwordOf('Demo@2026'),
    })
    const financeId = financeLogin.body.result.userInfo.id
    const adminId = (
      await client(t.app).post<{ userInfo: UserInfo }>('/api/sys/login', {
        username: 'admin',
        password: passwordOf('Demo@2026'),
      })
    ).body.result.userInfo.id

    const byAdmin = await admin.get<PermissionList>('/api/sys/user/getUserPermission', {
      userId: financeId,
      pNumber: 0,
    })
    expect(codesOf(byAdmin.body.result.menu)).toContain('md_supplier')
    const refused = await finance.get('/api/sys/user/getUserPermission', { userId: adminId })
    expect(refused.status).toBe(403)
    expect(refused.body.code).toBe(Errors.PermissionDenied.code)
  })
})

describe('every demo user', () => {
  const roleMenus: Record<string, { has: string[]; lacks: string[] }> = {
    admin: { has: ['sys_user', 'md_supplier', 'sale_order', 'pro_product'], lacks: [] },
    sys_admin: { has: ['sys_role', 'sys_log'], lacks: [] },
    branch_admin: { has: ['sale_order', 'pro_stock'], lacks: ['sys', 'md', 'audit_detail'] },
    region_president: { has: ['audit_detail', 'sale_order_delete', 'md_branch'], lacks: ['sys', 'pro_stock'] },
    branch_finance: { has: ['audit_detail', 'pro_price'], lacks: ['sys', 'md'] },
    logistics_chief: { has: ['sale_delivery', 'md_depot', 'pro_stock'], lacks: ['sys', 'md_supplier'] },
    gm_president: { has: ['sale_order_delete', 'sale_audit_config'], lacks: ['sys', 'md'] },
    logistics_admin: { has: ['sale_delivery', 'md_box_spec'], lacks: ['sys', 'audit'] },
    finance_director: { has: ['pro_price', 'sale_apply_modify'], lacks: ['sys', 'md'] },
    finance_admin: { has: ['md_supplier', 'md_country', 'pro_price'], lacks: ['sys', 'sale_delivery'] },
  }

  it('signs in and sees only the menus of their role', async () => {
    for (const [username, expected] of Object.entries(roleMenus)) {
      const api = await signedIn(t.app, username)
      const codes = codesOf((await api.get<PermissionList>('/api/sys/permission/getPermissionList')).body.result.menu)
      expect(codes, username).toContain('dashboard')
      expect(codes, username).toEqual(expect.arrayContaining(expected.has))
      for (const code of expected.lacks) expect(codes, `${username} must not see ${code}`).not.toContain(code)
    }
  })
})

describe('departments', () => {
  it('switches to another of the user’s departments and answers the new user info', async () => {
    const api = await signedIn(t.app, 'region_president', 'en')
    const before = (
      await api.get<{ list: { orgCode: string }[]; orgCode: string }>('/api/sys/user/getCurrentUserDeparts')
    ).body.result
    expect(before.orgCode).toBe('A01A02')
    expect(before.list.map((d) => d.orgCode)).toEqual(['A01A02', 'A01A06'])

    const switched = await api.post<{ userInfo: UserInfo }>('/api/sys/selectDepart', {
      orgCode: 'A01A06',
      username: 'region_president',
    })
    expect(switched.status).toBe(200)
    expect(switched.body.result.userInfo).toMatchObject({
      orgCode: 'A01A06',
      departName: '国内分公司',
      departNameEn: 'Domestic branch',
    })
    const after = (await api.get<{ orgCode: string }>('/api/sys/user/getCurrentUserDeparts')).body.result
    expect(after.orgCode).toBe('A01A06')
  })

  it('refuses a department the user does not belong to', async () => {
    const api = await signedIn(t.app, 'region_president')
    const res = await api.post('/api/sys/selectDepart', { orgCode: 'A01A04' })
    expect(res.status).toBe(403)
  })

  it('says so when the user has no department', async () => {
    const token = await login(t.app, 'admin')
    const admin = client(t.app, token, 'en')
    // a registered account has no department yet
    const reg = await client(t.app).post<{ id: string }>('/api/sys/user/register', {
      username: 'lonely',
      password: passwordOf('Lonely@1'),
      confirmPassword: passwordOf('Lonely@1'),
    })
    expect(reg.status).toBe(200)
    await t.database.db.update(users).set({ status: '1' }).where(eq(users.username, 'lonely'))
    const lonely = client(t.app, await login(t.app, 'lonely', 'Lonely@1'), 'en')
    const res = await lonely.post('/api/sys/selectDepart', { orgCode: 'A01' })
    expect(res.body).toMatchObject({
      code: Errors.DepartmentNotSet.code,
      message: 'Department information has not been set',
    })
    expect((await admin.get('/api/sys/user/getCurrentUserDeparts')).status).toBe(200)
  })
})
