import {
  Errors,
  type PermissionList,
  type PermissionNode,
  type Role,
  type RolePermissionTree,
  type User,
} from '@app/contracts'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { departments, operationLogs, roles } from '../../src/db/schema/index.ts'
import { client, createTestApp, login, passwordOf, signedIn, type TestApp } from '../helpers/app.ts'

let t: TestApp
let admin: Awaited<ReturnType<typeof signedIn>>
beforeAll(async () => {
  t = await createTestApp()
  admin = await signedIn(t.app, 'admin', 'en')
})
afterAll(async () => t?.close())

const flat = (nodes: PermissionNode[]): PermissionNode[] => nodes.flatMap((n) => [n, ...flat(n.children)])
const menuCodes = (items: PermissionList['menu']): string[] => items.flatMap((m) => [m.code, ...menuCodes(m.children)])

const treeOf = async (roleId: string) =>
  (await admin.get<RolePermissionTree>('/api/sys/role/permissionTree', { roleId })).body.result

describe('roles', () => {
  let role: Role

  it('adds a role; a taken name or code answers "role name or code exists"', async () => {
    const res = await admin.post<Role>('/api/sys/role/add', {
      roleCode: 'qa_auditor',
      roleName: '质量审计',
      roleNameEn: 'QA auditor',
      dataScope: 'department',
    })
    expect(res.status).toBe(200)
    role = res.body.result
    for (const clash of [
      { roleCode: 'qa_auditor', roleName: '另一个' },
      { roleCode: 'other_code', roleName: '质量审计' },
    ]) {
      const dup = await admin.post('/api/sys/role/add', clash)
      expect(dup.status).toBe(409)
      expect(dup.body).toMatchObject({
        code: Errors.RoleExists.code,
        message: 'The role name or code already exists',
      })
    }
    const edit = await admin.put('/api/sys/role/edit', { id: role.id, version: 1, roleName: '系统管理员' })
    expect(edit.body.code).toBe(Errors.RoleExists.code)
  })

  it('keeps the code as created and changes the rest', async () => {
    const res = await admin.put<Role>('/api/sys/role/edit', {
      id: role.id,
      version: 1,
      roleCode: 'renamed',
      dataScope: 'personal',
    })
    expect(res.body.result).toMatchObject({ roleCode: 'qa_auditor', dataScope: 'personal', version: 2 })
  })

  it('lists every role for selects to any signed-in user (queryList)', async () => {
    const res = await (await signedIn(t.app, 'branch_admin')).get<Role[]>('/api/sys/role/queryList')
    expect(res.status).toBe(200)
    expect(res.body.result.map((r) => r.roleCode)).toContain('qa_auditor')
  })

  it('refuses deleting a role in use, the administrator role, or one an audit step names', async () => {
    const adminRole = (await t.database.db.select().from(roles).where(eq(roles.roleCode, 'sys_admin')))[0]!
    const inUse = await admin.delete('/api/sys/role/delete', { id: adminRole.id })
    expect(inUse.body.code).toBe(Errors.InUseCannotDelete.code)
    const president = (await t.database.db.select().from(roles).where(eq(roles.roleCode, 'gm_president')))[0]!
    expect((await admin.delete('/api/sys/role/delete', { id: president.id })).status).toBe(409)
    expect((await admin.delete('/api/sys/role/delete', { id: role.id })).status).toBe(200)
  })
})

