import type { Product, SellableProduct } from '@app/contracts'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { branchSaleRels, products } from '../../src/db/schema/index.ts'
import { backfillProductPinyin } from '../../src/modules/product/pinyin-backfill.ts'
import type { TestApp } from '../helpers/app.ts'
import {
  type Api,
  as,
  createProductTestApp,
  idOf,
  importProducts,
  listProducts,
  newProduct,
  resultOf,
} from './helpers.ts'

let t: TestApp
let admin: Api
let capsules: string
beforeAll(async () => {
  t = await createProductTestApp()
  admin = await as(t, 'admin', 'zh')
  capsules = await idOf(t, 'category', 'C03')
})
afterAll(async () => t?.close())

/** Codes of the products the list finds by this text in the name field. */
const byName = async (text: string) => resultOf(await listProducts(admin, { name: text })).records.map((p) => p.code)

/** Codes of the products the order form's product select offers the branch for this keyword. */
const offered = async (branchId: string, keyword: string) => {
  const res = await admin.get<{ records: SellableProduct[] }>('/api/sale/order/sellableProducts', {
    branchId,
    keyword,
    pageSize: 100,
  })
  return resultOf(res).records.map((p) => p.code)
}

describe('a product found by the pinyin of its name (SPEC 5)', () => {
  it('seeded: 柠檬洗洁精 by full pinyin, in any case, and by initials, in the list', async () => {
    for (const text of ['ningmeng', 'NingMeng', 'ningmengxijiejing', 'nmxjj']) {
      expect(await byName(text), text).toContain('DC-005')
    }
    expect(await byName('ningmengcha')).not.toContain('DC-005')
  })

  it('seeded: the order form offers it by full pinyin (spaces or not), initials, code and English name', async () => {
    const product = await idOf(t, 'product', 'DC-005')
    const [rel] = await t.database.db
      .select({ branchId: branchSaleRels.branchId })
      .from(branchSaleRels)
      .where(and(eq(branchSaleRels.productId, product), eq(branchSaleRels.status, '1')))
      .limit(1)
    expect(rel, 'a branch selling DC-005').toBeDefined()
    for (const keyword of ['ningmeng', 'ning meng', 'NingMeng', 'nmxjj', '柠檬', 'DC-005', 'lemon']) {
      expect(await offered(rel!.branchId, keyword), keyword).toContain('DC-005')
    }
    expect(await offered(rel!.branchId, 'ningmengcha')).not.toContain('DC-005')
  })

  it('new and edited: found by the pinyin of the name it has now; an edit without the name keeps it', async () => {
    const res = await admin.post<Product>(
      '/api/pro/product/add',
      newProduct(capsules, { code: 'PY-001', name: '龙眼蜂蜜' }),
    )
    const created = resultOf(res)
    expect(await byName('longyanfengmi')).toEqual(['PY-001'])
    expect(await byName('lyfm')).toEqual(['PY-001'])

    const described = resultOf(
      await admin.put<Product>('/api/pro/product/edit', {
        id: created.id,
        version: created.version,
        description: '新包装',
      }),
    )
    expect(await byName('longyan')).toEqual(['PY-001'])

    resultOf(
      await admin.put<Product>('/api/pro/product/edit', {
        id: created.id,
        version: described.version,
        name: '龙眼果冻',
      }),
    )
    expect(await byName('longyanguodong')).toEqual(['PY-001'])
    expect(await byName('lygd')).toEqual(['PY-001'])
    expect(await byName('longyanfengmi')).toEqual([])
  })

  it('imported: found by full pinyin and initials', async () => {
    // the columns of IMPORT_TITLES: code, name, spec type, category, source, type, supplier, spec, unit, shelf life
    const row = ['PY-IMP-1', '黑枸杞原浆', '标准装', 'C03', '自产', '成品', '康宁胶囊制造有限公司', '250ml', '瓶', 365]
    const progress = await importProducts(t.app, admin, [row])
    expect(progress).toMatchObject({ status: 'done', imported: 1 })
    expect(await byName('heigouqiyuanjiang')).toEqual(['PY-IMP-1'])
    expect(await byName('hgqyj')).toEqual(['PY-IMP-1'])
  })

  it('a product stored without pinyin gets it at start-up, once', async () => {
    const db = t.database.db
    await db.update(products).set({ namePinyin: null, nameInitials: null }).where(eq(products.code, 'DC-005'))
    expect(await byName('ningmeng')).not.toContain('DC-005')

    expect(await backfillProductPinyin(db)).toBe(1)
    expect(await byName('ningmeng')).toContain('DC-005')
    expect(await byName('nmxjj')).toContain('DC-005')
    expect(await backfillProductPinyin(db)).toBe(0)
  })
})
