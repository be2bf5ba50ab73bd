import { type Browser, test as base, expect, type Locator, type Page } from '@playwright/test'
import { startWorkerServers } from './server-main.ts'

export const DEMO_PASSWORD = 'Demo@2026'

export type Lang = 'zh' | 'en'
/** A role user signed in in a browser context of their own, with the console errors their page logged. */
export type User = { username: string; page: Page; lang: Lang; errors: string[] }

type ConsoleGuard = {
  /** A journey that provokes a failing call on purpose names the error it expects. */
  allow(pattern: RegExp): void
}

/**
 * The errors a page logs to its console and the errors it leaves uncaught, as they come. A call
 * the server refused is named by its address (the console's text says only the status).
 */
export const consoleErrorsOf = (page: Page) => {
  const errors: string[] = []
  page.on('console', (msg) => {
    if (msg.type() !== 'error') return
    const { url } = msg.location()
    errors.push(url ? `${msg.text()} (${url})` : msg.text())
  })
  page.on('pageerror', (err) => errors.push(err.message))
  return errors
}

const signInContext = async (browser: Browser, username: string, lang: Lang): Promise<User> => {
  const context = await browser.newContext({ locale: 'zh-CN' })
  const page = await context.newPage()
  const errors = consoleErrorsOf(page)
  await signIn(page, username)
  if (lang === 'en') await switchLanguage(page, 'English')
  return { username, page, lang, errors }
}

/**
 * Every journey fails on a browser console error or an uncaught page error it did not expect.
 * `signInAs` signs a role user in, in a browser context of their own (so several stay signed in
 * and get live messages), in the language asked; when the journey ends each one's console must be
 * clean, and their contexts are closed. (Left open, they stayed signed in for the rest of the run:
 * every later order's live notice reached them and their pages kept the browser busy.)
 */
export const test = base.extend<
  {
    consoleErrors: ConsoleGuard
    signInAs: (username: string, lang?: Lang) => Promise<User>
  },
  { serverUrl: string }
>({
  // the worker's own server and simulators (server-main.ts), up before its first journey
  serverUrl: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from its first parameter
    async ({}, use) => {
      const servers = await startWorkerServers()
      try {
        await use(servers.url)
      } finally {
        await servers.stop()
      }
    },
    { scope: 'worker', auto: true, timeout: 180_000 },
  ],
  baseURL: async ({ serverUrl }, use) => use(serverUrl),
  signInAs: async ({ browser }, use) => {
    const users: User[] = []
    try {
      await use(async (username, lang = 'zh') => {
        const user = await signInContext(browser, username, lang)
        users.push(user)
        return user
      })
      for (const u of users) expect(u.errors, `${u.username}: browser console errors`).toEqual([])
    } finally {
      await Promise.all(users.map((u) => u.page.context().close()))
    }
  },
  consoleErrors: [
    async ({ page }, use) => {
      const errors = consoleErrorsOf(page)
      const allowed: RegExp[] = []
      await use({ allow: (pattern) => allowed.push(pattern) })
      const unexpected = errors.filter((e) => !allowed.some((p) => p.test(e)))
      expect(unexpected, 'browser console errors').toEqual([])
    },
    { auto: true },
  ],
})

export { expect }

/**
 * Signs in through the login page. Done once the app has taken the session and left the login
 * page for the home page: a journey that goes on elsewhere need not wait for the dashboard to draw
 * (most open a screen of their own next), one that stays waits for what it looks at.
 */
export const signIn = async (page: Page, username: string, password = DEMO_PASSWORD) => {
  await page.goto('/user/login')
  await page.getByLabel(/账号|Account/).fill(username)
  await page.getByLabel(/密码|Password/).fill(password)
  await page.getByRole('button', { name: /登\s*录|Sign in/ }).click()
  await page.waitForURL((url) => !url.pathname.startsWith('/user/'), { timeout: 30_000 })
}

/**
 * A choice in an open antd list by part of its text or a pattern, for a list whose field does not
 * keep what was chosen (the menu search opens the screen) or whose options say more than was typed
 * (an order found by its number); a select that shows its choice is `pickOption`'s (the listbox
 * antd gives screen readers is a hidden copy). On a busy machine a click while the list still slides in can miss its option and leave the
 * list open over the form: the option is clicked again until the list has closed.
 */
