import {
  type CatalogueVersion,
  type CodeEntry,
  type CodeTableEntry,
  Errors,
  type FieldLabel,
  type FieldLabelResource,
  type PermissionNode,
  type Role,
  type RolePermissionTree,
  RUNTIME_CODE_FROM,
} from '@app/contracts'
import { and, desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { departments, operationLogs } from '../../src/db/schema/index.ts'
import { client, createTestApp, login, passwordOf, signedIn, type TestApp } from '../helpers/app.ts'
import { listOf } from '../helpers/resources.ts'

let t: TestApp
let admin: Awaited<ReturnType<typeof signedIn>>
beforeAll(async () => {
  t = await createTestApp()
  admin = await signedIn(t.app, 'admin', 'en')
})
afterAll(async () => t?.close())

const KEY = 'field:supplier.code'
const version = async () => (await admin.get<CatalogueVersion>('/api/sys/catalogue/version')).body.result.code
const codeTable = async (api = admin) => (await api.get<CodeTableEntry[]>('/api/sys/code/all')).body.result
const overrideOf = async (key: string, api = admin) => (await codeTable(api)).find((e) => e.key === key)
const logOf = (objectId: number) =>
  t.database.db
    .select()
    .from(operationLogs)
    .where(and(eq(operationLogs.resource, 'sys_code'), eq(operationLogs.objectId, String(objectId))))
    .orderBy(desc(operationLogs.createAt))

describe('field labels on the language screen', () => {
  let saved: FieldLabel

  it('names every field of every registered resource, forms included', async () => {
    const res = await admin.get<FieldLabelResource[]>('/api/sys/code/fieldLabelFields')
    expect(res.status).toBe(200)
    const supplier = res.body.result.find((r) => r.resource === 'supplier')
    expect(supplier?.fields).toEqual(expect.arrayContaining(['code', 'name', 'supplierType', 'countryId', 'status']))
    expect(supplier?.fields).not.toContain('id')
    // a field only the add form has
    expect(res.body.result.find((r) => r.resource === 'user')?.fields).toContain('confirmPassword')
  })

  it('saves an override in both languages: a code-table entry with the key, carried by /sys/code/all', async () => {
    const before = await version()
    const res = await admin.post<FieldLabel>('/api/sys/code/saveFieldLabel', {
      key: KEY,
      zh: ' 供方代码 ',
      en: 'Supplier no.',
    })
    expect(res.status).toBe(200)
    saved = res.body.result
    expect(saved).toMatchObject({ key: KEY, zh: '供方代码', en: 'Supplier no.', version: 1 })
    expect(saved.id).toBeGreaterThanOrEqual(RUNTIME_CODE_FROM)
    expect(await version()).not.toBe(before)

    // every user reads it, whatever their role
    const buyer = await signedIn(t.app, 'finance_admin', 'zh')
    expect(await overrideOf(KEY, buyer)).toEqual({ id: saved.id, key: KEY, zh: '供方代码', en: 'Supplier no.' })
    // entries the product refers to by id carry no key
    expect((await codeTable()).find((e) => e.id === 100151)?.key).toBeNull()
    // and the language screen's list shows it with its key and category
    const listed = await listOf<CodeEntry>(admin, '/api/sys/code', { search: { key: 'supplier.code' } })
    expect(listed.body.result.records).toEqual([expect.objectContaining({ id: saved.id, category: 'field', key: KEY })])
  })

  it('a second save edits the same entry: the version and the fingerprint move, both changes are logged', async () => {
    const before = await version()
    const res = await admin.post<FieldLabel>('/api/sys/code/saveFieldLabel', {
      key: KEY,
      zh: '供方编号',
      en: 'Supplier ref.',
    })
    expect(res.body.result).toEqual({ id: saved.id, key: KEY, zh: '供方编号', en: 'Supplier ref.', version: 2 })
    expect(await version()).not.toBe(before)
    expect((await codeTable()).filter((e) => e.key === KEY)).toHaveLength(1)

    const log = await logOf(saved.id)
    expect(log.map((l) => l.operation)).toEqual(['saveFieldLabel', 'saveFieldLabel'])
    expect(log[0]).toMatchObject({
      username: 'admin',
      path: '/api/sys/code/saveFieldLabel',
      before: { zh: '供方代码', en: 'Supplier no.', version: 1 },
      after: { zh: '供方编号', en: 'Supplier ref.', version: 2 },
    })
  })

  it('resets to the bundled label: the entry goes, the fingerprint moves, the reset is logged', async () => {
    const before = await version()
    const res = await admin.post('/api/sys/code/resetFieldLabel', { key: KEY })
    expect(res.status).toBe(200)
    expect(await overrideOf(KEY)).toBeUndefined()
    const afterReset = await version()
    expect(afterReset).not.toBe(before)
    const [entry] = await logOf(saved.id)
    expect(entry).toMatchObject({ operation: 'resetFieldLabel', before: { key: KEY, zh: '供方编号' }, after: null })

    // resetting what is not overridden changes nothing
    expect((await admin.post('/api/sys/code/resetFieldLabel', { key: KEY })).status).toBe(200)
    expect(await version()).toBe(afterReset)
  })

  it('reset and saved again with other texts (same id, count and versions), the fingerprint still moves', async () => {
    const first = await admin.post<FieldLabel>('/api/sys/code/saveFieldLabel', {
      key: KEY,
      zh: '供方代码',
      en: 'Supplier no.',
    })
    expect(first.body.result).toMatchObject({ id: saved.id, version: 1 })
    const before = await version()
    await admin.post('/api/sys/code/resetFieldLabel', { key: KEY })
    const again = await admin.post<FieldLabel>('/api/sys/code/saveFieldLabel', {
      key: KEY,
      zh: '供方号',
      en: 'Supplier #',
    })
    expect(again.body.result).toMatchObject({ id: saved.id, version: 1 })
    expect(await version()).not.toBe(before)
    await admin.post('/api/sys/code/resetFieldLabel', { key: KEY })
  })

  it('refuses keys that are malformed or name no field of a registered resource', async () => {
    for (const key of [
      'supplier.code',
      'field:supplier',
      'field:supplier.code.x',
      'field:supplier.co-de',
      'menu:supplier.code',
      'field:nothing.code',
      'field:supplier.nothing',
      'field:supplier.id',
    ]) {
      const res = await admin.post('/api/sys/code/saveFieldLabel', { key, zh: '甲', en: 'A' })
      expect(res.status, key).toBe(400)
      expect(res.body.code, key).toBe(Errors.ParameterError.code)
      expect(res.body.result, key).toEqual([expect.objectContaining({ path: 'key' })])
    }
    const blank = await admin.post('/api/sys/code/saveFieldLabel', { key: KEY, zh: ' ', en: 'A' })
    expect(blank.status).toBe(400)
    expect((await codeTable()).filter((e) => e.key !== null)).toEqual([])
  })

  it('belongs to sys_language:edit: a user without it gets 403 and nothing changes', async () => {
    await admin.post('/api/sys/code/saveFieldLabel', { key: 'field:country.name', zh: '国名', en: 'Country' })
    const other = await signedIn(t.app, 'finance_admin')
    for (const [url, body] of [
      ['/api/sys/code/saveFieldLabel', { key: KEY, zh: '甲', en: 'A' }],
      ['/api/sys/code/resetFieldLabel', { key: 'field:country.name' }],
    ] as const) {
      const res = await other.post(url, body)
      expect(res.status, url).toBe(403)
      expect(res.body.code).toBe(Errors.PermissionDenied.code)
    }
    expect((await other.get('/api/sys/code/fieldLabelFields')).status).toBe(403)
    expect(await overrideOf(KEY)).toBeUndefined()
    expect((await overrideOf('field:country.name'))?.zh).toBe('国名')
  })

  it('reading the language screen is not enough to change a label', async () => {
    const roleId = (await admin.post<Role>('/api/sys/role/add', { roleCode: 'lang_reader', roleName: '语言查看' })).body
      .result.id
    const tree = (await admin.get<RolePermissionTree>('/api/sys/role/permissionTree', { roleId })).body.result
    const flat = (nodes: PermissionNode[]): PermissionNode[] => nodes.flatMap((n) => [n, ...flat(n.children)])
    const menu = flat(tree.tree).find((n) => n.code === 'sys_language')!
    await admin.post('/api/sys/role/configPermission', { roleId, permissionIds: [menu.id] })
    const depart = (await t.database.db.select().from(departments).limit(1))[0]!
    await admin.post('/api/sys/user/add', {
      username: 'lang.reader',
      realname: '语言查看员',
      roleIds: [roleId],
      departIds: [depart.id],
      password: passwordOf('Reader@2026'),
      confirmPassword: passwordOf('Reader@2026'),
    })
    const reader = client(t.app, await login(t.app, 'lang.reader', 'Reader@2026'))
    expect((await reader.get('/api/sys/code/fieldLabelFields')).status).toBe(200)
    expect((await reader.post('/api/sys/code/saveFieldLabel', { key: KEY, zh: '甲', en: 'A' })).status).toBe(403)
    expect((await reader.post('/api/sys/code/resetFieldLabel', { key: 'field:country.name' })).status).toBe(403)
    expect((await overrideOf('field:country.name'))?.zh).toBe('国名')
  })
})
