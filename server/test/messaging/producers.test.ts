import { ApprovalStatus, AuditBusiness, type Message, type Page } from '@app/contracts'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { messages, noticeRecipients, notices, users } from '../../src/db/schema/index.ts'
import { createApprovalEngine } from '../../src/platform/approval/index.ts'
import type { DomainEvent } from '../../src/platform/events.ts'
import { client, createTestApp, login, type TestApp } from '../helpers/app.ts'
import { userIdOf } from './fixtures.ts'

let t: TestApp
const ids: Record<string, string> = {}
const clients: Record<string, ReturnType<typeof client>> = {}

beforeAll(async () => {
  t = await createTestApp()
  for (const name of ['branch_admin', 'region_president', 'branch_finance', 'gm_president']) {
    ids[name] = await userIdOf(t.database.db, name)
    clients[name] = client(t.app, await login(t.app, name))
  }
})
afterAll(async () => t?.close())

/** Emits the event the way the approval engine does: inside its own transaction. */
const emitInTransaction = (event: DomainEvent) =>
  t.database.db.transaction(async (tx) => t.app.deps.events.emit(tx, event))

const newest = async (name: string): Promise<Message | undefined> =>
  (await clients[name]!.get<Page<Message>>('/api/sys/messages/list', { pageSize: 1 })).body.result.records[0]
/** Each of these users' newest message is this one. */
const newestOfEach = async (names: string[], expected: Partial<Message>) => {
  for (const name of names) expect(await newest(name), name).toMatchObject(expected)
}
const unread = async (name: string) => (await clients[name]!.get<number>('/api/sys/messages/unReadCount')).body.result

