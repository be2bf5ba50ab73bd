import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { client, createTestApp, login, type TestApp } from '../helpers/app.ts'

/**
 * Routes open to every signed-in user (`authenticated`: selects, the caller's own messages,
 * settings...) give what the screens calling them read, never a person's or a partner's details
 * that only an administration screen shows (issue 20).
 */

let t: TestApp
let token: string
beforeAll(async () => {
  t = await createTestApp()
  // branch finance holds no system or master-data screen: what it reads here, anyone reads
  token = await login(t.app, 'branch_finance')
})
afterAll(async () => t?.close())

/** Keys that only the screen owning the record may show. */
const PRIVATE_KEYS = [
  // users
  'phone',
  'email',
  'birthday',
  'gender',
  'hireDate',
  'roleIds',
  'departIds',
  'branchIds',
  'passwordHash',
  'positionId',
  // roles
  'dataScope',
  // suppliers and depots
  'contactPerson',
  'address',
  'taxNumber',
  'bankName',
  'bankAccount',
  'managerName',
  'managerPhone',
  // products
  'purchasePrice',
  'internalPrice',
  'salePrice',
  'retailPrice',
  'supplierId',
  'units',
  // audit columns
  'createBy',
  'updateBy',
]

/** Every object key anywhere in a JSON value. */
const keysIn = (value: unknown, out = new Set<string>()): Set<string> => {
  if (Array.isArray(value)) for (const v of value) keysIn(v, out)
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      out.add(k)
      keysIn(v, out)
    }
  }
  return out
}

describe('what routes open to every signed-in user give away', () => {
  it('answers selects (getListAll and its aliases) with ids and labels only', async () => {
    const selects = t.app.routeTable.filter(
      (e) =>
        e.method === 'GET' &&
        e.permission === 'authenticated' &&
        /\/(getListAll|queryList|dropDownList|getForDropDown)$/.test(e.url),
    )
    expect(selects.map((e) => e.url)).toEqual(
      expect.arrayContaining(['/api/sys/user/getListAll', '/api/sys/role/getListAll', '/api/sys/role/queryList']),
    )
    for (const entry of selects) {
      const res = await client(t.app, token).get<Record<string, unknown>[]>(entry.url)
      expect(res.status, entry.url).toBe(200)
      expect(res.body.result.length, entry.url).toBeGreaterThan(0)
      const leaked = [...keysIn(res.body.result)].filter((k) => PRIVATE_KEYS.includes(k))
      expect(leaked, entry.url).toEqual([])
    }
  })

  it('gives a user in a select as id, login name and name', async () => {
    const users = (await client(t.app, token).get<Record<string, unknown>[]>('/api/sys/user/getListAll')).body.result
    const admin = users.find((u) => u.username === 'admin')
    expect(admin && Object.keys(admin).sort()).toEqual(['id', 'realname', 'username'])
    const roles = (await client(t.app, token).get<Record<string, unknown>[]>('/api/sys/role/queryList')).body.result
    expect(Object.keys(roles[0]!).sort()).toEqual(['id', 'roleCode', 'roleName', 'roleNameEn'])
  })

  it('leaks no private key on any other open GET route', async () => {
    const open = t.app.routeTable.filter(
      // signing out would end the session the rest is read with
      (e) =>
        e.method === 'GET' && e.permission === 'authenticated' && !e.url.includes(':') && e.url !== '/api/user/logout',
    )
    for (const entry of open) {
      const res = await client(t.app, token).get(entry.url)
      // routes that need a query answer 400 before reading anything
      expect([200, 400, 404], entry.url).toContain(res.status)
      if (!res.body) continue
      const leaked = [...keysIn(res.body.result)].filter((k) => PRIVATE_KEYS.includes(k))
      expect(leaked, entry.url).toEqual([])
    }
  })

  it('answers the duplicate check only to who may add or edit on that screen', async () => {
    const q = { tableName: 'sys_user', fieldName: 'username', fieldVal: 'admin' }
    const probe = await client(t.app, token).get('/api/sys/duplicate/check', q)
    expect(probe.status).toBe(403)
    const admin = await client(t.app, await login(t.app, 'admin')).get('/api/sys/duplicate/check', q)
    expect(admin.status).toBe(409)
  })
})
