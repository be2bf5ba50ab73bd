import type { Notice, NoticeDetail } from '@app/contracts'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { notices } from '../../src/db/schema/index.ts'
import { plainText, sanitizeNoticeHtml } from '../../src/modules/messaging/notice.sanitize.ts'
import { client, createTestApp, login, type TestApp } from '../helpers/app.ts'
import { DANGEROUS, XSS_PAYLOADS } from './xss-corpus.ts'

let t: TestApp
let admin: ReturnType<typeof client>

beforeAll(async () => {
  t = await createTestApp()
  admin = client(t.app, await login(t.app, 'admin'))
})
afterAll(async () => t?.close())

const dangerIn = (html: string) => DANGEROUS.filter((re) => re.test(html)).map(String)

describe('notice HTML is sanitized on save', () => {
  it('has a corpus of at least 30 hostile payloads', () => {
    expect(XSS_PAYLOADS.length).toBeGreaterThanOrEqual(30)
  })

  it('stores none of the dangerous constructs of any payload, through add and edit', async () => {
    for (const [i, payload] of XSS_PAYLOADS.entries()) {
      const content = `<p>Before ${i}</p>${payload}<p>After ${i}</p>`
      const added = await admin.post<Notice>('/api/sys/notice/add', {
        title: `XSS ${i}`,
        content,
        noticeType: 'system',
        openType: 'detail',
        targetType: 'all',
        targetIds: [],
      })
      expect(added.status, payload).toBe(200)
      const [row] = await t.database.db.select().from(notices).where(eq(notices.id, added.body.result.id))
      expect(dangerIn(row!.content), `${payload} -> ${row!.content}`).toEqual([])
      expect(row!.content).toContain(`<p>Before ${i}</p>`)
      expect(row!.content).toContain(`<p>After ${i}</p>`)

      const edited = await admin.post<Notice>('/api/sys/notice/edit', {
        id: row!.id,
        version: row!.version,
        title: `XSS ${i}`,
        content: payload,
        noticeType: 'system',
        openType: 'detail',
        targetType: 'all',
        targetIds: [],
      })
      expect(dangerIn(edited.body.result.content), payload).toEqual([])
    }
  })

  it('what readers receive is the sanitized HTML', async () => {
    const added = await admin.post<Notice>('/api/sys/notice/add', {
      title: 'Reader view',
      content: XSS_PAYLOADS.join('\n'),
      noticeType: 'system',
      openType: 'detail',
      targetType: 'all',
      targetIds: [],
    })
    await admin.post('/api/sys/notice/publish', { id: added.body.result.id })
    const opened = await admin.get<NoticeDetail>('/api/sys/notice/queryById', { id: added.body.result.id })
    expect(opened.body.code).toBe(200)
    expect(dangerIn(opened.body.result.content)).toEqual([])
  })

  it('keeps what the editor produces: structure, lists, code and safe links', () => {
    const html =
      '<h2>Title</h2><p><strong>b</strong> <em>i</em> <u>u</u> <s>s</s> <code>c</code></p>' +
      '<ul><li><p>one</p></li></ul><ol start="3"><li>three</li></ol><blockquote><p>q</p></blockquote>' +
      '<pre><code>x &lt; y</code></pre><hr><p><a href="https://example.com/a?b=1" target="_blank">link</a></p>' +
      '<p><a href="/sale/orderList">in app</a> <a href="mailto:ops@example.com">mail</a></p>'
    expect(sanitizeNoticeHtml(html)).toBe(
      '<h2>Title</h2><p><strong>b</strong> <em>i</em> <u>u</u> <s>s</s> <code>c</code></p>' +
        '<ul><li><p>one</p></li></ul><ol start="3"><li>three</li></ol><blockquote><p>q</p></blockquote>' +
        '<pre><code>x &lt; y</code></pre><hr /><p><a href="https://example.com/a?b=1" target="_blank" rel="noopener noreferrer nofollow">link</a></p>' +
        '<p><a href="/sale/orderList" rel="noopener noreferrer nofollow">in app</a> <a href="mailto:ops@example.com" rel="noopener noreferrer nofollow">mail</a></p>',
    )
  })

  it('turns HTML into a plain-text excerpt for the message', () => {
    expect(plainText('<p>One &amp; two</p><p>three<script>x()</script></p>', 100)).toBe('One & two three')
    expect(plainText(`<p>${'a'.repeat(300)}</p>`, 10)).toBe('aaaaaaaaa…')
  })
})
