import { defineResource, Errors, type Supplier } from '@app/contracts'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { users } from '../../src/db/schema/index.ts'
import { COUNT_CAP } from '../../src/platform/crud/list-total.ts'
import { createTestApp, signedIn, type TestApp } from '../helpers/app.ts'
import { listOf, withResources } from '../helpers/resources.ts'

/** A resource over users with date fields, so the date rules have something to filter. */
const peopleResource = defineResource({
  name: 'testPeople',
  base: '/test/people',
  menu: 'sys_user',
  label: 'realname',
  fields: {
    username: { type: 'string', search: 'like', sort: true },
    realname: { type: 'string', search: 'like', sort: true },
    hireDate: { type: 'date', search: 'range', sort: true },
    birthday: { type: 'date' },
    gender: { type: 'dict', dict: 'sex', search: 'eq' },
    createAt: { type: 'datetime', search: 'range', sort: true },
  },
})

let t: TestApp
let api: Awaited<ReturnType<typeof signedIn>>
beforeAll(async () => {
  t = await createTestApp(
    {},
    withResources({
      meta: peopleResource,
      table: users,
      record: z.object({
        id: z.string(),
        version: z.number(),
        username: z.string(),
        realname: z.string(),
        hireDate: z.string().nullable(),
        birthday: z.string().nullable(),
        gender: z.string().nullable(),
      }),
      input: z.object({ username: z.string(), realname: z.string() }),
    }),
  )
  api = await signedIn(t.app, 'admin', 'en')
})
afterAll(async () => t?.close())

const suppliers = (opts: Parameters<typeof listOf>[2]) => listOf<Supplier>(api, '/api/md/supplier', opts)
const codes = (res: Awaited<ReturnType<typeof suppliers>>) => res.body.result.records.map((r) => r.code).sort()

describe('list basics', () => {
  it('pages newest first by default and reports the paging numbers', async () => {
    const res = await api.get<{ records: Supplier[]; total: number; size: number; current: number; pages: number }>(
      '/api/md/supplier/list',
      { pageNo: 2, pageSize: 6 },
    )
    expect(res.status).toBe(200)
    expect(res.body.result).toMatchObject({ total: 20, size: 6, current: 2, pages: 4 })
    expect(res.body.result.records).toHaveLength(6)
    const all = (await suppliers({})).body.result.records
    const times = all.map((r) => new Date(r.createAt).getTime())
    expect([...times].sort((a, b) => b - a)).toEqual(times)
  })

  it('sorts by a whitelisted column and refuses the others', async () => {
    const asc = await suppliers({ query: { column: 'code', order: 'asc' } })
    expect(asc.body.result.records.map((r) => r.code)).toEqual(codes(asc))
    const desc = await suppliers({ query: { column: 'code', order: 'desc' } })
    expect(desc.body.result.records[0]?.code).toBe('S020')

    for (const column of ['email', 'password_hash', 'code desc; drop table md_supplier']) {
      const refused = await suppliers({ query: { column } })
      expect(refused.status, column).toBe(400)
      expect(refused.body.code).toBe(Errors.UnsupportedQuery.code)
    }
  })

  it('answers only the requested fields', async () => {
    const res = await suppliers({ query: { field: 'code,name' } })
    expect(Object.keys(res.body.result.records[0] ?? {}).sort()).toEqual(['code', 'id', 'name', 'version'])
    expect((await suppliers({ query: { field: 'code,passwordHash' } })).status).toBe(400)
  })
})

describe('statements shared by queries of one shape', () => {
  it('binds each request’s own values: the same conditions with other values find other rows', async () => {
    const one = await suppliers({ search: { supplierType: ['oem'] }, query: { pageSize: 30 } })
    const two = await suppliers({ search: { supplierType: ['oem', 'packaging'] }, query: { pageSize: 30 } })
    const raw = await suppliers({ search: { supplierType: ['raw'] }, query: { pageSize: 30 } })
    expect(one.body.result.records.every((r) => r.supplierType === 'oem')).toBe(true)
    expect(two.body.result.total).toBe(7)
    expect(one.body.result.total).toBeLessThan(two.body.result.total)
    expect(raw.body.result.records.every((r) => r.supplierType === 'raw')).toBe(true)
    expect(codes(await suppliers({ search: { name: '健康' } }))).toEqual(['S001'])
    expect(codes(await suppliers({ search: { name: 'no such supplier' } }))).toEqual([])
    const second = await api.get<{ records: Supplier[] }>('/api/md/supplier/list', { pageNo: 2, pageSize: 6 })
    const first = await api.get<{ records: Supplier[] }>('/api/md/supplier/list', { pageNo: 1, pageSize: 6 })
    expect(first.body.result.records.map((r) => r.code)).not.toContain(second.body.result.records[0]?.code)
  })
})

