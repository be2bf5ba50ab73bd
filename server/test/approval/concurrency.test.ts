import { randomUUID } from 'node:crypto'
import { ApprovalStatus, AuditBusiness, Errors, RoleCode } from '@app/contracts'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { reviewDecisions, reviewSteps, reviews } from '../../src/db/schema/index.ts'
import { createTestApp, type TestApp } from '../helpers/app.ts'
import { type Api, addUser, decide, putFlowInForce, recordEvents, signIn, step, submit, userIdOf } from './fixtures.ts'

let t: TestApp
let admin: Api
/** Ten regional presidents of the overseas department: all reviewers of the same step. */
const reviewers: { id: string; api: Api }[] = []
const PARALLEL = 50

beforeAll(async () => {
  t = await createTestApp()
  for (let i = 1; i <= 10; i++) {
    const username = `rp_${i}`
    const id = await addUser(t.database.db, username, [RoleCode.RegionPresident], ['A01A02'])
    reviewers.push({ id, api: await signIn(t.app, username) })
  }
  admin = await signIn(t.app, 'admin')
})
afterAll(async () => t?.close())

const submitter = async () => ({ userId: await userIdOf(t.database.db, 'branch_admin'), orgCode: 'A01A02' })

const decisionsOf = (reviewId: string) =>
  t.database.db.select().from(reviewDecisions).where(eq(reviewDecisions.reviewId, reviewId))

describe(`${PARALLEL} reviewers deciding the same step at once`, () => {
  it('record exactly one decision; every other one is told the step was already approved', async () => {
    await putFlowInForce(admin, AuditBusiness.SaleOrder, [
      step(RoleCode.RegionPresident, 'A01A02'),
      step(RoleCode.GmPresident, 'A01A03'),
    ])
    const review = await submit(t.app, AuditBusiness.SaleOrder, await submitter())
    const events = recordEvents(t.app)
    const replies = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) =>
        decide(reviewers[i % reviewers.length]!.api, {
          id: review.reviewId,
          decision: 'approve',
          stepNo: 1,
          version: review.version,
          note: `approve ${i}`,
        }),
      ),
    )
    events.stop()
    const won = replies.filter((r) => r.status === 200)
    const lost = replies.filter((r) => r.status !== 200)
    expect(won).toHaveLength(1)
    expect(lost.map((r) => [r.status, r.body.code])).toEqual(
      Array.from({ length: PARALLEL - 1 }, () => [409, Errors.AlreadyApproved.code]),
    )

    const decisions = await decisionsOf(review.reviewId)
    expect(decisions).toHaveLength(1)
    const [row] = await t.database.db.select().from(reviews).where(eq(reviews.id, review.reviewId))
    expect(row).toMatchObject({ currentStep: 2, status: ApprovalStatus.UnderReview, version: review.version + 1 })
    const [first] = await t.database.db
      .select()
      .from(reviewSteps)
      .where(eq(reviewSteps.reviewId, review.reviewId))
      .orderBy(reviewSteps.stepNo)
    expect(first).toMatchObject({ isAudit: 1, userId: decisions[0]!.userId, note: decisions[0]!.note })
    // one decision announced, with the step it made current
    const approved = events.seen.filter((e) => e.type === 'approval.approved')
    expect(approved.map((e) => e.type === 'approval.approved' && e.next?.stepNo)).toEqual([2])
  })

  it('mixing approvals and rejections: one wins, the others hear which decision won', async () => {
    await putFlowInForce(admin, AuditBusiness.OrderDelete, [step(RoleCode.RegionPresident, 'A01A02')])
    const review = await submit(t.app, AuditBusiness.OrderDelete, await submitter())
    const replies = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) =>
        decide(reviewers[i % reviewers.length]!.api, {
          id: review.reviewId,
          decision: i % 2 === 0 ? 'approve' : 'reject',
          note: `decision ${i}`,
        }),
      ),
    )
    const won = replies.filter((r) => r.status === 200)
    expect(won).toHaveLength(1)
    const winner = won[0]!.body.result
    const expected = winner.decision === 'approve' ? Errors.AlreadyApproved : Errors.AlreadyRejected
    expect(new Set(replies.filter((r) => r.status !== 200).map((r) => r.body.code))).toEqual(new Set([expected.code]))
    const decisions = await decisionsOf(review.reviewId)
    expect(decisions.map((d) => d.decision)).toEqual([winner.decision])
    const [row] = await t.database.db.select().from(reviews).where(eq(reviews.id, review.reviewId))
    expect(row?.status).toBe(winner.decision === 'approve' ? ApprovalStatus.Approved : ApprovalStatus.Rejected)
  })

  it('bulk approvals racing single decisions still decide each review once', async () => {
    await putFlowInForce(admin, AuditBusiness.Product, [step(RoleCode.RegionPresident, 'A01A02')])
    const sub = await submitter()
    const ids: string[] = []
    for (let i = 0; i < 5; i++) ids.push((await submit(t.app, AuditBusiness.Product, sub)).reviewId)
    const calls = Array.from({ length: PARALLEL }, (_, i) => {
      const { api } = reviewers[i % reviewers.length]!
      return i % 5 === 0
        ? api.post('/api/audit/detail/batchApprove', { ids: ids.join(','), note: 'bulk' })
        : decide(api, { id: ids[i % ids.length]!, decision: 'approve' })
    })
    const replies = await Promise.all(calls)
    expect(replies.every((r) => r.status === 200 || r.body.code === Errors.AlreadyApproved.code)).toBe(true)
    for (const id of ids) expect(await decisionsOf(id), id).toHaveLength(1)
  })
})

describe('submitting the same object at once', () => {
  it('starts one review; every other submission is told one is open already', async () => {
    await putFlowInForce(admin, AuditBusiness.SaleOrder, [
      step(RoleCode.RegionPresident, 'A01A02'),
      step(RoleCode.GmPresident, 'A01A03'),
    ])
    const objectId = randomUUID()
    const who = await submitter()
    const tries = await Promise.allSettled(
      Array.from({ length: 10 }, () => submit(t.app, AuditBusiness.SaleOrder, who, objectId)),
    )
    const started = tries.filter((r) => r.status === 'fulfilled')
    const refused = tries.flatMap((r) => (r.status === 'rejected' ? [r.reason] : []))
    expect(started).toHaveLength(1)
    expect(refused).toHaveLength(9)
    for (const reason of refused) expect(reason).toMatchObject({ entry: Errors.DuplicatePendingApplication })
    const rows = await t.database.db.select().from(reviews).where(eq(reviews.objectId, objectId))
    expect(rows).toHaveLength(1)
    const steps = await t.database.db.select().from(reviewSteps).where(eq(reviewSteps.reviewId, rows[0]!.id))
    expect(steps.map((s) => s.stepNo).sort()).toEqual([1, 2])
  })
})
