import { createHmac } from 'node:crypto'
import { mkdtemp } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { OrderStatus, type SellableProduct } from '@app/contracts'
import { and, count, eq, inArray, like, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { departments, outbox, reviewSteps, reviews, saleOrders, users } from '../../src/db/schema/index.ts'
import { notifyOf } from '../../src/modules/notify/index.ts'
import { type MailSink, startMailSink } from '../../src/modules/notify/mail-sink.ts'
import { createTestApp, type TestApp } from '../helpers/app.ts'
import { readSheet } from '../list/helpers.ts'
import { importProducts, importRow } from '../product/helpers.ts'
import { type Api, addOrder, as, audit, branchId, detail, orderForm, sellable } from '../sales/helpers.ts'
import { eventually, startWebhookSink } from './sinks.ts'

const APP_URL = 'http://product.test'
let t: TestApp
let sink: MailSink
let hooks: Awaited<ReturnType<typeof startWebhookSink>>
let branchAdmin: Api
let region: Api
let finance: Api
let admin: Api
let moscow: string
let products: SellableProduct[]
let orgCode: string
/** An ERP that refuses everything: an approved order's sync fails at its only try. */
let erp: Awaited<ReturnType<typeof startWebhookSink>>

beforeAll(async () => {
  sink = await startMailSink()
  hooks = await startWebhookSink()
  erp = await startWebhookSink()
  erp.refuseWith({ errcode: 99, errmsg: 'account period closed' })
  t = await createTestApp({
    FILES_DIR: await mkdtemp(path.join(os.tmpdir(), 'notify-files-')),
    SMTP_URL: sink.url,
    MAIL_FROM: 'Back office <backoffice@example.com>',
    APP_URL,
    NOTIFY_POLL_MS: '50',
    NOTIFY_RETRY_BASE_MS: '50',
    NOTIFY_MAX_ATTEMPTS: '2',
    ERP_URL: erp.url('/u8'),
    ERP_MAX_ATTEMPTS: '1',
    ERP_POLL_MS: '50',
  })
  const db = t.database.db
  branchAdmin = await as(t, 'branch_admin')
  region = await as(t, 'region_president')
  // the region president chooses English mails (notification settings); the branch administrator keeps Chinese
  expect((await region.post('/api/sys/notify/prefs', { lang: 'en', prefs: [] })).status).toBe(200)
  expect((await region.get<{ lang: string }>('/api/sys/notify/prefs')).body.result.lang).toBe('en')
  finance = await as(t, 'branch_finance')
  admin = await as(t, 'admin')
  moscow = await branchId(t, 'RU-MOW')
  products = (await sellable(branchAdmin, moscow)).slice(0, 2)
  const [u] = await db.select({ orgCode: users.orgCode }).from(users).where(eq(users.username, 'branch_admin'))
  orgCode = u!.orgCode!
})
afterAll(async () => {
  await t?.close()
  await sink?.close()
  await hooks?.close()
  await erp?.close()
})

const mailsTo = (username: string) => sink.mails.filter((m) => m.to.includes(`${username}@example.com`))
const page = (url: string, method: 'GET' | 'POST' = 'GET', form?: Record<string, string>) =>
  t.app.inject({
    method,
    url,
    headers: form ? { 'content-type': 'application/x-www-form-urlencoded' } : {},
    payload: form ? new URLSearchParams(form).toString() : undefined,
  })

/** The approve and reject links of the newest review mail for this order to this reviewer. */
const linksOf = async (username: string, orderNo: string) => {
  const [mail] = await sink
    .until((all) =>
      all.some(
        (m) => m.to.includes(`${username}@example.com`) && m.subject.includes(orderNo) && /decision/.test(m.html ?? ''),
      ),
    )
    .then(() =>
      mailsTo(username)
        .filter((m) => m.subject.includes(orderNo) && /decision/.test(m.html ?? ''))
        .reverse(),
    )
  const approve = /href="(http:\/\/product\.test\/api\/notify\/decision\/[^"]+\?d=approve)"/.exec(mail!.html!)![1]!
  const reject = /href="(http:\/\/product\.test\/api\/notify\/decision\/[^"]+\?d=reject)"/.exec(mail!.html!)![1]!
  const path = (u: string) => u.replace(APP_URL, '').replace(/&amp;/g, '&')
  return {
    mail: mail!,
    approve: path(approve),
    reject: path(reject),
    token: path(approve).split('/').pop()!.split('?')[0]!,
  }
}

