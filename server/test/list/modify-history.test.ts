import {
  defineResource,
  type ModifyHistoryEntry,
  type ResourceScreen,
  SupplierInputSchema,
  SupplierSchema,
  supplierResource,
} from '@app/contracts'
import { and, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { operationLogs, permissions, rolePermissions, roles, suppliers } from '../../src/db/schema/index.ts'
import { client, createTestApp, login, signedIn, type TestApp } from '../helpers/app.ts'
import { listOf, withResources } from '../helpers/resources.ts'
import { raw, readSheet } from './helpers.ts'

const BASE = '/api/audit/modifyHistory'

/**
 * Suppliers served once more as a scoped resource under another screen's menu (depots): a caller
 * who holds that screen's history, and not the suppliers', reads supplier changes only within the
 * data permission.
 */
const scopedSuppliers = withResources({
  meta: defineResource({ ...supplierResource, name: 'scopedHistorySupplier', base: '/test/hs', menu: 'md_depot' }),
  table: suppliers,
  record: SupplierSchema,
  input: SupplierInputSchema,
  scope: { org: suppliers.orgCode, owner: suppliers.createBy },
})

type Supplier = { id: string; version: number; code: string; name: string }
type Admin = Awaited<ReturnType<typeof signedIn>>

let t: TestApp
let admin: Admin
beforeAll(async () => {
  t = await createTestApp({}, scopedSuppliers)
  admin = await signedIn(t.app, 'admin')
})
afterAll(async () => t?.close())

/** Grants and takes permission codes from a role, and stamps it as the role screen does. */
const setGrants = async (roleCode: string, grant: readonly string[], revoke: readonly string[] = []) => {
  const db = t.database.db
  const [role] = await db.select().from(roles).where(eq(roles.roleCode, roleCode))
  const codes = [...grant, ...revoke]
  const found = await db.select().from(permissions).where(inArray(permissions.code, codes))
  expect(found.map((p) => p.code).sort()).toEqual([...new Set(codes)].sort())
  const idsOf = (list: readonly string[]) => found.filter((p) => list.includes(p.code)).map((p) => p.id)
  if (grant.length > 0)
    await db
      .insert(rolePermissions)
      .values(idsOf(grant).map((permissionId) => ({ roleId: role!.id, permissionId })))
      .onConflictDoNothing()
  if (revoke.length > 0)
    await db
      .delete(rolePermissions)
      .where(and(eq(rolePermissions.roleId, role!.id), inArray(rolePermissions.permissionId, idsOf(revoke))))
  await db.update(roles).set({ updateAt: new Date() }).where(eq(roles.id, role!.id))
}

const supplierByCode = async (code: string) => {
  const res = await listOf<Supplier>(admin, '/api/md/supplier', { search: { code } })
  return res.body.result.records[0]!
}

const rename = async (code: string, name: string) => {
  const s = await supplierByCode(code)
  const res = await admin.put<Supplier>('/api/md/supplier/edit', { id: s.id, version: s.version, name })
  expect(res.status).toBe(200)
  return res.body.result
}

const historyOf = (api: Admin, opts: Parameters<typeof listOf>[2] = {}) =>
  listOf<ModifyHistoryEntry>(api, BASE, opts).then((res) => {
    expect(res.status).toBe(200)
    return res.body.result
  })

describe('modify history across screens', () => {
  it('lists a change with who, when, the screen, the record label and both images, newest first', async () => {
    await rename('S001', '历史测试一号')
    const edited = await rename('S001', '历史测试二号')
    const page = await historyOf(admin, { search: { objectLabel: '历史测试' } })
    expect(page.records.map((r) => r.objectLabel)).toEqual(['历史测试二号', '历史测试一号'])
    const [latest] = page.records
    expect(latest).toMatchObject({
      operation: 'md_supplier:edit',
      username: 'admin',
      resource: 'md_supplier',
      objectId: edited.id,
      resourceName: 'supplier',
    })
    expect(latest!.before).toMatchObject({ name: '历史测试一号', version: 2 })
    expect(latest!.after).toMatchObject({ name: '历史测试二号', version: 3 })
    expect(new Date(latest!.createAt).getTime()).toBeGreaterThanOrEqual(new Date(page.records[1]!.createAt).getTime())
  })

  it('labels an added record by its new label and a deleted one by its last', async () => {
    const added = await admin.post<Supplier>('/api/md/supplier/add', {
      code: 'HS-ADD',
      name: '历史新增供应商',
      supplierType: 'raw',
      status: '1',
    })
    expect(added.status).toBe(200)
    expect((await admin.delete('/api/md/supplier/delete', { id: added.body.result.id })).status).toBe(200)
    const page = await historyOf(admin, { search: { objectId: added.body.result.id } })
    expect(page.records.map((r) => [r.operation, r.objectLabel, r.before === null, r.after === null])).toEqual([
      ['md_supplier:delete', '历史新增供应商', false, true],
      ['md_supplier:add', '历史新增供应商', true, false],
    ])
  })

  it('names an entry logged before labels were kept by the record as it is now', async () => {
    const edited = await rename('S004', '改名前的记录')
    const [entry] = (await historyOf(admin, { search: { objectId: edited.id } })).records
    await t.database.db.update(operationLogs).set({ objectLabel: null }).where(eq(operationLogs.id, entry!.id))
    await t.database.db.update(suppliers).set({ name: '现在的名称' }).where(eq(suppliers.id, edited.id))
    const [again] = (await historyOf(admin, { search: { objectId: edited.id } })).records
    expect(again).toMatchObject({ id: entry!.id, objectLabel: '现在的名称' })
  })

  it('filters by screen, offering the screens the caller may read', async () => {
    const screens = (await admin.get<ResourceScreen[]>(`${BASE}/screens`)).body.result
    expect(screens).toContainEqual({ resource: 'md_supplier', menu: 'md_supplier' })
    expect(screens).toContainEqual({ resource: 'md_country', menu: 'md_country' })
    // the operation log itself and this list keep no history of their own
    expect(screens.map((s) => s.resource)).not.toContain('sys_log')
    const country = (await listOf<Supplier>(admin, '/api/md/country')).body.result.records[0]!
    const res = await admin.put('/api/md/country/edit', { id: country.id, version: country.version, remark: 'h' })
    expect(res.status).toBe(200)
    const suppliersOnly = await historyOf(admin, { search: { resource: 'md_supplier' } })
    expect(suppliersOnly.total).toBeGreaterThan(0)
    expect(new Set(suppliersOnly.records.map((r) => r.resource))).toEqual(new Set(['md_supplier']))
    const countries = await historyOf(admin, { search: { resource: 'md_country' } })
    expect(countries.records.map((r) => r.objectId)).toContain(country.id)
  })

  it('leaves out logins and other entries that change no record', async () => {
    const page = await historyOf(admin, { query: { pageSize: 100 } })
    expect(page.records.length).toBeGreaterThan(0)
    expect(page.records.every((r) => r.objectId && r.resource && !r.operation.startsWith('log'))).toBe(true)
  })

  it('shows a caller only the screens whose history their role holds', async () => {
    // region_president holds this list but not the suppliers' history
    const president = await signedIn(t.app, 'region_president')
    const screens = (await president.get<ResourceScreen[]>(`${BASE}/screens`)).body.result
    expect(screens.map((s) => s.resource)).not.toContain('md_supplier')
    expect((await historyOf(president, { search: { resource: 'md_supplier' } })).total).toBe(0)
    // ... and the same entries are there for whoever holds it
    expect((await historyOf(admin, { search: { resource: 'md_supplier' } })).total).toBeGreaterThan(0)
  })

  it('refuses a caller without the screen, and the export without its button', async () => {
    const financeAdmin = await signedIn(t.app, 'finance_admin')
    expect((await listOf(financeAdmin, BASE)).status).toBe(403)
    expect((await financeAdmin.get(`${BASE}/screens`)).status).toBe(403)
    // logistics_chief holds view and compare, not export
    const chief = await login(t.app, 'logistics_chief')
    expect((await listOf(client(t.app, chief), BASE)).status).toBe(200)
    expect((await raw(t.app, chief, 'GET', `${BASE}/exportXls`)).status).toBe(403)
  })

  it('exports the filtered entries with the titles asked for, screens and changes by name', async () => {
    const res = await raw(t.app, await login(t.app, 'admin'), 'GET', `${BASE}/exportXls`, {
      query: {
        search: JSON.stringify({ objectLabel: '历史测试' }),
        langJson: JSON.stringify({ resource: '业务', objectLabel: '记录', operation: '修改类型', username: '操作人' }),
      },
    })
    expect(res.status).toBe(200)
    const rows = await readSheet(res.body)
    expect(rows).toEqual([
      ['业务', '记录', '修改类型', '操作人'],
      ['供应商', '历史测试二号', '编辑', 'admin'],
      ['供应商', '历史测试一号', '编辑', 'admin'],
    ])
  })
})

describe('modify history within the data permission', () => {
  beforeAll(async () => {
    const db = t.database.db
    // finance_admin (department scope, domestic finance A01A07) may read the depot screen's
    // history, behind which the scoped supplier resource sits, and no longer the suppliers' own
    await setGrants('finance_admin', ['audit_modify_history', 'md_depot:history'], ['md_supplier:history'])
    await db.update(suppliers).set({ orgCode: 'A01A07' }).where(eq(suppliers.code, 'S002'))
    await db.update(suppliers).set({ orgCode: 'A01A05' }).where(eq(suppliers.code, 'S011'))
    await rename('S002', '本部门的供应商')
    await rename('S011', '别的部门的供应商')
  })

  it('lists the changes of records in the department and not those outside it', async () => {
    const financeAdmin = await signedIn(t.app, 'finance_admin')
    const labels = (await historyOf(financeAdmin, { search: { resource: 'md_supplier' } })).records.map(
      (r) => r.objectLabel,
    )
    expect(labels).toContain('本部门的供应商')
    expect(labels).not.toContain('别的部门的供应商')
    const screens = (await financeAdmin.get<ResourceScreen[]>(`${BASE}/screens`)).body.result
    expect(screens).toContainEqual({ resource: 'md_supplier', menu: 'md_depot' })
  })

  it('an `or` super query cannot widen it', async () => {
    const financeAdmin = await signedIn(t.app, 'finance_admin')
    const page = await historyOf(financeAdmin, {
      superQuery: [
        { field: 'objectLabel', rule: 'not_empty' },
        { field: 'objectLabel', rule: 'like', val: '别的部门' },
      ],
      matchType: 'or',
    })
    expect(page.records.map((r) => r.objectLabel)).not.toContain('别的部门的供应商')
    expect(page.records.map((r) => r.objectLabel)).toContain('本部门的供应商')
  })

  it('an entry outside it is not found by id either', async () => {
    const all = await historyOf(admin, { search: { objectLabel: '别的部门的供应商' } })
    const entry = all.records[0]!
    const financeAdmin = await signedIn(t.app, 'finance_admin')
    expect((await financeAdmin.get(`${BASE}/queryById`, { id: entry.id })).status).toBe(404)
    expect((await admin.get(`${BASE}/queryById`, { id: entry.id })).status).toBe(200)
  })

  it('the whole screen again with the data permission all', async () => {
    await t.database.db
      .update(roles)
      .set({ dataScope: 'all', updateAt: new Date() })
      .where(eq(roles.roleCode, 'finance_admin'))
    const financeAdmin = await signedIn(t.app, 'finance_admin')
    const labels = (await historyOf(financeAdmin, { search: { resource: 'md_supplier' } })).records.map(
      (r) => r.objectLabel,
    )
    expect(labels).toEqual(expect.arrayContaining(['本部门的供应商', '别的部门的供应商']))
  })
})
