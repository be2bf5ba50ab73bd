import {
  Errors,
  OrderStatus,
  type Page,
  type ProductAttributes,
  type ReviewProgress,
  type SaleOrder,
  type SaleOrderView,
  type SellableProduct,
} from '@app/contracts'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  branches,
  departments,
  messages,
  reviewSteps,
  reviews,
  userBranches,
  userDepartments,
  users,
} from '../../src/db/schema/index.ts'
import type { TestApp } from '../helpers/app.ts'
import {
  type Api,
  addOrder,
  as,
  audit,
  branchId,
  dayFrom,
  detail,
  editForm,
  orderForm,
  orderingInMoscow,
  sellable,
} from './helpers.ts'

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

describe('placing an order', () => {
  it('offers only what the branch may order, with sale units and prices', async () => {
    expect(products).toHaveLength(3)
    for (const p of products) {
      expect(p.units.length).toBeGreaterThan(0)
      expect(p.price).toBeGreaterThan(0)
    }
  })

  it('numbers it at save (SO + day + sequence), pending review, priced and weighed', async () => {
    const { id, orderNo } = await addOrder(branchAdmin, orderForm(moscow, products))
    expect(orderNo).toMatch(/^SO\d{8}-\d{4}$/)
    const o = await detail(branchAdmin, id)
    expect(o.status).toBe(OrderStatus.PendingReview)
    expect(o.lines).toHaveLength(3)
    expect(o.lines[0]!.price).toBe(products[0]!.price)
    expect(o.lines[0]!.amount).toBeCloseTo(products[0]!.price * 10, 2)
    expect(o.totalAmount).toBeCloseTo(
      o.lines.reduce((s, l) => s + l.amount, 0),
      2,
    )
    expect(o.totalBoxes).toBe(o.lines.reduce((s, l) => s + l.boxes, 0))
    expect(o.currency).toBeTruthy()
  })

  it('offers the branches the person may order for: a branch administrator theirs, the `all` permission every enabled one', async () => {
    const mine = await branchAdmin.get<string[]>('/api/sale/order/orderableBranches')
    expect(mine.status).toBe(200)
    const managed = await t.database.db
      .select({ id: userBranches.branchId })
      .from(userBranches)
      .innerJoin(users, eq(users.id, userBranches.userId))
      .where(eq(users.username, 'branch_admin'))
    expect([...mine.body.result].sort()).toEqual(managed.map((b) => b.id).sort())
    expect(mine.body.result).toContain(moscow)
    const admin = await as(t, 'admin')
    const all = await admin.get<string[]>('/api/sale/order/orderableBranches')
    const enabled = await t.database.db.select({ id: branches.id }).from(branches).where(eq(branches.status, '1'))
    expect([...all.body.result].sort()).toEqual(enabled.map((b) => b.id).sort())
    // a branch not offered is refused on save, the field named
    const other = all.body.result.find((id) => !mine.body.result.includes(id))!
    const refused = await branchAdmin.post('/api/sale/order/add', { ...orderForm(moscow, products), branchId: other })
    expect(refused.body.code).toBe(Errors.PermissionDenied.code)
    expect(refused.body.result).toEqual({ field: 'branchId' })
  })

  it('calculates attributes and suggests a container', async () => {
    const res = await branchAdmin.post<ProductAttributes>('/api/sale/order/calculateProductAttributes', {
      lines: [{ productId: products[0]!.productId, unitId: products[0]!.units[0]!.id, quantity: 100 }],
    })
    expect(res.status).toBe(200)
    const perBox = products[0]!.units[0]!.perBox
    if (perBox) expect(res.body.result.lines[0]!.boxes).toBe(Math.ceil(100 / perBox))
    expect(res.body.result.totals.netWeightKg).toBeGreaterThan(0)
    expect(res.body.result.suggestedContainer).toBe('20ft')
  })

  it('refuses a missing product, no products, a past delivery date, a zero quantity', async () => {
    const form = orderForm(moscow, products)
    const none = await branchAdmin.post('/api/sale/order/add', { ...form, lines: [] })
    expect(none.body.code).toBe(Errors.SelectProduct.code)
    const missing = await branchAdmin.post('/api/sale/order/add', {
      ...form,
      lines: [{ ...form.lines[0]!, productId: '00000000-0000-4000-8000-000000000000' }],
    })
    expect(missing.body.code).toBe(Errors.ProductMissing.code)
    const past = await branchAdmin.post('/api/sale/order/add', { ...form, expectedDeliveryDate: dayFrom(-1) })
    expect(past.body.code).toBe(Errors.DeliveryDateInPast.code)
    const zero = await branchAdmin.post('/api/sale/order/add', { ...form, lines: [{ ...form.lines[0]!, quantity: 0 }] })
    expect(zero.status).toBe(400)
    const noAccount = await branchAdmin.post('/api/sale/order/add', { ...form, companyCode: '' })
    expect(noAccount.status).toBe(400)
  })

  it('needs the branch to have uploaded its stock', async () => {
    const admin = await as(t, 'admin')
    const saoPaulo = await branchId(t, 'BR-SAO')
    const offer = await sellable(admin, saoPaulo)
    expect(offer.length).toBeGreaterThan(0)
    const res = await admin.post('/api/sale/order/add', orderForm(saoPaulo, offer.slice(0, 1)))
    expect(res.body.code).toBe(Errors.UploadBranchStock.code)
  })

  it('is refused for a branch the user does not manage', async () => {
    const saoPaulo = await branchId(t, 'BR-SAO')
    const res = await branchAdmin.post('/api/sale/order/add', orderForm(saoPaulo, products))
    expect(res.status).toBe(403)
  })
})