describe('search form filters', () => {
  it('matches names by text, full pinyin and initials', async () => {
    expect(codes(await suppliers({ search: { name: '健康' } }))).toEqual(['S001'])
    expect(codes(await suppliers({ search: { name: 'jksp' } }))).toEqual(['S001'])
    expect(codes(await suppliers({ search: { name: 'jiankang' } }))).toEqual(['S001'])
    // the pinyin is kept in lower case and matched by `like`: the term is lower-cased first
    expect(codes(await suppliers({ search: { name: 'JKSP' } }))).toEqual(['S001'])
    expect(codes(await suppliers({ search: { name: 'JianKang' } }))).toEqual(['S001'])
    expect(codes(await suppliers({ search: { name: 'j_sp' } }))).toEqual([])
  })

  it('matches a dictionary list, an exact value and a date range', async () => {
    const oem = await suppliers({ search: { supplierType: ['oem', 'packaging'] } })
    expect(oem.body.result.records.every((r) => ['oem', 'packaging'].includes(r.supplierType))).toBe(true)
    expect(oem.body.result.total).toBe(7)
    expect(codes(await suppliers({ search: { status: '2' } }))).toEqual(['S020'])
    const future = await suppliers({ search: { createAt: ['2099-01-01', '2099-12-31'] } })
    expect(future.body.result.total).toBe(0)
    const today = new Date().toISOString().slice(0, 10)
    expect((await suppliers({ search: { createAt: ['2000-01-01', today] } })).body.result.total).toBe(20)
  })

  it('skips empty values and refuses unknown or unsearchable fields', async () => {
    expect((await suppliers({ search: { name: '', status: null } })).body.result.total).toBe(20)
    for (const search of [{ nope: 'x' }, { email: 'x' }, { passwordHash: 'x' }]) {
      const res = await suppliers({ search })
      expect(res.status).toBe(400)
      expect(res.body).toMatchObject({
        code: Errors.UnsupportedQuery.code,
        message: 'Unsupported query field or condition',
      })
    }
    const badJson = await api.get('/api/md/supplier/list', { search: '{"name":' })
    expect(badJson.status).toBe(400)
  })

  it('binds values: SQL in a value is just text that matches nothing', async () => {
    expect((await suppliers({ search: { name: "' OR 1=1 --" } })).body.result.total).toBe(0)
    expect((await suppliers({ search: { name: '%' } })).body.result.total).toBe(0)
    expect((await suppliers({ search: { name: '_' } })).body.result.total).toBe(0)
  })
})

