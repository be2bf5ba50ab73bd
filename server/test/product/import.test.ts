import { ApprovalStatus, type Message, type Page, type Product, type ReviewProgress } from '@app/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestApp } from '../helpers/app.ts'
import { type Api, as, createProductTestApp, importProducts, importRow, listProducts, resultOf } from './helpers.ts'

let t: TestApp
let admin: Api
let director: Api
/** The product reviews waiting on the finance director, and her messages, before the imports. */
let waitingBefore: number
let messagesBefore: number
beforeAll(async () => {
  t = await createProductTestApp()
  admin = await as(t, 'admin', 'zh')
  director = await as(t, 'finance_director', 'zh')
  waitingBefore = await waitingOn(director)
  messagesBefore = (await messagesOf(director)).total
})
afterAll(async () => t?.close())

const waitingOn = async (api: Api) =>
  resultOf(await api.get<Page<unknown>>('/api/sys/todo/list', { business: 'product', pageSize: 1 })).total

const messagesOf = async (api: Api) => resultOf(await api.get<Page<Message>>('/api/sys/messages/list', { pageSize: 5 }))

describe('product import', () => {
  it('imports nothing when one row of 1 000 is bad, then all of them once it is fixed', async () => {
    const rows = Array.from({ length: 1000 }, (_, i) => importRow(i + 1))
    const bad = [...rows]
    bad[499] = [...importRow(500)]
    bad[499][3] = '不存在的分类'
    const failed = await importProducts(t.app, admin, bad)
    expect(failed).toMatchObject({ status: 'failed', total: 1000, imported: 0, failed: 1 })
    expect(failed.errorFileId).toBeTruthy()
    expect(resultOf(await listProducts(admin, { code: 'IMP-' })).total).toBe(0)

    const done = await importProducts(t.app, admin, rows)
    expect(done).toMatchObject({ status: 'done', imported: 1000, failed: 0 })
    const page = resultOf(await listProducts(admin, { code: 'IMP-' }, { pageSize: 10 }))
    expect(page.total).toBe(1000)
    // imported products wait for review like any new one
    expect(page.records.every((p) => p.auditStatus === ApprovalStatus.Pending)).toBe(true)
    const first = resultOf(await admin.get<Product>('/api/pro/product/queryByCode', { code: 'IMP-0003' }))
    expect(first).toMatchObject({ specType: 'standard', source: 'self', unit: 'bottle' })
    const gift = resultOf(
      await admin.get<Page<Product>>('/api/pro/product/list', { search: JSON.stringify({ code: 'IMP-0006' }) }),
    )
    expect(gift.records[0]).toMatchObject({ specType: 'gift', source: 'oem', unit: 'box' })
  }, 300_000)

  it("asks the first step's reviewer once for the whole workbook, and each product is reviewed on its own", async () => {
    // the first import's products wait on the finance director's step, one review each
    expect(await waitingOn(director)).toBe(waitingBefore + 1000)
    const messages = await messagesOf(director)
    expect(messages.total).toBe(messagesBefore + 1)
    expect(messages.records[0]).toMatchObject({
      title: '待审核：产品列表（1000）',
      content: '审批流程第 1 步等待您审核：IMP-0001、IMP-0002、IMP-0003 等 1000 条。',
      titleEn: 'Review needed: Product list (1000)',
      contentEn: 'Step 1 of the approval is waiting for your review: IMP-0001, IMP-0002, IMP-0003 and 997 more.',
      menuId: 'pro_product',
      params: null,
    })

    const id = resultOf(await admin.get<Product>('/api/pro/product/queryByCode', { code: 'IMP-0002' })).id
    const decided = await director.post('/api/pro/product/auditProduct', { id, decision: 'approve', note: '同意' })
    expect(decided.status).toBe(200)
    const progress = resultOf(await admin.get<ReviewProgress>('/api/pro/product/auditProduct', { id }))
    expect(progress).toMatchObject({ objectNo: 'IMP-0002', status: ApprovalStatus.UnderReview, currentStep: 2 })
    const next = resultOf(await admin.get<Product>('/api/pro/product/queryById', { id }))
    expect(next.auditStatus).toBe(ApprovalStatus.UnderReview)
    const other = resultOf(await admin.get<Product>('/api/pro/product/queryByCode', { code: 'IMP-0001' }))
    expect(other.auditStatus).toBe(ApprovalStatus.Pending)
  })

  it('asks for one imported product as for one added', async () => {
    expect(await importProducts(t.app, admin, [importRow(1, 'ONE-')])).toMatchObject({ status: 'done', imported: 1 })
    const messages = await messagesOf(director)
    expect(messages.total).toBe(messagesBefore + 2)
    expect(messages.records[0]).toMatchObject({ title: '待审核：产品列表 ONE-0001', params: { busObjNo: 'ONE-0001' } })
  })
})
