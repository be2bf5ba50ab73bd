import type { Download, Locator, Page } from '@playwright/test'
import ExcelJS from 'exceljs'
import { expect } from './fixtures.ts'

/** Helpers for journeys over list screens (components/list): rows, menus, totals, files. */

/** Calls the API with the signed-in user's token (making rows to work on is not what is tested). */
export const apiCall = async (page: Page, method: 'get' | 'post' | 'put', url: string, data?: unknown) => {
  if (page.url() === 'about:blank') await page.goto('/') // the stored session lives with the app's origin
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('ACCESS_TOKEN') ?? '{}').value as string)
  const res = await page.request.fetch(`/api${url}`, { method, headers: { 'X-Access-Token': token }, data })
  const body = (await res.json()) as { code: number; result: unknown }
  expect(body.code, `${method} ${url}: ${JSON.stringify(body)}`).toBe(200)
  return body.result as Record<string, unknown>
}

/** A screen's content area: its tab pane (the shell keeps other tabs' panes, hidden). */
export const paneOf = (url: string) => `[data-testid="tab-pane"][data-tab="${url}"]`

/** The visible tab pane of a screen, once it has finished loading what it shows. */
export const loadedPane = async (page: Page, url: string) => {
  const pane = page.locator(paneOf(url))
  await expect(pane).toBeVisible({ timeout: 30_000 })
  await expect(pane.locator('.ant-spin-spinning, .ant-skeleton')).toHaveCount(0, { timeout: 30_000 })
  return pane
}

export const rows = (list: Locator) => list.locator('.ant-table-tbody tr.ant-table-row')
export const rowWith = (list: Locator, text: string) => rows(list).filter({ hasText: text })
/** Opens a row's 'more' menu and picks an item (again if a refetch closed the menu meanwhile). */
export const rowMenu = async (page: Page, row: Locator, item: string) => {
  const entry = page.locator('.ant-dropdown:visible').getByText(item, { exact: true })
  await expect(async () => {
    if (!(await entry.isVisible())) await row.getByTestId('row-more').click()
    await entry.click({ timeout: 2000 })
  }).toPass({ timeout: 20_000 })
}

export const dialog = (page: Page, title: string | RegExp) => page.locator('.ant-modal').filter({ hasText: title })

/**
 * A dialog (a part of one, or its root) shown and done zooming in. On a busy machine a click aimed at
 * a dialog's button or tab while the dialog still grows lands where the target no longer is: the
 * press and the release meet different elements, and the click is lost.
 */
export const settled = async (shown: Locator) => {
  // the dialog box: the element itself or the one around it, or the one inside (a root by test id)
  const box = 'contains(concat(" ", @class, " "), " ant-modal ")'
  const modal = shown.locator(`xpath=(ancestor-or-self::*[${box}] | descendant::*[${box}])[1]`)
  await expect(modal).toBeVisible()
  await expect(modal).not.toHaveClass(/-(appear|enter)/)
  return shown
}

/** Confirms the open confirmation dialog (its OK button), once it has settled. */
export const confirmOk = async (page: Page) => {
  const confirm = await settled(page.locator('.ant-modal-confirm'))
  await confirm.getByRole('button', { name: /确\s*定/ }).click()
}

/**
 * Closes a dialog by its close button, once it has settled; a close that was lost all the same
 * (the dialog stays) is clicked again until the dialog is hidden.
 */
export const closeDialog = async (shown: Locator) => {
  await expect(async () => {
    if (await shown.isHidden()) return
    await settled(shown)
    await shown.locator('.ant-modal-close').first().click({ timeout: 4_000 })
    await expect(shown).toBeHidden({ timeout: 4_000 })
  }).toPass({ timeout: 40_000 })
}

/** The total the pagination states; an empty result shows the empty state (antd shows no pagination). */
export const expectTotal = async (list: Locator, n: number) => {
  if (n > 0) await expect(list.locator('.ant-pagination-total-text')).toHaveText(`共 ${n} 条`)
  else {
    await expect(list.locator('.ant-table-tbody .ant-empty')).toBeVisible()
    await expect(rows(list)).toHaveCount(0)
  }
}

export const search = async (list: Locator, label: string, value: string) => {
  await list.getByTestId('search-form').getByLabel(label).fill(value)
  await list.getByTestId('search-submit').click()
}

export const workbookOf = async (download: Download) => {
  const wb = new ExcelJS.Workbook()
  await wb.xlsx.readFile(await download.path())
  const sheet = wb.worksheets[0] as ExcelJS.Worksheet
  const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1).map((v) => (v == null ? '' : String(v)))
  return { sheet, header: values(1), values }
}

export const xlsx = async (header: string[], data: (string | number)[][]) => {
  const wb = new ExcelJS.Workbook()
  const sheet = wb.addWorksheet('Sheet1')
  sheet.addRow(header)
  for (const r of data) sheet.addRow(r)
  return Buffer.from(await wb.xlsx.writeBuffer())
}

export const importFile = async (page: Page, list: Locator, name: string, buffer: Buffer) => {
  await list.locator('input[type=file]').setInputFiles({
    name,
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer,
  })
  return page.getByTestId('import-result')
}
