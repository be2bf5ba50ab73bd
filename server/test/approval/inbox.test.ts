import {
  AuditBusiness,
  type BatchApproveResult,
  Errors,
  type Page,
  type ReviewItem,
  type ReviewProgress,
  RoleCode,
} from '@app/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { reviews } from '../../src/db/schema/index.ts'
import { createTestApp, type TestApp } from '../helpers/app.ts'
import { type Api, addUser, decide, putFlowInForce, signIn, step, submit, userIdOf } from './fixtures.ts'

let t: TestApp
let admin: Api
let rp: Api
let bf: Api
let gm: Api
const id: Record<string, string> = {}

/** Two businesses whose first step is the overseas regional president's. */
const saleOrders: Awaited<ReturnType<typeof submit>>[] = []
const products: Awaited<ReturnType<typeof submit>>[] = []

beforeAll(async () => {
  t = await createTestApp()
  admin = await signIn(t.app, 'admin')
  rp = await signIn(t.app, 'region_president')
  bf = await signIn(t.app, 'branch_finance')
  gm = await signIn(t.app, 'gm_president')
  for (const u of ['branch_admin', 'region_president']) id[u] = await userIdOf(t.database.db, u)
  // the inbox counts below are of this file's reviews only: the demo's seeded reviews go first
  await t.database.db.delete(reviews)
  await putFlowInForce(
    admin,
    AuditBusiness.SaleOrder,
    [
      step(RoleCode.RegionPresident, 'A01A02'),
      step(RoleCode.BranchFinance, 'A01A05'),
      step(RoleCode.GmPresident, 'A01A03'),
    ],
    { forbidSelfApproval: true },
  )
  await putFlowInForce(admin, AuditBusiness.Product, [
    step(RoleCode.RegionPresident, 'A01A02'),
    step(RoleCode.GmPresident, 'A01A03'),
  ])
  const sub = { userId: id.branch_admin!, orgCode: 'A01A02' }
  for (let i = 0; i < 3; i++) saleOrders.push(await submit(t.app, AuditBusiness.SaleOrder, sub))
  for (let i = 0; i < 2; i++) products.push(await submit(t.app, AuditBusiness.Product, sub))
})
afterAll(async () => t?.close())

const todo = async (api: Api, query: Record<string, string | number> = {}) =>
  (await api.get<Page<ReviewItem>>('/api/sys/todo/list', query)).body.result

describe('the inbox (/sys/todo/list)', () => {
  it("lists the caller's pending reviews across businesses, paged", async () => {
    const mine = await todo(rp)
    expect(mine.total).toBe(5)
    expect(new Set(mine.records.map((r) => r.business))).toEqual(new Set(['sale_order', 'product']))
    expect(mine.records[0]).toMatchObject({
      currentStep: 1,
      roleCode: RoleCode.RegionPresident,
      deptCode: 'A01A02',
      departName: 'Overseas department',
      roleName: 'Regional president',
      submitterId: id.branch_admin,
      submitterName: '王磊',
      expired: false,
      deadline: null,
    })
    const page = await todo(rp, { pageNo: 2, pageSize: 2 })
    expect(page).toMatchObject({ total: 5, size: 2, current: 2, pages: 3 })
    expect(page.records).toHaveLength(2)
    expect((await todo(rp, { business: 'product' })).total).toBe(2)
    // later steps' reviewers have nothing yet
    expect((await todo(gm)).total).toBe(0)
    expect((await todo(bf)).total).toBe(0)
  })

  it('moves a review to the next reviewer once decided', async () => {
    const first = saleOrders[0]!
    await decide(rp, { id: first.reviewId, decision: 'approve' })
    expect((await todo(rp)).records.map((r) => r.id)).not.toContain(first.reviewId)
    expect((await todo(bf)).records.map((r) => r.id)).toEqual([first.reviewId])
  })

  it('leaves out what the caller submitted when self-approval is banned', async () => {
    const own = await submit(t.app, AuditBusiness.SaleOrder, { userId: id.region_president!, orgCode: 'A01A02' })
    expect((await todo(rp)).records.map((r) => r.id)).not.toContain(own.reviewId)
  })

  it('holds every step of each role in each department of the caller, however many pairs they make', async () => {
    // the first step's and the second step's role, in the first step's department and the second
    // one's (four pairs), then in a third department too (six)
    const roles = [RoleCode.RegionPresident, RoleCode.BranchFinance]
    await addUser(t.database.db, 'inbox.first', [RoleCode.RegionPresident], ['A01A02'])
    const first = await signIn(t.app, 'inbox.first')
    const atFirst = (await todo(first, { pageSize: 50 })).records.map((r) => r.id)
    const atSecond = (await todo(bf, { pageSize: 50 })).records.map((r) => r.id)
    expect(atFirst.length).toBeGreaterThan(0)
    expect(atSecond.length).toBeGreaterThan(0)
    await addUser(t.database.db, 'inbox.both', roles, ['A01A02', 'A01A05'])
    const both = await todo(await signIn(t.app, 'inbox.both'), { pageSize: 50 })
    expect(both.total).toBe(atFirst.length + atSecond.length)
    expect(new Set(both.records.map((r) => r.id))).toEqual(new Set([...atFirst, ...atSecond]))
    await addUser(t.database.db, 'inbox.three', roles, ['A01A02', 'A01A03', 'A01A05'])
    const three = await signIn(t.app, 'inbox.three')
    expect((await todo(three, { pageSize: 50 })).total).toBe(both.total)
    expect((await todo(three, { business: 'product' })).total).toBe((await todo(first, { business: 'product' })).total)
  })

  it('answers 401 without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/sys/todo/list' })
    expect(res.statusCode).toBe(401)
  })
})

