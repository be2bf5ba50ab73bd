import {
  Errors,
  OrderStatus,
  type Page,
  type SaleOrder,
  type SaleOrderAbilities,
  type SellableProduct,
} from '@app/contracts'
import { eq } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { operationLogs } from '../../src/db/schema/index.ts'
import { addUser, signIn } from '../approval/fixtures.ts'
import type { TestApp } from '../helpers/app.ts'
import { PNG, postForm } from '../product/helpers.ts'
import { type Api, addOrder, as, audit, detail, editForm, orderForm, orderingInMoscow } from './helpers.ts'

let t: TestApp
let branchAdmin: Api
let region: Api
let finance: Api
let gm: Api
let moscow: string
let products: SellableProduct[]

beforeAll(async () => {
  ;({ t, branchAdmin, moscow, products } = await orderingInMoscow())
  region = await as(t, 'region_president')
  finance = await as(t, 'branch_finance')
  gm = await as(t, 'gm_president')
})
afterAll(async () => t?.close())

/** A minimal PDF (file-type reads `%PDF-`). */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n')

const approved = async () => {
  const order = await addOrder(branchAdmin, orderForm(moscow, products))
  for (const api of [region, finance, gm]) expect((await audit(api, order.id, 'approve')).status).toBe(200)
  return order
}

const abilities = async (api: Api, id: string) =>
  (await api.get<SaleOrderAbilities>('/api/sale/order/abilities', { id })).body.result

describe('reviewer changes', () => {
  it('a step that allows it lowers a quantity and removes a line; history keeps it, the submitter is told', async () => {
    const { id } = await addOrder(branchAdmin, orderForm(moscow, products))
    await audit(region, id, 'approve')
    const o = await detail(finance, id)
    expect((await abilities(finance, id)).reviewAdjust).toBe(true)
    const raise = await finance.post('/api/sale/order/reviewAdjust', {
      id,
      version: o.version,
      lines: [{ lineId: o.lines[0]!.id, quantity: o.lines[0]!.quantity + 1 }],
    })
    expect(raise.body.code).toBe(Errors.ReduceRule.code)
    const res = await finance.post<SaleOrder>('/api/sale/order/reviewAdjust', {
      id,
      version: o.version,
      lines: [
        { lineId: o.lines[0]!.id, quantity: 4 },
        { lineId: o.lines[2]!.id, quantity: 0 },
      ],
      note: 'budget',
    })
    expect(res.status).toBe(200)
    const after = await detail(branchAdmin, id)
    expect(after.lines.map((l) => l.quantity)).toEqual([4, o.lines[1]!.quantity])
    expect(after.totalAmount).toBeCloseTo(
      after.lines.reduce((s, l) => s + l.amount, 0),
      2,
    )
    expect(after.status).toBe(OrderStatus.UnderReview)
    const history = await branchAdmin.get<{ operation: string }[]>('/api/sale/order/modifyHistory', { id })
    expect(history.body.result.map((h) => h.operation)).toContain('sale_order:reviewAdjust')
    const unread = await branchAdmin.get<Page<{ title: string }>>('/api/sys/messages/list', { readFlag: 0 })
    expect(unread.body.result.records.some((m) => m.title.includes(o.orderNo))).toBe(true)
  })

  it('other steps refuse (SPEC 6 some roles cannot adjust order products)', async () => {
    const { id } = await addOrder(branchAdmin, orderForm(moscow, products))
    const o = await detail(region, id)
    expect((await abilities(region, id)).reviewAdjust).toBe(false)
    const res = await region.post('/api/sale/order/reviewAdjust', {
      id,
      version: o.version,
      lines: [{ lineId: o.lines[0]!.id, quantity: 1 }],
    })
    expect(res.body.code).toBe(Errors.CannotAdjustProducts.code)
    const notReviewer = await gm.post('/api/sale/order/reviewAdjust', {
      id,
      version: o.version,
      lines: [{ lineId: o.lines[0]!.id, quantity: 1 }],
    })
    expect(notReviewer.body.code).toBe(Errors.OnlyCurrentReviewer.code)
  })
})

