import { type Country, type Department, Errors, type Supplier } from '@app/contracts'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { operationLogs, suppliers } from '../../src/db/schema/index.ts'
import { nextNumbers } from '../../src/platform/sequence.ts'
import { createTestApp, signedIn, type TestApp } from '../helpers/app.ts'
import { listOf } from '../helpers/resources.ts'

let t: TestApp
let api: Awaited<ReturnType<typeof signedIn>>
beforeAll(async () => {
  t = await createTestApp()
  api = await signedIn(t.app, 'finance_admin', 'en')
})
afterAll(async () => t?.close())

const newSupplier = {
  code: 'S900',
  name: '乐享茶业',
  supplierType: 'raw',
  contactPerson: '周洁',
  phone: '+86 21 5555 0101',
}

describe('add, read, edit', () => {
  let created: Supplier

  it('adds a record with version 1, its pinyin and an operation-log entry', async () => {
    const res = await api.post<Supplier>('/api/md/supplier/add', newSupplier)
    expect(res.status).toBe(200)
    created = res.body.result
    expect(created).toMatchObject({ code: 'S900', name: '乐享茶业', version: 1, status: '1' })
    expect(
      (await listOf<Supplier>(api, '/api/md/supplier', { search: { name: 'lxcy' } })).body.result.records[0]?.id,
    ).toBe(created.id)
    const [log] = await t.database.db
      .select()
      .from(operationLogs)
      .where(and(eq(operationLogs.resource, 'md_supplier'), eq(operationLogs.objectId, created.id)))
    expect(log).toMatchObject({ operation: 'md_supplier:add', username: 'finance_admin', before: null })
    expect(log?.after).toMatchObject({ code: 'S900' })
  })

  it('refuses a taken code and invalid input, in the user’s language', async () => {
    const dup = await api.post('/api/md/supplier/add', { ...newSupplier, name: 'other' })
    expect(dup.status).toBe(409)
    expect(dup.body).toMatchObject({
      code: Errors.DuplicateValue.code,
      message: 'This value already exists',
      result: { field: 'code' },
    })
    const invalid = await api.post('/api/md/supplier/add', { code: 'bad code!', supplierType: 'metal' })
    expect(invalid.status).toBe(400)
    const paths = (invalid.body.result as { path: string }[]).map((i) => i.path).sort()
    expect(paths).toEqual(['code', 'name', 'supplierType'])
  })

  it('lists a record exactly as it reads by id (the list decodes its rows itself): dates, nulls, texts', async () => {
    // a date (createAt) and nulls (updateAt, address, remark), before any edit
    const listed = (await listOf<Supplier>(api, '/api/md/supplier', { search: { code: 'S900' } })).body.result
    const read = (await api.get<Supplier>('/api/md/supplier/queryById', { id: created.id })).body.result
    expect(listed.total).toBe(1)
    expect(listed.records[0]).toEqual(read)
    expect(read.createAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
    expect(read).toMatchObject({ address: null, remark: null, version: 1 })
  })

  it('reads by id, and answers 404 for an unknown id', async () => {
    expect((await api.get<Supplier>('/api/md/supplier/queryById', { id: created.id })).body.result.name).toBe(
      '乐享茶业',
    )
    const missing = await api.get('/api/md/supplier/queryById', { id: '00000000-0000-4000-8000-000000000000' })
    expect(missing.status).toBe(404)
  })

  it('edits with the version read, bumps it, and refuses a stale edit without overwriting', async () => {
    await api.post('/api/md/supplier/batchStatus', { ids: created.id, status: '2' })
    const current = (await api.get<Supplier>('/api/md/supplier/queryById', { id: created.id })).body.result
    expect(current).toMatchObject({ status: '2', version: 2 })
    const edited = await api.put<Supplier>('/api/md/supplier/edit', {
      id: created.id,
      version: 2,
      name: '乐享茶业集团',
    })
    expect(edited.status).toBe(200)
    // fields not sent keep their values (no defaults applied on edit)
    expect(edited.body.result).toMatchObject({ name: '乐享茶业集团', version: 3, status: '2', contactPerson: '周洁' })
    const stale = await api.put('/api/md/supplier/edit', { id: created.id, version: 2, name: 'lost update' })
    expect(stale.status).toBe(409)
    expect(stale.body.code).toBe(Errors.DataChanged.code)
    const [row] = await t.database.db.select().from(suppliers).where(eq(suppliers.id, created.id))
    expect(row?.name).toBe('乐享茶业集团')
    expect((await listOf(api, '/api/md/supplier', { search: { name: 'lxcyjt' } })).body.result.total).toBe(1)
  })

  it('lists the record’s versions for modify history, newest first', async () => {
    const res = await api.get<{ operation: string; before: Supplier | null; after: Supplier | null }[]>(
      '/api/md/supplier/modifyHistory',
      { id: created.id },
    )
    expect(res.body.result.map((h) => h.operation)).toEqual([
      'md_supplier:edit',
      'md_supplier:status',
      'md_supplier:add',
    ])
    expect(res.body.result[0]?.before?.name).toBe('乐享茶业')
    expect(res.body.result[0]?.after?.name).toBe('乐享茶业集团')
  })
})

describe('delete and status', () => {
  const countryByCode = async (code: string) =>
    (await listOf<Country>(api, '/api/md/country', { search: { code } })).body.result.records.find(
      (c) => c.code === code,
    )!

  it('refuses to delete a record still referenced, and deletes a free one', async () => {
    const china = await countryByCode('CN')
    const inUse = await api.delete('/api/md/country/delete', { id: china.id })
    expect(inUse.status).toBe(409)
    expect(inUse.body.code).toBe(Errors.InUseCannotDelete.code)
    const added = (
      await api.post<Country>('/api/md/country/add', {
        code: 'VN',
        name: '越南',
        currencyName: '越南盾',
        currencySymbol: '₫',
      })
    ).body.result
    expect((await api.delete('/api/md/country/delete', { id: added.id })).status).toBe(200)
    expect((await api.get('/api/md/country/queryById', { id: added.id })).status).toBe(404)
  })

  it('deletes a batch all or nothing', async () => {
    const free = (
      await api.post<Country>('/api/md/country/add', {
        code: 'LA',
        name: '老挝',
        currencyName: '基普',
        currencySymbol: '₭',
      })
    ).body.result
    const used = await countryByCode('RU')
    const res = await api.delete('/api/md/country/deleteBatch', { ids: `${free.id},${used.id}` })
    expect(res.status).toBe(409)
    expect((await api.get('/api/md/country/queryById', { id: free.id })).status).toBe(200)
    expect((await api.delete('/api/md/country/deleteBatch', { ids: free.id })).status).toBe(200)
  })

  it('sets the status of a batch and offers only enabled rows to selects', async () => {
    const kz = await countryByCode('KZ')
    const pe = await countryByCode('PE')
    expect((await api.post('/api/md/country/batchStatus', { ids: `${kz.id},${pe.id}`, status: '2' })).status).toBe(200)
    const selectable = (await api.get<Country[]>('/api/md/country/getListAll')).body.result.map((c) => c.code)
    expect(selectable).not.toContain('KZ')
    expect(selectable).not.toContain('MM')
    expect(selectable).toContain('CN')
    expect((await api.post('/api/md/country/batchStatus', { ids: kz.id, status: '9' })).status).toBe(400)
  })
})

describe('departments, a tree', () => {
  let admin: Awaited<ReturnType<typeof signedIn>>
  beforeAll(async () => {
    admin = await signedIn(t.app, 'admin', 'en')
  })
  // the select answers id and code; the record (with its version) is read by id
  const byCode = async (orgCode: string) => {
    const option = (await admin.get<Department[]>('/api/md/department/getListAll')).body.result.find(
      (d) => d.orgCode === orgCode,
    )!
    return (await admin.get<Department>('/api/md/department/queryById', { id: option.id })).body.result
  }

  it('codes a new department under its parent, and a new root after the last root', async () => {
    const overseas = await byCode('A01A02')
    const first = (
      await admin.post<Department>('/api/md/department/add', { parentId: overseas.id, departName: '欧亚大区' })
    ).body.result
    const second = (
      await admin.post<Department>('/api/md/department/add', { parentId: overseas.id, departName: '南美大区' })
    ).body.result
    expect([first.orgCode, second.orgCode]).toEqual(['A01A02A01', 'A01A02A02'])
    const root = (await admin.post<Department>('/api/md/department/add', { departName: '合资公司' })).body.result
    expect(root.orgCode).toBe('A02')
    expect(
      (await admin.get<Department[]>('/api/md/department/dropDownList')).body.result.map((d) => d.orgCode),
    ).toContain('A02')
  })

  it('refuses to move a department, and to delete one with children or people', async () => {
    const child = await byCode('A01A02A01')
    const moved = await admin.put('/api/md/department/edit', { id: child.id, version: child.version, parentId: null })
    expect(moved.status).toBe(400)
    const renamed = await admin.put<Department>('/api/md/department/edit', {
      id: child.id,
      version: child.version,
      departName: '欧亚区',
    })
    expect(renamed.body.result).toMatchObject({ departName: '欧亚区', orgCode: 'A01A02A01' })
    const parent = await byCode('A01A02')
    expect((await admin.delete('/api/md/department/delete', { id: parent.id })).body.code).toBe(
      Errors.InUseCannotDelete.code,
    )
  })
})

describe('checks and numbering', () => {
  it('checks a unique value: free, taken, blank, excluding the record itself', async () => {
    const check = (q: Record<string, string>) =>
      api.get('/api/sys/duplicate/check', { tableName: 'md_supplier', fieldName: 'code', ...q })
    expect((await check({ fieldVal: 'S777' })).status).toBe(200)
    const taken = await check({ fieldVal: 'S001' })
    expect(taken.status).toBe(409)
    expect(taken.body.code).toBe(Errors.DuplicateValue.code)
    expect((await check({ fieldVal: '' })).status).toBe(200)
    const s001 = (await listOf<Supplier>(api, '/api/md/supplier', { search: { code: 'S001' } })).body.result.records[0]!
    expect((await check({ fieldVal: 'S001', dataId: s001.id })).status).toBe(200)
    const notWhitelisted = await api.get('/api/sys/duplicate/check', {
      tableName: 'sys_user',
      fieldName: 'password_hash',
      fieldVal: 'x',
    })
    expect(notWhitelisted.status).toBe(400)
    expect(
      (await api.get('/api/sys/duplicate/check', { tableName: 'md_supplier', fieldName: 'name', fieldVal: 'x' }))
        .status,
    ).toBe(400)
  })

  it('checks format rules and normalises a pinyin code', async () => {
    expect(
      (await api.get<{ normalized: string }>('/api/sys/rule/check', { ruleCode: 'pinyin', value: '健康--食品 A1!' }))
        .body.result.normalized,
    ).toBe('JK-SP A1')
    const phone = await api.get('/api/sys/rule/check', { ruleCode: 'phone', value: 'call me' })
    expect(phone.body.code).toBe(Errors.RuleCheckFailed.code)
    expect((await api.get('/api/sys/rule/check', { ruleCode: 'phone', value: '' })).status).toBe(200)
    expect((await api.get('/api/sys/rule/check', { ruleCode: 'nope', value: 'x' })).status).toBe(400)
  })

  it('numbers 50 parallel callers without a duplicate or a gap', async () => {
    const numbers = await Promise.all(
      Array.from({ length: 50 }, () =>
        api.get<string>('/api/sys/sequence/buildNumber', { prefixNo: 'TST' }).then((r) => r.body.result),
      ),
    )
    const day = numbers[0]!.slice(3, 11)
    expect(day).toMatch(/^\d{8}$/)
    expect([...numbers].sort()).toEqual(
      Array.from({ length: 50 }, (_, i) => `TST${day}-${String(i + 1).padStart(4, '0')}`),
    )
    expect((await api.get('/api/sys/sequence/buildNumber', { prefixNo: 'so; drop' })).status).toBe(400)
  })

  it('numbers two prefixes in one call, asked in either order by 40 parallel writers, without a duplicate, a gap or a deadlock', async () => {
    const numbered = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        t.database.db.transaction((tx) => nextNumbers(tx, i % 2 === 0 ? ['TSA', 'TSB'] : ['TSB', 'TSA'])),
      ),
    )
    // each answer in the order asked
    for (const [i, pair] of numbered.entries())
      expect(pair.map((n) => n.slice(0, 3))).toEqual(i % 2 === 0 ? ['TSA', 'TSB'] : ['TSB', 'TSA'])
    const day = numbered[0]![0].slice(3, 11)
    for (const prefix of ['TSA', 'TSB'])
      expect(
        numbered
          .flat()
          .filter((n) => n.startsWith(prefix))
          .sort(),
      ).toEqual(Array.from({ length: 40 }, (_, i) => `${prefix}${day}-${String(i + 1).padStart(4, '0')}`))
  })
})

describe('permissions', () => {
  it('lets a role read and change only what it was granted', async () => {
    const finance = await signedIn(t.app, 'branch_finance')
    expect((await finance.get('/api/md/supplier/list')).status).toBe(403)
    const logistics = await signedIn(t.app, 'logistics_admin')
    expect((await logistics.get('/api/md/depot/list')).status).toBe(200)
    expect((await logistics.get('/api/md/country/getListAll')).status).toBe(200)
    expect(
      (await logistics.post('/api/md/country/add', { code: 'XX', name: 'x', currencyName: 'x', currencySymbol: 'x' }))
        .status,
    ).toBe(403)
  })
})
