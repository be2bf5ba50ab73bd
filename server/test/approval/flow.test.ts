import {
  ApprovalStatus,
  AuditBusiness,
  Errors,
  type Page,
  RejectFlow,
  type ReviewItem,
  type ReviewProgress,
  RoleCode,
} from '@app/contracts'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { operationLogs, reviewDecisions, reviewSteps } from '../../src/db/schema/index.ts'
import { createApprovalEngine } from '../../src/platform/approval/index.ts'
import { createTestApp, type TestApp } from '../helpers/app.ts'
import { type Api, addUser, decide, putFlowInForce, recordEvents, signIn, step, submit, userIdOf } from './fixtures.ts'

let t: TestApp
let admin: Api
const api: Record<string, Api> = {}
const id: Record<string, string> = {}

const OVERSEAS = 'A01A02'
const GM_OFFICE = 'A01A03'
const OVERSEAS_FINANCE = 'A01A05'
const DOMESTIC = 'A01A06'

/** Regional president -> branch finance -> general-office president (DESIGN 5). */
const threeSteps = () => [
  step(RoleCode.RegionPresident, OVERSEAS),
  step(RoleCode.BranchFinance, OVERSEAS_FINANCE),
  step(RoleCode.GmPresident, GM_OFFICE),
]

beforeAll(async () => {
  t = await createTestApp()
  const db = t.database.db
  // a regional president of the domestic branch only, and a finance user sitting in the overseas department
  id.rpDomestic = await addUser(db, 'rp_domestic', [RoleCode.RegionPresident], [DOMESTIC])
  id.financeOverseas = await addUser(db, 'finance_overseas', [RoleCode.BranchFinance], [OVERSEAS])
  // holds the roles of steps 1 and 2 in both departments: the repeat-audit case
  id.dual = await addUser(db, 'dual', [RoleCode.RegionPresident, RoleCode.BranchFinance], [OVERSEAS, OVERSEAS_FINANCE])
  for (const u of ['region_president', 'branch_finance', 'gm_president', 'rp_domestic', 'finance_overseas', 'dual']) {
    api[u] = await signIn(t.app, u)
    id[u] ??= await userIdOf(db, u)
  }
  admin = await signIn(t.app, 'admin')
  id.submitter = await userIdOf(db, 'branch_admin')
})
afterAll(async () => t?.close())

const submitter = () => ({ userId: id.submitter!, orgCode: OVERSEAS })
/**
 * Whether the review waits in the user's inbox: the list, whose total is as many as it lists,
 * and the engine's count of it, which the home page shows.
 */
const inboxHas = async (who: string, reviewId: string) => {
  const page = (await api[who]!.get<Page<ReviewItem>>('/api/sys/todo/list', { pageSize: 100 })).body.result
  const listed = page.records.some((r) => r.id === reviewId)
  expect(page.total).toBe(page.records.length)
  const engine = createApprovalEngine({ events: t.app.deps.events })
  expect((await engine.countTodo(t.database.db, id[who]!)).waiting).toBe(page.total)
  return listed
}
const progressOf = async (reviewId: string) =>
  (await admin.get<ReviewProgress>('/api/audit/detail/progress', { id: reviewId })).body.result

