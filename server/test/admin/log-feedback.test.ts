import { Errors, type Feedback, type LogEntry, type Page, type ResourceScreen } from '@app/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, signedIn, type TestApp } from '../helpers/app.ts'
import { listOf } from '../helpers/resources.ts'
import { readSheet } from '../list/helpers.ts'

let t: TestApp
let admin: Awaited<ReturnType<typeof signedIn>>
beforeAll(async () => {
  t = await createTestApp()
  admin = await signedIn(t.app, 'admin', 'en')
})
afterAll(async () => t?.close())

describe('operation log', () => {
  it('shows who, when, what, where from and how long; filters by type, user and time', async () => {
    await signedIn(t.app, 'finance_admin')
    const logins = await listOf<LogEntry>(admin, '/api/sys/log', {
      search: { logType: '1', username: 'finance_admin', createAt: ['2000-01-01', '2999-12-31'] },
    })
    const entry = logins.body.result.records[0]!
    expect(entry).toMatchObject({ logType: 1, username: 'finance_admin', operation: 'login' })
    expect(entry.ip).toBeTruthy()
    expect(typeof entry.costMs).toBe('number')
    const some = await listOf<LogEntry>(admin, '/api/sys/log', { query: { field: 'operation,username' } })
    expect(some.body.result.records[0]).toEqual({
      id: expect.any(String),
      operation: 'login',
      username: expect.any(String),
    })
    const future = await listOf<LogEntry>(admin, '/api/sys/log', { search: { createAt: ['2999-01-01', ''] } })
    expect(future.body.result.total).toBe(0)
  })

  it('is read-only and exports', async () => {
    expect((await admin.post('/api/sys/log/add', {})).status).toBe(404)
    expect((await admin.delete('/api/sys/log/deleteBatch', { ids: 'x' })).status).toBe(404)
    const res = await admin.get('/api/sys/log/exportXls', { search: JSON.stringify({ username: 'admin' }) })
    expect(res.status).toBe(200)
    expect(String(res.headers['content-type'])).toContain('spreadsheetml')
  })

  it('exports operations by the names of their screen and button, in the language asked', async () => {
    const country = (await listOf<{ id: string; version: number }>(admin, '/api/md/country')).body.result.records[0]!
    expect((await admin.put('/api/md/country/edit', { ...country, remark: 'log export' })).status).toBe(200)
    const query = {
      search: JSON.stringify({ operation: 'md_country:edit' }),
      langJson: JSON.stringify({ operation: 'Operation', username: 'User' }),
    }
    const en = await readSheet((await admin.get('/api/sys/log/exportXls', query)).raw)
    expect(en.slice(0, 2)).toEqual([
      ['Operation', 'User'],
      ['Countries · Edit', 'admin'],
    ])
    const adminZh = await signedIn(t.app, 'admin', 'zh')
    const zh = await readSheet((await adminZh.get('/api/sys/log/exportXls', query)).raw)
    expect(zh[1]).toEqual(['国家 · 编辑', 'admin'])
    // an operation that is no button by its own name, as the screen shows it
    const logins = { ...query, search: JSON.stringify({ operation: 'login', username: 'admin' }) }
    expect((await readSheet((await admin.get('/api/sys/log/exportXls', logins)).raw))[1]).toEqual(['Sign in', 'admin'])
    expect((await readSheet((await adminZh.get('/api/sys/log/exportXls', logins)).raw))[1]).toEqual(['登录', 'admin'])
  })

  it('offers the operations the log holds, each once, and no button nobody pressed', async () => {
    const before = (await admin.get<string[]>('/api/sys/log/operations')).body.result
    expect(before).toContain('login')
    expect(new Set(before).size).toBe(before.length)
    // reading is not logged: its buttons would find nothing
    expect(before).not.toContain('sale_order:view')
    expect(before).not.toContain('md_country:add')
    const country = await admin.post('/api/md/country/add', {
      code: 'ZL',
      name: '日志国',
      currencyName: '日志币',
      currencySymbol: 'L',
    })
    expect(country.status).toBe(200)
    const after = (await admin.get<string[]>('/api/sys/log/operations')).body.result
    expect(after).toContain('md_country:add')
    const found = await listOf<LogEntry>(admin, '/api/sys/log', { search: { operation: 'md_country:add' } })
    expect(found.body.result.records.map((r) => r.operation)).toEqual(['md_country:add'])
    // the list names operations and objects by words their stored keys do not sort by
    for (const column of ['operation', 'resource']) {
      expect((await listOf(admin, '/api/sys/log', { query: { column, order: 'asc' } })).status, column).toBe(400)
    }
    expect((await (await signedIn(t.app, 'gm_president')).get('/api/sys/log/operations')).status).toBe(403)
  })

  it("names each entry's object by the screen it is looked at in, on the list and in its export", async () => {
    const added = await admin.post('/api/md/department/add', { departName: '日志对象部' })
    expect(added.status).toBe(200)
    // a department's table is no screen's code: the list carries the screen beside the table
    const entries = await listOf<LogEntry>(admin, '/api/sys/log', { search: { operation: 'md_department:add' } })
    expect(entries.body.result.records[0]).toMatchObject({ resource: 'sys_depart', object: 'md_department' })
    // the object filter offers each resource with its screen, and finds a screen's entries by them
    const objects = (await admin.get<ResourceScreen[]>('/api/sys/log/objects')).body.result
    expect(objects).toContainEqual({ resource: 'sys_depart', menu: 'md_department' })
    expect(objects).toContainEqual({ resource: 'order_adjust', menu: 'sale_apply_modify' })
    expect(objects).toContainEqual({ resource: 'sale_apply_modify', menu: 'sale_apply_modify' })
    // only what some entry names: a screen no entry names would find nothing (no box specification was changed)
    expect(objects.map((o) => o.resource)).not.toContain('md_box_spec')
    const box = { code: 'LOG1', name: '日志箱规', lengthCm: 1, widthCm: 1, heightCm: 1, grossWeightKg: 1 }
    expect((await admin.post('/api/md/boxSpec/add', box)).status).toBe(200)
    const later = (await admin.get<ResourceScreen[]>('/api/sys/log/objects')).body.result
    expect(later).toContainEqual({ resource: 'md_box_spec', menu: 'md_box_spec' })
    expect(new Set(later.map((o) => o.resource)).size).toBe(later.length)
    const adjustments = objects.filter((o) => o.menu === 'sale_apply_modify').map((o) => o.resource)
    const found = await listOf<LogEntry>(admin, '/api/sys/log', { search: { resource: adjustments } })
    expect(found.body.result.records.length).toBeGreaterThan(0)
    expect(new Set(found.body.result.records.map((r) => r.object))).toEqual(new Set(['sale_apply_modify']))
    expect(new Set(found.body.result.records.map((r) => r.resource))).toEqual(
      new Set(['order_adjust', 'sale_apply_modify']),
    )
    expect((await (await signedIn(t.app, 'gm_president')).get('/api/sys/log/objects')).status).toBe(403)
    const adminZh = await signedIn(t.app, 'admin', 'zh')
    const sheet = async (as: typeof admin, search: Record<string, string>) =>
      (
        await readSheet(
          (
            await as.get('/api/sys/log/exportXls', {
              search: JSON.stringify(search),
              langJson: JSON.stringify({ resource: 'Object' }),
            })
          ).raw,
        )
      )[1]
    expect(await sheet(admin, { operation: 'md_department:add' })).toEqual(['Departments'])
    expect(await sheet(adminZh, { operation: 'md_department:add' })).toEqual(['部门'])
    // a review's step names its business by the business's screen (the demo's adjustment requests)
    const review = { operation: 'approval:start', resource: 'order_adjust' }
    expect(await sheet(admin, review)).toEqual(['Order adjustments'])
    expect(await sheet(adminZh, review)).toEqual(['订单调整申请'])
    // a message, which no menu lists, by its own name
    const mine = await admin.get<{ records: { id: string }[] }>('/api/sys/messages/list', { pageNo: 1, pageSize: 1 })
    const message = mine.body.result.records[0]
    expect(message, 'the demo administrator has a message').toBeDefined()
    expect((await admin.delete('/api/sys/messages/delete', { id: message!.id })).status).toBe(200)
    expect(await sheet(admin, { operation: 'deleteMessage' })).toEqual(['My messages'])
    expect(await sheet(adminZh, { operation: 'deleteMessage' })).toEqual(['我的消息'])
  })

  it('is for the log screen only', async () => {
    expect((await (await signedIn(t.app, 'gm_president')).get('/api/sys/log/list')).status).toBe(403)
  })
})