const outcome = (html: string) => /data-outcome="([^"]+)"/.exec(html)?.[1]

/**
 * Gives reviews under way a time limit on their steps, as reviews started on a flow with one
 * have: each step's, and the review's copy of its current step's.
 */
const giveTimeLimit = async (db: TestApp['database']['db'], reviewIds: string[], hours: number) => {
  await db.update(reviewSteps).set({ timeLimitHours: hours }).where(inArray(reviewSteps.reviewId, reviewIds))
  await db.update(reviews).set({ currentTimeLimitHours: hours }).where(inArray(reviews.id, reviewIds))
}

describe('mail for a review waiting for you', () => {
  it('reaches the step reviewer once, in their language, with the order, its lines and a link', async () => {
    const { orderNo } = await addOrder(branchAdmin, orderForm(moscow, products, [3, 4]))
    const { mail } = await linksOf('region_president', orderNo)
    expect(mail.subject).toMatch(new RegExp(`^Waiting for your review: \\S.* ${orderNo}$`))
    expect(mail.from).toContain('backoffice@example.com')
    expect(mail.text).toContain(`Order number: ${orderNo}`)
    expect(mail.text).toMatch(/Branch: .+/)
    expect(mail.text).toMatch(/Amount: [\d,]+\.\d\d/)
    // the lines in English: each product's English name with its quantity and unit (its English label)
    expect(mail.text).toMatch(/Lines: [A-Za-z][^;\n]* 3 [A-Z][a-z]+; [A-Za-z][^;\n]* 4 [A-Z][a-z]+\n/)
    expect(mail.text).toContain(`${APP_URL}/sale/orderList?orderNo=${orderNo}`)
    // English words only in an English mail
    expect(mail.html).toContain('lang="en"')
    expect(mail.html).not.toMatch(/[\u4e00-\u9fff]{2,}(?![^<]*<\/td>)/)
    // the outbox keeps one mail per reviewer and event however often it is asked
    await new Promise((r) => setTimeout(r, 300))
    expect(mailsTo('region_president').filter((m) => m.subject.includes(orderNo))).toHaveLength(1)
  })

  it('has no script, no image and no remote resource, in either language', async () => {
    const { id, orderNo } = await addOrder(branchAdmin, orderForm(moscow, products))
    expect((await audit(region, id, 'reject', '数量不对')).status).toBe(200)
    const zh = (
      await sink.until((all) =>
        all.some((m) => m.to.includes('branch_admin@example.com') && m.subject.includes(orderNo)),
      )
    ).find((m) => m.to.includes('branch_admin@example.com') && m.subject.includes(orderNo))!
    expect(zh.subject).toBe(`已驳回：${zh.subject.slice(4)}`)
    expect(zh.html).toContain('lang="zh-CN"')
    expect(zh.text).toContain('原因: 数量不对')
    // the lines in Chinese: product names and units in Chinese
    expect(zh.text).toMatch(/明细: [^；\n]+ \d+ [\u4e00-\u9fff]+(；|\n)/)
    const en = (await linksOf('region_president', orderNo)).mail
    for (const html of [zh.html!, en.html!]) {
      expect(html).not.toMatch(/<script|<img|<link|<iframe|<object|javascript:|on\w+=/i)
      expect(html).not.toMatch(/src=|url\(/i)
    }
  })
})

describe('mail for an imported workbook waiting for you', () => {
  it("reaches each of the first step's reviewers once for all its products, linking to their list", async () => {
    const done = await importProducts(
      t.app,
      admin,
      [1, 2, 3, 4].map((n) => importRow(n, 'MAIL-')),
    )
    expect(done).toMatchObject({ status: 'done', imported: 4 })
    const [mail] = (
      await sink.until((all) =>
        all.some((m) => m.to.includes('finance_director@example.com') && m.subject.includes('（4）')),
      )
    ).filter((m) => m.to.includes('finance_director@example.com') && m.subject.includes('（4）'))
    expect(mail!.subject).toBe('待您审核：产品列表（4）')
    expect(mail!.text).toContain('审批流程第 1 步等待您审核：MAIL-0001、MAIL-0002、MAIL-0003 等 4 条。')
    expect(mail!.text).toContain(`${APP_URL}/product/list`)
    // queued with the import: one mail to her for the four products, none for each
    const queued = await t.database.db
      .select({ subject: outbox.subject })
      .from(outbox)
      .where(and(eq(outbox.topic, 'mail'), eq(outbox.recipient, 'finance_director@example.com')))
    expect(queued.filter((m) => m.subject.includes('产品列表'))).toEqual([{ subject: '待您审核：产品列表（4）' }])
  })
})

describe('one-click decision links', () => {
  it('approve: one confirming click through the review path; the order moves on; the link is then used', async () => {
    const { id, orderNo } = await addOrder(branchAdmin, orderForm(moscow, products))
    const links = await linksOf('region_president', orderNo)
    // opening it (as a mail scanner would) changes nothing
    const shown = await page(links.approve)
    expect(shown.statusCode).toBe(200)
    expect(shown.headers['content-security-policy']).toContain("default-src 'none'")
    expect(shown.headers['referrer-policy']).toBe('no-referrer')
    expect(shown.body).toContain(orderNo)
    expect(shown.body).toContain('Confirm approval')
    expect(shown.body).not.toMatch(/<script|<a /i)
    expect((await detail(branchAdmin, id)).status).toBe(OrderStatus.PendingReview)
    const done = await page(links.approve.split('?')[0]!, 'POST', { d: 'approve' })
    expect(done.statusCode).toBe(200)
    expect(outcome(done.body)).toBe('approve')
    expect((await detail(branchAdmin, id)).status).toBe(OrderStatus.UnderReview)
    // the next step's reviewer is mailed, and their link decides their step
    const next = await linksOf('branch_finance', orderNo)
    expect(outcome((await page(next.approve.split('?')[0]!, 'POST', { d: 'approve' })).body)).toBe('approve')
    expect(
      (await t.database.db.select({ step: reviews.currentStep }).from(reviews).where(eq(reviews.objectId, id)))[0]!
        .step,
    ).toBe(3)
    const again = await page(links.approve.split('?')[0]!, 'POST', { d: 'approve' })
    expect(outcome(again.body)).toBe('used')
    expect((await page(links.reject)).body).toContain('already been used')
    expect((await detail(branchAdmin, id)).status).toBe(OrderStatus.UnderReview)
  })

  it('reject needs a reason; with one, the order is rejected and the submitter mailed the reason', async () => {
    const { id, orderNo } = await addOrder(branchAdmin, orderForm(moscow, products))
    const links = await linksOf('region_president', orderNo)
    const bare = await page(links.reject.split('?')[0]!, 'POST', { d: 'reject', note: '  ' })
    expect(bare.statusCode).toBe(422)
    expect(bare.body).toContain('Please give a reason')
    expect((await detail(branchAdmin, id)).status).toBe(OrderStatus.PendingReview)
    const done = await page(links.reject.split('?')[0]!, 'POST', { d: 'reject', note: 'Prices too low' })
    expect(outcome(done.body)).toBe('reject')
    expect((await detail(branchAdmin, id)).status).toBe(OrderStatus.Rejected)
    const told = await sink.until((all) =>
      all.some(
        (m) =>
          m.to.includes('branch_admin@example.com') && m.subject.startsWith('已驳回') && m.subject.includes(orderNo),
      ),
    )
    expect(told.find((m) => m.subject.startsWith('已驳回') && m.subject.includes(orderNo))!.text).toContain(
      'Prices too low',
    )
  })

  it('a tampered link, a step decided in the product, a changed order and an expired link each say which and change nothing', async () => {
    // tampered: any character of the signature or the id
    const a = await addOrder(branchAdmin, orderForm(moscow, products))
    const la = await linksOf('region_president', a.orderNo)
    const [linkId, sig] = la.token.split('.')
    for (const bad of [
      `${linkId}.${sig!.slice(0, -1)}${sig!.endsWith('A') ? 'B' : 'A'}`,
      `${linkId!.slice(0, -1)}${linkId!.endsWith('0') ? '1' : '0'}.${sig}`,
      `${linkId}`,
      'x.y',
    ]) {
      const shown = await page(`/api/notify/decision/${bad}?d=approve`)
      expect(shown.statusCode).toBe(404)
      expect(outcome(shown.body)).toBe('tampered')
      const posted = await page(`/api/notify/decision/${bad}`, 'POST', { d: 'approve' })
      expect(outcome(posted.body)).toBe('tampered')
    }
    expect((await detail(branchAdmin, a.id)).status).toBe(OrderStatus.PendingReview)

    // the step was decided in the product meanwhile
    expect((await audit(region, a.id, 'approve', 'fine')).status).toBe(200)
    const moved = await page(la.approve.split('?')[0]!, 'POST', { d: 'approve' })
    expect(moved.statusCode).toBe(409)
    expect(outcome(moved.body)).toBe('moved')
    expect((await detail(branchAdmin, a.id)).status).toBe(OrderStatus.UnderReview)

    // the order changed after the mail (its version moved)
    const b = await addOrder(branchAdmin, orderForm(moscow, products))
    const lb = await linksOf('region_president', b.orderNo)
    await t.database.db
      .update(saleOrders)
      .set({ version: sql`${saleOrders.version} + 1` })
      .where(eq(saleOrders.id, b.id))
    const changed = await page(lb.approve.split('?')[0]!, 'POST', { d: 'approve' })
    expect(outcome(changed.body)).toBe('changed')
    expect((await detail(branchAdmin, b.id)).status).toBe(OrderStatus.PendingReview)

    // past its time (the link's own life: 72 hours by default)
    const c = await addOrder(branchAdmin, orderForm(moscow, products))
    const lc = await linksOf('region_president', c.orderNo)
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      vi.setSystemTime(Date.now() + 73 * 3600_000)
      const expired = await page(lc.approve.split('?')[0]!, 'POST', { d: 'approve' })
      expect(expired.statusCode).toBe(410)
      expect(outcome(expired.body)).toBe('expired')
    } finally {
      vi.useRealTimers()
    }
    expect((await detail(branchAdmin, c.id)).status).toBe(OrderStatus.PendingReview)
    // and the same link, in time, still decides
    expect(outcome((await page(lc.approve.split('?')[0]!, 'POST', { d: 'approve' })).body)).toBe('approve')
  })

  it('two clicks at once decide once', async () => {
    const { id, orderNo } = await addOrder(branchAdmin, orderForm(moscow, products))
    const links = await linksOf('region_president', orderNo)
    const url = links.approve.split('?')[0]!
    const answers = await Promise.all([page(url, 'POST', { d: 'approve' }), page(url, 'POST', { d: 'approve' })])
    expect(answers.map((a) => outcome(a.body)).sort()).toEqual(['approve', 'used'])
    expect((await detail(branchAdmin, id)).status).toBe(OrderStatus.UnderReview)
    expect((await audit(finance, id, 'approve', 'ok')).status).toBe(200)
  })
})

