import { OrderStatus, type Page, type SaleOrderDetail } from '@app/contracts'
import { and, count, eq, inArray } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  branches,
  branchStocks,
  departments,
  messages,
  roles,
  saleApplyModifies,
  saleOrders,
  users,
} from '../../src/db/schema/index.ts'
import { client, login, passwordOf, type TestApp } from '../helpers/app.ts'
import { createProductTestApp, PNG, postForm } from '../product/helpers.ts'
import { type Api, addOrder, as, branchId, detail, editForm, orderForm, sellable } from '../sales/helpers.ts'

/**
 * Data-scope matrix (issue 20): for every scoped resource, a user who holds the screen and its
 * buttons but is outside the record's scope — a branch administrator of another branch (personal
 * permission), a regional president of another department (department permission) — gets nothing
 * of it: not in lists, not by id, not by edit, delete, export, download or history. The records are
 * the demo data of the branch administrator (Moscow and Almaty) plus one order with an attachment.
 */

let t: TestApp
let insider: Api
let admin: Api
/** Outsiders, by name: each holds the same screens as an insider role. */
const outsiders: Record<'otherBranchAdmin' | 'otherDeptPresident', Api> = {} as never
let order: SaleOrderDetail
/** An order of the insider pending delivery (adjustable). */
let shippable: SaleOrderDetail
let attachmentId: string
let orderIds: string[]
let applyIds: string[]
let stockIds: string[]
let messageIds: string[]

const PASSWORD = 'Outsider@2026'

const idsOf = async (table: 'roles' | 'departments' | 'branches', codes: string[]) => {
  const db = t.database.db
  const rows =
    table === 'roles'
      ? await db.select({ id: roles.id }).from(roles).where(inArray(roles.roleCode, codes))
      : table === 'departments'
        ? await db.select({ id: departments.id }).from(departments).where(inArray(departments.orgCode, codes))
        : await db.select({ id: branches.id }).from(branches).where(inArray(branches.code, codes))
  expect(rows).toHaveLength(codes.length)
  return rows.map((r) => r.id)
}

const addUser = async (username: string, role: string, depart: string, branchCodes: string[]) => {
  const res = await admin.post('/api/sys/user/add', {
    username,
    realname: username,
    roleIds: await idsOf('roles', [role]),
    departIds: await idsOf('departments', [depart]),
    branchIds: branchCodes.length ? await idsOf('branches', branchCodes) : [],
    password: passwordOf(PASSWORD),
    confirmPassword: passwordOf(PASSWORD),
  })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return client(t.app, await login(t.app, username, PASSWORD), 'en')
}

const cellsOf = async (raw: Buffer) => {
  const wb = new ExcelJS.Workbook()
  await wb.xlsx.load(raw as unknown as ArrayBuffer)
  return wb.worksheets.flatMap((s) => s.getSheetValues().flat().map(String))
}

beforeAll(async () => {
  t = await createProductTestApp()
  insider = await as(t, 'branch_admin')
  admin = await as(t, 'admin')
  outsiders.otherBranchAdmin = await addUser('scope.ba.sao', 'branch_admin', 'A01A02', ['BR-SAO'])
  outsiders.otherDeptPresident = await addUser('scope.rp.gmo', 'region_president', 'A01A03', [])

  // one more order of the insider, with an attachment
  const moscow = await branchId(t, 'RU-MOW')
  const up = await postForm<{ id: string }>(insider, '/api/file/upload', { name: 'label.png', bytes: PNG })
  expect(up.status).toBe(200)
  attachmentId = up.body.result.id
  const products = (await sellable(insider, moscow)).slice(0, 2)
  const added = await addOrder(insider, { ...orderForm(moscow, products), attachmentIds: [attachmentId] })
  order = await detail(insider, added.id)

  // everything the insider reaches, as the insider's own lists answer it
  const list = async (base: string) =>
    (await insider.get<Page<{ id: string }>>(`${base}/list`, { pageSize: 500 })).body.result.records.map((r) => r.id)
  orderIds = await list('/api/sale/order')
  applyIds = await list('/api/sale/applyModify')
  const db = t.database.db
  const [pending] = await db
    .select({ id: saleOrders.id })
    .from(saleOrders)
    .where(and(inArray(saleOrders.id, orderIds), eq(saleOrders.status, OrderStatus.PendingDelivery)))
    .limit(1)
  shippable = await detail(insider, pending!.id)
  const [insiderUser] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'branch_admin'))
  stockIds = (
    await db
      .select({ id: branchStocks.id })
      .from(branchStocks)
      .where(inArray(branchStocks.branchId, await idsOf('branches', ['RU-MOW', 'KZ-ALA'])))
  ).map((r) => r.id)
  messageIds = (
    await db.select({ id: messages.id }).from(messages).where(eq(messages.recipientId, insiderUser!.id))
  ).map((r) => r.id)
})
afterAll(async () => t?.close())