describe('domain events become messages', () => {
  it('review needed: a message to each reviewer, opening the sales order by its number', async () => {
    const before = { rp: await unread('region_president'), bf: await unread('branch_finance') }
    await emitInTransaction({
      type: 'approval.reviewNeeded',
      business: 'sale_order',
      objectId: '7c1e1f2a-0000-4000-8000-000000000001',
      objectNo: 'SO20261122-0001',
      stepNo: 2,
      reviewerIds: [ids.region_president!, ids.branch_finance!],
      submitterId: ids.branch_admin!,
    })
    expect(await unread('region_president')).toBe(before.rp + 1)
    expect(await unread('branch_finance')).toBe(before.bf + 1)
    const message = await newest('region_president')
    expect(message).toMatchObject({
      title: '待审核：销售订单 SO20261122-0001',
      content: '审批流程第 2 步等待您审核。',
      creator: '王磊',
      menuId: 'sale_order',
      params: { busObjNo: 'SO20261122-0001' },
      readFlag: 0,
      noticeId: null,
    })
  })

  it("is written in both languages, read in the interface's whatever the mail language chosen; a business notice too", async () => {
    // the language of one's mails (notification settings) does not choose the message's
    await t.database.db.update(users).set({ lang: 'en' }).where(eq(users.id, ids.gm_president!))
    try {
      await emitInTransaction({
        type: 'approval.reviewNeeded',
        business: 'sale_order',
        objectId: '7c1e1f2a-0000-4000-8000-000000000004',
        objectNo: 'SO20261122-0004',
        stepNo: 3,
        reviewerIds: [ids.region_president!, ids.gm_president!],
        submitterId: ids.branch_admin!,
      })
      await newestOfEach(['gm_president', 'region_president'], {
        title: '待审核：销售订单 SO20261122-0004',
        content: '审批流程第 3 步等待您审核。',
        titleEn: 'Review needed: Sales orders SO20261122-0004',
        contentEn: 'Step 3 of the approval is waiting for your review.',
        creator: '王磊',
      })
      await emitInTransaction({
        type: 'business.notify',
        recipientIds: [ids.gm_president!, ids.branch_finance!],
        texts: { zh: { title: '中文标题', content: '中文' }, en: { title: 'English title', content: 'English' } },
        menuId: 'sale_order',
        objectNo: 'SO20261122-0004',
        creatorId: null,
      })
      await newestOfEach(['gm_president', 'branch_finance'], {
        title: '中文标题',
        content: '中文',
        titleEn: 'English title',
        contentEn: 'English',
        creator: null,
      })
    } finally {
      await t.database.db.update(users).set({ lang: 'zh' }).where(eq(users.id, ids.gm_president!))
    }
  })

  it('approved and rejected: a message to the submitter, naming who decided', async () => {
    const before = await unread('branch_admin')
    await emitInTransaction({
      type: 'approval.approved',
      business: 'product',
      objectId: '7c1e1f2a-0000-4000-8000-000000000002',
      objectNo: 'P-0042',
      final: true,
      reviewStatus: ApprovalStatus.Approved,
      submitterId: ids.branch_admin!,
      decidedBy: ids.gm_president!,
      note: null,
    })
    expect(await newest('branch_admin')).toMatchObject({
      title: '审核通过：产品列表 P-0042',
      creator: '周敏',
      menuId: 'pro_product',
      params: { busObjNo: 'P-0042' },
    })
    await emitInTransaction({
      type: 'approval.rejected',
      business: 'sale_order',
      objectId: '7c1e1f2a-0000-4000-8000-000000000003',
      objectNo: 'SO20261122-0002',
      final: true,
      reviewStatus: ApprovalStatus.Rejected,
      submitterId: ids.branch_admin!,
      decidedBy: ids.region_president!,
      note: 'Prices are out of date',
    })
    expect(await newest('branch_admin')).toMatchObject({
      title: '已驳回：销售订单 SO20261122-0002',
      content: '驳回原因：Prices are out of date',
      creator: '陈静',
      menuId: 'sale_order',
    })
    expect(await unread('branch_admin')).toBe(before + 2)
  })

  it('a decision that makes another step current also asks its reviewers, in the same write', async () => {
    const before = { submitter: await unread('branch_admin'), bf: await unread('branch_finance') }
    await emitInTransaction({
      type: 'approval.rejected',
      business: 'sale_order',
      objectId: '7c1e1f2a-0000-4000-8000-000000000008',
      objectNo: 'SO20261122-0008',
      final: false,
      reviewStatus: ApprovalStatus.UnderReview,
      submitterId: ids.branch_admin!,
      decidedBy: ids.gm_president!,
      note: 'check the prices',
      next: { stepNo: 2, reviewerIds: [ids.branch_finance!] },
    })
    expect(await unread('branch_admin')).toBe(before.submitter + 1)
    expect(await unread('branch_finance')).toBe(before.bf + 1)
    expect(await newest('branch_finance')).toMatchObject({
      title: '待审核：销售订单 SO20261122-0008',
      content: '审批流程第 2 步等待您审核。',
      creator: '王磊',
      params: { busObjNo: 'SO20261122-0008' },
    })
    const written = await t.database.db
      .select({ source: messages.source, batchId: messages.batchId })
      .from(messages)
      .where(sql`${messages.params}->>'busObjNo' = 'SO20261122-0008'`)
    expect(written.map((m) => m.source).sort()).toEqual(['approval.rejected', 'approval.reviewNeeded'])
    expect(new Set(written.map((m) => m.batchId)).size).toBe(1)
  })

  it('writes nothing when the transaction that emitted the event rolls back', async () => {
    const before = await unread('branch_finance')
    await expect(
      t.database.db.transaction(async (tx) => {
        await t.app.deps.events.emit(tx, {
          type: 'approval.reviewNeeded',
          business: 'sale_order',
          objectId: '7c1e1f2a-0000-4000-8000-000000000004',
          objectNo: 'SO-ROLLED-BACK',
          stepNo: 1,
          reviewerIds: [ids.branch_finance!],
          submitterId: null,
        })
        throw new Error('the approval failed after the event')
      }),
    ).rejects.toThrow('the approval failed')
    expect(await unread('branch_finance')).toBe(before)
  })

  it('an unknown business still messages, without a menu to open; no submitter means no message', async () => {
    await emitInTransaction({
      type: 'approval.reviewNeeded',
      business: 'something_else',
      objectId: '7c1e1f2a-0000-4000-8000-000000000005',
      objectNo: null,
      stepNo: 1,
      reviewerIds: [ids.gm_president!],
      submitterId: null,
    })
    expect(await newest('gm_president')).toMatchObject({ title: '待审核：something_else', menuId: null, params: null })
    const before = await unread('gm_president')
    await emitInTransaction({
      type: 'approval.approved',
      business: 'sale_order',
      objectId: '7c1e1f2a-0000-4000-8000-000000000006',
      objectNo: 'SO-X',
      final: false,
      reviewStatus: ApprovalStatus.UnderReview,
      submitterId: null,
      decidedBy: ids.gm_president!,
      note: null,
    })
    expect(await unread('gm_president')).toBe(before)
  })

  it('notice.published: a message to each of the notice’s recipients, pointing at the notice', async () => {
    const before = { bf: await unread('branch_finance'), rp: await unread('region_president') }
    const [notice] = await t.database.db
      .insert(notices)
      .values({ title: 'Holiday schedule', content: '<p>Closed on Monday.</p>', noticeType: 'system' })
      .returning()
    await t.database.db.transaction(async (tx) => {
      // the recipients are the notice's rows, written earlier in the transaction that publishes it
      await tx.insert(noticeRecipients).values([{ noticeId: notice!.id, userId: ids.branch_finance! }])
      await t.app.deps.events.emit(tx, { type: 'notice.published', noticeId: notice!.id, recipients: 1 })
    })
    expect(await unread('branch_finance')).toBe(before.bf + 1)
    expect(await unread('region_president')).toBe(before.rp)
    expect(await newest('branch_finance')).toMatchObject({
      title: 'Holiday schedule',
      content: 'Closed on Monday.',
      noticeId: notice!.id,
    })
  })

  it('the approval engine’s own events reach the reviewers and the submitter', async () => {
    const engine = createApprovalEngine({ events: t.app.deps.events })
    const before = { rp: await unread('region_president'), submitter: await unread('branch_admin') }
    const review = await t.database.db.transaction((tx) =>
      engine.start(tx, {
        business: AuditBusiness.SaleOrder,
        objectId: '7c1e1f2a-0000-4000-8000-000000000010',
        objectNo: 'SO20261122-0010',
        submitter: { userId: ids.branch_admin!, orgCode: 'A01A02' },
      }),
    )
    expect(review.reviewerIds).toContain(ids.region_president)
    expect(await unread('region_president')).toBe(before.rp + 1)
    expect(await newest('region_president')).toMatchObject({
      title: '待审核：销售订单 SO20261122-0010',
      menuId: 'sale_order',
      params: { busObjNo: 'SO20261122-0010' },
      creator: '王磊',
    })

    const decided = await clients.region_president!.post('/api/audit/detail/audit', {
      id: review.reviewId,
      decision: 'approve',
      note: 'fine',
    })
    expect(decided.status, JSON.stringify(decided.body)).toBe(200)
    expect(await unread('branch_admin')).toBe(before.submitter + 1)
    expect(await newest('branch_admin')).toMatchObject({
      title: '审核通过：销售订单 SO20261122-0010',
      content: '已通过一步审核，等待下一步审核。 审核意见：fine',
      creator: '陈静',
    })
    expect(await newest('branch_finance')).toMatchObject({ title: '待审核：销售订单 SO20261122-0010' })
  })
})
