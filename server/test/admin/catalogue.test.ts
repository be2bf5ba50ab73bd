import {
  type CatalogueVersion,
  type CodeEntry,
  type Dict,
  type DictItem,
  type DictListItem,
  Errors,
  type PermissionList,
  RUNTIME_CODE_FROM,
} from '@app/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, signedIn, type TestApp } from '../helpers/app.ts'
import { listOf } from '../helpers/resources.ts'

let t: TestApp
let admin: Awaited<ReturnType<typeof signedIn>>
beforeAll(async () => {
  t = await createTestApp()
  admin = await signedIn(t.app, 'admin', 'en')
})
afterAll(async () => t?.close())

const version = async () => (await admin.get<CatalogueVersion>('/api/sys/catalogue/version')).body.result

describe('language configuration (the runtime code table)', () => {
  it('lists entries by id, searchable in both languages', async () => {
    const byText = await listOf<CodeEntry>(admin, '/api/sys/code', { search: { zh: '用户管理' } })
    expect(byText.body.result.records[0]).toMatchObject({ id: 100151, category: 'menu', en: 'Users' })
    const first = await admin.get<{ records: CodeEntry[] }>('/api/sys/code/list', { pageSize: 3 })
    const ids = first.body.result.records.map((r) => r.id)
    expect(ids).toEqual([...ids].sort((a, b) => a - b))
  })

  it('an edited menu text is what the menu shows next, in both languages, without a restart', async () => {
    const before = await version()
    const entry = (await admin.get<CodeEntry>('/api/sys/code/queryById', { id: 100151 })).body.result
    const res = await admin.put<CodeEntry>('/api/sys/code/edit', {
      id: 100151,
      version: entry.version,
      zh: '账号管理',
      en: 'Accounts',
    })
    expect(res.body.result).toMatchObject({ zh: '账号管理', en: 'Accounts', version: entry.version + 1 })
    expect((await version()).code).not.toBe(before.code)
    for (const [lang, title] of [
      ['zh', '账号管理'],
      ['en', 'Accounts'],
    ] as const) {
      const api = await signedIn(t.app, 'admin', lang)
      const menu = (await api.get<PermissionList>('/api/sys/permission/getPermissionList')).body.result.menu
      const sys = menu.find((m) => m.code === 'sys')!
      expect(sys.children.find((c) => c.code === 'sys_user')?.meta.title).toBe(title)
    }
    const all = await admin.get<{ id: number; zh: string }[]>('/api/sys/code/all')
    expect(all.body.result.find((e) => e.id === 100151)?.zh).toBe('账号管理')
    const history = await admin.get<{ before: { zh: string } }[]>('/api/sys/code/modifyHistory', { id: 100151 })
    expect(history.body.result[0]?.before.zh).toBe('用户管理')
  })

  it('adds an entry with the next runtime id, or with its own; a taken id is refused', async () => {
    const added = await admin.post<CodeEntry>('/api/sys/code/add', { category: 'label', zh: '备注二', en: 'Note 2' })
    expect(added.body.result.id).toBeGreaterThanOrEqual(RUNTIME_CODE_FROM)
    const own = await admin.post<CodeEntry>('/api/sys/code/add', { id: 880001, category: 'label', zh: '甲', en: 'A' })
    expect(own.body.result.id).toBe(880001)
    const taken = await admin.post('/api/sys/code/add', { id: 100151, category: 'menu', zh: 'x', en: 'x' })
    expect(taken.status).toBe(409)
    expect(taken.body.result).toMatchObject({ field: 'id' })
  })

  it('serves no delete: the product refers to entries by id', async () => {
    expect((await admin.delete('/api/sys/code/delete', { id: 880001 })).status).toBe(404)
  })

  it('belongs to the language screen', async () => {
    const other = await signedIn(t.app, 'finance_admin')
    expect((await other.get('/api/sys/code/list')).status).toBe(403)
    expect((await other.put('/api/sys/code/edit', { id: 100151, version: 1, zh: 'x' })).status).toBe(403)
  })
})