const OUTSIDERS = ['otherBranchAdmin', 'otherDeptPresident'] as const

describe('the demo data the matrix runs on', () => {
  it('has records of every kind in the insider scope', () => {
    expect(orderIds.length).toBeGreaterThan(1)
    expect(orderIds).toContain(order.id)
    expect(applyIds.length).toBeGreaterThan(0)
    expect(messageIds.length).toBeGreaterThan(0)
    expect(order.attachments.map((a) => a.id)).toEqual([attachmentId])
  })
})

describe.each(OUTSIDERS)('%s, outside the scope', (who) => {
  const api = () => outsiders[who]

  const listIds = async (base: string, query: Record<string, string | number> = {}) => {
    const res = await api().get<Page<{ id: string }>>(`${base}/list`, { pageSize: 500, ...query })
    // a screen the role does not hold is refused outright, which gives away nothing either
    if (res.status === 403) return []
    expect(res.status, base).toBe(200)
    return res.body.result.records.map((r) => r.id)
  }

  it('finds none of the sales orders, deliveries or adjustment requests in lists', async () => {
    const orders = await listIds('/api/sale/order')
    expect(orders.filter((id) => orderIds.includes(id))).toEqual([])
    const deliveries = await listIds('/api/sale/delivery')
    expect(deliveries.filter((id) => orderIds.includes(id))).toEqual([])
    const applies = await listIds('/api/sale/applyModify')
    expect(applies.filter((id) => applyIds.includes(id))).toEqual([])
    // not by a search for the number either
    expect(await listIds('/api/sale/order', { search: JSON.stringify({ orderNo: order.orderNo }) })).toEqual([])
  })

  it('reads none of them by id, nor their progress, abilities, deliveries or adjustments', async () => {
    for (const id of orderIds.slice(0, 20)) {
      for (const [url, query] of [
        ['/api/sale/order/queryById', { id }],
        ['/api/sale/order/abilities', { id }],
        ['/api/sale/order/progress', { id }],
        ['/api/sale/order/syncHistory', { id }],
        ['/api/sale/delivery/deliveries', { orderId: id }],
      ] as const) {
        const res = await api().get(url, query)
        expect([403, 404], `${url} ${id}`).toContain(res.status)
      }
    }
    for (const id of applyIds) {
      const res = await api().get('/api/sale/applyModify/queryById', { id })
      expect([403, 404], id).toContain(res.status)
    }
  })

  it('cannot edit, delete or ask to adjust them, and nothing changes', async () => {
    const before = await t.database.db
      .select({ version: saleOrders.version, delFlag: saleOrders.delFlag })
      .from(saleOrders)
      .where(eq(saleOrders.id, order.id))
    const edit = await api().put('/api/sale/order/edit', { ...editForm(order), remark: 'not yours' })
    expect([403, 404], JSON.stringify(edit.body)).toContain(edit.status)
    const del = await api().delete('/api/sale/order/delete', { id: order.id })
    expect([403, 404]).toContain(del.status)
    const batch = await api().delete('/api/sale/order/deleteBatch', { ids: order.id })
    expect([403, 404, 405]).toContain(batch.status)
    // an adjustment the insider could ask for: an order pending delivery
    const adjust = await api().post('/api/sale/applyModify/add', {
      orderId: shippable.id,
      reason: 'not yours',
      lines: [{ type: 'reduce', orderLineId: shippable.lines[0]!.id, quantity: 1 }],
    })
    expect([403, 404], JSON.stringify(adjust.body)).toContain(adjust.status)
    const after = await t.database.db
      .select({ version: saleOrders.version, delFlag: saleOrders.delFlag })
      .from(saleOrders)
      .where(eq(saleOrders.id, order.id))
    expect(after).toEqual(before)
    const [asked] = await t.database.db
      .select({ n: count() })
      .from(saleApplyModifies)
      .where(and(eq(saleApplyModifies.orderId, shippable.id), eq(saleApplyModifies.reason, 'not yours')))
    expect(asked?.n).toBe(0)
  })

  it('exports none of them, even when naming them', async () => {
    for (const base of ['/api/sale/order', '/api/sale/delivery', '/api/sale/applyModify']) {
      const named = base.endsWith('applyModify') ? applyIds : orderIds
      for (const query of [{}, { selections: named.slice(0, 50).join(',') }] as Record<string, string>[]) {
        const res = await api().get(`${base}/exportXls`, query)
        if (res.status !== 200) {
          expect([400, 403, 404], `${base} ${res.status}`).toContain(res.status)
          continue
        }
        const cells = await cellsOf(res.raw)
        expect(cells, base).not.toContain(order.orderNo)
        expect(cells.some((c) => named.includes(c))).toBe(false)
      }
    }
  })

  it('downloads no attachment of them, and lists none', async () => {
    const download = await api().get('/api/file/downloadById', { attachId: attachmentId })
    expect([403, 404]).toContain(download.status)
    const listed = await api().get('/api/sys/attachment/queryByObjectIdAndDic', {
      tableDic: 'saleOrder',
      objectId: order.id,
    })
    expect([403, 404]).toContain(listed.status)
    const attach = await postForm(
      api(),
      '/api/file/upload',
      { name: 'x.png', bytes: PNG },
      { tableDic: 'saleOrder', objectId: order.id },
    )
    expect([403, 404]).toContain(attach.status)
  })

  it('reads no modify history of them, by id or in the review centre', async () => {
    const own = await api().get('/api/sale/order/modifyHistory', { id: order.id })
    expect([403, 404]).toContain(own.status)
    const centre = await api().get<Page<{ objectId: string | null }>>('/api/audit/modifyHistory/list', {
      pageSize: 500,
    })
    if (centre.status !== 403) {
      expect(centre.status).toBe(200)
      expect(centre.body.result.records.filter((r) => r.objectId && orderIds.includes(r.objectId))).toEqual([])
    }
  })

  it("finds none of the insider's branch stock", async () => {
    expect(stockIds.length).toBeGreaterThan(0)
    const rows = await listIds('/api/pro/branchStock')
    expect(rows.filter((id) => stockIds.includes(id))).toEqual([])
    const res = await api().get('/api/pro/branchStock/exportXls', { selections: stockIds.slice(0, 50).join(',') })
    if (res.status === 200) {
      const wb = new ExcelJS.Workbook()
      await wb.xlsx.load(res.raw as unknown as ArrayBuffer)
      // a title row at most
      expect(wb.worksheets[0]!.rowCount).toBeLessThanOrEqual(1)
    } else expect([400, 403, 404]).toContain(res.status)
  })

  it("reads, marks or deletes none of the insider's messages", async () => {
    const listed = await api().get<Page<{ id: string }>>('/api/sys/messages/list', { pageSize: 100 })
    expect(listed.body.result.records.filter((m) => messageIds.includes(m.id))).toEqual([])
    for (const id of messageIds.slice(0, 5)) {
      expect((await api().post('/api/sys/messages/read', { id })).status).toBe(404)
      expect((await api().delete('/api/sys/messages/delete', { id })).status).toBe(404)
    }
    await api().post('/api/sys/messages/deleteAll')
    const [left] = await t.database.db.select({ n: count() }).from(messages).where(inArray(messages.id, messageIds))
    expect(left?.n).toBe(messageIds.length)
  })

  it('changes no product it may only view', async () => {
    const products = (await admin.get<Page<{ id: string; version: number }>>('/api/pro/product/list')).body.result
      .records
    const p = products[0]!
    const edit = await api().put('/api/pro/product/edit', { id: p.id, version: p.version, name: 'not yours' })
    expect(edit.status).toBe(403)
    expect((await api().delete('/api/pro/product/delete', { id: p.id })).status).toBe(403)
    expect((await api().get('/api/pro/product/modifyHistory', { id: p.id })).status).toBe(403)
  })
})

describe('the insider, for contrast', () => {
  it('reads, exports and downloads the same records', async () => {
    expect((await insider.get('/api/sale/order/queryById', { id: order.id })).status).toBe(200)
    expect((await insider.get('/api/file/downloadById', { attachId: attachmentId })).status).toBe(200)
    expect((await insider.get('/api/sale/order/modifyHistory', { id: order.id })).status).toBe(200)
    const res = await insider.get('/api/sale/order/exportXls', { selections: order.id })
    expect(res.status).toBe(200)
    expect(await cellsOf(res.raw)).toContain(order.orderNo)
    const stock = await insider.get<Page<{ id: string }>>('/api/pro/branchStock/list', { pageSize: 500 })
    expect(stock.body.result.records.some((r) => stockIds.includes(r.id))).toBe(true)
  })
})
