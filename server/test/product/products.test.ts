import {
  ApprovalStatus,
  type Attachment,
  Errors,
  type Page,
  type Product,
  type ProductUnit,
  type ReviewProgress,
} from '@app/contracts'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { reviews } from '../../src/db/schema/index.ts'
import type { TestApp } from '../helpers/app.ts'
import {
  type Api,
  as,
  createProductTestApp,
  idOf,
  listProducts,
  newProduct,
  PNG,
  postForm,
  resultOf,
} from './helpers.ts'

let t: TestApp
let admin: Api
let director: Api
let president: Api
let capsules: string
beforeAll(async () => {
  t = await createProductTestApp()
  admin = await as(t, 'admin')
  director = await as(t, 'finance_director')
  president = await as(t, 'gm_president')
  capsules = await idOf(t, 'category', 'C03')
})
afterAll(async () => t?.close())

const uploadImage = async (api: Api, name: string) =>
  resultOf(await postForm<Attachment>(api, '/api/file/upload', { name, bytes: PNG, type: 'image/png' }))

const decide = (api: Api, id: string, decision: 'approve' | 'reject', note = '同意') =>
  api.post('/api/pro/product/auditProduct', { id, decision, note })

const product = async (id: string) => resultOf(await admin.get<Product>('/api/pro/product/queryById', { id }))

describe('the seeded catalogue', () => {
  it('has about 60 products across the SPEC 3 categories, found by pinyin initials', async () => {
    const all = resultOf(await listProducts(admin, {}))
    expect(all.total).toBeGreaterThanOrEqual(55)
    const roots = resultOf(
      await admin.get<{ name: string; parentId: string | null }[]>('/api/pro/category/getForDropDown'),
    )
    expect(roots.filter((c) => !c.parentId).map((c) => c.name)).toEqual(
      expect.arrayContaining([
        '日化',
        '饮料',
        '胶囊',
        '酒',
        '茶',
        '果酱',
        '粉剂',
        '片剂',
        '农作物',
        '烘焙',
        '肥料',
        '农药',
      ]),
    )
    // 灵芝孢子粉胶囊 -> lzbzfjn
    const found = resultOf(await listProducts(admin, { name: 'lzbz' }))
    expect(found.records.map((p) => p.code)).toEqual(['CP-001'])
    expect(found.records[0]?.images.length).toBeGreaterThan(0)
  })

  it('filters by category and by audit status, and answers a product by code', async () => {
    const inCapsules = resultOf(await listProducts(admin, { categoryId: [capsules] }))
    expect(inCapsules.records.length).toBeGreaterThan(4)
    expect(inCapsules.records.every((p) => p.categoryId === capsules)).toBe(true)
    const pending = resultOf(await listProducts(admin, { auditStatus: ApprovalStatus.Pending }))
    expect(pending.records.map((p) => p.code).sort()).toEqual(['BK-004', 'DR-006', 'PK-003'])
    const byCode = await admin.get<Product>('/api/pro/product/queryByCode', { code: 'WN-001' })
    expect(byCode.body.result).toMatchObject({
      code: 'WN-001',
      name: '赤霞珠干红葡萄酒',
      auditStatus: ApprovalStatus.Approved,
    })
    expect((await admin.get('/api/pro/product/queryByCode', { code: 'NOPE' })).status).toBe(404)
  })
})

