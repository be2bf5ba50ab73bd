import { test as base, expect, type Page } from '@playwright/test'

export const DEMO_PASSWORD = 'Demo@2026'

type ConsoleGuard = {
  /** A journey that provokes a failing call on purpose names the error it expects. */
  allow(pattern: RegExp): void
}

/** Every journey fails on a browser console error or an uncaught page error it did not expect. */
export const test = base.extend<{ consoleErrors: ConsoleGuard }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = []
      const allowed: RegExp[] = []
      page.on('console', (msg) => {
        if (msg.type() === 'error') errors.push(msg.text())
      })
      page.on('pageerror', (err) => errors.push(err.message))
      await use({ allow: (pattern) => allowed.push(pattern) })
      const unexpected = errors.filter((e) => !allowed.some((p) => p.test(e)))
      expect(unexpected, 'browser console errors').toEqual([])
    },
    { auto: true },
  ],
})

export { expect }

/** Signs in through the login page. */
export const signIn = async (page: Page, username: string, password = DEMO_PASSWORD) => {
  await page.goto('/user/login')
  await page.getByLabel(/账号|Account/).fill(username)
  await page.getByLabel(/密码|Password/).fill(password)
  await page.getByRole('button', { name: /登\s*录|Sign in/ }).click()
  await expect(page.getByTestId('dashboard')).toBeVisible()
}

/**
 * A choice in an open antd single-select list (the listbox antd gives screen readers is a hidden
 * copy). On a busy machine a click while the list still slides in can miss its option and leave the
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

/** Opens a screen from the sider, unfolding its area first when needed. */
export const openFromMenu = async (page: Page, area: string, item: string) => {
  const menu = page.getByTestId('side-menu')
  const entry = menu.getByRole('menuitem', { name: item, exact: true })
  if (!(await entry.isVisible())) await menu.getByText(area, { exact: true }).click()
  await entry.click()
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

/** Switches the interface language from the header. */
export const switchLanguage = (page: Page, label: 'English' | '简体中文') =>
  pickFromMenu(page, () => page.getByTestId('language-select').hover(), label)