describe('super query rules', () => {
  const boxes = (superQuery: object[], matchType?: 'and' | 'or') =>
    listOf<{ code: string }>(api, '/api/md/boxSpec', { superQuery, matchType })
  const boxCodes = async (superQuery: object[], matchType?: 'and' | 'or') =>
    (await boxes(superQuery, matchType)).body.result.records.map((r) => r.code).sort()

  it('compares numbers: eq ne gt ge lt le range in not_in', async () => {
    expect(await boxCodes([{ field: 'lengthCm', rule: 'eq', val: 40 }])).toEqual(['B02', 'B05'])
    expect(await boxCodes([{ field: 'lengthCm', rule: 'ne', val: 40 }])).toHaveLength(6)
    expect(await boxCodes([{ field: 'lengthCm', rule: 'gt', val: 50 }])).toEqual(['B03', 'B08'])
    expect(await boxCodes([{ field: 'lengthCm', rule: 'ge', val: 50 }])).toEqual(['B03', 'B07', 'B08'])
    expect(await boxCodes([{ field: 'lengthCm', rule: 'lt', val: 33 }])).toEqual(['B01'])
    expect(await boxCodes([{ field: 'lengthCm', rule: 'le', val: 33 }])).toEqual(['B01', 'B06'])
    expect(await boxCodes([{ field: 'grossWeightKg', rule: 'range', val: [0.5, 0.7] }])).toEqual(['B02', 'B04', 'B07'])
    expect(await boxCodes([{ field: 'lengthCm', rule: 'in', val: [30, 60] }])).toEqual(['B01', 'B03'])
    expect(await boxCodes([{ field: 'lengthCm', rule: 'not_in', val: '30,40,45,60,80' }])).toEqual(['B06', 'B07'])
  })

  it('matches strings: like, left_like, right_like, empty, not_empty', async () => {
    expect(await boxCodes([{ field: 'name', rule: 'like', val: '纸箱' }])).toEqual(['B01', 'B02', 'B03'])
    expect(await boxCodes([{ field: 'code', rule: 'right_like', val: 'B0' }])).toHaveLength(8)
    expect(await boxCodes([{ field: 'name', rule: 'left_like', val: '箱(6瓶)' }])).toEqual(['B06'])
    await api.post('/api/md/boxSpec/add', {
      code: 'B99',
      name: '无英文名',
      lengthCm: 1,
      widthCm: 1,
      heightCm: 1,
      grossWeightKg: 1,
    })
    expect(await boxCodes([{ field: 'nameEn', rule: 'empty' }])).toEqual(['B99'])
    expect(await boxCodes([{ field: 'nameEn', rule: 'not_empty' }])).toHaveLength(8)
  })

  it('matches dictionaries and date-times', async () => {
    const types = (superQuery: object[]) => listOf<Supplier>(api, '/api/md/supplier', { superQuery })
    const raw = await types([{ field: 'supplierType', rule: 'eq', val: 'raw' }])
    expect(raw.body.result.total).toBe(8)
    expect((await types([{ field: 'supplierType', rule: 'not_in', val: ['raw', 'oem'] }])).body.result.total).toBe(8)
    expect((await types([{ field: 'createAt', rule: 'lt', val: '2000-01-01T00:00:00Z' }])).body.result.total).toBe(0)
    expect((await types([{ field: 'createAt', rule: 'ge', val: '2000-01-01' }])).body.result.total).toBe(20)
  })

  it('matches dates', async () => {
    const people = (superQuery: object[]) => listOf<{ username: string }>(api, '/api/test/people', { superQuery })
    const hired = await people([{ field: 'hireDate', rule: 'range', val: ['2015-01-01', '2016-12-31'] }])
    expect(hired.body.result.records.map((r) => r.username).sort()).toEqual(['admin', 'sys_admin'])
    expect(
      (await people([{ field: 'hireDate', rule: 'gt', val: '2024-01-01' }])).body.result.records.map((r) => r.username),
    ).toEqual(['finance_admin'])
    expect((await people([{ field: 'birthday', rule: 'empty' }])).body.result.total).toBeGreaterThanOrEqual(10)
    expect((await people([{ field: 'hireDate', rule: 'eq', val: '15/01/2015' }])).status).toBe(400)
  })

  it('combines with and, or as one group', async () => {
    const both = [
      { field: 'lengthCm', rule: 'eq', val: 40 },
      { field: 'heightCm', rule: 'gt', val: 20 },
    ]
    expect(await boxCodes(both, 'and')).toEqual(['B02'])
    const either = [
      { field: 'code', rule: 'eq', val: 'B01' },
      { field: 'code', rule: 'eq', val: 'B08' },
    ]
    expect(await boxCodes(either, 'or')).toEqual(['B01', 'B08'])
    // the search form still narrows an or-group: search AND (a OR b)
    const narrowed = await listOf<{ code: string }>(api, '/api/md/boxSpec', {
      search: { name: '纸箱' },
      superQuery: either,
      matchType: 'or',
    })
    expect(narrowed.body.result.records.map((r) => r.code)).toEqual(['B01'])
  })

  it('refuses unknown fields, rules foreign to the type, bad values and too many conditions', async () => {
    const bad = [
      [{ field: 'nope', rule: 'eq', val: 1 }],
      [{ field: 'lengthCm', rule: 'like', val: '4' }],
      [{ field: 'status', rule: 'gt', val: '1' }],
      [{ field: 'lengthCm', rule: 'eq', val: 'forty' }],
      [{ field: 'lengthCm', rule: 'in', val: [] }],
      [{ field: 'lengthCm', rule: 'range', val: [] }],
      [{ field: 'lengthCm', rule: 'drop' }],
      Array.from({ length: 31 }, () => ({ field: 'lengthCm', rule: 'eq', val: 1 })),
    ]
    for (const superQuery of bad) {
      const res = await boxes(superQuery)
      expect(res.status, JSON.stringify(superQuery).slice(0, 80)).toBe(400)
    }
  })
})

