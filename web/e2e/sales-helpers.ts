import { createHash } from 'node:crypto'
import type { Locator, Page } from '@playwright/test'
import { DEMO_PASSWORD, expect, type User } from './fixtures.ts'
import { openScreen, rowWith, settled } from './list-helpers.ts'

/** Helpers for the sales journeys: each role user in a browser of their own, orders found and acted on. */

/** A minimal PDF (its type is read from the content). */
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n')

const texts = {
  zh: { orderNo: '订单号', review: /^审\s*核$/, submit: /提\s*交/, reject: '驳回' },
  en: { orderNo: 'Order number', review: /^Review$/, submit: /Submit/, reject: 'Reject' },
}
export const t = (u: User) => texts[u.lang]

/**
 * A list screen, searched for one order number. Loaded by its address unless `fromMenu`: where
 * several people act on one order, their live notifications gather at the bottom right of a page
 * that stays loaded, under the pointer resting on the search button, and cover it; a fresh load
 * starts without them. `fromMenu` opens it from the sider (`openScreen`), the app staying loaded.
 */
export const findOrder = async (u: User, url: string, resource: string, orderNo: string, { fromMenu = false } = {}) => {
  if (!fromMenu) await u.page.goto(url)
  const list = (fromMenu ? await openScreen(u.page, url) : u.page).getByTestId(`list-page-${resource}`)
  await expect(list.getByTestId('search-form')).toBeVisible({ timeout: 30_000 })
  await list.getByTestId('search-form').getByLabel(t(u).orderNo, { exact: true }).fill(orderNo)
  await list.getByTestId('search-submit').click()
  await expect(rowWith(list, orderNo)).toHaveCount(1)
  return list
}

export const selectRow = (list: Locator, text: string) => rowWith(list, text).locator('.ant-checkbox-input').check()

export const toolbarButton = (list: Locator, name: RegExp | string) =>
  list.getByTestId('list-toolbar').getByRole('button', { name })

/** The audit modal: approve (the default) or reject, with the required note. */
export const decide = async (u: User, decision: 'approve' | 'reject', note: string) => {
  const modal = await settled(u.page.getByTestId('audit-modal'))
  if (decision === 'reject') await modal.getByText(t(u).reject, { exact: true }).click()
  await modal.getByRole('textbox').fill(note)
  const [res] = await Promise.all([
    u.page.waitForResponse((r) => r.url().includes('/audit') && r.request().method() === 'POST'),
    u.page.getByTestId('audit-submit').click(),
  ])
  expect(res.status(), await res.text()).toBe(200)
  await expect(modal.getByRole('textbox')).toBeHidden()
}

/** The order's current reviewer opens it on the order list and decides its step. */
export const reviewOrder = async (
  u: User,
  orderNo: string,
  decision: 'approve' | 'reject' = 'approve',
  note = 'ok',
) => {
  const list = await findOrder(u, '/sale/orderList', 'saleOrder', orderNo)
  await selectRow(list, orderNo)
  await toolbarButton(list, t(u).review).click()
  await decide(u, decision, note)
  return list
}

/** The order's status as its row shows it. */
export const statusOf = (list: Locator, orderNo: string) => rowWith(list, orderNo).locator('.ant-tag').first()

/** A day `days` from today, as the forms send it (YYYY-MM-DD, local). */
export const inDays = (days: number) => {
  const d = new Date()
  d.setDate(d.getDate() + days)
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`
}

/** A reviewer who only approves the order's step (set-up), signed in through the API rather than a browser. */
export const approveAs = async (page: Page, username: string, orderId: string) => {
  const password = createHash('sha256').update(DEMO_PASSWORD).digest('hex')
  const login = await page.request.post('/api/sys/login', { data: { username, password } })
  const { result } = (await login.json()) as { result: { token: string } }
  const res = await page.request.post('/api/sale/order/audit', {
    headers: { 'X-Access-Token': result.token },
    data: { id: orderId, decision: 'approve', note: '同意' },
  })
  expect(res.status(), `${username}: ${await res.text()}`).toBe(200)
}

/**
 * Clicks the order modal's save and answers the call it made. A save the form refused sends no
 * call: that fails within half a minute, with what the form says, rather than at the journey's end.
 */
export const saveOrder = async (page: Page, call: 'add' | 'edit') => {
  const sent = page
    .waitForResponse((r) => r.url().includes(`/api/sale/order/${call}`), { timeout: 30_000 })
    .catch((e: unknown) => (e instanceof Error ? e : new Error(String(e))))
  await page.getByTestId('order-save').click()
  const response = await sent
  if (!(response instanceof Error)) return response
  const said = await page.locator('.ant-modal:visible .ant-form-item-explain-error').allTextContents()
  throw new Error(`no ${call} call after save; the form says: ${said.join(' | ') || 'nothing'}`, { cause: response })
}