describe('a new product: units, images, review, sellable', () => {
  let created: Product

  it('is created with two units and two images, and waits for review', async () => {
    const [a, b] = [await uploadImage(admin, 'front.png'), await uploadImage(admin, 'back.png')]
    const res = await admin.post<Product>(
      '/api/pro/product/add',
      newProduct(capsules, {
        images: [a.id, b.id],
        units: [
          { useCase: 'sale', unit: 'bottle', conversionRate: 1 },
          { useCase: 'purchase', unit: 'carton', conversionRate: 48, boxSpecId: null, perBox: 1 },
        ],
      }),
    )
    expect(res.status).toBe(200)
    created = res.body.result
    expect(created).toMatchObject({ code: 'T-001', auditStatus: ApprovalStatus.Pending, images: [a.id, b.id] })

    const units = resultOf(
      await admin.get<ProductUnit[]>('/api/pro/productUnit/getProductUnitListByProductId', { productId: created.id }),
    )
    expect(units.map((u) => [u.useCase, u.unit, u.conversionRate])).toEqual([
      ['purchase', 'carton', 48],
      ['sale', 'bottle', 1],
    ])
    const files = resultOf(
      await admin.get<Attachment[]>('/api/sys/attachment/queryByObjectIdAndDic', {
        tableDic: 'product',
        objectId: created.id,
      }),
    )
    expect(files.map((f) => f.id).sort()).toEqual([a.id, b.id].sort())

    const progress = resultOf(await admin.get<ReviewProgress>('/api/pro/product/auditProduct', { id: created.id }))
    expect(progress).toMatchObject({ objectNo: 'T-001', status: ApprovalStatus.Pending, currentStep: 1 })
    expect(progress.steps.map((s) => s.roleCode)).toEqual(['finance_director', 'gm_president'])
  })

  it('cannot be sold until approved', async () => {
    const branchId = await idOf(t, 'branch', 'RU-MOW')
    const refused = await admin.post('/api/pro/branchSaleRel/batchAdd', { branchId, productIds: [created.id] })
    expect(refused.status).toBe(409)
    expect(refused.body.code).toBe(Errors.DataChanged.code)
  })

  it('needs a review note, refuses a user without the audit right, and moves along the two steps', async () => {
    expect((await decide(director, created.id, 'approve', '')).body.code).toBe(Errors.ReviewNoteRequired.code)
    expect((await decide(await as(t, 'finance_admin'), created.id, 'approve')).status).toBe(403)
    // the president holds the second step, not the first
    expect((await decide(president, created.id, 'approve')).status).toBe(403)

    expect((await decide(director, created.id, 'approve', '财务审核通过')).status).toBe(200)
    expect((await product(created.id)).auditStatus).toBe(ApprovalStatus.UnderReview)
    const last = await decide(president, created.id, 'approve', '同意上市')
    expect(last.body.result).toMatchObject({ outcome: 'approved', final: true })
    expect((await product(created.id)).auditStatus).toBe(ApprovalStatus.Approved)
  })

  it('is then sellable: a branch takes it, skipping what it already sells', async () => {
    const branchId = await idOf(t, 'branch', 'RU-MOW')
    const first = await admin.post('/api/pro/branchSaleRel/batchAdd', { branchId, productIds: [created.id] })
    expect(first.body.result).toEqual({ added: 1, skipped: 0 })
    const again = await admin.post('/api/pro/branchSaleRel/batchAdd', { branchId, productIds: [created.id] })
    expect(again.body.result).toEqual({ added: 0, skipped: 1 })
  })

  it('sold by a branch, it keeps its defining fields but other fields can change', async () => {
    const current = await product(created.id)
    const refused = await admin.put('/api/pro/product/edit', {
      id: created.id,
      version: current.version,
      spec: '0.5g×90粒',
    })
    expect(refused.status).toBe(409)
    expect(refused.body).toMatchObject({
      code: Errors.ProductSoldByBranch.code,
      message: 'A product sold by a branch cannot be edited',
    })
    const fine = await admin.put<Product>('/api/pro/product/edit', {
      id: created.id,
      version: current.version,
      spec: current.spec,
      description: '新包装',
    })
    expect(fine.status).toBe(200)
    expect(fine.body.result).toMatchObject({ description: '新包装', auditStatus: ApprovalStatus.Approved })
  })
  it('carries its units: an edit replaces them and the modify history shows them before and after', async () => {
    const current = await product(created.id)
    expect(current.units?.map((u) => u.unit).sort()).toEqual(['bottle', 'carton'])
    const edited = await admin.put<Product>('/api/pro/product/edit', {
      id: created.id,
      version: current.version,
      units: [...(current.units ?? []), { useCase: 'stock', unit: 'bottle', conversionRate: 1 }],
    })
    expect(edited.body.result.units).toHaveLength(3)
    const history = resultOf(
      await admin.get<{ before: Product | null; after: Product | null }[]>('/api/pro/product/modifyHistory', {
        id: created.id,
      }),
    )
    expect(history[0]?.before?.units).toHaveLength(2)
    expect(history[0]?.after?.units).toHaveLength(3)
  })
})