describe('dictionaries', () => {
  let dict: Dict
  let item: DictItem

  it('adds a dictionary whose name is a new code-table entry', async () => {
    const res = await admin.post<Dict>('/api/sys/dict/add', {
      dictCode: 'pallet_type',
      nameZh: '托盘类型',
      nameEn: 'Pallet type',
    })
    expect(res.status).toBe(200)
    dict = res.body.result
    expect(dict).toMatchObject({ dictCode: 'pallet_type', nameZh: '托盘类型', nameEn: 'Pallet type' })
    expect(dict.textId).toBeGreaterThanOrEqual(RUNTIME_CODE_FROM)
  })

  it('adds items (labels allocated in the code table) and the cache version moves', async () => {
    const before = await version()
    const res = await admin.post<DictItem>('/api/sys/dictItem/add', {
      dictId: dict.id,
      value: 'euro',
      labelZh: '欧标托盘',
      labelEn: 'Euro pallet',
      sortNo: 1,
    })
    expect(res.status).toBe(200)
    item = res.body.result
    expect(item.textId).toBeGreaterThan(dict.textId)
    expect((await version()).dict).not.toBe(before.dict)
    const items = (await admin.get<DictListItem[]>('/api/sys/dict/items')).body.result
    expect(items.find((i) => i.dicTypeCode === 'pallet_type')).toMatchObject({
      dicCode: 'euro',
      dicName: 'Euro pallet',
    })
    const dup = await admin.post('/api/sys/dictItem/add', {
      dictId: dict.id,
      value: 'euro',
      labelZh: 'x',
      labelEn: 'x',
    })
    expect(dup.body).toMatchObject({ code: Errors.DuplicateValue.code, result: { field: 'value' } })
  })

  it('relabels an item through its code-table entry; the value stays', async () => {
    const before = await version()
    const res = await admin.put<DictItem>('/api/sys/dictItem/edit', {
      id: item.id,
      version: item.version,
      labelEn: 'EUR pallet',
      value: 'changed',
    })
    expect(res.body.result).toMatchObject({ value: 'euro', labelZh: '欧标托盘', labelEn: 'EUR pallet' })
    expect((await version()).code).not.toBe(before.code)
    const code = (await admin.get<CodeEntry>('/api/sys/code/queryById', { id: item.textId })).body.result
    expect(code.en).toBe('EUR pallet')
  })

  it('a disabled item leaves the cache; a deleted one takes its label along', async () => {
    await admin.post('/api/sys/dictItem/batchStatus', { ids: String(item.id), status: '2' })
    const items = (await admin.get<DictListItem[]>('/api/sys/dict/items')).body.result
    expect(items.some((i) => i.dicTypeCode === 'pallet_type')).toBe(false)
    expect((await admin.delete('/api/sys/dictItem/delete', { id: item.id })).status).toBe(200)
    expect((await admin.get('/api/sys/code/queryById', { id: item.textId })).status).toBe(404)
  })

  it('built-in dictionaries and values cannot be deleted', async () => {
    const status = (await listOf<Dict>(admin, '/api/sys/dict', { search: { dictCode: 'user_status' } })).body.result
      .records[0]!
    expect(status.nameEn).toBe('User status')
    const refused = await admin.delete('/api/sys/dict/delete', { id: status.id })
    expect(refused.body.code).toBe(Errors.BuiltInProtected.code)
    const enabled = (await listOf<DictItem>(admin, '/api/sys/dictItem', { search: { dictId: status.id, value: '1' } }))
      .body.result.records[0]!
    expect((await admin.delete('/api/sys/dictItem/delete', { id: enabled.id })).body.code).toBe(
      Errors.BuiltInProtected.code,
    )
    expect((await admin.delete('/api/sys/dict/delete', { id: dict.id })).status).toBe(200)
    expect((await admin.get('/api/sys/code/queryById', { id: dict.textId })).status).toBe(404)
  })
})