describe('deleting an approved order', () => {
  it('only the order centre may ask; approved on the order_delete flow, the order leaves the list', async () => {
    const { id, orderNo } = await approved()
    expect((await branchAdmin.post('/api/sale/order/applyDelete', { id, reason: 'x' })).status).toBe(403)
    expect((await branchAdmin.delete('/api/sale/order/delete', { id })).body.code).toBe(
      Errors.OnlyUnreviewedDeletable.code,
    )
    const logistics = await as(t, 'logistics_admin')
    expect((await abilities(logistics, id)).applyDelete).toBe(true)
    const asked = await logistics.post<{ id: string }>('/api/sale/order/applyDelete', {
      id,
      reason: 'customer cancelled',
    })
    expect(asked.status).toBe(200)
    const again = await logistics.post('/api/sale/order/applyDelete', { id, reason: 'again' })
    expect(again.body.code).toBe(Errors.DuplicatePendingApplication.code)
    const requestId = asked.body.result.id
    // the request is in the operation log, and its review's start beside it
    const logged = await t.database.db
      .select({ operation: operationLogs.operation, label: operationLogs.objectLabel, after: operationLogs.after })
      .from(operationLogs)
      .where(eq(operationLogs.objectId, requestId))
    expect(logged.find((l) => l.operation === 'sale_order:applyDelete')).toMatchObject({
      label: orderNo,
      after: { id: requestId, orderId: id, reason: 'customer cancelled', status: '0' },
    })
    expect(logged.find((l) => l.operation === 'approval:start')?.after).toMatchObject({ round: 1 })
    const requests = await gm.get<Page<{ id: string; orderNo: string }>>('/api/sale/orderDelete/list')
    expect(requests.body.result.records.map((r) => r.orderNo)).toContain(orderNo)
    // the first reviewer sees it too, though the requester works in another department
    const forRegion = await region.get<Page<{ orderNo: string }>>('/api/sale/orderDelete/list')
    expect(forRegion.status, JSON.stringify(forRegion.body)).toBe(200)
    expect(forRegion.body.result.records.map((r) => r.orderNo)).toContain(orderNo)
    const forOther = await (await as(t, 'finance_admin')).get<Page<{ orderNo: string }>>('/api/sale/orderDelete/list')
    expect(forOther.status === 403 || !forOther.body.result.records.some((r) => r.orderNo === orderNo)).toBe(true)
    // its review's progress is read as the request is: by the reviewer, not by a president of
    // another department (the same role, neither the request's scope nor its step's department)
    expect((await region.get('/api/sale/orderDelete/progress', { id: requestId })).status).toBe(200)
    await addUser(t.database.db, 'region_president_other', ['region_president'], ['A01A07'])
    const otherPresident = await signIn(t.app, 'region_president_other')
    for (const path of ['/api/sale/orderDelete/queryById', '/api/sale/orderDelete/progress'])
      expect((await otherPresident.get(path, { id: requestId })).status).toBe(404)
    expect(
      (await gm.post('/api/sale/orderDelete/audit', { id: requestId, decision: 'approve', note: 'ok' })).body.code,
    ).toBe(Errors.OnlyCurrentReviewer.code)
    expect(
      (await region.post('/api/sale/orderDelete/audit', { id: requestId, decision: 'approve', note: 'ok' })).status,
    ).toBe(200)
    expect(
      (await gm.post('/api/sale/orderDelete/audit', { id: requestId, decision: 'approve', note: 'ok' })).status,
    ).toBe(200)
    const list = await gm.get<Page<SaleOrder>>('/api/sale/order/list', { search: JSON.stringify({ orderNo }) })
    expect(list.body.result.total).toBe(0)
    expect((await gm.get('/api/sale/order/queryById', { id })).status).toBe(404)
    // the cancellation is in the order's history
    const admin = await as(t, 'admin')
    const log = await admin.get<Page<{ operation: string; objectId: string }>>('/api/sys/log/list', {
      search: JSON.stringify({ objectId: id }),
      pageSize: 50,
    })
    expect(log.status).toBe(200)
  })
})

