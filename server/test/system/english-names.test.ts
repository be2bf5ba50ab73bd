import {
  AuditBusiness,
  type AuditConfig,
  type Category,
  type Department,
  type DictItem,
  type DictListItem,
  type Page,
  type Position,
  type Product,
  type ReviewItem,
  type ReviewProgress,
  RoleCode,
  type SaleOrderDetail,
  type SellableProduct,
} from '@app/contracts'
import { and, eq, isNull, or } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  auditConfigSteps,
  auditConfigs,
  branchSaleRels,
  categories,
  departments,
  dictItems,
  dictTypes,
  positions,
  products,
  reviewSteps,
  roles,
  saleOrders,
} from '../../src/db/schema/index.ts'
import { type client, createTestApp, signedIn, type TestApp } from '../helpers/app.ts'
import { newProduct } from '../product/helpers.ts'

/**
 * Names that are data (review flows and their steps, departments, positions, roles, categories,
 * units, product specs) have an English name beside the Chinese one: saved, checked like the
 * Chinese one, answered, and shown to a reader of the English interface (the Chinese one when
 * there is none). The demo data fills both.
 */

type Api = ReturnType<typeof client>
let t: TestApp
let admin: Api

beforeAll(async () => {
  t = await createTestApp()
  admin = await signedIn(t.app, 'admin', 'en')
})
afterAll(async () => t?.close())

const long = (n: number) => 'x'.repeat(n)

describe('the demo data', () => {
  it('names every flow, step, department, position, role and category in English too', async () => {
    const db = t.database.db
    const blank = <T extends { nameEn: unknown }>(rows: T[]) => rows.filter((r) => !r.nameEn)
    expect(blank(await db.select({ nameEn: auditConfigs.nameEn }).from(auditConfigs))).toEqual([])
    expect(blank(await db.select({ nameEn: auditConfigSteps.stepNameEn }).from(auditConfigSteps))).toEqual([])
    expect(blank(await db.select({ nameEn: departments.departNameEn }).from(departments))).toEqual([])
    expect(blank(await db.select({ nameEn: positions.nameEn }).from(positions))).toEqual([])
    expect(blank(await db.select({ nameEn: roles.roleNameEn }).from(roles))).toEqual([])
    expect(blank(await db.select({ nameEn: categories.nameEn }).from(categories))).toEqual([])
    // every review under way shows its steps in English
    expect(await db.select({ id: reviewSteps.id }).from(reviewSteps).where(isNull(reviewSteps.stepNameEn))).toEqual([])
  })

  it('writes product specs in English as the English catalogue does', async () => {
    const specs = await t.database.db
      .select({ code: products.code, spec: products.spec, specEn: products.specEn })
      .from(products)
      .where(or(eq(products.code, 'CP-006'), eq(products.code, 'CP-002'), eq(products.code, 'TE-005')))
    expect(Object.fromEntries(specs.map((s) => [s.code, s.specEn]))).toEqual({
      'CP-006': '0.3 g × 60 capsules',
      'CP-002': '1 g × 100 softgels',
      'TE-005': '3 g × 20 tea bags',
    })
    const withoutEnglish = await t.database.db
      .select({ code: products.code })
      .from(products)
      .where(isNull(products.specEn))
    expect(withoutEnglish).toEqual([])
  })

  it('labels every unit of measure in English', async () => {
    const units = (await admin.get<DictListItem[]>('/api/sys/dict/items')).body.result.filter(
      (i) => i.dicTypeCode === 'product_unit',
    )
    expect(units.length).toBeGreaterThan(10)
    expect(units.filter((u) => /[\u4e00-\u9fff]/.test(u.dicName))).toEqual([])
  })
})