describe('the audit detail list', () => {
  it('shows the todo tab like the inbox and the done tab with the caller’s decisions', async () => {
    const tab = (name: string) =>
      rp.get<Page<ReviewItem>>('/api/audit/detail/list', { tab: name }).then((r) => r.body.result)
    expect((await tab('todo')).total).toBe((await todo(rp)).total)
    const done = await tab('done')
    expect(done.records.map((r) => [r.id, r.myDecision])).toEqual([[saleOrders[0]!.reviewId, 'approve']])
    expect(done.records[0]?.myDecidedAt).toEqual(expect.any(String))
    const byNo = await rp.get<Page<ReviewItem>>('/api/audit/detail/list', {
      objectNo: saleOrders[1]!.objectNo!.slice(3),
    })
    expect(byNo.body.result.records.map((r) => r.id)).toEqual([saleOrders[1]!.reviewId])
  })

  it('is refused to a role without the review centre', async () => {
    const branchAdmin = await signIn(t.app, 'branch_admin')
    expect((await branchAdmin.get('/api/audit/detail/list')).status).toBe(403)
  })
})

describe('bulk approve', () => {
  it('decides each id on its own and answers per id', async () => {
    const ok1 = saleOrders[1]!.reviewId
    const ok2 = products[0]!.reviewId
    const decidedByMe = saleOrders[0]!.reviewId // rp approved step 1; it waits for branch finance now
    await putFlowInForce(admin, AuditBusiness.OrderDelete, [step(RoleCode.GmPresident, 'A01A03')])
    const notMine = (await submit(t.app, AuditBusiness.OrderDelete, { userId: id.branch_admin!, orgCode: 'A01A02' }))
      .reviewId
    const unknown = '00000000-0000-4000-8000-000000000000'
    const res = await rp.post<BatchApproveResult>('/api/audit/detail/batchApprove', {
      ids: [ok1, notMine, ok2, decidedByMe, unknown, 'garbage'].join(','),
      note: 'bulk ok',
    })
    expect(res.status).toBe(200)
    expect(res.body.result.map((r) => [r.id, r.success, r.code])).toEqual([
      [ok1, true, 200],
      [notMine, false, Errors.OnlyCurrentReviewer.code],
      [ok2, true, 200],
      [decidedByMe, false, Errors.AlreadyApproved.code],
      [unknown, false, Errors.AuditRecordNotFound.code],
      ['garbage', false, Errors.AuditRecordNotFound.code],
    ])
    expect(res.body.result[1]?.message).toBe('Only the current reviewer may act')
    const left = (await todo(rp)).records.map((r) => r.id)
    expect(left).not.toContain(ok1)
    expect(left).not.toContain(ok2)

    const again = await rp.post<BatchApproveResult>('/api/audit/detail/batchApprove', { ids: ok1, note: 'x' })
    expect(again.body.result[0]).toMatchObject({ success: false, code: Errors.AlreadyApproved.code })
  })

  it('needs a selection and a note', async () => {
    const none = await rp.post('/api/audit/detail/batchApprove', { ids: ' , ', note: 'x' })
    expect(none.status).toBe(400)
    expect(none.body.code).toBe(Errors.SelectRecord.code)
    const noNote = await rp.post<BatchApproveResult>('/api/audit/detail/batchApprove', {
      ids: saleOrders[2]!.reviewId,
    })
    expect(noNote.body.result[0]).toMatchObject({ success: false, code: Errors.ReviewNoteRequired.code })
  })
})

describe('progress of a business object', () => {
  it('shows each step with who decided, when and the note, by review id or by object', async () => {
    const target = saleOrders[0]!
    const byId = await bf.get<ReviewProgress>('/api/audit/detail/progress', { id: target.reviewId })
    expect(byId.status).toBe(200)
    expect(byId.body.result).toMatchObject({ currentStep: 2, status: '1', round: 1 })
    expect(byId.body.result.steps[0]).toMatchObject({
      stepNo: 1,
      isAudit: 1,
      decision: 'approve',
      userId: id.region_president,
      realname: '陈静',
      note: 'ok',
      roleName: 'Regional president',
    })
    expect(byId.body.result.steps[0]?.decidedAt).toEqual(expect.any(String))
    const byObject = await rp.get<ReviewProgress>('/api/audit/detail/progress', {
      business: 'sale_order',
      objectId: target.objectId,
    })
    expect(byObject.body.result.id).toBe(target.reviewId)
    const never = await rp.get('/api/audit/detail/progress', { business: 'sale_order', objectId: 'never-submitted' })
    expect(never.body.result).toBeNull()
  })

  it('is hidden from users with no part in the review, and needs a reference', async () => {
    const financeAdmin = await signIn(t.app, 'finance_admin') // may view orders, is no reviewer
    const res = await financeAdmin.get('/api/audit/detail/progress', { id: saleOrders[0]!.reviewId })
    expect(res.status).toBe(403)
    const bad = await rp.get('/api/audit/detail/progress')
    expect(bad.status).toBe(400)
  })
})
