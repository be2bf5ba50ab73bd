import type { SellableProduct } from '@app/contracts'
import { eq, like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { outbox, users } from '../../src/db/schema/index.ts'
import { loadNotifyConfig } from '../../src/modules/notify/config.ts'
import { createTeller } from '../../src/modules/notify/producers.ts'
import { createTestApp, type TestApp } from '../helpers/app.ts'
import { type Api, addOrder, as, branchId, orderForm, sellable } from '../sales/helpers.ts'
import { eventually, startWebhookSink } from './sinks.ts'

/** A product without mail set up (no SMTP_URL): only group-chat robots can be told anything. */
let t: TestApp
let hooks: Awaited<ReturnType<typeof startWebhookSink>>
let branchAdmin: Api
let admin: Api
let moscow: string
let products: SellableProduct[]
let orgCode: string

beforeAll(async () => {
  hooks = await startWebhookSink()
  t = await createTestApp({ NOTIFY_POLL_MS: '50' })
  branchAdmin = await as(t, 'branch_admin')
  admin = await as(t, 'admin')
  moscow = await branchId(t, 'RU-MOW')
  products = (await sellable(branchAdmin, moscow)).slice(0, 2)
  const [u] = await t.database.db
    .select({ orgCode: users.orgCode })
    .from(users)
    .where(eq(users.username, 'branch_admin'))
  orgCode = u!.orgCode!
})
afterAll(async () => {
  await t?.close()
  await hooks?.close()
})

const queuedFor = (orderNo: string) =>
  t.database.db
    .select({ topic: outbox.topic })
    .from(outbox)
    .where(like(outbox.subject, `%${orderNo}%`))

describe('without mail', () => {
  it('reads nothing to tell while no robot is enabled, and tells an enabled robot', async () => {
    const tell = createTeller({ config: loadNotifyConfig({}), queued: () => {} })
    const told = {
      event: 'business' as const,
      to: [],
      ref: 'teller-test',
      business: 'sale_order',
      objectNo: null,
      order: null,
      texts: () => ({ subject: 'teller test', paragraphs: [] }),
    }
    const build = vi.fn(async () => told)
    await tell(t.database.db, { chat: true }, build)
    expect(build).not.toHaveBeenCalled()

    // an order placed: its reviewers' in-app messages only, nothing queued to send
    const first = await addOrder(branchAdmin, orderForm(moscow, products))
    expect(await queuedFor(first.orderNo)).toEqual([])

    const add = await admin.post('/api/sys/notifyRobot/add', {
      orgCode,
      provider: 'wecom',
      webhookUrl: hooks.url('/wecom/hook'),
      lang: 'zh',
    })
    expect(add.status).toBe(200)
    await tell(t.database.db, { chat: true }, build)
    expect(build).toHaveBeenCalledTimes(1)
    // not for the chat (mail alone is off): nothing to build
    await tell(t.database.db, {}, build)
    expect(build).toHaveBeenCalledTimes(1)

    // the next order reaches the department's robot
    const second = await addOrder(branchAdmin, orderForm(moscow, products))
    expect(await queuedFor(second.orderNo)).toEqual([{ topic: 'chat' }])
    await eventually('the robot call', () => hooks.calls.some((c) => JSON.stringify(c.body).includes(second.orderNo)))
  })
})
