import { type Category, Errors, type Page } from '@app/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestApp } from '../helpers/app.ts'
import { type Api, as, createProductTestApp, idOf, resultOf } from './helpers.ts'

let t: TestApp
let admin: Api
beforeAll(async () => {
  t = await createProductTestApp()
  admin = await as(t, 'admin', 'zh')
})
afterAll(async () => t?.close())

describe('categories', () => {
  it('are a tree with sort numbers, in both languages', async () => {
    const all = resultOf(await admin.get<Category[]>('/api/pro/category/getListAll'))
    const tea = all.find((c) => c.code === 'C05')!
    expect(tea).toMatchObject({ name: '茶', nameEn: 'Tea', parentId: null })
    expect(
      all
        .filter((c) => c.parentId === tea.id)
        .map((c) => c.nameEn)
        .sort(),
    ).toEqual(['Black tea', 'Green tea'])
    const page = resultOf(
      await admin.get<Page<Category>>('/api/pro/category/list', { column: 'sortNo', order: 'asc', pageSize: 3 }),
    )
    expect(page.records.map((c) => c.code)).toEqual(['C01', 'C02', 'C03'])
    // pinyin: 农药 -> ny
    const found = resultOf(
      await admin.get<Page<Category>>('/api/pro/category/list', { search: JSON.stringify({ name: 'ny' }) }),
    )
    expect(found.records.map((c) => c.code)).toContain('C12')
  })

  it('refuses a parent that would make a cycle, and deleting one in use', async () => {
    const tea = await idOf(t, 'category', 'C05')
    const green = await idOf(t, 'category', 'C0501')
    const teaRow = resultOf(await admin.get<Category>('/api/pro/category/queryById', { id: tea }))
    const cycle = await admin.put('/api/pro/category/edit', { id: tea, version: teaRow.version, parentId: green })
    expect(cycle.status).toBe(400)
    const inUse = await admin.delete('/api/pro/category/delete', { id: green })
    expect(inUse.status).toBe(409)
    expect(inUse.body).toMatchObject({ code: Errors.InUseCannotDelete.code, message: '数据正在使用中，不能删除' })
  })

  it('offers only enabled categories in the drop-down', async () => {
    const added = resultOf(
      await admin.post<Category>('/api/pro/category/add', { code: 'C99', name: '保健酒', nameEn: 'Tonic wine' }),
    )
    await admin.post('/api/pro/category/batchStatus', { ids: added.id, status: '2' })
    const drop = resultOf(await admin.get<Category[]>('/api/pro/category/getForDropDown'))
    expect(drop.some((c) => c.code === 'C99')).toBe(false)
    expect((await admin.delete('/api/pro/category/delete', { id: added.id })).status).toBe(200)
  })
})
