import { createHash } from 'node:crypto'
import { rmSync } from 'node:fs'
import type { APIRequestContext, Page, WebSocket } from '@playwright/test'
import { XSS_PAYLOADS } from '../../server/test/messaging/xss-corpus.ts'
import { DEMO_PASSWORD, expect, signIn, switchLanguage, test } from './fixtures.ts'
import { bell, openPopover } from './message-helpers.ts'
import { dataDirOf, ownServerPort, startServer } from './server-main.ts'

const sha256 = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex')

type Envelope<T> = { code: number; result: T }

/** The API as an administrator would use it, outside the browser under test. */
const api = async (request: APIRequestContext, baseURL: string, username: string) => {
  const login = await request.post(`${baseURL}/api/sys/login`, {
    data: { username, password: sha256(DEMO_PASSWORD) },
  })
  const { result } = (await login.json()) as Envelope<{ token: string }>
  const headers = { 'x-access-token': result.token }
  const call = async <T>(method: 'get' | 'post', url: string, body?: unknown): Promise<T> => {
    const res =
      method === 'get'
        ? await request.get(`${baseURL}/api${url}`, { headers })
        : await request.post(`${baseURL}/api${url}`, { headers, data: body ?? {} })
    const envelope = (await res.json()) as Envelope<T>
    expect(envelope.code, `${method} ${url}: ${JSON.stringify(envelope)}`).toBe(200)
    return envelope.result
  }
  return {
    roleId: async (code: string) =>
      (await call<{ roles: { id: string; code: string }[] }>('get', '/sys/notice/targetOptions')).roles.find(
        (r) => r.code === code,
      )!.id,
    /** Writes and publishes a notice to one role; answers its id. */
    publish: async (roleId: string, title: string, content: string, extra: Record<string, unknown> = {}) => {
      const notice = await call<{ id: string }>('post', '/sys/notice/add', {
        title,
        content,
        noticeType: 'announcement',
        openType: 'detail',
        targetType: 'roles',
        targetIds: [roleId],
        ...extra,
      })
      await call('post', '/sys/notice/publish', { id: notice.id })
      return notice.id
    },
  }
}

const expectUnread = (page: Page, n: number) =>
  expect(bell(page)).toHaveAttribute('aria-label', n > 0 ? `${n} 条未读消息` : '消息')

test('the bell counts unread messages; the popover has two tabs, back on unread when reopened', async ({ page }) => {
  await signIn(page, 'region_president')
  // demo data: 6 unread review requests and 2 unread notices; 12 messages in all
  await expectUnread(page, 8)
  const popover = await openPopover(page)
  await expect(popover.locator('.ant-tabs-tab-active')).toContainText('未读消息')
  await expect(popover.getByTestId('message-item')).toHaveCount(8)
  await expect(popover.getByTestId('unread-dot')).toHaveCount(8)
  await expect(popover.getByTestId('view-more')).toHaveCount(0)
  const box = await popover.boundingBox()
  expect(box?.height ?? 0).toBeLessThanOrEqual(600)

  await popover.getByTestId('tab-all').click()
  await expect(popover.locator('.ant-tabs-tab-active')).toContainText('全部消息')
  await expect(popover.getByTestId('message-item')).toHaveCount(10)
  await expect(popover.getByTestId('view-more')).toBeVisible()

  await bell(page).click() // closes
  await expect(popover).toBeHidden()
  await openPopover(page)
  await expect(popover.locator('.ant-tabs-tab-active')).toContainText('未读消息')

  // a review request opens the sales-order menu with its order number, and is read from then on
  const review = popover.getByTestId('message-item').filter({ hasText: 'SO20261110-0001' })
  await review.getByTestId('message-view').click()
  await expect(page).toHaveURL(/\/sale\/orderList\?busObjNo=SO20261110-0001$/)
  await expectUnread(page, 7)
})

test("a message reads in the interface's language, and switches with it", async ({ page }) => {
  await signIn(page, 'region_president')
  const titleOf = async () => {
    const popover = await openPopover(page)
    await popover.getByTestId('tab-all').click()
    const item = popover.getByTestId('message-item').filter({ hasText: 'SO20261111-0002' })
    return { popover, item, title: item.getByTestId('message-title') }
  }
  const zh = await titleOf()
  await expect(zh.title).toHaveText('待审核：销售订单 SO20261111-0002')
  await expect(zh.item).toContainText('审批流程第 1 步等待您审核。')
  await bell(page).click()
  await expect(zh.popover).toBeHidden()

  await switchLanguage(page, 'English')
  const en = await titleOf()
  await expect(en.title).toHaveText('Review needed: Sales orders SO20261111-0002')
  await expect(en.item).toContainText('Step 1 of the approval is waiting for your review.')
  // a notice its writer gave in English too reads in English, in the list and opened
  await en.popover.getByTestId('message-title').filter({ hasText: 'System maintenance' }).click()
  const detail = page.getByTestId('notice-detail')
  await expect(detail.getByTestId('notice-title')).toHaveText('System maintenance')
  await expect(detail).toContainText('The system is upgraded this Saturday')
})