describe('its review', () => {
  it('goes 100801 -> 100802 -> 100803 as the steps approve; reviewers are told', async () => {
    const { id, orderNo } = await addOrder(branchAdmin, orderForm(moscow, products))
    const [told] = await t.database.db.select().from(messages).where(eq(messages.menuId, 'sale_order'))
    expect(told).toBeTruthy()
    const firstStepMessages = (await t.database.db.select().from(messages)).filter(
      (m) => (m.params as { busObjNo?: string } | null)?.busObjNo === orderNo,
    )
    expect(firstStepMessages.length).toBeGreaterThan(0)
    expect((await audit(finance, id, 'approve')).body.code).toBe(Errors.OnlyCurrentReviewer.code)
    // a reviewer whose data scope is their own department finds the order in the list
    const listed = await finance.get<Page<SaleOrder>>('/api/sale/order/list', { search: JSON.stringify({ orderNo }) })
    expect(listed.body.result.total).toBe(1)
    expect((await audit(region, id, 'approve')).status).toBe(200)
    expect((await detail(branchAdmin, id)).status).toBe(OrderStatus.UnderReview)
    expect((await audit(finance, id, 'approve')).status).toBe(200)
    expect((await audit(gm, id, 'approve')).status).toBe(200)
    expect((await detail(branchAdmin, id)).status).toBe(OrderStatus.PendingDelivery)
  })

  it('its progress shows each step as it is decided, to the submitter and to its reviewers', async () => {
    const { id } = await addOrder(branchAdmin, orderForm(moscow, products))
    const progress = async (api: Api) => {
      const res = await api.get<ReviewProgress | null>('/api/sale/order/progress', { id })
      expect(res.status).toBe(200)
      return res.body.result!
    }
    const submitted = await progress(branchAdmin)
    expect(submitted).toMatchObject({ objectId: id, status: '0', round: 1, currentStep: 1, history: [] })
    expect(submitted.steps.map((s) => s.isAudit)).toEqual([0, 0, 0])
    expect((await audit(region, id, 'approve', 'fine')).status).toBe(200)
    // the next step's reviewer reads it as the submitter does
    for (const api of [branchAdmin, finance]) {
      const one = await progress(api)
      expect(one.currentStep).toBe(2)
      expect(one.steps.map((s) => [s.isAudit, s.decision])).toEqual([
        [1, 'approve'],
        [0, null],
        [0, null],
      ])
      expect(one.history).toMatchObject([{ round: 1, stepNo: 1, decision: 'approve', note: 'fine' }])
      expect(one.history[0]!.realname).toBeTruthy()
    }
    expect((await audit(finance, id, 'approve')).status).toBe(200)
    expect((await audit(gm, id, 'approve')).status).toBe(200)
    const approved = await progress(gm)
    expect(approved.status).toBe('2')
    expect(approved.steps.every((s) => s.isAudit === 1)).toBe(true)
    const unknown = await branchAdmin.get('/api/sale/order/progress', { id: '00000000-0000-4000-8000-000000000000' })
    expect(unknown.body.code).toBe(Errors.OrderNotFound.code)
  })

  it('a reviewer taken out of the step’s department stops finding and deciding the order at once, and does both when back', async () => {
    const { id, orderNo } = await addOrder(branchAdmin, orderForm(moscow, products))
    // finance's step is the current one
    expect((await audit(region, id, 'approve')).status).toBe(200)
    const listed = async () =>
      (await finance.get<Page<SaleOrder>>('/api/sale/order/list', { search: JSON.stringify({ orderNo }) })).body.result
        .total
    expect(await listed()).toBe(1)
    // the department of finance's step, and finance's membership of it
    const [step] = await t.database.db
      .select({ deptCode: reviewSteps.deptCode })
      .from(reviewSteps)
      .innerJoin(reviews, eq(reviews.id, reviewSteps.reviewId))
      .where(and(eq(reviews.objectId, id), eq(reviewSteps.roleCode, 'branch_finance')))
    const [member] = await t.database.db
      .select({ userId: userDepartments.userId, departId: userDepartments.departId })
      .from(userDepartments)
      .innerJoin(departments, eq(departments.id, userDepartments.departId))
      .innerJoin(users, eq(users.id, userDepartments.userId))
      .where(and(eq(users.username, 'branch_finance'), eq(departments.orgCode, step!.deptCode!)))
    expect(member).toBeTruthy()
    // straight in the database, as an administrator's change on another instance would come:
    // the remembered principal is forgotten on the change's notice, the next list no longer shows it
    await t.database.db
      .delete(userDepartments)
      .where(and(eq(userDepartments.userId, member!.userId), eq(userDepartments.departId, member!.departId)))
    await expect.poll(listed).toBe(0)
    // the decision goes by the same remembered memberships: the role without the department is refused
    expect((await audit(finance, id, 'approve')).body.code).toBe(Errors.ReviewerMismatch.code)
    await t.database.db.insert(userDepartments).values(member!)
    await expect.poll(listed).toBe(1)
    expect((await audit(finance, id, 'approve')).status).toBe(200)
  })

  it('a rejection ends at 100804; the submitter edits and it goes back to 100801', async () => {
    const { id } = await addOrder(branchAdmin, orderForm(moscow, products))
    expect((await audit(region, id, 'reject', '')).body.code).toBe(Errors.ReviewNoteRequired.code)
    expect((await audit(region, id, 'reject', 'too much')).status).toBe(200)
    const rejected = await detail(branchAdmin, id)
    expect(rejected.status).toBe(OrderStatus.Rejected)
    const form = editForm(rejected)
    const unchanged = await branchAdmin.post('/api/sale/order/edit', form)
    expect(unchanged.body.code).toBe(Errors.OrderUnchanged.code)
    const res = await branchAdmin.post<SaleOrder>('/api/sale/order/edit', {
      ...form,
      lines: form.lines.map((l, i) => (i === 0 ? { ...l, quantity: l.quantity - 1 } : l)),
    })
    expect(res.status).toBe(200)
    expect(res.body.result.status).toBe(OrderStatus.PendingReview)
    const stale = await branchAdmin.post('/api/sale/order/edit', { ...form, remark: 'again' })
    expect(stale.status).toBe(409)
    expect(stale.body.code).toBe(Errors.DataChanged.code)
  })

  it('under review it cannot be edited; approved it needs confirmation and is reviewed again', async () => {
    const { id } = await addOrder(branchAdmin, orderForm(moscow, products))
    expect((await audit(region, id, 'approve')).status).toBe(200)
    const underReview = await detail(branchAdmin, id)
    const refused = await branchAdmin.post('/api/sale/order/edit', { ...editForm(underReview), remark: 'x' })
    expect(refused.body.code).toBe(Errors.OrderUnderReview.code)
    await audit(finance, id, 'approve')
    await audit(gm, id, 'approve')
    const approved = await detail(branchAdmin, id)
    const unconfirmed = await branchAdmin.post('/api/sale/order/edit', { ...editForm(approved), remark: 'changed' })
    expect(unconfirmed.body.code).toBe(Errors.ConfirmReviewRequired.code)
    const confirmed = await branchAdmin.post<SaleOrder>('/api/sale/order/edit', {
      ...editForm(approved),
      remark: 'changed',
      confirmReview: true,
    })
    expect(confirmed.status).toBe(200)
    expect(confirmed.body.result.status).toBe(OrderStatus.PendingReview)
    type Side = { remark: string; lines: { lineNo: number; product: string; quantity: number }[] }
    const history = await branchAdmin.get<{ operation: string; before: Side | null; after: Side | null }[]>(
      '/api/sale/order/modifyHistory',
      { id },
    )
    expect(history.status).toBe(200)
    const edit = history.body.result.find((h) => h.operation === 'sale_order:edit')
    expect(edit?.before?.remark).toBe('test order')
    // the save's entry names each line's product by its code and name, as every entry does
    const added = history.body.result.find((h) => h.operation === 'sale_order:add')
    expect(added?.before).toBeNull()
    expect(added?.after?.lines.map((l) => [l.lineNo, l.product, l.quantity])).toEqual(
      products.map((p, i) => [i + 1, `${p.code} ${p.name}`, [10, 20, 30][i]]),
    )
    expect(edit?.before?.lines.map((l) => l.product)).toEqual(added?.after?.lines.map((l) => l.product))
  })

  it('deletes directly before any decision and when rejected, not once decided on', async () => {
    const a = await addOrder(branchAdmin, orderForm(moscow, products))
    expect((await branchAdmin.delete('/api/sale/order/delete', { id: a.id })).status).toBe(200)
    const list = await branchAdmin.get<Page<SaleOrder>>('/api/sale/order/list', {
      search: JSON.stringify({ orderNo: a.orderNo }),
    })
    expect(list.body.result.total).toBe(0)
    const b = await addOrder(branchAdmin, orderForm(moscow, products))
    await audit(region, b.id, 'approve')
    expect((await branchAdmin.delete('/api/sale/order/delete', { id: b.id })).body.code).toBe(
      Errors.OnlyUnreviewedDeletable.code,
    )
    await audit(finance, b.id, 'reject', 'no')
    expect((await branchAdmin.delete('/api/sale/order/delete', { id: b.id })).status).toBe(200)
  })

  it('a sub-flow request holds the step until it is answered', async () => {
    const chief = await as(t, 'logistics_chief')
    const { id } = await addOrder(branchAdmin, orderForm(moscow, products))
    await audit(region, id, 'approve')
    const notReviewer = await region.post('/api/sale/subApply/add', {
      orderId: id,
      roleCode: 'logistics_chief',
      content: 'can we ship?',
    })
    expect(notReviewer.body.code).toBe(Errors.OnlyCurrentReviewer.code)
    const asked = await finance.post<{ id: string; status: string }>('/api/sale/subApply/add', {
      orderId: id,
      roleCode: 'logistics_chief',
      deptCode: 'A01A01',
      content: 'can we ship in time?',
    })
    expect(asked.status).toBe(200)
    expect((await audit(finance, id, 'approve')).body.code).toBe(Errors.SubProcessUnfinished.code)
    const mine = await chief.get<Page<{ id: string; orderNo: string }>>('/api/sale/subApply/list')
    expect(mine.body.result.records.map((r) => r.id)).toContain(asked.body.result.id)
    expect((await region.get<Page<unknown>>('/api/sale/subApply/list')).body.result.total).toBe(0)
    // the asked role may read the order it is asked about, also as its modal opens it
    expect((await chief.get('/api/sale/order/queryById', { id })).status).toBe(200)
    const view = await chief.get<SaleOrderView>('/api/sale/order/view', { id })
    expect(view.status).toBe(200)
    expect(view.body.result.order.id).toBe(id)
    expect(view.body.result.progress?.currentStep).toBe(2)
    const reply = await chief.post<{ status: string }>('/api/sale/subApply/reply', {
      id: asked.body.result.id,
      decision: 'approve',
      note: 'yes',
    })
    expect(reply.body.result.status).toBe('2')
    expect((await audit(finance, id, 'approve')).status).toBe(200)
  })

  it('50 parallel decisions on one step: exactly one', async () => {
    const { id } = await addOrder(branchAdmin, orderForm(moscow, products))
    const results = await Promise.all(Array.from({ length: 50 }, () => audit(region, id, 'approve')))
    expect(results.filter((r) => r.status === 200)).toHaveLength(1)
    for (const r of results.filter((x) => x.status !== 200)) expect(r.status).toBe(409)
    expect((await detail(branchAdmin, id)).status).toBe(OrderStatus.UnderReview)
  })
})