export const chooseOption = async (page: Page, text: RegExp | string) => {
  const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text })
  await option.click()
  await expect(async () => {
    try {
      // the list closes in a fifth of a second; open a second later, the click went astray
      await expect(option).toBeHidden({ timeout: 1_000 })
    } catch (missed) {
      await option.click({ timeout: 2_000 })
      throw missed
    }
  }).toPass()
}

/** An antd select's dropdown shown and open: not one still sliding closed. */
export const OPEN_DROPDOWN = '.ant-select-dropdown:visible:not([class*="-leave"])'

/**
 * Makes a select (its box, or the field holding it) show an option: opens it and picks the option
 * in its own dropdown, until the field shows it. Its own dropdown is the one holding the list its
 * box controls while open; a tree select's list has no id, its own is the tree dropdown shown and
 * not closing (one select is open at a time). Another select's dropdown still closing is not it;
 * a pick that a re-render or that closing dropdown took is made again. `typed`: the option is typed
 * into the box first (a long or virtual list shows only the first options). In a multiple select
 * the dropdown stays open for the next pick.
 */
export const pickOption = async (page: Page, field: Locator, option: string, { typed = false } = {}) => {
  const box = (await field.getAttribute('role')) === 'combobox' ? field : field.getByRole('combobox')
  const select = box.locator('xpath=ancestor::*[contains(concat(" ", @class, " "), " ant-select ")][1]')
  const shown = select
    .locator(`[title="${option}"]`)
    .or(select.getByText(option, { exact: true }))
    .first()
  const dropdowns = page.locator('.ant-select-dropdown:visible')
  const opened = page.locator(OPEN_DROPDOWN)
  await expect(async () => {
    if (await shown.isVisible()) return
    if ((await box.getAttribute('aria-expanded')) !== 'true') {
      await field.click()
      if (typed) await page.keyboard.type(option)
    }
    await expect(box).toHaveAttribute('aria-expanded', 'true', { timeout: 3000 })
    const list = page.locator(`[id="${await box.getAttribute('aria-controls')}"]`)
    const own = dropdowns.filter({ has: list }).or(opened.filter({ has: page.locator('.ant-select-tree') }))
    await own.getByTitle(option, { exact: true }).first().click({ timeout: 3000 })
    await expect(shown).toBeVisible({ timeout: 3000 })
  }).toPass({ timeout: 30_000 })
}

/**
 * Opens a popup menu (`open`: hover, click or right-click its trigger) and picks an item. A context
 * menu closes when the page scrolls, and on a busy machine a popup may still be moving into place:
 * its opening animation is waited for, and it is opened again until the click lands (the menu closes).
 */
export const pickFromMenu = async (page: Page, open: () => Promise<void>, item: RegExp | string) => {
  const shown = page.locator('.ant-dropdown:not(.ant-dropdown-hidden)')
  await expect(async () => {
    if ((await shown.count()) === 0) await open()
    // until antd's slide-in ends the items move: a click aimed at one can land on its neighbour or nowhere
    await expect(shown.last()).toBeVisible({ timeout: 4_000 })
    await expect(shown.last()).not.toHaveClass(/-(appear|enter)/, { timeout: 4_000 })
    await page.getByRole('menuitem', { name: item }).click({ timeout: 4_000 })
    // a click that landed closes the menu; one that missed is tried again
    await expect(shown).toHaveCount(0, { timeout: 4_000 })
  }).toPass({ timeout: 40_000 })
}

/** An item of the header's user dropdown (interface settings, change password, switch department). */
export const openUserMenu = (page: Page, item: RegExp | string) =>
  pickFromMenu(page, () => page.getByTestId('user-menu').hover(), item)

/**
 * Switches the interface language from the header. Done once the page is in it: the choice is
 * stored only when the language's texts have arrived, and a page opened before would be in the old one.
 */
export const switchLanguage = async (page: Page, label: 'English' | '简体中文') => {
  await pickFromMenu(page, () => page.getByTestId('language-select').hover(), label)
  await expect(page.locator('html')).toHaveAttribute('lang', label === 'English' ? 'en' : 'zh-CN')
}