describe('review flows and their steps', () => {
  const flow = (over: Record<string, unknown> = {}, stepOver: Record<string, unknown> = {}) => ({
    business: AuditBusiness.Product,
    name: '样品审核流程',
    nameEn: 'Sample review flow',
    status: '0',
    steps: [
      {
        stepName: '财务总监审核',
        stepNameEn: 'Finance director review',
        orgCode: 'A01A05',
        roleCode: RoleCode.FinanceDirector,
        ...stepOver,
      },
    ],
    ...over,
  })

  it('keep the English names they are saved with, and answer them', async () => {
    const added = await admin.post<AuditConfig>('/api/sys/auditConfig/add', flow())
    expect(added.status).toBe(200)
    expect(added.body.result).toMatchObject({ name: '样品审核流程', nameEn: 'Sample review flow' })
    expect(added.body.result.steps[0]).toMatchObject({
      stepName: '财务总监审核',
      stepNameEn: 'Finance director review',
    })
    const { id, version } = added.body.result
    const edited = await admin.put<AuditConfig>(
      '/api/sys/auditConfig/edit',
      flow({ id, version, nameEn: '  ' }, { stepNameEn: 'Finance check' }),
    )
    expect(edited.status).toBe(200)
    // a blank English name is none: readers of English see the Chinese one
    expect(edited.body.result).toMatchObject({ nameEn: null })
    expect(edited.body.result.steps[0]).toMatchObject({ stepNameEn: 'Finance check' })
    const read = (await admin.get<AuditConfig>('/api/sys/auditConfig/queryById', { id })).body.result
    expect(read.steps[0]?.stepNameEn).toBe('Finance check')
  })

  it('refuse an English name longer than the Chinese one may be (100)', async () => {
    const name = await admin.post('/api/sys/auditConfig/add', flow({ nameEn: long(101) }))
    expect(name.status).toBe(400)
    expect(JSON.stringify(name.body.result)).toContain('nameEn')
    const step = await admin.post('/api/sys/auditConfig/add', flow({}, { stepNameEn: long(101) }))
    expect(step.status).toBe(400)
    expect(JSON.stringify(step.body.result)).toContain('stepNameEn')
    expect((await admin.post('/api/sys/auditConfig/add', flow({ nameEn: long(100) }))).status).toBe(200)
  })

  it('show a review step in the reader’s language in the inbox and the progress', async () => {
    const en = await signedIn(t.app, RoleCode.RegionPresident, 'en')
    const zh = await signedIn(t.app, RoleCode.RegionPresident, 'zh')
    const inbox = (await en.get<Page<ReviewItem>>('/api/sys/todo/list', { pageSize: 100 })).body.result.records
    const item = inbox.find((r) => r.business === AuditBusiness.SaleOrder && r.currentStep === 1)
    expect(item).toMatchObject({ stepName: 'Regional president review', roleName: 'Regional president' })
    const chinese = (await zh.get<Page<ReviewItem>>('/api/sys/todo/list', { pageSize: 100 })).body.result.records
    expect(chinese.find((r) => r.id === item!.id)).toMatchObject({ stepName: '区域总裁审核', roleName: '区域总裁' })

    const progress = (await en.get<ReviewProgress>('/api/audit/detail/progress', { id: item!.id })).body.result
    expect(progress.steps.map((s) => s.stepName)).toEqual([
      'Regional president review',
      'Branch finance review',
      'General-office president review',
    ])
    expect(progress.steps[0]).toMatchObject({ departName: 'Overseas department' })
    const inChinese = (await zh.get<ReviewProgress>('/api/audit/detail/progress', { id: item!.id })).body.result
    expect(inChinese.steps.map((s) => s.stepName)).toEqual(['区域总裁审核', '分公司财务审核', '总办总裁审核'])
  })
})