describe('the order of steps', () => {
  it('lets each step be decided only by its reviewers, in order, and records every decision', async () => {
    await putFlowInForce(admin, AuditBusiness.SaleOrder, threeSteps())
    const review = await submit(t.app, AuditBusiness.SaleOrder, submitter())
    expect(review).toMatchObject({ status: ApprovalStatus.Pending, currentStep: 1, stepCount: 3 })
    expect(new Set(review.reviewerIds)).toEqual(new Set([id.region_president, id.dual]))

    // later steps' reviewers must wait their turn
    for (const early of ['gm_president', 'branch_finance']) {
      const res = await decide(api[early]!, { id: review.reviewId, decision: 'approve' })
      expect(res.status, early).toBe(403)
      expect(res.body.code).toBe(Errors.OnlyCurrentReviewer.code)
    }

    const first = await decide(api.region_president!, { id: review.reviewId, decision: 'approve', note: 'fine' })
    expect(first.status).toBe(200)
    expect(first.body.result).toMatchObject({
      outcome: 'advanced',
      final: false,
      status: ApprovalStatus.UnderReview,
      currentStep: 2,
      stepNo: 1,
    })
    const again = await decide(api.region_president!, { id: review.reviewId, decision: 'approve', stepNo: 1 })
    expect(again.status).toBe(409)
    expect(again.body.code).toBe(Errors.AlreadyApproved.code)

    expect((await decide(api.branch_finance!, { id: review.reviewId, decision: 'approve' })).status).toBe(200)
    const last = await decide(api.gm_president!, { id: review.reviewId, decision: 'approve', note: 'go' })
    expect(last.body.result).toMatchObject({ outcome: 'approved', final: true, status: ApprovalStatus.Approved })

    const late = await decide(api.gm_president!, { id: review.reviewId, decision: 'reject', note: 'no' })
    expect(late.status).toBe(409)
    expect(late.body.code).toBe(Errors.AlreadyApproved.code)

    const steps = await t.database.db
      .select()
      .from(reviewSteps)
      .where(eq(reviewSteps.reviewId, review.reviewId))
      .orderBy(reviewSteps.stepNo)
    expect(steps.map((s) => [s.isAudit, s.deptCode, s.roleCode, s.userId, s.note])).toEqual([
      [1, OVERSEAS, RoleCode.RegionPresident, id.region_president, 'fine'],
      [1, OVERSEAS_FINANCE, RoleCode.BranchFinance, id.branch_finance, 'ok'],
      [1, GM_OFFICE, RoleCode.GmPresident, id.gm_president, 'go'],
    ])
    expect(steps.every((s) => s.decidedAt instanceof Date)).toBe(true)
    const logs = await t.database.db
      .select()
      .from(operationLogs)
      .where(and(eq(operationLogs.objectId, review.objectId), eq(operationLogs.logType, 3)))
      .orderBy(operationLogs.createAt)
    expect(logs.map((l) => l.operation)).toEqual(['approval:approve', 'approval:approve', 'approval:approve'])
    // each entry: who decided, where the review stood and where the decision put it
    expect(logs.map((l) => [l.userId, l.before, l.after])).toEqual([
      [
        id.region_president,
        { reviewId: review.reviewId, status: ApprovalStatus.Pending, currentStep: 1 },
        { status: ApprovalStatus.UnderReview, currentStep: 2, outcome: 'advanced', note: 'fine' },
      ],
      [
        id.branch_finance,
        { reviewId: review.reviewId, status: ApprovalStatus.UnderReview, currentStep: 2 },
        { status: ApprovalStatus.UnderReview, currentStep: 3, outcome: 'advanced', note: 'ok' },
      ],
      [
        id.gm_president,
        { reviewId: review.reviewId, status: ApprovalStatus.UnderReview, currentStep: 3 },
        { status: ApprovalStatus.Approved, currentStep: 3, outcome: 'approved', note: 'go' },
      ],
    ])
  })
})

describe('role and department', () => {
  it('refuses the right role in another department, and the right department without the role', async () => {
    await putFlowInForce(admin, AuditBusiness.SaleOrder, threeSteps())
    const review = await submit(t.app, AuditBusiness.SaleOrder, submitter())
    const wrongDept = await decide(api.rp_domestic!, { id: review.reviewId, decision: 'approve' })
    expect(wrongDept.status).toBe(403)
    expect(wrongDept.body.code).toBe(Errors.ReviewerMismatch.code)
    const wrongRole = await decide(api.finance_overseas!, { id: review.reviewId, decision: 'approve' })
    expect(wrongRole.status).toBe(403)
    expect(wrongRole.body.code).toBe(Errors.OnlyCurrentReviewer.code)
    expect((await progressOf(review.reviewId))?.history).toEqual([])
  })

  it("takes a 'submitter' step's department from where the submitter works", async () => {
    await putFlowInForce(admin, AuditBusiness.OrderAdjust, [
      { roleCode: RoleCode.RegionPresident, deptType: 'submitter' },
      step(RoleCode.GmPresident, GM_OFFICE),
    ])
    const overseas = await submit(t.app, AuditBusiness.OrderAdjust, submitter())
    expect(new Set(overseas.reviewerIds)).toEqual(new Set([id.region_president, id.dual]))
    const domestic = await submit(t.app, AuditBusiness.OrderAdjust, { userId: id.submitter!, orgCode: DOMESTIC })
    expect(new Set(domestic.reviewerIds)).toEqual(new Set([id.region_president, id.rp_domestic]))
    expect((await decide(api.rp_domestic!, { id: domestic.reviewId, decision: 'approve' })).status).toBe(200)
    expect((await decide(api.rp_domestic!, { id: overseas.reviewId, decision: 'approve' })).body.code).toBe(
      Errors.ReviewerMismatch.code,
    )
  })
})