describe('group-chat robots', () => {
  it('post to the order department robot in each provider shape, signed', async () => {
    const add = await admin.post<{ id: string }>('/api/sys/notifyRobot/add', {
      orgCode,
      provider: 'dingtalk',
      webhookUrl: hooks.url('/dingtalk/robot/send?access_token=abc'),
      secret: 'SECdemo',
      lang: 'en',
    })
    expect(add.status).toBe(200)
    const listed = await admin.get<{ records: Record<string, unknown>[] }>('/api/sys/notifyRobot/list')
    expect(listed.body.result.records[0]).not.toHaveProperty('secret')
    const robotId = add.body.result.id
    let version = 1
    for (const provider of ['dingtalk', 'wecom', 'feishu'] as const) {
      if (provider !== 'dingtalk') {
        const edit = await admin.put('/api/sys/notifyRobot/edit', {
          id: robotId,
          version: version++,
          provider,
          webhookUrl: hooks.url(`/${provider}/hook`),
        })
        expect(edit.status).toBe(200)
      }
      const before = hooks.calls.length
      const { orderNo } = await addOrder(branchAdmin, orderForm(moscow, products))
      await eventually(`${provider} call`, () => hooks.calls.length > before)
      const call = hooks.calls[before]!
      expect(call.path).toContain(provider)
      const body = call.body as {
        msgtype?: string
        markdown?: { text?: string; content?: string }
        msg_type?: string
        content?: { text: string }
        timestamp?: string
        sign?: string
      }
      if (provider === 'dingtalk') {
        expect(body.msgtype).toBe('markdown')
        expect(body.markdown!.text).toContain(orderNo)
        const ts = call.query.get('timestamp')!
        expect(call.query.get('sign')).toBe(createHmac('sha256', 'SECdemo').update(`${ts}\nSECdemo`).digest('base64'))
      } else if (provider === 'wecom') {
        expect(body.msgtype).toBe('markdown')
        expect(body.markdown!.content).toContain(orderNo)
      } else {
        expect(body.msg_type).toBe('text')
        expect(body.content!.text).toContain(orderNo)
        expect(body.sign).toBe(createHmac('sha256', `${body.timestamp}\nSECdemo`).update('').digest('base64'))
      }
      await new Promise((r) => setTimeout(r, 200))
      expect(hooks.calls.filter((c) => JSON.stringify(c.body).includes(orderNo))).toHaveLength(1)
    }
  })
})

