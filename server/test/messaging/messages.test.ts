import { Errors, type Message, type Page } from '@app/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { client, createTestApp, login, type TestApp } from '../helpers/app.ts'
import { seedMessages, userIdOf } from './fixtures.ts'

let t: TestApp
let finance: ReturnType<typeof client>
let logistics: ReturnType<typeof client>
let financeId: string
let logisticsId: string

beforeAll(async () => {
  t = await createTestApp()
  finance = client(t.app, await login(t.app, 'branch_finance'))
  logistics = client(t.app, await login(t.app, 'logistics_chief'))
  financeId = await userIdOf(t.database.db, 'branch_finance')
  logisticsId = await userIdOf(t.database.db, 'logistics_chief')
})
afterAll(async () => t?.close())

const unread = async (c: typeof finance) => (await c.get<number>('/api/sys/messages/unReadCount')).body.result
const list = async (c: typeof finance, query: Record<string, string | number> = {}) =>
  (await c.get<Page<Message>>('/api/sys/messages/list', query)).body.result

describe('messages', () => {
  it('counts, lists and pages only the caller’s messages', async () => {
    const before = await unread(finance)
    const otherBefore = await unread(logistics)
    await seedMessages(t.database.db, financeId, 12, 'Finance')
    await seedMessages(t.database.db, logisticsId, 3, 'Logistics')

    expect(await unread(finance)).toBe(before + 12)
    expect(await unread(logistics)).toBe(otherBefore + 3)

    const page1 = await list(finance, { readFlag: 0, pageNo: 1, pageSize: 10 })
    expect(page1.total).toBe(before + 12)
    expect(page1.records).toHaveLength(10)
    expect(page1.size).toBe(10)
    expect(page1.current).toBe(1)
    expect(page1.pages).toBe(Math.ceil((before + 12) / 10))
    expect(page1.records[0]?.title).toBe('Finance 12')
    expect(page1.records.every((m) => m.readFlag === 0)).toBe(true)
    expect(page1.records.some((m) => m.title.startsWith('Logistics'))).toBe(false)
  })

  it('marks one read, and the count and the unread tab follow', async () => {
    const [first] = (await list(finance, { readFlag: 0 })).records
    const count = await unread(finance)
    const res = await finance.post('/api/sys/messages/read', { id: first!.id })
    expect(res.status).toBe(200)
    expect(await unread(finance)).toBe(count - 1)
    expect((await list(finance, { readFlag: 0 })).records.map((m) => m.id)).not.toContain(first!.id)
    const all = await list(finance, { pageSize: 100 })
    expect(all.records.find((m) => m.id === first!.id)?.readFlag).toBe(1)
    // marking it again changes nothing
    await finance.post('/api/sys/messages/read', { id: first!.id })
    expect(await unread(finance)).toBe(count - 1)
  })

  it('never lets a user read, mark or delete someone else’s message', async () => {
    const [theirs] = (await list(logistics, { readFlag: 0 })).records
    const theirCount = await unread(logistics)

    const read = await finance.post('/api/sys/messages/read', { id: theirs!.id })
    expect(read.status).toBe(404)
    expect(read.body.code).toBe(Errors.NotFound.code)
    const del = await finance.delete('/api/sys/messages/delete', { id: theirs!.id })
    expect(del.status).toBe(404)
    await finance.post('/api/sys/messages/allRead')
    await finance.post('/api/sys/messages/deleteAll')

    expect(await unread(logistics)).toBe(theirCount)
    const still = await list(logistics, { pageSize: 100 })
    expect(still.records.find((m) => m.id === theirs!.id)?.readFlag).toBe(0)
  })

  it('mark-all-read zeroes the count; delete and delete-all remove rows and keep the count right', async () => {
    const ids = await seedMessages(t.database.db, logisticsId, 4, 'More')
    const count = await unread(logistics)
    expect(count).toBeGreaterThanOrEqual(4)

    const del = await logistics.delete('/api/sys/messages/delete', { id: ids[0]! })
    expect(del.status).toBe(200)
    expect(await unread(logistics)).toBe(count - 1)
    expect((await list(logistics, { pageSize: 100 })).records.map((m) => m.id)).not.toContain(ids[0])
    expect((await logistics.delete('/api/sys/messages/delete', { id: ids[0]! })).status).toBe(404)

    const all = await logistics.post<number>('/api/sys/messages/allRead')
    expect(all.body.result).toBe(count - 1)
    expect(await unread(logistics)).toBe(0)
    expect((await list(logistics, { readFlag: 0 })).total).toBe(0)
    const total = (await list(logistics)).total
    expect(total).toBeGreaterThan(0)

    await seedMessages(t.database.db, logisticsId, 2, 'Late')
    expect(await unread(logistics)).toBe(2)
    const removed = await logistics.post<number>('/api/sys/messages/deleteAll')
    expect(removed.body.result).toBe(total + 2)
    expect(await unread(logistics)).toBe(0)
    expect((await list(logistics)).total).toBe(0)
  })

  it('rejects malformed input and unsigned callers', async () => {
    expect((await finance.post('/api/sys/messages/read', { id: 'not-a-uuid' })).status).toBe(400)
    expect((await finance.get('/api/sys/messages/list', { readFlag: 7 })).status).toBe(400)
    expect((await client(t.app).get('/api/sys/messages/unReadCount')).status).toBe(401)
  })
})