test('view more: paginated messages, mark all read, delete all', async ({ page }) => {
  await signIn(page, 'region_president')
  await openPopover(page)
  await page.getByTestId('tab-all').click()
  await page.getByTestId('view-more').click()
  const modal = page.getByRole('dialog', { name: '我的消息' })
  const items = modal.getByTestId('message-item')
  await expect(items).toHaveCount(10)
  await expect(modal.getByTestId('unread-dot').first()).toBeVisible()
  await expect(modal.getByTestId('message-view').first()).toBeVisible()
  await modal.locator('.ant-pagination-next').click()
  await expect(items).toHaveCount(2)
  await modal.locator('.ant-pagination-prev').click()

  await modal.getByTestId('mark-all-read').click()
  await expect(modal.getByTestId('unread-dot')).toHaveCount(0)
  await expectUnread(page, 0)

  await modal.getByTestId('delete-all').click()
  await page
    .getByRole('dialog', { name: '全部删除' })
    .getByRole('button', { name: /确\s*定/ })
    .click()
  await expect(items).toHaveCount(0)
  await expect(modal).toContainText('暂无消息')
  await page.reload()
  await expectUnread(page, 0)
})

test('a withdrawn notice answers with a warning instead of its text', async ({ page }) => {
  await signIn(page, 'logistics_chief')
  await (await openPopover(page)).getByText('年终库存盘点安排').click()
  await expect(page.getByText('该公告已撤回')).toBeVisible()
  await expect(page.getByTestId('notice-detail')).toHaveCount(0)
})

test('a live message shows a 6-second notification without a reload, and opens the notice', async ({
  page,
  request,
  baseURL,
}) => {
  await signIn(page, 'gm_president')
  // demo data: two notices
  await expectUnread(page, 2)
  const admin = await api(request, baseURL!, 'admin')
  const title = `Board meeting ${Date.now()}`
  await admin.publish(
    await admin.roleId('gm_president'),
    title,
    '<p>The board meets on <strong>Friday</strong>.</p><ul><li>Agenda attached</li></ul>',
    { openType: 'url', openUrl: '/sale/orderList' },
  )
  const note = page.locator('.ant-notification-notice').filter({ hasText: title })
  await expect(note).toBeVisible({ timeout: 30_000 })
  await expect(note).toContainText('The board meets on Friday.')
  await expect(note).toContainText('处理人：管理员')
  const box = await note.boundingBox()
  const viewport = page.viewportSize()!
  expect(box!.x + box!.width).toBeGreaterThan(viewport.width * 0.6)
  expect(box!.y + box!.height).toBeGreaterThan(viewport.height * 0.6)
  await expectUnread(page, 3)

  await note.getByTestId('live-notification-view').click()
  const detail = page.getByTestId('notice-detail')
  await expect(detail.getByTestId('notice-title')).toHaveText(title)
  await expect(detail).toContainText('发布人：管理员')
  await expect(detail.locator('strong')).toHaveText('Friday')
  await expect(detail.locator('li')).toHaveText('Agenda attached')
  await expectUnread(page, 2)
  await page.getByTestId('notice-open-url').click()
  await expect(page).toHaveURL(/\/sale\/orderList$/)

  // it goes away by itself after 6 seconds
  const second = `Second ${Date.now()}`
  await admin.publish(await admin.roleId('gm_president'), second, '<p>short</p>')
  const other = page.locator('.ant-notification-notice').filter({ hasText: second })
  await expect(other).toBeVisible({ timeout: 30_000 })
  const shownAt = Date.now()
  await expect(other).toBeHidden({ timeout: 30_000 })
  // shown for its six seconds (a busy machine may keep it a little longer, never shorter)
  expect(Date.now() - shownAt).toBeGreaterThanOrEqual(5_000)
})