describe('repeat audit', () => {
  const twoSteps = () => [step(RoleCode.RegionPresident, OVERSEAS), step(RoleCode.BranchFinance, OVERSEAS_FINANCE)]

  it('when off, keeps the approver of one step from approving the next', async () => {
    await putFlowInForce(admin, AuditBusiness.Product, twoSteps(), { repeatAudit: false })
    const review = await submit(t.app, AuditBusiness.Product, submitter())
    const events = recordEvents(t.app)
    expect((await decide(api.dual!, { id: review.reviewId, decision: 'approve' })).status).toBe(200)
    events.stop()
    const engine = createApprovalEngine({ events: t.app.deps.events })
    expect(await engine.reviewersOf(t.database.db, { reviewId: review.reviewId })).toEqual([id.branch_finance])
    // the decision asks the same people: not the one who approved the step before
    expect(events.seen).toMatchObject([
      { type: 'approval.approved', next: { stepNo: 2, reviewerIds: [id.branch_finance] } },
    ])
    // the inbox says the same: the step before was theirs
    expect(await inboxHas('dual', review.reviewId)).toBe(false)
    expect(await inboxHas('branch_finance', review.reviewId)).toBe(true)
    const twice = await decide(api.dual!, { id: review.reviewId, decision: 'approve' })
    expect(twice.status).toBe(403)
    expect(twice.body.code).toBe(Errors.RepeatAuditForbidden.code)
    expect((await decide(api.branch_finance!, { id: review.reviewId, decision: 'approve' })).body.result.final).toBe(
      true,
    )
  })

  it('when on, lets the same person approve consecutive steps', async () => {
    await putFlowInForce(admin, AuditBusiness.Product, twoSteps(), { repeatAudit: true })
    const review = await submit(t.app, AuditBusiness.Product, submitter())
    const events = recordEvents(t.app)
    expect((await decide(api.dual!, { id: review.reviewId, decision: 'approve' })).status).toBe(200)
    events.stop()
    // every holder of the next step is asked, the approver of the step before among them
    const [approved] = events.seen as { next?: { reviewerIds: string[] } }[]
    expect(new Set(approved?.next?.reviewerIds)).toEqual(new Set([id.branch_finance, id.dual]))
    expect(await inboxHas('dual', review.reviewId)).toBe(true)
    const second = await decide(api.dual!, { id: review.reviewId, decision: 'approve' })
    expect(second.status).toBe(200)
    expect(second.body.result).toMatchObject({ outcome: 'approved', status: ApprovalStatus.Approved })
  })
})