describe('feedback', () => {
  let mine: Feedback

  it('any user submits and lists only their own', async () => {
    const author = await signedIn(t.app, 'logistics_admin')
    const res = await author.post<Feedback>('/api/sys/feedback/submit', {
      title: '仓库下拉太长',
      content: '希望可以按名称搜索仓库',
    })
    expect(res.status).toBe(200)
    mine = res.body.result
    expect(mine).toMatchObject({ replyStatus: '0', createByName: '吴强', replyContent: null })
    const own = (await author.get<Page<Feedback>>('/api/sys/feedback/my')).body.result
    expect(own.records.map((f) => f.id)).toEqual([mine.id])
    const someoneElse = (await (await signedIn(t.app, 'branch_admin')).get<Page<Feedback>>('/api/sys/feedback/my')).body
      .result
    expect(someoneElse.records.map((f) => f.id)).not.toContain(mine.id)
    expect(someoneElse.records.some((f) => f.replyStatus === '1')).toBe(true)
  })

  it('only administrators list everything and reply; the author sees the reply', async () => {
    const author = await signedIn(t.app, 'logistics_admin')
    expect((await author.get('/api/sys/feedback/list')).status).toBe(403)
    const refused = await author.post('/api/sys/feedback/reply', { id: mine.id, version: 1, replyContent: 'self' })
    expect(refused.status).toBe(403)
    const all = await listOf<Feedback>(admin, '/api/sys/feedback', { search: { replyStatus: '0' } })
    expect(all.body.result.records.map((f) => f.id)).toContain(mine.id)
    const reply = await admin.post<Feedback>('/api/sys/feedback/reply', {
      id: mine.id,
      version: 1,
      replyContent: '已加入搜索，下个版本上线。',
    })
    expect(reply.body.result).toMatchObject({ replyStatus: '1', replyByName: '管理员', version: 2 })
    const stale = await admin.post('/api/sys/feedback/reply', { id: mine.id, version: 1, replyContent: 'again' })
    expect(stale.body.code).toBe(Errors.DataChanged.code)
    const own = (await author.get<Page<Feedback>>('/api/sys/feedback/my')).body.result.records[0]!
    expect(own).toMatchObject({ replyContent: '已加入搜索，下个版本上线。', replyByName: '管理员' })
    expect(own.replyAt).toBeTruthy()
  })

  it('a reply needs content; administrators delete', async () => {
    const empty = await admin.post('/api/sys/feedback/reply', { id: mine.id, version: 2, replyContent: ' ' })
    expect(empty.status).toBe(400)
    expect((await admin.delete('/api/sys/feedback/delete', { id: mine.id })).status).toBe(200)
    const author = await signedIn(t.app, 'logistics_admin')
    expect((await author.get<Page<Feedback>>('/api/sys/feedback/my')).body.result.total).toBe(0)
  })
})
