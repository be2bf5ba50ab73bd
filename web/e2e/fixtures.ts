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
