import { Errors, type SavedQuery } from '@app/contracts'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { roles } from '../../src/db/schema/index.ts'
import { type client, createTestApp, signedIn, type TestApp } from '../helpers/app.ts'

let t: TestApp
let api: Record<'admin' | 'finance_admin' | 'sys_admin' | 'logistics_admin', ReturnType<typeof client>>
let roleId: (code: string) => Promise<string>
beforeAll(async () => {
  t = await createTestApp()
  api = {
    admin: await signedIn(t.app, 'admin'),
    sys_admin: await signedIn(t.app, 'sys_admin'),
    finance_admin: await signedIn(t.app, 'finance_admin'),
    logistics_admin: await signedIn(t.app, 'logistics_admin'),
  }
  roleId = async (code) => (await t.database.db.select().from(roles).where(eq(roles.roleCode, code)))[0]!.id
})
afterAll(async () => t?.close())

const conditions = [{ field: 'supplierType', rule: 'in' as const, val: ['raw', 'oem'] }]
const list = (who: keyof typeof api) => api[who].get<SavedQuery[]>('/api/sys/savedQuery/list', { resource: 'supplier' })

describe('saved queries', () => {
  it('lists your own and those shared with one of your roles, never others', async () => {
    const own = await api.admin.post<SavedQuery>('/api/sys/savedQuery/add', {
      resource: 'supplier',
      name: '原料和代工',
      conditions,
      matchType: 'and',
    })
    expect(own.status).toBe(200)
    expect(own.body.result).toMatchObject({ name: '原料和代工', owner: true, roleIds: [], conditions })

    const shared = await api.admin.post<SavedQuery>('/api/sys/savedQuery/add', {
      resource: 'supplier',
      name: '给管理员们',
      conditions: [{ field: 'code', rule: 'right_like', val: 'S0' }],
      matchType: 'or',
      roleIds: [await roleId('sys_admin')],
    })
    expect(shared.status).toBe(200)

    expect((await list('admin')).body.result.map((q) => [q.name, q.owner])).toEqual([
      ['原料和代工', true],
      ['给管理员们', true],
    ])
    // sys_admin holds the role it was shared with: sees it, not as owner
    expect((await list('sys_admin')).body.result.map((q) => [q.name, q.owner])).toEqual([['给管理员们', false]])
    // finance_admin holds another role
    expect((await list('finance_admin')).body.result).toEqual([])
  })

  it('replaces a query saved again under the same name', async () => {
    const again = await api.finance_admin.post<SavedQuery>('/api/sys/savedQuery/add', {
      resource: 'supplier',
      name: '我的',
      conditions,
      matchType: 'and',
    })
    const replaced = await api.finance_admin.post<SavedQuery>('/api/sys/savedQuery/add', {
      resource: 'supplier',
      name: '我的',
      conditions: [{ field: 'status', rule: 'eq', val: '1' }],
      matchType: 'or',
    })
    expect(replaced.body.result.id).toBe(again.body.result.id)
    expect((await list('finance_admin')).body.result).toMatchObject([
      { name: '我的', matchType: 'or', conditions: [{ field: 'status' }] },
    ])
  })

  it('deletes your own only', async () => {
    const shared = (await list('sys_admin')).body.result[0]!
    const refused = await api.sys_admin.delete('/api/sys/savedQuery/delete', { id: shared.id })
    expect(refused.status).toBe(403)
    expect(refused.body.code).toBe(Errors.PermissionDenied.code)

    const deleted = await api.admin.delete('/api/sys/savedQuery/delete', { id: shared.id })
    expect(deleted.status).toBe(200)
    expect((await list('sys_admin')).body.result).toEqual([])
  })

  it('takes registered resources whose screen you may open, and conditions the list would accept', async () => {
    const unknown = await api.admin.get('/api/sys/savedQuery/list', { resource: 'sys_user' })
    expect(unknown.status).toBe(400)
    expect(unknown.body.code).toBe(Errors.UnsupportedQuery.code)

    const noScreen = await api.logistics_admin.post('/api/sys/savedQuery/add', {
      resource: 'supplier',
      name: 'x',
      conditions,
      matchType: 'and',
    })
    expect(noScreen.status).toBe(403)
    expect((await api.logistics_admin.get('/api/sys/savedQuery/list', { resource: 'supplier' })).status).toBe(403)

    const badField = await api.admin.post('/api/sys/savedQuery/add', {
      resource: 'supplier',
      name: 'bad',
      conditions: [{ field: 'passwordHash', rule: 'eq', val: 'x' }],
      matchType: 'and',
    })
    expect(badField.status).toBe(400)
    expect(badField.body.code).toBe(Errors.UnsupportedQuery.code)
  })
})