describe('master data', () => {
  it('departments keep and answer their English name, at most 100 characters', async () => {
    const added = await admin.post<Department>('/api/md/department/add', {
      departName: '质量中心',
      departNameEn: 'Quality centre',
    })
    expect(added.status).toBe(200)
    expect(added.body.result).toMatchObject({ departName: '质量中心', departNameEn: 'Quality centre' })
    const read = await admin.get<Department>('/api/md/department/queryById', { id: added.body.result.id })
    expect(read.body.result.departNameEn).toBe('Quality centre')
    const tooLong = await admin.post('/api/md/department/add', { departName: '质量二部', departNameEn: long(101) })
    expect(tooLong.status).toBe(400)
  })

  it('positions keep and answer their English name, at most 100 characters', async () => {
    const added = await admin.post<Position>('/api/md/position/add', {
      code: 'P90',
      name: '质检员',
      nameEn: 'Quality inspector',
    })
    expect(added.status).toBe(200)
    expect(added.body.result).toMatchObject({ name: '质检员', nameEn: 'Quality inspector' })
    const tooLong = await admin.post('/api/md/position/add', { code: 'P91', name: '质检', nameEn: long(101) })
    expect(tooLong.status).toBe(400)
  })

  it('categories keep and answer their English name, at most 100 characters', async () => {
    const added = await admin.post<Category>('/api/pro/category/add', {
      code: 'C90',
      name: '口服液',
      nameEn: 'Oral liquids',
    })
    expect(added.status).toBe(200)
    expect(added.body.result).toMatchObject({ name: '口服液', nameEn: 'Oral liquids' })
    const list = await admin.get<Category[]>('/api/pro/category/getListAll')
    expect(list.body.result.find((c) => c.code === 'C90')).toMatchObject({ nameEn: 'Oral liquids' })
    const tooLong = await admin.post('/api/pro/category/add', { code: 'C91', name: '口服', nameEn: long(101) })
    expect(tooLong.status).toBe(400)
  })

  it('a unit of measure is relabelled in English through its dictionary', async () => {
    const [item] = await t.database.db
      .select({ id: dictItems.id, version: dictItems.version })
      .from(dictItems)
      .innerJoin(dictTypes, eq(dictTypes.id, dictItems.dictId))
      .where(and(eq(dictTypes.dictCode, 'product_unit'), eq(dictItems.value, 'strip')))
    const edited = await admin.put<DictItem>('/api/sys/dictItem/edit', {
      id: item!.id,
      version: item!.version,
      labelEn: 'Blister strip',
    })
    expect(edited.body.result).toMatchObject({ labelZh: '板', labelEn: 'Blister strip' })
    const units = (await admin.get<DictListItem[]>('/api/sys/dict/items')).body.result
    expect(units.find((u) => u.dicTypeCode === 'product_unit' && u.dicCode === 'strip')?.dicName).toBe('Blister strip')
    const tooLong = await admin.put('/api/sys/dictItem/edit', {
      id: item!.id,
      version: edited.body.result.version,
      labelEn: long(201),
    })
    expect(tooLong.status).toBe(400)
  })
})

describe('product specs', () => {
  it('a product keeps and answers its English spec, at most 128 characters', async () => {
    const [category] = await t.database.db
      .select({ id: categories.id })
      .from(categories)
      .where(eq(categories.code, 'C03'))
    const added = await admin.post<Product>(
      '/api/pro/product/add',
      newProduct(category!.id, { code: 'EN-001', specEn: '0.5 g × 60 capsules' }),
    )
    expect(added.status).toBe(200)
    expect(added.body.result).toMatchObject({ spec: '0.5g×60粒', specEn: '0.5 g × 60 capsules' })
    const tooLong = await admin.post(
      '/api/pro/product/add',
      newProduct(category!.id, { code: 'EN-002', specEn: long(129) }),
    )
    expect(tooLong.status).toBe(400)
  })

  it('the order form offers products with their English spec, and an order’s lines carry it', async () => {
    const [sold] = await t.database.db
      .select({ branchId: branchSaleRels.branchId })
      .from(branchSaleRels)
      .innerJoin(products, eq(products.id, branchSaleRels.productId))
      .where(and(eq(products.code, 'CP-006'), eq(branchSaleRels.status, '1')))
      .limit(1)
    const offered = await admin.get<Page<SellableProduct>>('/api/sale/order/sellableProducts', {
      branchId: sold!.branchId,
      keyword: 'CP-006',
    })
    expect(offered.body.result.records[0]).toMatchObject({ spec: '0.3g×60粒', specEn: '0.3 g × 60 capsules' })

    const [order] = await t.database.db
      .select({ id: saleOrders.id })
      .from(saleOrders)
      .where(eq(saleOrders.delFlag, false))
      .limit(1)
    const detail = (await admin.get<SaleOrderDetail>('/api/sale/order/queryById', { id: order!.id })).body.result
    expect(detail.lines.length).toBeGreaterThan(0)
    for (const line of detail.lines) {
      expect(line.specEn).toBeTruthy()
      expect(line.specEn).not.toMatch(/[\u4e00-\u9fff]/)
    }
  })
})
