import type { LiveFrame, Message, Notice, Page } from '@app/contracts'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { messages, users } from '../../src/db/schema/index.ts'
import { framesOf } from '../../src/modules/messaging/live.delivery.ts'
import { MESSAGE_CHANNEL, sendMessages } from '../../src/modules/messaging/message.writer.ts'
import { hashToken, newToken } from '../../src/platform/auth/tokens.ts'
import { createConnectionRegistry, type LiveSocket } from '../../src/platform/realtime/connections.ts'
import { closeEndedSessions } from '../../src/platform/realtime/sessions.ts'
import { client, createTestApp, login, type TestApp } from '../helpers/app.ts'
import { userIdOf } from './fixtures.ts'
import { connectLive, isMessage, type LiveClient } from './live-client.ts'

/**
 * A message to many (issue 18): one statement writes a draft's rows, one NOTIFY announces them,
 * each instance reads its connected recipients' messages in one query and serialises a shared
 * frame once; the heartbeat pings a part of the sockets at a time.
 */
let t: TestApp
let baseUrl: string
const open: LiveClient[] = []

beforeAll(async () => {
  t = await createTestApp()
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' })
})
afterAll(async () => {
  for (const c of open) c.close()
  await t?.close()
})

const signedInSocket = async (username: string) => {
  const token = await login(t.app, username)
  const socket = await connectLive(baseUrl, await userIdOf(t.database.db, username), token)
  open.push(socket)
  return { socket, http: client(t.app, token) }
}

const sameText = (text: { title: string; content: string }) => ({ zh: text, en: text })

const fakeSocket = () => {
  const s = { readyState: 1, pings: 0, closedWith: null as number | null }
  const socket: LiveSocket & typeof s = Object.assign(s, {
    send: () => {},
    ping: () => {
      s.pings++
    },
    terminate: () => {},
    close: (code?: number) => {
      s.closedWith = code ?? 1000
    },
  })
  return socket
}