describe('failures', () => {
  it('are retried with backoff, then listed for administrators with the reason, and sent again on request', async () => {
    hooks.refuseWith({ errcode: 310000, errmsg: 'sign not match' })
    sink.failNext(2, 'mailbox busy, try later')
    const { orderNo } = await addOrder(branchAdmin, orderForm(moscow, products))
    type Row = {
      id: string
      topic: string
      status: string
      lastError: string | null
      attempts: number
      subject: string
    }
    const failed = async () =>
      (
        await admin.get<{ records: Row[] }>('/api/sys/notifyOutbox/list', {
          search: JSON.stringify({ status: 'failed' }),
          pageSize: 50,
        })
      ).body.result.records.filter((r) => r.subject.includes(orderNo))
    await eventually('two failures recorded', async () => (await failed()).length === 2)
    const rows = await failed()
    expect(rows.find((r) => r.topic === 'mail')!.lastError).toContain('mailbox busy')
    expect(rows.find((r) => r.topic === 'chat')!.lastError).toContain('sign not match')
    expect(rows.every((r) => r.attempts === 2)).toBe(true)
    // the export names a chat row's recipient as the list does, by the robot's department (in English here)
    const [robotDepartment] = await t.database.db
      .select({ departNameEn: departments.departNameEn })
      .from(departments)
      .where(eq(departments.orgCode, orgCode))
    const exported = await readSheet(
      (
        await admin.get('/api/sys/notifyOutbox/exportXls', {
          search: JSON.stringify({ status: 'failed', subject: orderNo }),
          langJson: JSON.stringify({ recipient: 'Recipient' }),
        })
      ).raw,
    )
    expect(exported[0]).toEqual(['Recipient'])
    expect(exported.slice(1).map(([recipient]) => recipient)).toEqual(
      expect.arrayContaining([robotDepartment!.departNameEn, expect.stringContaining('@example.com')]),
    )
    // nobody but an administrator sees them
    expect((await branchAdmin.get('/api/sys/notifyOutbox/list')).status).toBe(403)
    hooks.refuseWith(null)
    const retry = await admin.post<{ count: number }>('/api/sys/notifyOutbox/retry', { ids: rows.map((r) => r.id) })
    expect(retry.body.result.count).toBe(2)
    await eventually('sent again', async () => {
      const states = await t.database.db
        .select({ status: outbox.status })
        .from(outbox)
        .where(
          sql`${outbox.id} in (${sql.join(
            rows.map((r) => sql`${r.id}::uuid`),
            sql`, `,
          )})`,
        )
      return states.every((s) => s.status === 'sent')
    })
    expect(mailsTo('region_president').filter((m) => m.subject.includes(orderNo))).toHaveLength(1)
  })
})

