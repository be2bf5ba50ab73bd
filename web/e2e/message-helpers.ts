import type { Page } from '@playwright/test'
import { expect } from './fixtures.ts'

export const bell = (page: Page) => page.getByTestId('notice-bell')

/**
 * Opens the bell's popover and waits for its opening animation (antd's zoom) to end: until then
 * its rows move, and a click aimed at one can land on the row above it.
 */
export const openPopover = async (page: Page) => {
  await bell(page).click()
  const popup = page.locator('.ant-popover').filter({ has: page.getByTestId('notice-popover') })
  await expect(popup).toBeVisible()
  await expect(popup).not.toHaveClass(/ant-zoom-big-(appear|enter)/)
  return page.getByTestId('notice-popover')
}
