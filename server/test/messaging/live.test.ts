import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hashToken } from '../../src/platform/auth/tokens.ts'
import { createConnectionRegistry, type LiveSocket } from '../../src/platform/realtime/connections.ts'
import { closeEndedSessions } from '../../src/platform/realtime/sessions.ts'
import { createTestApp, login, type TestApp } from '../helpers/app.ts'
import { userIdOf } from './fixtures.ts'
import { connectLive, isMessage, type LiveClient } from './live-client.ts'

let t: TestApp
let baseUrl: string
let financeId: string
let financeToken: string
let logisticsToken: string
const open: LiveClient[] = []

beforeAll(async () => {
  t = await createTestApp()
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' })
  financeId = await userIdOf(t.database.db, 'branch_finance')
  financeToken = await login(t.app, 'branch_finance')
  logisticsToken = await login(t.app, 'logistics_chief')
})
afterAll(async () => {
  for (const c of open) c.close()
  await t?.close()
})

const connect = async (userId: string, token: string) => {
  const c = await connectLive(baseUrl, userId, token)
  open.push(c)
  return c
}

/** A socket stand-in for the registry, recording what the server did to it. */
const fakeSocket = () => {
  const s = { readyState: 1, sent: [] as string[], pings: 0, terminated: false, closedWith: null as number | null }
  const socket: LiveSocket & typeof s = Object.assign(s, {
    send: (d: string) => s.sent.push(d),
    ping: () => {
      s.pings++
    },
    terminate: () => {
      s.terminated = true
    },
    close: (code?: number) => {
      s.closedWith = code ?? 1000
    },
  })
  return socket
}

const reviewNeeded = (objectNo: string, reviewerIds: string[]) => ({
  type: 'approval.reviewNeeded' as const,
  business: 'sale_order',
  objectId: '7c1e1f2a-0000-4000-8000-0000000000aa',
  objectNo,
  stepNo: 1,
  reviewerIds,
  submitterId: null,
})

describe('live connection', () => {
  it('refuses the upgrade without a token, with a bad token, and with another user’s token', async () => {
    await expect(connectLive(baseUrl, financeId, 'not-a-real-token')).rejects.toThrow('refused with 401')
    await expect(connectLive(baseUrl, financeId, logisticsToken)).rejects.toThrow('refused with 403')
    const res = await fetch(`${baseUrl}/api/websocket/${financeId}`)
    expect(res.status).toBe(401)
  })

  it('accepts the user’s own token, echoes it as the protocol, and answers a heartbeat at once', async () => {
    const c = await connect(financeId, financeToken)
    expect(c.socket.protocol).toBe(financeToken)
    const sent = Date.now()
    c.socket.send(JSON.stringify({ type: 'ping' }))
    const pong = await c.next((f) => f.type === 'pong', 1000)
    expect(pong.type).toBe('pong')
    expect(Date.now() - sent).toBeLessThan(1000)
  })

  it('pushes a message written in a committed transaction to every socket of its recipient', async () => {
    const a = await connect(financeId, financeToken)
    const b = await connect(financeId, financeToken)
    await t.database.db.transaction((tx) => t.app.deps.events.emit(tx, reviewNeeded('SO-LIVE-1', [financeId])))
    for (const c of [a, b]) {
      const frame = await c.next(isMessage('待审核：销售订单 SO-LIVE-1'), 1000)
      expect(frame).toMatchObject({
        type: 'message',
        msgTxt: { menuId: 'sale_order', params: { busObjNo: 'SO-LIVE-1' }, content: '审批流程第 1 步等待您审核。' },
      })
    }
  })

  it('pushes nothing for a rolled-back transaction, and nothing to other users', async () => {
    const finance = await connect(financeId, financeToken)
    const logisticsId = await userIdOf(t.database.db, 'logistics_chief')
    const logistics = await connect(logisticsId, logisticsToken)
    await t.database.db
      .transaction(async (tx) => {
        await t.app.deps.events.emit(tx, reviewNeeded('SO-ROLLBACK', [financeId]))
        throw new Error('rollback')
      })
      .catch(() => {})
    await t.database.db.transaction((tx) => t.app.deps.events.emit(tx, reviewNeeded('SO-AFTER', [financeId])))
    await finance.next(isMessage('待审核：销售订单 SO-AFTER'), 1000)
    expect(finance.frames.some(isMessage('待审核：销售订单 SO-ROLLBACK'))).toBe(false)
    expect(logistics.frames.filter((f) => f.type === 'message')).toEqual([])
  })

  it('a signed-out token no longer opens a connection', async () => {
    const token = await login(t.app, 'branch_finance')
    await connect(financeId, token)
    await t.app.inject({ method: 'GET', url: '/api/user/logout', headers: { 'x-access-token': token } })
    await expect(connectLive(baseUrl, financeId, token)).rejects.toThrow('refused with 401')
  })

  it('the periodic session check closes the sockets of ended sessions only', async () => {
    const ended = await login(t.app, 'branch_finance')
    await t.app.inject({ method: 'GET', url: '/api/user/logout', headers: { 'x-access-token': ended } })
    const registry = createConnectionRegistry()
    const gone = fakeSocket()
    const stays = fakeSocket()
    registry.add(financeId, gone, hashToken(ended))
    registry.add(financeId, stays, hashToken(financeToken))
    expect(await closeEndedSessions(t.database.db, registry)).toBe(1)
    expect(gone.closedWith).toBe(4401)
    expect(stays.closedWith).toBeNull()
    expect(registry.size).toBe(1)

    // a socket that connects while a check is under way waits for the next check
    const late = fakeSocket()
    const checked = new Set([hashToken(financeToken)])
    registry.add(financeId, late, hashToken('opened-during-the-check'))
    expect(registry.closeEnded(checked, new Set())).toBe(1)
    expect(late.closedWith).toBeNull()
    expect(stays.closedWith).toBe(4401)
  })
})

describe('connection registry', () => {
  it('drops sockets that stopped answering and pings the live ones', () => {
    let now = 0
    const registry = createConnectionRegistry(() => now)
    const quiet = fakeSocket()
    const lively = fakeSocket()
    registry.add('u1', quiet)
    registry.add('u1', lively)
    now = 30_000
    registry.touch(lively)
    now = 46_000
    expect(registry.sweep(45_000)).toBe(1)
    expect(quiet.terminated).toBe(true)
    expect(lively.terminated).toBe(false)
    expect(lively.pings).toBe(1)
    expect(registry.send('u1', 'hello')).toBe(1)
    expect(lively.sent).toEqual(['hello'])
    expect(registry.size).toBe(1)
  })
})
