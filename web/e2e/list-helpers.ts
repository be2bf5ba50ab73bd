import type { MenuItem } from '@app/contracts'
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

/** The menu entries that open a screen, each with the folders above it (their keys are their urls). */
export type MenuScreen = { url: string; folders: string[] }
export const menuScreens = (items: readonly MenuItem[], folders: string[] = []): MenuScreen[] =>
  items
    .filter((m) => !m.hidden)
    .flatMap((m) => {
      const children = m.children.filter((c) => !c.hidden)
      if (children.length > 0) return menuScreens(children, [...folders, m.url])
      return m.meta.internalOrExternal ? [] : [{ url: m.url, folders }]
    })

/**
 * The signed-in user's menu screens, by url, as the sider draws them: read from the app's permission
 * list once per page and session (another user signed in on the page reads their own).
 */
const menus = new WeakMap<Page, { token: string; menu: Promise<Map<string, MenuScreen>> }>()
const menuOf = async (page: Page) => {
  const token = await page.evaluate(() => localStorage.getItem('ACCESS_TOKEN') ?? '')
  let known = menus.get(page)
  if (known?.token !== token) {
    known = {
      token,
      menu: apiCall(page, 'get', '/sys/permission/getPermissionList').then(
        (r) => new Map(menuScreens((r as unknown as { menu: MenuItem[] }).menu).map((s) => [s.url, s])),
      ),
    }
    menus.set(page, known)
  }
  return known.menu
}

/** The sider's entry or folder whose menu key is `url`. */
const menuEntry = (page: Page, url: string) =>
  page.getByTestId('side-menu').locator(`[data-menu-id$="-${url}"]`).first()

/**
 * Opens a screen as a person would: from the sider, unfolding its folders, the app staying loaded (a
 * page load costs the browser about ten times the CPU of opening a screen in the app). A page not
 * in the app yet, or a screen the menu has no entry for (an address with a query), is opened by its
 * address. Answers the screen's tab pane once it has loaded.
 */
export const openScreen = async (page: Page, url: string) => {
  const at = new URL(page.url())
  const inApp = at.protocol.startsWith('http') && !at.pathname.startsWith('/user/')
  const screen = inApp && (await menuOf(page)).get(url)
  if (!screen) {
    await page.goto(url)
    return loadedPane(page, url.split('?')[0] as string) // a tab is keyed by the path
  }
  // the screen itself, not the same screen shown with a query (a dashboard tile's search)
  const arrived = () => {
    const now = new URL(page.url())
    return now.pathname === url && now.search === ''
  }
  await expect(async () => {
    if (arrived()) return
    const item = menuEntry(page, url)
    if (!(await item.isVisible())) {
      for (const folder of screen.folders) {
        const title = menuEntry(page, folder)
        if ((await title.getAttribute('aria-expanded', { timeout: 4_000 })) !== 'true')
          await title.click({ timeout: 4_000 })
      }
    }
    await item.click({ timeout: 4_000 })
    await expect.poll(arrived, { timeout: 4_000 }).toBe(true)
  }).toPass({ timeout: 40_000 })
  return loadedPane(page, url)
}

/** A list screen opened (`openScreen`), its first rows shown. */
export const openList = async (page: Page, url: string, resource: string) => {
  const list = (await openScreen(page, url)).getByTestId(`list-page-${resource}`)
  await expect(rows(list).first()).toBeVisible({ timeout: 30_000 })
  return list
}

/** Closes the tab in front (the home tab stays), so that screens looked at before do not pile up. */
export const closeFrontTab = async (page: Page) => {
  const remove = page.getByTestId('tab-strip').locator('.ant-tabs-tab-active').getByTestId('tab-close')
  if ((await remove.count()) > 0) await remove.click()
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
