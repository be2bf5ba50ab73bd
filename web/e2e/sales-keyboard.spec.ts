import type { Locator, Page } from '@playwright/test'
import { DEMO_PASSWORD, expect, OPEN_DROPDOWN, test } from './fixtures.ts'
import { rowWith } from './list-helpers.ts'
import { inDays, statusOf } from './sales-helpers.ts'

/**
 * Keyboard only (issue point 8): branch_admin signs in, opens the order list from the menu
 * search, fills the order form (branch, account set, expected date, a product from the picker, its
 * quantity) and saves it; then each reviewer of the flow signs in, sees it in the inbox (the home
 * page's tile), finds it on the order list, selects it and approves it in the review dialog, until
 * it waits for delivery. No mouse: Tab and Shift+Tab move,
 * Enter and Space act, arrows choose, the rest is typed.
 */

/** Whether the keyboard's focus is on this element or inside it. */
const hasFocus = (target: Locator) =>
  target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement))

/** Presses Tab (or Shift+Tab) until the focus reaches `target`; fails naming where it went instead. */
const tabTo = async (page: Page, target: Locator, key: 'Tab' | 'Shift+Tab' = 'Tab', most = 80) => {
  const passed: string[] = []
  for (let i = 0; i < most; i++) {
    if (await hasFocus(target)) return
    await page.keyboard.press(key)
    passed.push(
      await page.evaluate(() => {
        const el = document.activeElement
        return `${el?.tagName ?? '-'} ${el?.getAttribute('data-testid') ?? el?.getAttribute('aria-label') ?? ''}`
      }),
    )
  }
  throw new Error(`the keyboard never reached ${target}; it went through: ${passed.join(' | ')}`)
}

/**
 * The open select lists, not one still sliding away: Enter on an option closes its list, whose leave
 * animation can still show it beside the next select's list.
 */
const openLists = (page: Page) => page.locator(OPEN_DROPDOWN)

/** The option the open select's keyboard cursor is on. */
const activeOption = (page: Page) => page.locator(`${OPEN_DROPDOWN} .ant-select-item-option-active`)

/** A select with a search: types, waits for the wanted option to be the active one, Enter takes it. */
const typeAndChoose = async (page: Page, typed: string, option: RegExp) => {
  await page.keyboard.type(typed)
  await expect(activeOption(page)).toHaveText(option)
  await page.keyboard.press('Enter')
  await expect(openLists(page)).toHaveCount(0)
}

/** A select without a search: ArrowDown opens it and moves to the option, Enter takes it. */
const arrowTo = async (page: Page, option: RegExp) => {
  await page.keyboard.press('ArrowDown')
  await expect(activeOption(page)).toBeVisible()
  for (let i = 0; i < 20 && !option.test((await activeOption(page).textContent()) ?? ''); i++) {
    await page.keyboard.press('ArrowDown')
  }
  await expect(activeOption(page)).toHaveText(option)
  await page.keyboard.press('Enter')
  await expect(openLists(page)).toHaveCount(0)
}

/** Signs in on the login page, whose account field has the focus. */
const signIn = async (page: Page, username: string) => {
  await page.goto('/user/login')
  const account = page.getByLabel(/账号|Account/)
  await expect(account).toBeFocused()
  await page.keyboard.type(username)
  await page.keyboard.press('Tab')
  await expect(page.getByLabel(/密码|Password/)).toBeFocused()
  await page.keyboard.type(DEMO_PASSWORD)
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('dashboard')).toBeVisible({ timeout: 30_000 })
}

/** The order list, opened through the header's menu search. */
const openOrderList = async (page: Page) => {
  await tabTo(page, page.getByTestId('menu-search'))
  await typeAndChoose(page, '销售订单', /销售订单/)
  const list = page.getByTestId('list-page-saleOrder')
  await expect(list.getByTestId('search-form')).toBeVisible({ timeout: 30_000 })
  return list
}

/** The home page's inbox tile, reached and opened with the keyboard: the order waits there. */
const inboxHasIt = async (page: Page, orderNo: string) => {
  const tile = page.getByTestId('dashboard-tile-reviews')
  await expect(tile).toBeVisible({ timeout: 30_000 })
  await tabTo(page, tile)
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/audit\/detailList$/)
  await expect(page.getByText(orderNo, { exact: true })).toBeVisible({ timeout: 30_000 })
}