test('notices full of hostile HTML execute nothing in the browser', async ({ page, request, baseURL }) => {
  test.setTimeout(240_000)
  const dialogs: string[] = []
  page.on('dialog', async (d) => {
    dialogs.push(d.message())
    await d.dismiss()
  })
  const admin = await api(request, baseURL!, 'admin')
  const role = await admin.roleId('finance_admin')
  for (const [i, payload] of XSS_PAYLOADS.entries()) {
    await admin.publish(role, `XSS ${String(i).padStart(2, '0')}`, `<p>payload ${i}</p>${payload}<p>end ${i}</p>`)
  }
  await signIn(page, 'finance_admin')
  await openPopover(page)
  await page.getByTestId('tab-all').click()
  await page.getByTestId('view-more').click()
  const modal = page.getByRole('dialog', { name: '我的消息' })
  const titles = modal.getByTestId('message-title').filter({ hasText: /^XSS \d\d$/ })

  let opened = 0
  let previousFirst = ''
  for (let pageNo = 1; opened < XSS_PAYLOADS.length; pageNo++) {
    // the page has loaded when its first title is there and differs from the last page's
    await expect(titles.first()).toBeVisible()
    await expect(titles.first()).not.toHaveText(previousFirst)
    previousFirst = (await titles.first().textContent())!
    const count = await titles.count()
    expect(count, `page ${pageNo}`).toBeGreaterThan(0)
    for (let i = 0; i < count; i++) {
      const title = (await titles.nth(i).textContent())!
      const detail = page.getByTestId('notice-detail')
      // on a busy machine a click as the list settles can open nothing: clicked again until it opens
      await expect(async () => {
        if (!(await detail.isVisible())) await titles.nth(i).click({ timeout: 4_000 })
        await expect(detail.getByTestId('notice-title')).toHaveText(title, { timeout: 4_000 })
      }).toPass({ timeout: 40_000 })
      const n = Number(title.slice(4))
      await expect(detail).toContainText(`payload ${n}`)
      await expect(detail).toContainText(`end ${n}`)
      const found = await detail.getByTestId('notice-html').evaluate((root) => {
        const bad = root.querySelectorAll('script,style,iframe,object,embed,svg,math,img,form,input,link,meta,base')
        const handlers = [...root.querySelectorAll('*')].flatMap((el) =>
          [...el.attributes]
            .filter((a) => /^on/i.test(a.name) || /javascript:|data:/i.test(a.value))
            .map((a) => a.name),
        )
        return { elements: bad.length, handlers }
      })
      expect(found, title).toEqual({ elements: 0, handlers: [] })
      // hover and click everything a user might touch
      await detail.getByTestId('notice-html').hover()
      await page.keyboard.press('Escape')
      await expect(detail).toBeHidden()
      opened++
    }
    if (opened < XSS_PAYLOADS.length) await modal.locator('.ant-pagination-next').click()
  }
  expect(opened).toBe(XSS_PAYLOADS.length)
  expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined()
  expect(dialogs).toEqual([])
})

/**
 * A server of this journey's own on another port, so it can be stopped and started while the
 * browser stays on the page (the worker's server must keep running for the other tests).
 */
const ownDataDir = dataDirOf(ownServerPort)

test.describe('a server restart', () => {
  test.use({ baseURL: `http://127.0.0.1:${ownServerPort}` })
  let server: Awaited<ReturnType<typeof startServer>> | null = null
  test.beforeAll(async () => {
    test.setTimeout(180_000)
    rmSync(ownDataDir, { recursive: true, force: true })
    server = await startServer(ownServerPort)
  })
  test.afterAll(async () => {
    if (server) await server.stop()
    rmSync(ownDataDir, { recursive: true, force: true })
  })

  test('stop and start the server: the bell keeps working and live messages arrive again', async ({
    page,
    request,
    consoleErrors,
  }) => {
    test.setTimeout(180_000)
    consoleErrors.allow(/WebSocket connection to .* failed/)
    consoleErrors.allow(/ERR_CONNECTION_REFUSED|Failed to load resource/)
    const base = `http://127.0.0.1:${ownServerPort}`
    const sockets: WebSocket[] = []
    page.on('websocket', (ws) => {
      if (ws.url().includes('/api/websocket/')) sockets.push(ws)
    })
    await signIn(page, 'finance_director')
    // demo data: a product to review and a notice
    await expectUnread(page, 2)
    await expect.poll(() => sockets.length).toBeGreaterThan(0)
    // the home page's charts are in before the server stops: a chunk cut off by the stop would put the
    // page on its error screen, which is not what this journey checks
    await expect(page.getByTestId('dashboard-by-month')).toBeVisible()

    await server!.stop()
    await expect.poll(() => sockets.every((s) => s.isClosed()), { timeout: 10_000 }).toBe(true)
    // counted before the start: the client may reconnect before startServer() has seen it ready
    const before = sockets.length
    server = await startServer(ownServerPort)

    // the client reconnects within 5 s of the server being back: wait for a socket that stays open
    await expect
      .poll(
        async () => {
          const fresh = sockets.slice(before).filter((s) => !s.isClosed())
          if (fresh.length === 0) return false
          await page.waitForTimeout(500)
          return fresh.some((s) => !s.isClosed())
        },
        { timeout: 20_000, intervals: [500] },
      )
      .toBe(true)

    const admin = await api(request, base, 'admin')
    const title = `After restart ${Date.now()}`
    await admin.publish(await admin.roleId('finance_director'), title, '<p>still here</p>')
    await expect(page.locator('.ant-notification-notice').filter({ hasText: title })).toBeVisible({ timeout: 5_000 })
    await expectUnread(page, 3)
    const popover = await openPopover(page)
    await expect(popover.getByTestId('message-item').first()).toContainText(title)
  })
})
