import type { Page } from '@app/contracts'
import { ApprovalStatus, AuditBusiness, Errors, type ReviewItem, RoleCode } from '@app/contracts'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditConfigs, reviewSteps, reviews } from '../../src/db/schema/index.ts'
import { createTestApp, type TestApp } from '../helpers/app.ts'
import { type Api, decide, putFlowInForce, recordEvents, signIn, step, submit, userIdOf } from './fixtures.ts'

let t: TestApp
let admin: Api
let rp: Api
let gm: Api
const id: Record<string, string> = {}

beforeAll(async () => {
  t = await createTestApp()
  admin = await signIn(t.app, 'admin')
  rp = await signIn(t.app, 'region_president')
  gm = await signIn(t.app, 'gm_president')
  for (const u of ['branch_admin', 'region_president', 'gm_president']) id[u] = await userIdOf(t.database.db, u)
})
afterAll(async () => t?.close())

const byBranchAdmin = () => ({ userId: id.branch_admin!, orgCode: 'A01A02' })
const twoSteps = (timeLimitHours?: number) => [
  step(RoleCode.RegionPresident, 'A01A02', { timeLimitHours }),
  step(RoleCode.GmPresident, 'A01A03', { timeLimitHours }),
]

/** Moves the current step's start into the past, as if it had waited that long. */
const age = (reviewId: string, hours: number) =>
  t.database.db
    .update(reviews)
    .set({ stepStartedAt: sql`now() - make_interval(hours => ${hours})` })
    .where(eq(reviews.id, reviewId))

describe('the review time limit', () => {
  it('answers 202078 once a step has waited past its limit, until an administrator renews it', async () => {
    await putFlowInForce(admin, AuditBusiness.SaleOrder, twoSteps(2))
    const review = await submit(t.app, AuditBusiness.SaleOrder, byBranchAdmin())

    await age(review.reviewId, 1)
    const inTime = await decide(rp, { id: review.reviewId, decision: 'approve' })
    expect(inTime.status).toBe(200)

    // the limit counts from when step 2 became current, not from the submission
    await age(review.reviewId, 3)
    const late = await signIn(t.app, 'gm_president', 'zh')
    const expired = await decide(late, { id: review.reviewId, decision: 'approve' })
    expect(expired.status).toBe(409)
    expect(expired.body).toMatchObject({ code: 202078, message: '审核时间已过期，请联系管理员' })
    const inbox = await gm.get<Page<ReviewItem>>('/api/sys/todo/list', { pageSize: 100 })
    expect(inbox.body.result.records.find((r) => r.id === review.reviewId)).toMatchObject({ expired: true })
    // the home page counts it among the overdue ones, as the inbox marks them
    const home = await gm.get<{ reviews: { waiting: number; overdue: number } }>('/api/dashboard/analysis')
    expect(home.body.result.reviews).toEqual({
      waiting: inbox.body.result.total,
      overdue: inbox.body.result.records.filter((r) => r.expired).length,
    })
    expect(home.body.result.reviews.overdue).toBeGreaterThan(0)

    const renewed = await admin.post('/api/audit/detail/renewDeadline', { id: review.reviewId })
    expect(renewed.status).toBe(200)
    expect((await decide(gm, { id: review.reviewId, decision: 'approve' })).body.result.status).toBe(
      ApprovalStatus.Approved,
    )
  })

  it('lets only an administrator renew a deadline', async () => {
    await putFlowInForce(admin, AuditBusiness.SaleOrder, twoSteps(1))
    const review = await submit(t.app, AuditBusiness.SaleOrder, byBranchAdmin())
    const res = await rp.post('/api/audit/detail/renewDeadline', { id: review.reviewId })
    expect(res.status).toBe(403)
    expect(res.body.code).toBe(Errors.PermissionDenied.code)
  })
})

describe('the self-approval ban', () => {
  it('when on, refuses the submitter as reviewer and leaves them out of the reviewers', async () => {
    await putFlowInForce(admin, AuditBusiness.Product, twoSteps(), { forbidSelfApproval: true })
    const review = await submit(t.app, AuditBusiness.Product, { userId: id.region_president!, orgCode: 'A01A02' })
    expect(review.reviewerIds).not.toContain(id.region_president)
    const res = await decide(rp, { id: review.reviewId, decision: 'approve' })
    expect(res.status).toBe(403)
    expect(res.body.code).toBe(Errors.SelfApprovalForbidden.code)
  })

  it('when off, lets the submitter review their own submission', async () => {
    await putFlowInForce(admin, AuditBusiness.Product, twoSteps(), { forbidSelfApproval: false })
    const review = await submit(t.app, AuditBusiness.Product, { userId: id.region_president!, orgCode: 'A01A02' })
    expect(review.reviewerIds).toContain(id.region_president)
    expect((await decide(rp, { id: review.reviewId, decision: 'approve' })).status).toBe(200)
  })
})