describe('product rules', () => {
  it("answers 'duplicate product code'", async () => {
    const res = await admin.post('/api/pro/product/add', newProduct(capsules, { code: 'CP-001' }))
    expect(res.status).toBe(409)
    expect(res.body).toMatchObject({ code: Errors.DuplicateProductCode.code, message: 'Duplicate product code' })
    // an edit to another product's code too; keeping its own is no clash
    const mine = resultOf(await admin.post<Product>('/api/pro/product/add', newProduct(capsules, { code: 'DUP-EDIT' })))
    const taken = await admin.put('/api/pro/product/edit', { id: mine.id, version: mine.version, code: 'CP-001' })
    expect(taken.status).toBe(409)
    expect(taken.body).toMatchObject({ code: Errors.DuplicateProductCode.code, message: 'Duplicate product code' })
    const same = await admin.put<Product>('/api/pro/product/edit', {
      id: mine.id,
      version: mine.version,
      code: 'DUP-EDIT',
      description: '同一编码',
    })
    expect(same.status).toBe(200)
  })

  it('refuses the same unit twice for one use case (SPEC 5) and a base unit not converting at 1', async () => {
    const twice = await admin.post('/api/pro/product/add', {
      ...newProduct(capsules, { code: 'T-002' }),
      units: [
        { useCase: 'sale', unit: 'box', conversionRate: 6 },
        { useCase: 'sale', unit: 'box', conversionRate: 12 },
      ],
    })
    expect(twice.status).toBe(409)
    expect(twice.body).toMatchObject({
      code: Errors.DuplicateValue.code,
      result: { field: 'units.0.unit', useCase: 'sale', unit: 'box' },
    })
    const base = await admin.post('/api/pro/product/add', {
      ...newProduct(capsules, { code: 'T-002' }),
      units: [{ useCase: 'stock', unit: 'bottle', conversionRate: 2 }],
    })
    expect(base.status).toBe(400)
    expect(base.body).toMatchObject({ code: Errors.ParameterError.code, result: { field: 'units.0.conversionRate' } })
    // the same unit may serve two use cases
    const ok = await admin.post<Product>('/api/pro/product/add', {
      ...newProduct(capsules, { code: 'T-002' }),
      units: [
        { useCase: 'sale', unit: 'box', conversionRate: 6 },
        { useCase: 'purchase', unit: 'box', conversionRate: 6 },
      ],
    })
    expect(ok.status).toBe(200)
    // and on the unit screen the rule holds against the product's other units
    const dup = await admin.post('/api/pro/productUnit/add', {
      productId: ok.body.result.id,
      useCase: 'sale',
      unit: 'box',
      conversionRate: 8,
    })
    expect(dup.status).toBe(409)
  })

  it('refuses weights and days across fields on add and on edit (the product as it would stand), on their fields, in the caller’s language', async () => {
    const heavy = await admin.post('/api/pro/product/add', {
      ...newProduct(capsules, { code: 'T-004', netWeightKg: 0.09, grossWeightKg: 0.08, expiryWarningDays: 800 }),
    })
    expect(heavy.status).toBe(400)
    expect(heavy.body.result).toEqual([
      expect.objectContaining({ path: 'netWeightKg', message: 'The net weight must not exceed the gross weight' }),
      expect.objectContaining({
        path: 'expiryWarningDays',
        message: 'The expiry warning must not exceed the shelf life',
      }),
    ])
    const made = resultOf(await admin.post<Product>('/api/pro/product/add', newProduct(capsules, { code: 'T-004' })))
    // the edit sends the shelf life alone: the warning it keeps (90 days) would outlast it
    const shorter = await (await as(t, 'admin', 'zh')).put('/api/pro/product/edit', {
      id: made.id,
      version: made.version,
      shelfLifeDays: 60,
    })
    expect(shorter.status).toBe(400)
    expect(shorter.body.result).toEqual([
      expect.objectContaining({ path: 'expiryWarningDays', message: '临期预警天数不能大于保质期天数' }),
    ])
    expect((await product(made.id)).shelfLifeDays).toBe(730)
    const fine = await admin.put<Product>('/api/pro/product/edit', {
      id: made.id,
      version: made.version,
      shelfLifeDays: 60,
      expiryWarningDays: 30,
    })
    expect(fine.status).toBe(200)
  })

  it('refuses images that are not the caller’s uploads', async () => {
    const theirs = await uploadImage(director, 'theirs.png')
    const res = await admin.post('/api/pro/product/add', newProduct(capsules, { code: 'T-003', images: [theirs.id] }))
    expect(res.status).toBe(400)
  })

  it('a rejected product goes back to review when fixed; a changed definition restarts the review', async () => {
    const rejected = resultOf(await admin.get<Product>('/api/pro/product/queryByCode', { code: 'TB-005' }))
    expect(rejected.auditStatus).toBe(ApprovalStatus.Rejected)
    const fixed = await admin.put<Product>('/api/pro/product/edit', {
      id: rejected.id,
      version: rejected.version,
      labelType: 'en_id',
    })
    expect(fixed.body.result.auditStatus).toBe(ApprovalStatus.Pending)
    const progress = resultOf(await admin.get<ReviewProgress>('/api/pro/product/auditProduct', { id: rejected.id }))
    expect(progress).toMatchObject({ status: ApprovalStatus.Pending, round: 2 })

    // an approved product no branch sells: a new definition needs a new approval
    const unsold = resultOf(await admin.get<Product>('/api/pro/product/queryByCode', { code: 'PK-001' }))
    expect(unsold.auditStatus).toBe(ApprovalStatus.Approved)
    const changed = await admin.put<Product>('/api/pro/product/edit', {
      id: unsold.id,
      version: unsold.version,
      spec: '330ml',
    })
    expect(changed.body.result.auditStatus).toBe(ApprovalStatus.Pending)
  })

  it('deleting a product drops its review', async () => {
    const p = resultOf(await admin.post<Product>('/api/pro/product/add', newProduct(capsules, { code: 'T-DEL' })))
    expect((await admin.delete('/api/pro/product/delete', { id: p.id })).status).toBe(200)
    const left = await t.database.db
      .select()
      .from(reviews)
      .where(and(eq(reviews.business, 'product'), eq(reviews.objectId, p.id)))
    expect(left).toEqual([])
  })

  it('only a role with the add right creates products', async () => {
    const president2 = await as(t, 'gm_president')
    expect((await president2.post('/api/pro/product/add', newProduct(capsules, { code: 'T-004' }))).status).toBe(403)
    const page = await president2.get<Page<Product>>('/api/pro/product/list')
    expect(page.status).toBe(200)
  })
})