describe('ERP sync failed', () => {
  it("logistics is mailed, with the order and the ERP's words", async () => {
    const gm = await as(t, 'gm_president')
    const { id, orderNo } = await addOrder(branchAdmin, orderForm(moscow, products))
    for (const who of [region, finance, gm]) expect((await audit(who, id, 'approve', 'ok')).status).toBe(200)
    const mails = await sink.until((all) =>
      all.some((m) => m.to.includes('logistics_chief@example.com') && m.subject.includes(orderNo)),
    )
    const mail = mails.find((m) => m.to.includes('logistics_chief@example.com') && m.subject.includes(orderNo))!
    expect(mail.subject).toBe(`ERP 同步失败：订单 ${orderNo}`)
    expect(mail.text).toContain('account period closed')
    expect(mail.text).toContain(`订单号: ${orderNo}`)
  })
})

describe('review deadlines', () => {
  it('the mailed reviewers are reminded once before the step expires; once expired, they and the submitter are told', async () => {
    const { id, orderNo } = await addOrder(branchAdmin, orderForm(moscow, products))
    await linksOf('region_president', orderNo)
    const db = t.database.db
    const [review] = await db.select({ id: reviews.id }).from(reviews).where(eq(reviews.objectId, id))
    // the step has two hours (reminders come four hours before)
    await giveTimeLimit(db, [review!.id], 2)
    const deadlines = notifyOf(db)!.deadlines
    await deadlines.tick()
    await deadlines.tick()
    const soon = (
      await sink.until((all) => all.some((m) => m.subject.startsWith('Review due soon') && m.subject.includes(orderNo)))
    ).filter((m) => m.subject.includes(orderNo) && m.subject.startsWith('Review due soon'))
    expect(soon.map((m) => m.to)).toEqual([['region_president@example.com']])
    expect(soon[0]!.text).toContain('expires at')
    // three hours later: expired
    await db.update(reviews).set({ stepStartedAt: sql`now() - interval '3 hours'` }).where(eq(reviews.id, review!.id))
    await deadlines.tick()
    await deadlines.tick()
    await sink.until((all) =>
      all.some(
        (m) =>
          m.to.includes('branch_admin@example.com') && m.subject.includes(`审核已超时`) && m.subject.includes(orderNo),
      ),
    )
    await new Promise((r) => setTimeout(r, 300))
    const expired = sink.mails.filter(
      (m) => m.subject.includes(orderNo) && /expired|超时/.test(m.subject) && !m.subject.startsWith('Review due'),
    )
    expect(expired.map((m) => m.to[0]).sort()).toEqual(['branch_admin@example.com', 'region_president@example.com'])
    expect(expired.find((m) => m.to[0] === 'region_president@example.com')!.subject).toMatch(/^Review time expired: /)
  })

  it('reviews started together (an import) are reminded once for all of them, and told once of their expiry', async () => {
    expect(
      await importProducts(
        t.app,
        admin,
        [1, 2, 3].map((n) => importRow(n, 'DUE-')),
      ),
    ).toMatchObject({ imported: 3 })
    const db = t.database.db
    const started = await db
      .select({ id: reviews.id })
      .from(reviews)
      .where(and(eq(reviews.business, 'product'), like(reviews.objectNo, 'DUE-%')))
    expect(started).toHaveLength(3)
    const ids = started.map((r) => r.id)
    // their first step has two hours (reminders come four hours before)
    await giveTimeLimit(db, ids, 2)
    /** The mails of an event queued for these reviews: one per recipient. */
    const queued = async (event: string) =>
      (
        await db
          .select({ recipient: outbox.recipient, subject: outbox.subject })
          .from(outbox)
          .where(and(eq(outbox.event, event), like(outbox.key, `mail:${event}:together:product:%`)))
      ).sort((a, b) => a.recipient.localeCompare(b.recipient))
    const deadlines = notifyOf(db)!.deadlines
    await deadlines.tick()
    await deadlines.tick()
    expect(await queued('deadlineNear')).toEqual([
      { recipient: 'finance_director@example.com', subject: '审核即将超时：产品列表（3）' },
    ])
    const [soon] = await sink.until((all) => all.some((m) => m.subject === '审核即将超时：产品列表（3）'))
    expect(sink.mails.find((m) => m.subject === '审核即将超时：产品列表（3）')!.text).toContain(
      'DUE-0001、DUE-0002、DUE-0003',
    )
    expect(soon).toBeTruthy()
    // three hours later: expired, all three together; the reviewer and the submitter are told once
    const later = new Date(Date.now() + 3 * 3600_000)
    await deadlines.tick(later)
    await deadlines.tick(later)
    expect((await queued('expired')).map((m) => m.recipient)).toEqual([
      'admin@example.com',
      'finance_director@example.com',
    ])
  })
})