/** The order's current reviewer finds it on the order list and approves their step. */
const approve = async (page: Page, username: string, orderNo: string) => {
  await signIn(page, username)
  await inboxHasIt(page, orderNo)
  const list = await openOrderList(page)
  const numberField = list.getByTestId('search-form').getByLabel('订单号', { exact: true })
  await tabTo(page, numberField)
  await page.keyboard.type(orderNo)
  await page.keyboard.press('Enter')
  await expect(rowWith(list, orderNo)).toHaveCount(1)
  await expect(list.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(1)
  const box = rowWith(list, orderNo).locator('.ant-checkbox-input')
  await tabTo(page, box)
  await page.keyboard.press('Space')
  await expect(box).toBeChecked()
  await tabTo(page, list.getByTestId('list-toolbar').getByRole('button', { name: /^审\s*核$/ }), 'Shift+Tab')
  await page.keyboard.press('Enter')
  const dialog = page.getByTestId('audit-modal').getByRole('dialog')
  const note = dialog.getByRole('textbox')
  await expect(note).toBeVisible()
  await tabTo(page, note)
  await page.keyboard.type(`${username} 同意`)
  await tabTo(page, page.getByTestId('audit-submit'))
  const [decided] = await Promise.all([
    page.waitForResponse((r) => r.url().includes('/audit') && r.request().method() === 'POST'),
    page.keyboard.press('Enter'),
  ])
  expect(decided.status(), await decided.text()).toBe(200)
  await expect(dialog).toBeHidden()
  return list
}

test('an order is created and approved with the keyboard alone', async ({ page, browser }) => {
  test.setTimeout(300_000)
  await signIn(page, 'branch_admin')
  const list = await openOrderList(page)

  // the order form: branch, account set, expected delivery date
  await tabTo(page, list.getByTestId('add'))
  await page.keyboard.press('Enter')
  const form = page.getByRole('dialog').filter({ has: page.getByTestId('order-remark') })
  await expect(form).toBeVisible()
  await tabTo(page, page.getByTestId('order-branch'))
  await typeAndChoose(page, '俄罗斯', /^俄罗斯分公司$/)
  await expect(page.getByTestId('order-branch')).toContainText('俄罗斯分公司')
  await tabTo(page, page.getByTestId('order-account-set'))
  await arrowTo(page, /^002 海外贸易公司$/)
  await expect(page.getByTestId('order-account-set')).toContainText('002 海外贸易公司')
  const expected = page.getByTestId('order-expected-date')
  await tabTo(page, expected)
  await page.keyboard.type(inDays(40))
  await page.keyboard.press('Enter')
  const dateInput = (await expected.evaluate((el) => el.tagName)) === 'INPUT' ? expected : expected.locator('input')
  await expect(dateInput).toHaveValue(inDays(40))

  // a product from the picker: Space ticks it, Enter on OK takes it
  await tabTo(page, page.getByTestId('add-products'))
  await page.keyboard.press('Enter')
  const picker = page.locator('.ant-modal').filter({ has: page.getByTestId('pick-search') })
  const first = picker.locator('.ant-table-tbody tr.ant-table-row').first().locator('.ant-checkbox-input')
  await expect(first).toBeVisible()
  await tabTo(page, first)
  await page.keyboard.press('Space')
  await expect(first).toBeChecked()
  await tabTo(page, page.getByTestId('pick-ok'))
  await page.keyboard.press('Enter')
  await expect(picker).toBeHidden()

  // its quantity, then save
  const quantity = form.locator('[data-testid^="line-quantity-"]').first()
  await tabTo(page, quantity)
  await page.keyboard.press('Control+A')
  await page.keyboard.type('12')
  await expect(form.getByTestId('order-total-amount')).not.toHaveText(/^\D*0(\.00)?\b/)
  await tabTo(page, page.getByTestId('order-save'))
  const [added] = await Promise.all([
    page.waitForResponse((r) => r.url().includes('/api/sale/order/add')),
    page.keyboard.press('Enter'),
  ])
  expect(added.status(), await added.text()).toBe(200)
  const { orderNo } = ((await added.json()) as { result: { orderNo: string } }).result
  await expect(form).toBeHidden()

  // the flow's three reviewers approve it, each in a browser of their own
  let last: Locator | undefined
  for (const reviewer of ['region_president', 'branch_finance', 'gm_president']) {
    const context = await browser.newContext({ locale: 'zh-CN' })
    const errors: string[] = []
    try {
      const p = await context.newPage()
      p.on('console', (m) => (m.type() === 'error' ? errors.push(m.text()) : undefined))
      p.on('pageerror', (e) => errors.push(e.message))
      last = await approve(p, reviewer, orderNo)
      if (reviewer === 'gm_president') await expect(statusOf(last, orderNo)).toHaveText('待发货')
      else await expect(statusOf(last, orderNo)).toHaveText('审核中')
      expect(errors, `${reviewer}: browser console errors`).toEqual([])
    } finally {
      await context.close()
    }
  }
})