describe('attachments', () => {
  it('a PDF attached at save is readable by the reviewers and not by another department', async () => {
    const up = await postForm<{ id: string; mime: string }>(
      branchAdmin,
      '/api/file/upload',
      { name: 'coa.pdf', bytes: PDF },
      { accept: 'document' },
    )
    expect(up.status).toBe(200)
    expect(up.body.result.mime).toBe('application/pdf')
    const img = await postForm<{ id: string }>(branchAdmin, '/api/file/upload', { name: 'label.png', bytes: PNG })
    const { id } = await addOrder(branchAdmin, {
      ...orderForm(moscow, products),
      attachmentIds: [up.body.result.id, img.body.result.id],
    })
    const o = await detail(branchAdmin, id)
    expect(o.attachments.map((a) => a.name).sort()).toEqual(['coa.pdf', 'label.png'])
    const byReviewer = await region.get('/api/file/downloadById', { attachId: up.body.result.id })
    expect(byReviewer.status).toBe(200)
    expect(byReviewer.raw.subarray(0, 5).toString()).toBe('%PDF-')
    const other = await as(t, 'finance_admin')
    expect((await other.get('/api/file/downloadById', { attachId: up.body.result.id })).status).toBe(403)
    // an edit that lists both keeps them; one that leaves out the PDF lets it go
    const same = await branchAdmin.post('/api/sale/order/edit', { ...editForm(o), remark: 'the same files' })
    expect(same.status).toBe(200)
    const kept = await detail(branchAdmin, id)
    expect(kept.attachments.map((a) => a.name).sort()).toEqual(['coa.pdf', 'label.png'])
    const fewer = await branchAdmin.post('/api/sale/order/edit', {
      ...editForm(kept),
      attachmentIds: [img.body.result.id],
    })
    expect(fewer.status).toBe(200)
    expect((await detail(branchAdmin, id)).attachments.map((a) => a.name)).toEqual(['label.png'])
    expect((await region.get('/api/file/downloadById', { attachId: up.body.result.id })).status).toBe(403)
    // someone else's upload cannot be attached
    const foreign = await postForm<{ id: string }>(region, '/api/file/upload', { name: 'x.png', bytes: PNG })
    const refused = await branchAdmin.post('/api/sale/order/add', {
      ...orderForm(moscow, products),
      attachmentIds: [foreign.body.result.id],
    })
    expect(refused.body.code).toBe(Errors.FileNotFound.code)
  })

  it('a file that is neither image nor PDF is refused', async () => {
    const res = await postForm(
      branchAdmin,
      '/api/file/upload',
      { name: 'x.txt', bytes: Buffer.from('hello') },
      { accept: 'document' },
    )
    expect(res.status).toBe(400)
  })
})

describe('draft box', () => {
  it('keeps one draft per user until cleared', async () => {
    expect((await branchAdmin.get('/api/sale/order/getOrderDraft')).body.result).toBeNull()
    await branchAdmin.post('/api/sale/order/saveOrderDraft', { draft: { remark: 'first' } })
    await branchAdmin.post('/api/sale/order/saveOrderDraft', { draft: { remark: 'second', lines: [] } })
    const kept = await branchAdmin.get<{ draft: { remark: string } }>('/api/sale/order/getOrderDraft')
    expect(kept.body.result.draft.remark).toBe('second')
    const admin = await as(t, 'admin')
    expect((await admin.get('/api/sale/order/getOrderDraft')).body.result).toBeNull()
    await branchAdmin.post('/api/sale/order/clearOrderDraft')
    expect((await branchAdmin.get('/api/sale/order/getOrderDraft')).body.result).toBeNull()
  })
})

describe('export', () => {
  it("writes the caller's orders only", async () => {
    const { orderNo } = await addOrder(branchAdmin, orderForm(moscow, products))
    const other = await as(t, 'finance_admin')
    const res = await other.get('/api/sale/order/exportXls')
    if (res.status === 200) {
      const wb = new ExcelJS.Workbook()
      await wb.xlsx.load(res.raw as unknown as ArrayBuffer)
      const cells = wb.worksheets.flatMap((s) => s.getSheetValues().flat().map(String))
      expect(cells).not.toContain(orderNo)
    } else expect([400, 403]).toContain(res.status)
    const mine = await branchAdmin.get('/api/sale/order/exportXls')
    expect(mine.status).toBe(200)
    const wb = new ExcelJS.Workbook()
    await wb.xlsx.load(mine.raw as unknown as ArrayBuffer)
    const cells = wb.worksheets.flatMap((s) => s.getSheetValues().flat().map(String))
    expect(cells).toContain(orderNo)
    // the second sheet holds the orders' lines
    const lines = wb.worksheets[1]!
    expect(lines.name).toBe('Order lines')
    const rows = lines.getSheetValues().filter((r) => Array.isArray(r) && r[1] === orderNo)
    expect(rows).toHaveLength(3)
  })
})
