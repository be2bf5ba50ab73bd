import type { Browser, Page } from '@playwright/test'
import { consoleErrorsOf, DEMO_PASSWORD, expect, pickOption, signIn, test } from './fixtures.ts'
import { openScreen, rowWith } from './list-helpers.ts'
import { idpSimUrl } from './server-main.ts'

/**
 * Single sign-on (issue 39) through the OpenID provider simulator the journeys start beside the
 * server (playwright.config.ts): its own login page, back into the product, and out of both.
 */

/** A browser of its own (no provider session yet), with the console errors its page logs. */
const freshPage = async (browser: Browser) => {
  const context = await browser.newContext({ locale: 'zh-CN' })
  const page = await context.newPage()
  return { page, errors: consoleErrorsOf(page), close: () => context.close() }
}

/** The provider's login page: the account and the demo password. */
const signInAtProvider = async (
  page: Page,
  username: string,
  texts: { login: string; password: string; submit: string },
) => {
  await expect(page).toHaveURL(new RegExp(`^${idpSimUrl}/interaction/`))
  await page.getByLabel(texts.login).fill(username)
  await page.getByLabel(texts.password).fill(DEMO_PASSWORD)
  await page.getByRole('button', { name: texts.submit }).click()
}
const ZH = { login: '登录账号', password: '密码', submit: '登录' }
const EN = { login: 'Username', password: 'Password', submit: 'Sign in' }

test('zh: signs in through the provider page into the product, and signs out of both', async ({ page }) => {
  await page.goto('/user/login?redirect=%2Fsys%2Fuser')
  // beside the password form
  await expect(page.getByLabel('账号')).toBeVisible()
  await page.getByRole('link', { name: '使用 Demo IdP 登录' }).click()
  await expect(page.getByRole('heading', { name: '演示身份提供方' })).toBeVisible()
  await signInAtProvider(page, 'admin', ZH)

  // back in the product, signed in as the provider's person, on the page asked for
  await expect(page.getByTestId('welcome')).toContainText('管理员')
  await expect(page).toHaveURL(/\/sys\/user$/)
  // nothing of the provider's tokens is kept in the browser
  const stored = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }))
  expect(stored).not.toMatch(/eyJ[\w-]+\.eyJ/)

  // sign-out: the product's token ends, then the provider's own logout brings the browser back
  await page.getByTestId('logout').click()
  await page.getByRole('button', { name: /确\s*定/ }).click()
  await expect(page.getByText('要退出演示身份提供方吗？')).toBeVisible()
  await page.getByRole('button', { name: '退出' }).click()
  await expect(page).toHaveURL(/\/user\/login/)
  await expect(page.getByLabel('账号')).toBeVisible()

  // the provider's session ended too: signing in again asks for the password there
  await page.getByRole('link', { name: '使用 Demo IdP 登录' }).click()
  await expect(page.getByRole('heading', { name: '演示身份提供方' })).toBeVisible()
  await expect(page.getByLabel(ZH.password)).toBeVisible()
})

test('en: a newcomer waits for an administrator; once their group is mapped, the next one comes in', async ({
  page,
  browser,
}) => {
  // a newcomer of no mapped group: created disabled, told so in English
  const newcomer = await freshPage(browser)
  try {
    await newcomer.page.goto('/user/login')
    await newcomer.page.getByTestId('language-select').click()
    await newcomer.page.getByRole('link', { name: 'Sign in with Demo IdP' }).click()
    await expect(newcomer.page.getByRole('heading', { name: 'Demo identity provider' })).toBeVisible()
    await signInAtProvider(newcomer.page, 'newcomer', EN)
    await expect(newcomer.page).toHaveURL(/\/user\/login\?ssoError=/)
    await expect(newcomer.page.getByTestId('login-error')).toHaveText(
      'The account is waiting to be enabled by an administrator',
    )
    // in the other language the same refusal reads in Chinese
    await newcomer.page.getByTestId('language-select').click()
    await expect(newcomer.page.getByTestId('login-error')).toHaveText('账号待管理员启用')
    expect(newcomer.errors).toEqual([])
  } finally {
    await newcomer.close()
  }

  // the administrator maps the provider's group 'sales-staff' to the branch administrator role
  await signIn(page, 'admin')
  await openScreen(page, '/sys/ssoGroup')
  const list = page.getByTestId('list-page-ssoGroup')
  await list.getByTestId('add').click()
  const form = page.getByTestId('record-form')
  await form.getByLabel('群组名称', { exact: true }).fill('sales-staff')
  await pickOption(page, form.getByLabel('角色', { exact: true }), '分公司管理员')
  await page.getByTestId('record-save').click()
  await expect(rowWith(list, 'sales-staff')).toContainText('分公司管理员')

  // a newcomer of that group comes in at once, with that role
  const sales = await freshPage(browser)
  try {
    await sales.page.goto('/user/login')
    await sales.page.getByTestId('language-select').click()
    await sales.page.getByRole('link', { name: 'Sign in with Demo IdP' }).click()
    await signInAtProvider(sales.page, 'new_sales', EN)
    await expect(sales.page.getByTestId('welcome')).toContainText('新销售')
    await expect(sales.page.getByTestId('dashboard')).toBeVisible()
    expect(sales.errors).toEqual([])
  } finally {
    await sales.close()
  }
})