describe('the total of a large list', () => {
  it('is exact up to COUNT_CAP matching rows, then the database estimate, marked as such', async () => {
    type Paged = { total: number; pages: number; estimated?: boolean; records: Supplier[] }
    const exact = await api.get<Paged>('/api/md/supplier/list', { pageNo: 1, pageSize: 10 })
    expect(exact.body.result.estimated).toBeUndefined()
    const before = exact.body.result.total
    // COUNT_CAP more suppliers: the list now matches more rows than it counts
    await t.database.db.execute(sql`
      INSERT INTO md_supplier (code, name, supplier_type, status, create_at, version)
      SELECT 'CAP' || i, 'Capped ' || i, 'raw', '1', now() - make_interval(days => 400), 1
        FROM generate_series(1, ${COUNT_CAP}::int) AS i`)
    await t.database.db.execute(sql`ANALYZE md_supplier`)
    const many = await api.get<Paged>('/api/md/supplier/list', { pageNo: 2, pageSize: 10 })
    expect(many.status).toBe(200)
    expect(many.body.result.estimated).toBe(true)
    // the planner's estimate after ANALYZE: near the real count, never below what was counted
    expect(many.body.result.total).toBeGreaterThan(COUNT_CAP)
    expect(Math.abs(many.body.result.total - (before + COUNT_CAP))).toBeLessThan(COUNT_CAP / 10)
    expect(many.body.result.pages).toBe(Math.ceil(many.body.result.total / 10))
    expect(many.body.result.records).toHaveLength(10)
    // a search that matches few of them is counted exactly again
    const few = await api.get<Paged>('/api/md/supplier/list', { search: JSON.stringify({ code: 'CAP99' }) })
    const codes = Array.from({ length: COUNT_CAP }, (_, i) => `CAP${i + 1}`)
    expect(few.body.result).toMatchObject({ total: codes.filter((c) => c.startsWith('CAP99')).length })
    expect(few.body.result.estimated).toBeUndefined()
    await t.database.db.execute(sql`DELETE FROM md_supplier WHERE code LIKE 'CAP%'`)
  })

  it('offers the next page of a full page, however low the estimate', async () => {
    type Paged = { total: number; pages: number; estimated?: boolean; records: Supplier[] }
    // statistics that know no such rows, then many of them: the planner expects few
    await t.database.db.execute(sql`ANALYZE md_supplier`)
    await t.database.db.execute(sql`
      INSERT INTO md_supplier (code, name, supplier_type, status, create_at, version)
      SELECT 'ZQX' || i, 'Stale ' || i, 'raw', '1', now() - make_interval(days => 400), 1
        FROM generate_series(1, ${2 * COUNT_CAP}::int) AS i`)
    const pageNo = COUNT_CAP / 10 + 20
    const deep = await api.get<Paged>('/api/md/supplier/list', {
      pageNo,
      pageSize: 10,
      search: JSON.stringify({ code: 'ZQX' }),
    })
    expect(deep.body.result.estimated).toBe(true)
    expect(deep.body.result.records).toHaveLength(10)
    // this page is full, so there is at least one row after it, and the pager can reach it
    expect(deep.body.result.total).toBeGreaterThan(pageNo * 10)
    expect(deep.body.result.pages).toBeGreaterThan(pageNo)
    await t.database.db.execute(sql`DELETE FROM md_supplier WHERE code LIKE 'ZQX%'`)
  })
})
