import {
  Errors,
  type Message,
  type Notice,
  type NoticeBrief,
  type NoticeDetail,
  type Page,
  WARNING,
} from '@app/contracts'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { departments, noticeRecipients, roles, userRoles, users } from '../../src/db/schema/index.ts'
import { client, createTestApp, login, type TestApp } from '../helpers/app.ts'

let t: TestApp
let admin: ReturnType<typeof client>
let finance: ReturnType<typeof client>
let logistics: ReturnType<typeof client>
let logisticsAdmin: ReturnType<typeof client>
let financeRoleId: string
let logisticsCenterId: string

beforeAll(async () => {
  t = await createTestApp()
  admin = client(t.app, await login(t.app, 'admin'))
  finance = client(t.app, await login(t.app, 'branch_finance'))
  logistics = client(t.app, await login(t.app, 'logistics_chief'))
  logisticsAdmin = client(t.app, await login(t.app, 'logistics_admin'))
  const db = t.database.db
  financeRoleId = (await db.select().from(roles).where(eq(roles.roleCode, 'branch_finance')))[0]!.id
  logisticsCenterId = (await db.select().from(departments).where(eq(departments.orgCode, 'A01A01')))[0]!.id
})
afterAll(async () => t?.close())

const draft = (over: Record<string, unknown> = {}) => ({
  title: 'Quarterly stock count',
  content: '<p>Please count <strong>all</strong> depots by Friday.</p>',
  noticeType: 'announcement',
  openType: 'detail',
  targetType: 'roles',
  targetIds: [financeRoleId],
  ...over,
})

const unread = async (c: typeof admin) => (await c.get<number>('/api/sys/messages/unReadCount')).body.result
const messagesOf = async (c: typeof admin) =>
  (await c.get<Page<Message>>('/api/sys/messages/list', { pageSize: 100 })).body.result.records

const addAndPublish = async (body: Record<string, unknown>) => {
  const added = await admin.post<Notice>('/api/sys/notice/add', body)
  expect(added.status, JSON.stringify(added.body)).toBe(200)
  const published = await admin.post<Notice>('/api/sys/notice/publish', { id: added.body.result.id })
  expect(published.body.code, JSON.stringify(published.body)).toBe(200)
  return published.body.result
}