describe('a message to many', () => {
  it('writes one row per recipient of each draft in one batch, and announces the batch once with its size', async () => {
    const [a, b, c, admin] = await Promise.all(
      ['branch_finance', 'logistics_chief', 'region_president', 'admin'].map((u) => userIdOf(t.database.db, u)),
    )
    const heard: string[] = []
    const unlisten = await t.database.listen(MESSAGE_CHANNEL, (p) => heard.push(p))
    const batch = await t.database.db.transaction((tx) =>
      sendMessages(tx, [
        {
          recipientIds: [a!, b!, a!],
          texts: sameText({ title: 'Same to two', content: 'x' }),
          creatorId: admin,
          source: 'test',
        },
        {
          recipientIds: [c!],
          texts: sameText({ title: 'Another "text"', content: '' }),
          params: { k: 1 },
          source: 'test',
        },
        { recipientIds: [], texts: sameText({ title: 'Nobody', content: '' }), source: 'test' },
      ]),
    )
    const rows = await t.database.db.select().from(messages).where(eq(messages.batchId, batch!))
    expect(rows.map((r) => [r.recipientId, r.title]).sort()).toEqual(
      [
        [a, 'Same to two'],
        [b, 'Same to two'],
        [c, 'Another "text"'],
      ].sort(),
    )
    expect(rows.find((r) => r.recipientId === c)).toMatchObject({ params: { k: 1 }, creator: null, readFlag: 0 })
    expect(rows.find((r) => r.recipientId === a)?.creator).toBe('管理员')
    await expect.poll(() => heard.map((p) => JSON.parse(p))).toContainEqual({ batch, count: 3 })
    await unlisten()
    expect(await t.database.db.transaction((tx) => sendMessages(tx, []))).toBeNull()
  })

  it('pushes a notice to everyone once to each connected recipient, as the message their list shows, without writing messages', async () => {
    const finance = await signedInSocket('branch_finance')
    const logistics = await signedInSocket('logistics_chief')
    const heard: string[] = []
    const unlisten = await t.database.listen(MESSAGE_CHANNEL, (p) => heard.push(p))
    const admin = client(t.app, await login(t.app, 'admin'))
    const title = 'Everyone, at once'
    const added = await admin.post<Notice>('/api/sys/notice/add', {
      title,
      content: '<p>One text for all, with "quotes" and 中文</p>',
      noticeType: 'system',
      openType: 'detail',
      targetType: 'all',
      targetIds: [],
    })
    const noticeId = added.body.result.id
    expect((await admin.post('/api/sys/notice/publish', { id: noticeId })).body.code).toBe(200)
    const ids = new Set<string>()
    for (const user of [finance, logistics]) {
      const frame = await user.socket.next(isMessage(title), 2000)
      const inbox = (await user.http.get<Page<Message>>('/api/sys/messages/list', { pageSize: 5 })).body.result
      const own = inbox.records.filter((m) => m.title === title)
      expect(own).toHaveLength(1)
      const { readFlag: _r, ...pushed } = own[0]!
      expect(frame).toEqual({ type: 'message', msgTxt: pushed })
      expect(pushed).toMatchObject({ noticeId, content: 'One text for all, with "quotes" and 中文', creator: '管理员' })
      ids.add(pushed.id)
    }
    // every reader's message is the notice: one id, one announcement, no rows in sys_message
    expect([...ids]).toEqual([noticeId])
    const recipients = await t.database.db.$count(users, and(eq(users.status, '1'), eq(users.delFlag, false)))
    await expect.poll(() => heard.map((p) => JSON.parse(p))).toContainEqual({ notice: noticeId, count: recipients })
    await unlisten()
    expect(await t.database.db.$count(messages, eq(messages.title, title))).toBe(0)
    await new Promise((r) => setTimeout(r, 200))
    for (const user of [finance, logistics]) expect(user.socket.frames.filter(isMessage(title))).toHaveLength(1)
  })

  it('serialises a shared frame exactly as the message would be on its own', () => {
    const message = {
      title: 'A "title" with \\ and \u0000id\u0000 and 中文',
      content: '\u0000id\u0000 again',
      titleEn: 'In English, \u0000id\u0000',
      contentEn: null,
      createTime: new Date().toISOString(),
      creator: null,
      menuId: 'sale_order',
      params: { busObjNo: 'SO-1' },
      noticeId: null,
    }
    const frame = framesOf(message)
    for (const id of ['6f1c5c8e-0000-4000-8000-000000000001', '6f1c5c8e-0000-4000-8000-000000000002']) {
      const expected: LiveFrame = { type: 'message', msgTxt: { id, ...message } }
      expect(JSON.parse(frame(id))).toEqual(expected)
      expect(frame(id)).toBe(JSON.stringify({ type: 'message', msgTxt: { id, ...message } }))
    }
  })
})

describe('heartbeat and session checks at many sockets', () => {
  it('pings one part of the sockets per sweep, each once over all parts, and drops the silent ones in any part', () => {
    let now = 0
    const registry = createConnectionRegistry(() => now)
    const sockets = Array.from({ length: 25 }, (_, i) => {
      const s = fakeSocket()
      registry.add(`u${i}`, s)
      return s
    })
    now = 10_000
    for (let index = 0; index < 10; index++) {
      const before = sockets.reduce((n, s) => n + s.pings, 0)
      expect(registry.sweep(45_000, { index, of: 10 })).toBe(0)
      const pinged = sockets.reduce((n, s) => n + s.pings, 0) - before
      expect(pinged).toBeGreaterThanOrEqual(2)
      expect(pinged).toBeLessThanOrEqual(3)
    }
    expect(sockets.map((s) => s.pings)).toEqual(sockets.map(() => 1))
    now = 50_000
    registry.touch(sockets[0]!)
    expect(registry.sweep(45_000, { index: 3, of: 10 })).toBe(24)
    expect(registry.size).toBe(1)
  })

  it('checks the sessions of thousands of sockets and closes those that ended', async () => {
    const live = await login(t.app, 'branch_finance')
    const financeId = await userIdOf(t.database.db, 'branch_finance')
    const registry = createConnectionRegistry()
    const stays = fakeSocket()
    registry.add(financeId, stays, hashToken(live))
    const gone = Array.from({ length: 2500 }, () => {
      const s = fakeSocket()
      registry.add(financeId, s, newToken().tokenHash)
      return s
    })
    expect(await closeEndedSessions(t.database.db, registry)).toBe(2500)
    expect(gone.every((s) => s.closedWith === 4401)).toBe(true)
    expect(stays.closedWith).toBeNull()
    expect(registry.size).toBe(1)
  })
})