describe('review deadlines, many at once', () => {
  it('a look reads every due review, past the first page of them', async () => {
    const rows = Array.from({ length: 210 }, (_, i) => importRow(i + 1, 'PAGE-'))
    expect(await importProducts(t.app, admin, rows)).toMatchObject({ imported: 210 })
    const db = t.database.db
    const started = (await db.select({ id: reviews.id }).from(reviews).where(like(reviews.objectNo, 'PAGE-%'))).map(
      (r) => r.id,
    )
    // each started on its own, a second apart, three hours ago, with two hours to decide: expired
    await db.execute(sql`
      update sys_review r set step_started_at = now() - interval '3 hours' - s.n * interval '1 second'
      from (select id, row_number() over (order by id) as n from sys_review where object_no like 'PAGE-%') s
      where r.id = s.id`)
    await giveTimeLimit(db, started, 2)
    await notifyOf(db)!.deadlines.tick()
    // the submitter is told of each expiry once
    const [told] = await db
      .select({ n: count() })
      .from(outbox)
      .where(
        and(eq(outbox.event, 'expired'), eq(outbox.recipient, 'admin@example.com'), like(outbox.subject, '%PAGE-%')),
      )
    expect(told!.n).toBe(210)
  })
})

describe('preferences', () => {
  it('a user who turns off review mails gets none; the in-app message stays', async () => {
    const prefs = await region.get<{ prefs: { event: string; channels: string[] }[] }>('/api/sys/notify/prefs')
    expect(prefs.body.result.prefs.find((p) => p.event === 'reviewNeeded')!.channels).toEqual(['mail'])
    expect(
      (await region.post('/api/sys/notify/prefs', { prefs: [{ event: 'reviewNeeded', channels: [] }] })).status,
    ).toBe(200)
    const { orderNo } = await addOrder(branchAdmin, orderForm(moscow, products))
    await new Promise((r) => setTimeout(r, 400))
    expect(mailsTo('region_president').filter((m) => m.subject.includes(orderNo))).toHaveLength(0)
    await region.post('/api/sys/notify/prefs', { prefs: [{ event: 'reviewNeeded', channels: ['mail'] }] })
  })
})
