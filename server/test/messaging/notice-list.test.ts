import type { Page } from '@app/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, signedIn, type TestApp } from '../helpers/app.ts'
import { listOf } from '../helpers/resources.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => t?.close())

type Row = { id: string; title: string; status: string; noticeType: string; publishTime: string | null }

describe('notice management list', () => {
  it('lists notices in every state with search, sort and paging, for the notice menu only', async () => {
    const admin = await signedIn(t.app, 'admin', 'en')
    const all = await listOf<Row>(admin, '/api/sys/notice')
    expect(all.status).toBe(200)
    expect(new Set(all.body.result.records.map((r) => r.status))).toEqual(new Set(['draft', 'published', 'withdrawn']))

    const published = await listOf<Row>(admin, '/api/sys/notice', {
      search: { status: 'published' },
      query: { column: 'publishTime', order: 'desc' },
    })
    const times = published.body.result.records.map((r) => new Date(r.publishTime ?? 0).getTime())
    expect(published.body.result.records.every((r) => r.status === 'published')).toBe(true)
    expect([...times].sort((a, b) => b - a)).toEqual(times)

    const paged = await admin.get<Page<Row>>('/api/sys/notice/list', { pageSize: 1, pageNo: 2 })
    expect(paged.body.result).toMatchObject({ size: 1, current: 2 })
    expect(paged.body.result.records).toHaveLength(1)

    const finance = await signedIn(t.app, 'branch_finance')
    expect((await finance.get('/api/sys/notice/list')).status).toBe(403)
  })

  it('shows a draft saved through the editor, and its publication', async () => {
    const admin = await signedIn(t.app, 'admin', 'en')
    const draft = await admin.post<{ id: string }>('/api/sys/notice/saveDraft', {
      title: '冬季仓储巡检通知',
      content: '<p>各仓库请于 <b>12 月 28 日</b> 前完成盘点。</p>',
      noticeType: 'notification',
      openType: 'detail',
      targetType: 'all',
      targetIds: [],
    })
    expect(draft.status).toBe(200)
    const found = async () =>
      (await listOf<Row>(admin, '/api/sys/notice', { search: { title: '仓储巡检' } })).body.result.records
    expect((await found()).map((r) => r.status)).toEqual(['draft'])
    expect((await admin.post('/api/sys/notice/publish', { id: draft.body.result.id })).status).toBe(200)
    expect((await found()).map((r) => r.status)).toEqual(['published'])
  })
})