describe('notices', () => {
  it('saves a draft that nobody receives yet, with sanitized HTML', async () => {
    const before = await unread(finance)
    const res = await admin.post<Notice>(
      '/api/sys/notice/add',
      draft({ content: '<p>Hello <em>team</em><script>window.__xss=1</script></p>' }),
    )
    expect(res.status).toBe(200)
    expect(res.body.result.status).toBe('draft')
    expect(res.body.result.content).toBe('<p>Hello <em>team</em></p>')
    expect(await unread(finance)).toBe(before)
    const opened = await finance.get('/api/sys/notice/queryById', { id: res.body.result.id })
    expect(opened.status).toBe(404)
  })

  it('publishes to a role: its members get a message and the notice, others nothing', async () => {
    const financeBefore = await unread(finance)
    const logisticsBefore = await unread(logistics)
    const notice = await addAndPublish(draft())
    expect(notice.status).toBe('published')
    expect(notice.sender).toBe('管理员')
    expect(notice.publishTime).not.toBeNull()

    expect(await unread(finance)).toBe(financeBefore + 1)
    expect(await unread(logistics)).toBe(logisticsBefore)
    const message = (await messagesOf(finance)).find((m) => m.noticeId === notice.id)
    expect(message).toMatchObject({ title: 'Quarterly stock count', creator: '管理员', readFlag: 0 })
    expect(message?.content).toBe('Please count all depots by Friday.')

    const list = (await finance.get<NoticeBrief[]>('/api/sys/notice/queryAllList')).body.result
    expect(list.find((n) => n.id === notice.id)).toMatchObject({ readFlag: 0, sender: '管理员' })
    const info = (await finance.get<{ total: number; records: NoticeBrief[] }>('/api/sys/notice/getUnreadInfo')).body
      .result
    expect(info.records.map((n) => n.id)).toContain(notice.id)
    const unreadNotices = info.total
    expect(
      (await logistics.get<NoticeBrief[]>('/api/sys/notice/queryAllList')).body.result.map((n) => n.id),
    ).not.toContain(notice.id)

    // opening it reads the notice and the message that announced it
    const opened = await finance.get<NoticeDetail>('/api/sys/notice/queryById', { id: notice.id })
    expect(opened.body.code).toBe(200)
    expect(opened.body.result).toMatchObject({
      title: 'Quarterly stock count',
      content: '<p>Please count <strong>all</strong> depots by Friday.</p>',
      sender: '管理员',
      readFlag: 1,
    })
    expect(await unread(finance)).toBe(financeBefore)
    const after = (await finance.get<{ total: number }>('/api/sys/notice/getUnreadInfo')).body.result
    expect(after.total).toBe(unreadNotices - 1)
    expect((await logistics.get('/api/sys/notice/queryById', { id: notice.id })).status).toBe(404)
  })

  it('carries an English title and text when its writer gives them, sanitized as the Chinese; an empty one is none', async () => {
    const notice = await addAndPublish(
      draft({
        title: '季度盘点',
        content: '<p>请在周五前完成<strong>全部</strong>仓库盘点。</p>',
        titleEn: 'Quarterly stock count',
        contentEn: '<p>Count <strong>every</strong> depot by Friday.<script>window.__xss=1</script></p>',
      }),
    )
    expect(notice).toMatchObject({
      titleEn: 'Quarterly stock count',
      contentEn: '<p>Count <strong>every</strong> depot by Friday.</p>',
    })
    // its readers' message carries both, the text as a plain excerpt, for the interface to choose
    const message = (await messagesOf(finance)).find((m) => m.noticeId === notice.id)
    expect(message).toMatchObject({
      title: '季度盘点',
      content: '请在周五前完成全部仓库盘点。',
      titleEn: 'Quarterly stock count',
      contentEn: 'Count every depot by Friday.',
    })
    const opened = await finance.get<NoticeDetail>('/api/sys/notice/queryById', { id: notice.id })
    expect(opened.body.result).toMatchObject({
      title: '季度盘点',
      titleEn: 'Quarterly stock count',
      contentEn: '<p>Count <strong>every</strong> depot by Friday.</p>',
    })
    // an English editor left empty, and a blank title, are none: the English interface shows the Chinese
    const chineseOnly = await admin.post<Notice>(
      '/api/sys/notice/add',
      draft({ titleEn: '  ', contentEn: '<p><br></p>' }),
    )
    expect(chineseOnly.body.result).toMatchObject({ titleEn: null, contentEn: null })
  })

  it('keeps one read state for a notice and its message; deleting the message leaves the notice readable', async () => {
    const notice = await addAndPublish(draft({ title: 'Read once' }))
    const before = await unread(finance)
    const unreadNotices = async () =>
      (await finance.get<{ records: NoticeBrief[] }>('/api/sys/notice/getUnreadInfo')).body.result.records.map(
        (n) => n.id,
      )
    expect(await unreadNotices()).toContain(notice.id)
    // the message's id is the notice's: marking it read reads the notice
    expect((await finance.post('/api/sys/messages/read', { id: notice.id })).body.code).toBe(200)
    expect(await unread(finance)).toBe(before - 1)
    expect(await unreadNotices()).not.toContain(notice.id)
    expect((await logistics.post('/api/sys/messages/read', { id: notice.id })).status).toBe(404)

    // deleted from the messages, still in the notice list and readable
    expect((await finance.delete('/api/sys/messages/delete', { id: notice.id })).body.code).toBe(200)
    expect((await messagesOf(finance)).some((m) => m.id === notice.id)).toBe(false)
    expect((await finance.delete('/api/sys/messages/delete', { id: notice.id })).status).toBe(404)
    expect((await finance.post('/api/sys/messages/read', { id: notice.id })).status).toBe(404)
    const list = (await finance.get<NoticeBrief[]>('/api/sys/notice/queryAllList')).body.result
    expect(list.map((n) => n.id)).toContain(notice.id)
    expect((await finance.get<NoticeDetail>('/api/sys/notice/queryById', { id: notice.id })).body.code).toBe(200)

    // mark-all-read and delete-all take the notices' messages too
    const other = await addAndPublish(draft({ title: 'Read by all-read' }))
    expect((await unread(finance)) > 0).toBe(true)
    await finance.post('/api/sys/messages/allRead')
    expect(await unread(finance)).toBe(0)
    expect(await unreadNotices()).not.toContain(other.id)
    await finance.post('/api/sys/messages/deleteAll')
    expect(await messagesOf(finance)).toEqual([])
    const [financeUser] = await t.database.db.select().from(users).where(eq(users.username, 'branch_finance'))
    const rows = await t.database.db.select().from(noticeRecipients).where(eq(noticeRecipients.noticeId, other.id))
    expect(rows.find((r) => r.userId === financeUser!.id)).toMatchObject({ readFlag: 1, messageRemoved: true })
    expect((await finance.get<NoticeBrief[]>('/api/sys/notice/queryAllList')).body.result.map((n) => n.id)).toContain(
      other.id,
    )
  })

  it('publishes to a department and its sub-departments', async () => {
    const chiefBefore = await unread(logistics)
    const adminBefore = await unread(logisticsAdmin)
    const financeBefore = await unread(finance)
    await addAndPublish(draft({ title: 'Depot hours', targetType: 'departments', targetIds: [logisticsCenterId] }))
    expect(await unread(logistics)).toBe(chiefBefore + 1) // A01A01
    expect(await unread(logisticsAdmin)).toBe(adminBefore + 1) // A01A01A01, below it
    expect(await unread(finance)).toBe(financeBefore)
  })

  it('withdraws: readers get a 510 warning in their language, and it leaves their list', async () => {
    const notice = await addAndPublish(draft({ title: 'To be withdrawn' }))
    const withdrawn = await admin.post<Notice>('/api/sys/notice/withdraw', { id: notice.id })
    expect(withdrawn.body.result.status).toBe('withdrawn')

    const zh = await finance.get<string>('/api/sys/notice/queryById', { id: notice.id })
    expect(zh.status).toBe(200)
    expect(zh.body.code).toBe(WARNING)
    expect(zh.body.result).toBe('该公告已撤回')
    const en = await finance.get<string>('/api/sys/notice/queryById', { id: notice.id }, { langcode: 'en' })
    expect(en.body).toMatchObject({ code: WARNING, result: 'This notice has been withdrawn' })
    const list = (await finance.get<NoticeBrief[]>('/api/sys/notice/queryAllList')).body.result
    expect(list.map((n) => n.id)).not.toContain(notice.id)

    // withdrawing twice, or editing a published notice, is a warning too
    expect((await admin.post('/api/sys/notice/withdraw', { id: notice.id })).body.code).toBe(WARNING)
    const again = await addAndPublish(draft({ title: 'Published' }))
    const edit = await admin.post('/api/sys/notice/edit', { ...draft(), id: again.id, version: again.version })
    expect(edit.body.code).toBe(WARNING)
    expect((await admin.delete('/api/sys/notice/delete', { id: again.id })).body.code).toBe(WARNING)
    expect((await admin.post('/api/sys/notice/publish', { id: again.id })).body.code).toBe(WARNING)
  })

  it('edits a withdrawn notice back to a draft, republishes it, and deletes it with its messages', async () => {
    const notice = await addAndPublish(draft({ title: 'Version one' }))
    const withdrawn = (await admin.post<Notice>('/api/sys/notice/withdraw', { id: notice.id })).body.result
    const stale = await admin.post('/api/sys/notice/edit', {
      ...draft(),
      id: notice.id,
      version: withdrawn.version - 1,
    })
    expect(stale.status).toBe(409)
    expect(stale.body.code).toBe(Errors.DataChanged.code)
    const edited = await admin.post<Notice>('/api/sys/notice/saveDraft', {
      ...draft({ title: 'Version two' }),
      id: notice.id,
      version: withdrawn.version,
    })
    expect(edited.body.result).toMatchObject({ status: 'draft', title: 'Version two' })
    const republished = await admin.post<Notice>('/api/sys/notice/publish', { id: notice.id })
    expect(republished.body.result.status).toBe('published')
    // published afresh: one message, unread again, dated and titled by the new version
    const announced = (await messagesOf(finance)).filter((m) => m.noticeId === notice.id)
    expect(announced).toMatchObject([{ id: notice.id, title: 'Version two', readFlag: 0 }])
    expect(announced[0]!.createTime).toBe(republished.body.result.publishTime)
    const opened = await finance.get<NoticeDetail>('/api/sys/notice/queryById', { id: notice.id })
    expect(opened.body.result.title).toBe('Version two')

    await admin.post('/api/sys/notice/withdraw', { id: notice.id })
    expect((await admin.delete('/api/sys/notice/delete', { id: notice.id })).body.code).toBe(200)
    expect((await messagesOf(finance)).some((m) => m.noticeId === notice.id)).toBe(false)
    expect((await admin.get('/api/sys/notice/queryForEdit', { id: notice.id })).status).toBe(404)
  })

  it('publishes to nobody only as a warning, and a withdrawn notice keeps its readers then', async () => {
    const db = t.database.db
    const [role] = await db
      .insert(roles)
      .values({ roleCode: 'notice_probe', roleName: '公告测试角色' })
      .returning({ id: roles.id })
    const [financeUser] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'branch_finance'))
    await db.insert(userRoles).values({ roleId: role!.id, userId: financeUser!.id })
    const notice = await addAndPublish(draft({ title: 'Probe', targetIds: [role!.id] }))
    await admin.post('/api/sys/notice/withdraw', { id: notice.id })
    const readersOf = async () =>
      (await db.select().from(noticeRecipients).where(eq(noticeRecipients.noticeId, notice.id))).map((r) => r.userId)
    expect(await readersOf()).toEqual([financeUser!.id])

    await db.delete(userRoles).where(eq(userRoles.roleId, role!.id))
    const nobody = await admin.post<string>('/api/sys/notice/publish', { id: notice.id }, { langcode: 'en' })
    expect(nobody.body).toMatchObject({ code: WARNING, result: 'No user matches the chosen recipients' })
    const after = await admin.get<Notice>('/api/sys/notice/queryForEdit', { id: notice.id })
    expect(after.body.result.status).toBe('withdrawn')
    expect(await readersOf()).toEqual([financeUser!.id])
  })

  it('checks the input: url open type needs a url, groups need members, ids must exist', async () => {
    const noUrl = await admin.post('/api/sys/notice/add', draft({ openType: 'url' }))
    expect(noUrl.status).toBe(400)
    // said on its field in the caller's language (the administrator's is Chinese)
    expect(noUrl.body.result).toEqual([expect.objectContaining({ path: 'openUrl', message: '请填写链接地址' })])
    expect(
      (await admin.post('/api/sys/notice/add', draft({ openType: 'url', openUrl: 'javascript:alert(1)' }))).status,
    ).toBe(400)
    const nobody = await admin.post('/api/sys/notice/add', draft({ targetIds: [] }))
    expect(nobody.status).toBe(400)
    expect(nobody.body.result).toEqual([expect.objectContaining({ path: 'targetIds', message: '请至少选择一项' })])
    // a text with nothing to read is none, as typed and as sanitizing leaves it, on add, edit and draft
    for (const content of ['<p></p>', '<p>&nbsp; </p>', '<p><script>alert(1)</script></p>']) {
      const empty = await admin.post('/api/sys/notice/add', draft({ content }))
      expect(empty.status, content).toBe(400)
      expect(empty.body.result).toEqual([expect.objectContaining({ path: 'content', message: '请填写内容' })])
    }
    const saved = await admin.post<Notice>('/api/sys/notice/saveDraft', draft({ content: '<p>草稿</p>' }))
    const emptied = await admin.post(
      '/api/sys/notice/saveDraft',
      { ...draft({ content: '<p></p>' }), id: saved.body.result.id, version: saved.body.result.version },
      { langcode: 'en' },
    )
    expect(emptied.body.result).toEqual([
      expect.objectContaining({ path: 'content', message: 'Please enter the content' }),
    ])
    const unknown = await admin.post(
      '/api/sys/notice/add',
      draft({ targetIds: ['00000000-0000-4000-8000-000000000000'] }),
    )
    expect(unknown.status).toBe(400)
    const url = await admin.post<Notice>(
      '/api/sys/notice/add',
      draft({ openType: 'url', openUrl: '/sale/orderList?busObjNo=SO1' }),
    )
    expect(url.body.result.openUrl).toBe('/sale/orderList?busObjNo=SO1')
  })

  it('lets only notice administrators write, and only to the extent of their buttons', async () => {
    expect((await finance.post('/api/sys/notice/add', draft())).status).toBe(403)
    expect((await finance.post('/api/sys/notice/saveDraft', draft())).status).toBe(403)
    expect((await finance.get('/api/sys/notice/targetOptions')).status).toBe(403)
    const options = (
      await admin.get<{ departments: unknown[]; roles: { code: string }[] }>('/api/sys/notice/targetOptions')
    ).body.result
    expect(options.roles.map((r) => r.code)).toContain('branch_finance')
    expect(options.departments.length).toBeGreaterThan(3)
  })

  it('ships demo notices in every state and messages that open their menus', async () => {
    const rp = client(t.app, await login(t.app, 'region_president'))
    const list = (await rp.get<NoticeBrief[]>('/api/sys/notice/queryAllList')).body.result
    expect(list.map((n) => n.title)).toEqual(expect.arrayContaining(['系统升级维护通知', '销售订单审核流程调整']))
    expect(list.find((n) => n.title === '销售订单审核流程调整')).toMatchObject({ openType: 'url', sender: '管理员' })
    const page = (await rp.get<Page<Message>>('/api/sys/messages/list', { pageSize: 30 })).body.result
    expect(page.total).toBeGreaterThan(10)
    expect(page.records.find((m) => m.menuId === 'sale_order')?.params?.busObjNo).toMatch(/^SO/)

    const chief = client(t.app, await login(t.app, 'logistics_chief'))
    const withdrawn = (
      await chief.get<Page<Message>>('/api/sys/messages/list', { pageSize: 50 })
    ).body.result.records.find((m) => m.title === '年终库存盘点安排')
    expect(withdrawn?.noticeId).toBeTruthy()
    const opened = await chief.get('/api/sys/notice/queryById', { id: withdrawn!.noticeId! })
    expect(opened.body).toMatchObject({ code: WARNING, result: '该公告已撤回' })
  })
})