describe('function permissions', () => {
  let roleId: string
  let token: string

  it('shows the whole tree with titles in the request language and what the role holds', async () => {
    roleId = (await admin.post<Role>('/api/sys/role/add', { roleCode: 'clerk', roleName: '文员' })).body.result.id
    const tree = await treeOf(roleId)
    const nodes = flat(tree.tree)
    expect(nodes.find((n) => n.code === 'sys_user')?.title).toBe('Users')
    expect(nodes.find((n) => n.code === 'sys_user:resetPassword')?.menuType).toBe(2)
    expect(tree.granted).toEqual([])
    expect(tree.locked).toEqual([nodes.find((n) => n.code === 'dashboard')?.id])
    const zh = await (await signedIn(t.app, 'admin', 'zh')).get<RolePermissionTree>('/api/sys/role/permissionTree', {
      roleId,
    })
    expect(flat(zh.body.result.tree).find((n) => n.code === 'sys_user')?.title).toBe('用户管理')
  })

  it('grants buttons with their menus and folders; the user sees exactly those menus', async () => {
    const nodes = flat((await treeOf(roleId)).tree)
    const id = (code: string) => nodes.find((n) => n.code === code)!.id
    const res = await admin.post<{ granted: string[] }>('/api/sys/role/configPermission', {
      roleId,
      permissionIds: [id('md_supplier:add'), id('md_supplier:edit'), id('md_country')],
    })
    expect(res.status).toBe(200)
    const codes = res.body.result.granted.map((g) => nodes.find((n) => n.id === g)?.code).sort()
    expect(codes).toEqual(['dashboard', 'md', 'md_country', 'md_supplier', 'md_supplier:add', 'md_supplier:edit'])
    const depart = (await t.database.db.select().from(departments).limit(1))[0]!
    await admin.post<User>('/api/sys/user/add', {
      username: 'clerk.one',
      realname: '文员一',
      roleIds: [roleId],
      departIds: [depart.id],
      password: passwordOf('Clerk@2026'),
      confirmPassword: passwordOf('Clerk@2026'),
    })
    token = await login(t.app, 'clerk.one', 'Clerk@2026')
    const list = (await client(t.app, token).get<PermissionList>('/api/sys/permission/getPermissionList')).body.result
    expect(menuCodes(list.menu).sort()).toEqual(['dashboard', 'md', 'md_country', 'md_supplier'])
    expect(list.auth.map((a) => a.action).sort()).toEqual(['md_supplier:add', 'md_supplier:edit'])
  })

  it('takes a removed button away at once: the permission list and the call both refuse it', async () => {
    const nodes = flat((await treeOf(roleId)).tree)
    const id = (code: string) => nodes.find((n) => n.code === code)!.id
    const api = client(t.app, token)
    const supplier = { code: 'S777', name: '新供应商', supplierType: 'raw' }
    expect((await api.post('/api/md/supplier/add', supplier)).status).toBe(200)
    await admin.post('/api/sys/role/configPermission', { roleId, permissionIds: [id('md_supplier:edit')] })
    const list = (await api.get<PermissionList>('/api/sys/permission/getPermissionList')).body.result
    expect(list.auth.map((a) => a.action)).toEqual(['md_supplier:edit'])
    const refused = await api.post('/api/md/supplier/add', { ...supplier, code: 'S778' })
    expect(refused.status).toBe(403)
    expect(refused.body.code).toBe(Errors.PermissionDenied.code)
    // the country menu went with it; the supplier list stays (its edit button holds it)
    expect((await api.get('/api/md/country/list')).status).toBe(403)
    expect((await api.get('/api/md/supplier/list')).status).toBe(200)
  })

  it('moves the permissions fingerprint so the web refetches', async () => {
    const api = client(t.app, token)
    const before = (await api.get<{ permissions: string }>('/api/sys/catalogue/version')).body.result.permissions
    const nodes = flat((await treeOf(roleId)).tree)
    await admin.post('/api/sys/role/configPermission', {
      roleId,
      permissionIds: [nodes.find((n) => n.code === 'md_depot')!.id],
    })
    const after = (await api.get<{ permissions: string }>('/api/sys/catalogue/version')).body.result.permissions
    expect(after).not.toBe(before)
  })

  it('never trusts the client: unknown ids are refused, home is always kept, the change is logged', async () => {
    const unknown = await admin.post('/api/sys/role/configPermission', {
      roleId,
      permissionIds: ['00000000-0000-4000-8000-000000000000'],
    })
    expect(unknown.status).toBe(400)
    const none = await admin.post<{ granted: string[] }>('/api/sys/role/configPermission', {
      roleId,
      permissionIds: [],
    })
    expect(none.body.result.granted).toHaveLength(1)
    const [log] = await t.database.db
      .select()
      .from(operationLogs)
      .where(and(eq(operationLogs.operation, 'sys_role:permission'), eq(operationLogs.objectId, roleId)))
      .orderBy(operationLogs.createAt)
    expect(log?.username).toBe('admin')
    expect(log?.after).toMatchObject({ permissions: expect.arrayContaining(['dashboard']) })
  })

  it('keeps system management on the administrator role, so nobody is locked out', async () => {
    const adminRole = (await t.database.db.select().from(roles).where(eq(roles.roleCode, 'sys_admin')))[0]!
    const tree = await treeOf(adminRole.id)
    const nodes = flat(tree.tree)
    const locked = tree.locked.map((l) => nodes.find((n) => n.id === l)?.code)
    expect(locked).toEqual(expect.arrayContaining(['sys_role', 'sys_role:permission', 'sys_user']))
    const withoutRoles = tree.granted.filter((g) => nodes.find((n) => n.id === g)?.code !== 'sys_role:permission')
    const res = await admin.post('/api/sys/role/configPermission', {
      roleId: adminRole.id,
      permissionIds: withoutRoles,
    })
    expect(res.status).toBe(409)
    expect(res.body.code).toBe(Errors.AdminRoleProtected.code)
    const withoutFeedback = tree.granted.filter((g) => nodes.find((n) => n.id === g)?.code !== 'sys_feedback:reply')
    expect(
      (await admin.post('/api/sys/role/configPermission', { roleId: adminRole.id, permissionIds: withoutFeedback }))
        .status,
    ).toBe(200)
  })

  it('needs the permission button or the role-permission screen', async () => {
    const other = await signedIn(t.app, 'finance_director')
    expect((await other.get('/api/sys/role/permissionTree', { roleId })).status).toBe(403)
    expect((await other.post('/api/sys/role/configPermission', { roleId, permissionIds: [] })).status).toBe(403)
  })
})