describe('in the review centre', () => {
  it('lists orders waiting for the reviewer; batch approval moves each order on', async () => {
    const a = await addOrder(branchAdmin, orderForm(moscow, products))
    const b = await addOrder(branchAdmin, orderForm(moscow, products))
    const todo = await region.get<Page<{ id: string; objectNo: string; business: string }>>('/api/audit/detail/list', {
      business: 'sale_order',
      pageSize: 100,
    })
    const waiting = todo.body.result.records.filter((r) => [a.orderNo, b.orderNo].includes(r.objectNo ?? ''))
    expect(waiting).toHaveLength(2)
    const res = await region.post<{ success: boolean }[]>('/api/audit/detail/batchApprove', {
      ids: waiting.map((w) => w.id).join(','),
      note: 'batch',
    })
    expect(res.body.result.every((r) => r.success)).toBe(true)
    expect((await detail(branchAdmin, a.id)).status).toBe(OrderStatus.UnderReview)
    expect((await detail(branchAdmin, b.id)).status).toBe(OrderStatus.UnderReview)
  })

  it('past its time limit a step answers 202078', async () => {
    const { id } = await addOrder(branchAdmin, orderForm(moscow, products))
    const [review] = await t.database.db
      .select()
      .from(reviews)
      .where(and(eq(reviews.business, 'sale_order'), eq(reviews.objectId, id)))
    await t.database.db.update(reviewSteps).set({ timeLimitHours: 1 }).where(eq(reviewSteps.reviewId, review!.id))
    await t.database.db
      .update(reviews)
      .set({ stepStartedAt: new Date(Date.now() - 2 * 3_600_000) })
      .where(eq(reviews.id, review!.id))
    expect((await audit(region, id, 'approve')).body.code).toBe(Errors.ReviewTimeExpired.code)
    expect((await detail(branchAdmin, id)).status).toBe(OrderStatus.PendingReview)
  })
})

describe('data scope', () => {
  it('a branch_admin who did not place an order, and a user of another department, get nothing', async () => {
    const { id, orderNo } = await addOrder(branchAdmin, orderForm(moscow, products))
    const other = await as(t, 'finance_admin')
    const res = await other.get('/api/sale/order/queryById', { id })
    expect([403, 404]).toContain(res.status)
    for (const path of ['/api/sale/order/view', '/api/sale/order/progress'])
      expect([403, 404]).toContain((await other.get(path, { id })).status)
    const list = await other.get<Page<SaleOrder>>('/api/sale/order/list', { search: JSON.stringify({ orderNo }) })
    expect(list.status === 403 || list.body.result.total === 0).toBe(true)
    const history = await other.get('/api/sale/order/modifyHistory', { id })
    expect([403, 404]).toContain(history.status)
  })
})