describe('notes and stale screens', () => {
  it('requires a note to approve and a reason to reject (SPEC 5)', async () => {
    await putFlowInForce(admin, AuditBusiness.SaleOrder, twoSteps())
    const review = await submit(t.app, AuditBusiness.SaleOrder, byBranchAdmin())
    for (const [decision, note] of [
      ['reject', ''],
      ['reject', '   '],
      ['approve', ''],
    ] as const) {
      const res = await decide(rp, { id: review.reviewId, decision, note })
      expect(res.status, `${decision} '${note}'`).toBe(400)
      expect(res.body.code).toBe(Errors.ReviewNoteRequired.code)
    }
    const missing = await rp.post('/api/audit/detail/audit', { id: review.reviewId, decision: 'reject' })
    expect(missing.body.code).toBe(Errors.ReviewNoteRequired.code)
    const [row] = await t.database.db.select().from(reviews).where(eq(reviews.id, review.reviewId))
    expect(row).toMatchObject({ currentStep: 1, version: review.version })
  })

  it('answers "review failed, refresh" to a decision made on an old version', async () => {
    await putFlowInForce(admin, AuditBusiness.SaleOrder, twoSteps())
    const review = await submit(t.app, AuditBusiness.SaleOrder, byBranchAdmin())
    const res = await decide(rp, { id: review.reviewId, decision: 'approve', version: review.version - 1 })
    expect(res.status).toBe(409)
    expect(res.body.code).toBe(Errors.ReviewFailed.code)
  })

  it('answers "review record not found" for an unknown review and a business without a flow', async () => {
    const res = await decide(rp, { id: '00000000-0000-4000-8000-000000000000', decision: 'approve' })
    expect(res.status).toBe(404)
    expect(res.body.code).toBe(Errors.AuditRecordNotFound.code)
    await t.database.db.update(auditConfigs).set({ status: '0' }).where(eq(auditConfigs.business, 'order_delete'))
    await expect(submit(t.app, AuditBusiness.OrderDelete, byBranchAdmin())).rejects.toMatchObject({
      entry: Errors.AuditRecordNotFound,
    })
  })
})

describe('domain events', () => {
  it('announce who must review next, each decision and whether it is final', async () => {
    await putFlowInForce(admin, AuditBusiness.SaleOrder, twoSteps())
    const events = recordEvents(t.app)
    const review = await submit(t.app, AuditBusiness.SaleOrder, byBranchAdmin())
    await decide(gm, { id: review.reviewId, decision: 'approve' }) // refused: no event
    await decide(rp, { id: review.reviewId, decision: 'approve', note: 'ok 1' })
    await decide(gm, { id: review.reviewId, decision: 'approve', note: 'ok 2' })
    const rejected = await submit(t.app, AuditBusiness.SaleOrder, byBranchAdmin())
    await decide(rp, { id: rejected.reviewId, decision: 'reject', note: 'no' })
    events.stop()

    const about = { business: AuditBusiness.SaleOrder, submitterId: id.branch_admin }
    expect(events.seen).toEqual([
      {
        type: 'approval.reviewNeeded',
        reviewId: review.reviewId,
        objectId: review.objectId,
        objectNo: expect.any(String),
        stepNo: 1,
        reviewerIds: [id.region_president],
        ...about,
      },
      {
        type: 'approval.approved',
        reviewId: review.reviewId,
        objectId: review.objectId,
        objectNo: expect.any(String),
        stepNo: 1,
        final: false,
        // the review as the decision left it: under review, approved, rejected
        reviewStatus: ApprovalStatus.UnderReview,
        decidedBy: id.region_president,
        note: 'ok 1',
        // the step it made current, with who must review it now
        next: { stepNo: 2, reviewerIds: [id.gm_president] },
        ...about,
      },
      {
        type: 'approval.approved',
        reviewId: review.reviewId,
        objectId: review.objectId,
        objectNo: expect.any(String),
        stepNo: 2,
        final: true,
        reviewStatus: ApprovalStatus.Approved,
        decidedBy: id.gm_president,
        note: 'ok 2',
        ...about,
      },
      {
        type: 'approval.reviewNeeded',
        reviewId: rejected.reviewId,
        objectId: rejected.objectId,
        objectNo: expect.any(String),
        stepNo: 1,
        reviewerIds: [id.region_president],
        ...about,
      },
      {
        type: 'approval.rejected',
        reviewId: rejected.reviewId,
        objectId: rejected.objectId,
        objectNo: expect.any(String),
        stepNo: 1,
        final: true,
        reviewStatus: ApprovalStatus.Rejected,
        decidedBy: id.region_president,
        note: 'no',
        ...about,
      },
    ])
  })

  it('run in the decision’s transaction: a failing subscriber undoes the decision', async () => {
    await putFlowInForce(admin, AuditBusiness.SaleOrder, twoSteps())
    const review = await submit(t.app, AuditBusiness.SaleOrder, byBranchAdmin())
    const off = t.app.deps.events.on('approval.approved', async () => {
      throw new Error('subscriber failed')
    })
    const res = await decide(rp, { id: review.reviewId, decision: 'approve' })
    off()
    expect(res.status).toBe(500)
    const [row] = await t.database.db.select().from(reviews).where(eq(reviews.id, review.reviewId))
    expect(row).toMatchObject({ currentStep: 1, version: review.version })
    const [first] = await t.database.db.select().from(reviewSteps).where(eq(reviewSteps.reviewId, review.reviewId))
    expect(first?.isAudit).toBe(0)
  })
})
