import type { AuditConfig, Category, Department, Page, Product, Role, SellableProduct } from '@app/contracts'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { branchSaleRels, products } from '../../src/db/schema/index.ts'
import { type client, createTestApp, signedIn, type TestApp } from '../helpers/app.ts'
import { listOf } from '../helpers/resources.ts'

/**
 * A name is found by what a reader types in either language: the list screens' search on a name,
 * the super query's `like` on it, the order form's product select and the review flow list match
 * the English twin (`nameEn`, `departNameEn`, `roleNameEn`, `specEn`, a step's `stepNameEn`) as
 * they match the Chinese name and its pinyin, in any case.
 */

type Api = ReturnType<typeof client>
let t: TestApp
let zh: Api
let en: Api
beforeAll(async () => {
  t = await createTestApp()
  zh = await signedIn(t.app, 'admin', 'zh')
  en = await signedIn(t.app, 'admin', 'en')
})
afterAll(async () => t?.close())

const ok = <T>(res: { status: number; body: { result: T } }) => {
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body.result
}

/** Codes of the records a list finds by this search object. */
const found = async <T extends Record<string, unknown>>(api: Api, base: string, search: object, code = 'code') =>
  ok(await listOf<T>(api, base, { search })).records.map((r) => String(r[code]))

describe('the product list', () => {
  const byName = (api: Api, name: string) => found<Product>(api, '/api/pro/product', { name })

  it('finds a product by its English name in the name field, in any case, in either interface language', async () => {
    for (const api of [en, zh]) {
      expect(await byName(api, 'Ginsenoside')).toEqual(['CP-006'])
      expect(await byName(api, 'ginsenoside CAPSULES')).toEqual(['CP-006'])
    }
    expect(await byName(en, 'Ginsenosides')).toEqual([])
  })

  it('still finds it by its Chinese name, full pinyin and initials', async () => {
    for (const name of ['人参皂苷', 'renshenzaogan', 'RenShen', 'rszg']) {
      expect(await byName(en, name), name).toContain('CP-006')
    }
  })

  it("finds a spec by its English wording, and the super query's like on the name finds the English name", async () => {
    const bySpec = await found<Product>(en, '/api/pro/product', { spec: '60 CAPSULES', code: 'CP-006' })
    expect(bySpec).toEqual(['CP-006'])
    const superQuery = ok(
      await listOf<Product>(en, '/api/pro/product', {
        superQuery: [{ field: 'name', rule: 'like', val: 'ginsenoside' }],
      }),
    )
    expect(superQuery.records.map((p) => p.code)).toEqual(['CP-006'])
  })
})

describe("the order form's product select", () => {
  it('offers a product by its English name, in any case, as by its Chinese name, pinyin and code', async () => {
    const [rel] = await t.database.db
      .select({ branchId: branchSaleRels.branchId })
      .from(branchSaleRels)
      .innerJoin(products, eq(products.id, branchSaleRels.productId))
      .where(and(eq(products.code, 'CP-006'), eq(branchSaleRels.status, '1')))
      .limit(1)
    expect(rel, 'a branch selling CP-006').toBeDefined()
    const offered = async (keyword: string) =>
      ok(
        await en.get<Page<SellableProduct>>('/api/sale/order/sellableProducts', {
          branchId: rel!.branchId,
          keyword,
          pageSize: 100,
        }),
      ).records.map((p) => p.code)
    for (const keyword of ['Ginsenoside', 'GINSENOSIDE caps', '人参皂苷', 'renshen', 'ren shen', 'rszg', 'CP-006']) {
      expect(await offered(keyword), keyword).toEqual(['CP-006'])
    }
    expect(await offered('Ginsenosides')).toEqual([])
  })
})

describe('departments, roles and categories', () => {
  it('a department by its English name, Chinese name, pinyin and initials', async () => {
    const byName = (departName: string) => found<Department>(en, '/api/md/department', { departName }, 'orgCode')
    expect(await byName('Overseas finance')).toEqual(['A01A05'])
    expect((await byName('FINANCE')).sort()).toEqual(['A01A05', 'A01A07'])
    for (const name of ['海外财务', 'haiwaicaiwu', 'hwcw']) expect(await byName(name), name).toEqual(['A01A05'])
  })

  it('a role by its English name and its Chinese one', async () => {
    const byName = (roleName: string) => found<Role>(zh, '/api/sys/role', { roleName }, 'roleCode')
    expect(await byName('finance director')).toEqual(['finance_director'])
    expect(await byName('财务总监')).toEqual(['finance_director'])
  })

  it('a category by its English name, Chinese name and pinyin', async () => {
    const byName = (name: string) => found<Category>(en, '/api/pro/category', { name })
    for (const name of ['Capsules', 'capsules', '胶囊', 'jiaonang', 'jn']) {
      expect(await byName(name), name).toContain('C03')
    }
    expect(await byName('Capsulesx')).toEqual([])
  })
})

describe('the review flow list', () => {
  const flows = async (api: Api, keyword?: string) =>
    ok(await api.get<AuditConfig[]>('/api/sys/auditConfig/queryAllConfigList', keyword ? { keyword } : undefined))
      .map((c) => c.business)
      .sort()

  it("finds a flow by its English or Chinese name, in any case, or by a step's name in either language", async () => {
    expect(await flows(en, 'Sales order review flow')).toEqual(['sale_order'])
    expect(await flows(zh, 'sales ORDER review')).toEqual(['sale_order'])
    expect(await flows(en, '销售订单审核')).toEqual(['sale_order'])
    const withRegionalStep = ['order_adjust', 'order_delete', 'sale_order']
    expect(await flows(en, 'Regional president review')).toEqual(withRegionalStep)
    expect(await flows(zh, '区域总裁审核')).toEqual(withRegionalStep)
    expect(await flows(en, 'finance director')).toEqual(['order_adjust', 'product'])
    expect(await flows(en, 'no such flow')).toEqual([])
    expect((await flows(en)).length).toBeGreaterThanOrEqual(4)
  })

  it('takes the keyword as text: % and _ match themselves', async () => {
    expect(await flows(en, '%')).toEqual([])
    expect(await flows(en, '_')).toEqual([])
  })
})