describe('rejection flows and progress (SPEC 4)', () => {
  it('back to the submitter: ends the review rejected; progress shows the rejecting step', async () => {
    await putFlowInForce(admin, AuditBusiness.SaleOrder, threeSteps(), { rejectFlow: RejectFlow.ToSubmitter })
    const review = await submit(t.app, AuditBusiness.SaleOrder, submitter())
    expect((await progressOf(review.reviewId))?.currentStep).toBe(1)
    await decide(api.region_president!, { id: review.reviewId, decision: 'approve' })
    expect((await progressOf(review.reviewId))?.currentStep).toBe(2)

    const rejected = await decide(api.branch_finance!, { id: review.reviewId, decision: 'reject', note: 'price wrong' })
    expect(rejected.body.result).toMatchObject({ outcome: 'rejected', final: true, status: ApprovalStatus.Rejected })
    const progress = await progressOf(review.reviewId)
    // steps 1 and 2 are audited, 3 is not: the first unaudited is 3, rejected shows the one before
    expect(progress?.steps.map((s) => s.isAudit)).toEqual([1, 1, 0])
    expect(progress?.currentStep).toBe(2)
    expect(progress?.steps[1]).toMatchObject({ decision: 'reject', note: 'price wrong', userId: id.branch_finance })

    const after = await decide(api.gm_president!, { id: review.reviewId, decision: 'approve' })
    expect(after.status).toBe(409)
    expect(after.body.code).toBe(Errors.AlreadyRejected.code)

    // submitted again: a new round from step 1; the history keeps the first round
    const again = await submit(t.app, AuditBusiness.SaleOrder, submitter(), review.objectId)
    expect(again).toMatchObject({ reviewId: review.reviewId, round: 2, currentStep: 1 })
    const restarted = await progressOf(review.reviewId)
    expect(restarted?.steps.map((s) => s.isAudit)).toEqual([0, 0, 0])
    expect(restarted?.history.map((h) => [h.round, h.stepNo, h.decision])).toEqual([
      [1, 1, 'approve'],
      [1, 2, 'reject'],
    ])
  })

  it('refuses to start a second review while one is open', async () => {
    await putFlowInForce(admin, AuditBusiness.SaleOrder, threeSteps())
    const review = await submit(t.app, AuditBusiness.SaleOrder, submitter())
    await expect(submit(t.app, AuditBusiness.SaleOrder, submitter(), review.objectId)).rejects.toMatchObject({
      entry: Errors.DuplicatePendingApplication,
    })
  })

  it('back to the previous step: that step decides again, then the flow goes on', async () => {
    await putFlowInForce(admin, AuditBusiness.SaleOrder, threeSteps(), { rejectFlow: RejectFlow.ToPrevious })
    const review = await submit(t.app, AuditBusiness.SaleOrder, submitter())
    await decide(api.region_president!, { id: review.reviewId, decision: 'approve' })
    await decide(api.branch_finance!, { id: review.reviewId, decision: 'approve' })

    const back = await decide(api.gm_president!, { id: review.reviewId, decision: 'reject', note: 'recheck costs' })
    expect(back.body.result).toMatchObject({
      outcome: 'returned',
      final: false,
      status: ApprovalStatus.UnderReview,
      currentStep: 2,
    })
    const progress = await progressOf(review.reviewId)
    expect(progress?.steps.map((s) => [s.isAudit, s.decision])).toEqual([
      [1, 'approve'],
      [0, null],
      [0, 'reject'],
    ])
    expect(progress?.currentStep).toBe(2)
    // it waits in the inbox of the step it went back to, no longer in the rejecting step's
    expect(await inboxHas('branch_finance', review.reviewId)).toBe(true)
    expect(await inboxHas('gm_president', review.reviewId)).toBe(false)
    // the rejecting step is no longer current: a second click on it is told it was rejected
    const stale = await decide(api.gm_president!, { id: review.reviewId, decision: 'approve', stepNo: 3 })
    expect(stale.body.code).toBe(Errors.AlreadyRejected.code)

    // step 2 back to step 1: nothing stays approved, so the review is pending again
    const toFirst = await decide(api.branch_finance!, { id: review.reviewId, decision: 'reject', note: 'ask rp' })
    expect(toFirst.body.result).toMatchObject({ outcome: 'returned', currentStep: 1, status: ApprovalStatus.Pending })
    expect(await inboxHas('region_president', review.reviewId)).toBe(true)
    expect(await inboxHas('branch_finance', review.reviewId)).toBe(false)

    for (const who of ['region_president', 'branch_finance']) {
      expect((await decide(api[who]!, { id: review.reviewId, decision: 'approve' })).status).toBe(200)
    }
    const done = await decide(api.gm_president!, { id: review.reviewId, decision: 'approve' })
    expect(done.body.result).toMatchObject({ outcome: 'approved', final: true })
    expect(
      await t.database.db.select().from(reviewDecisions).where(eq(reviewDecisions.reviewId, review.reviewId)),
    ).toHaveLength(7)
  })

  it('a rejection at the first step goes back to the submitter even in a previous-step flow', async () => {
    await putFlowInForce(admin, AuditBusiness.SaleOrder, threeSteps(), { rejectFlow: RejectFlow.ToPrevious })
    const review = await submit(t.app, AuditBusiness.SaleOrder, submitter())
    const res = await decide(api.region_president!, { id: review.reviewId, decision: 'reject', note: 'incomplete' })
    expect(res.body.result).toMatchObject({ outcome: 'rejected', final: true, status: ApprovalStatus.Rejected })
    expect((await progressOf(review.reviewId))?.currentStep).toBe(1)
  })
})
