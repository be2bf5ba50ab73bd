import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Locator } from '@playwright/test'
import { expect, type Lang, test } from './fixtures.ts'
import { apiCall, closeFrontTab, openList, openScreen, rows } from './list-helpers.ts'

/**
 * List screens fit the window (issue 42, point 3): every cell on one line, no title broken inside a
 * word (a Chinese title not between its characters), the actions column in view on the right while
 * a wide table scrolls sideways, the page itself never wider than the window, and a long text cut
 * at 25 characters with the whole text in a tooltip.
 */

const PAGES = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'src', 'pages')

const SCREENS = [
  { name: 'orders', url: '/sale/orderList', resource: 'saleOrder' },
  { name: 'deliveries', url: '/sale/deliveryList', resource: 'deliveryOrder' },
  { name: 'products', url: '/product/list', resource: 'product' },
  { name: 'suppliers', url: '/md/supplierList', resource: 'supplier' },
] as const

type Fit = {
  /** Texts of body cells that run over more than one line. */
  wrappedCells: string[]
  /** Words of column titles split over two lines (a Chinese title counts as one word; a bracket may start a line). */
  brokenTitles: string[]
  /** The first row's actions cell. */
  actions: { left: number; right: number }
  /** The table is wider than its place and scrolls sideways. */
  scrolls: boolean
  /** How much wider than the window the page is. */
  pageOverflow: number
  viewport: number
}

/** How the table sits in the window, measured as the browser laid it out. */
const fitOf = (list: Locator): Promise<Fit> =>
  list.evaluate((root) => {
    const linesOf = (node: Text, from = 0, to = node.length) => {
      const range = document.createRange()
      range.setStart(node, from)
      range.setEnd(node, to)
      const tops = [...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))
      return new Set(tops).size
    }
    const textsOf = (el: Element) => {
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT)
      const out: Text[] = []
      for (let n = walker.nextNode(); n; n = walker.nextNode()) if (n.textContent?.trim()) out.push(n as Text)
      return out
    }
    const table = root.querySelector('[data-testid="list-table"]') ?? root
    const wrappedCells = [...table.querySelectorAll('.ant-table-tbody tr.ant-table-row td')]
      .flatMap(textsOf)
      .filter((t) => linesOf(t) > 1)
      .map((t) => t.data)
    const brokenTitles: string[] = []
    for (const th of table.querySelectorAll('.ant-table-thead th')) {
      for (const t of textsOf(th)) {
        for (const word of t.data.matchAll(/[^\s()（）]+/g)) {
          if (linesOf(t, word.index, word.index + word[0].length) > 1) brokenTitles.push(word[0])
        }
      }
    }
    const cell = table.querySelector('.ant-table-tbody tr.ant-table-row td:last-child')
    const box = cell?.getBoundingClientRect()
    const scroller = table.querySelector('.ant-table-content') ?? table.querySelector('.ant-table-body')
    return {
      wrappedCells,
      brokenTitles,
      actions: { left: box?.left ?? -1, right: box?.right ?? -1 },
      scrolls: scroller ? scroller.scrollWidth > scroller.clientWidth + 1 : false,
      pageOverflow: document.documentElement.scrollWidth - window.innerWidth,
      viewport: window.innerWidth,
    }
  })

/** Scrolls the table sideways to its start or its end. */
const scrollTable = (list: Locator, to: 'start' | 'end') =>
  list.evaluate((root, end) => {
    const scroller = root.querySelector('.ant-table-content') ?? root.querySelector('.ant-table-body')
    if (scroller) scroller.scrollLeft = end ? scroller.scrollWidth : 0
  }, to === 'end')

const expectFits = async (list: Locator, what: string) => {
  await expect(rows(list).first()).toBeVisible()
  const fit = await fitOf(list)
  expect(fit.wrappedCells, `${what}: cells on more than one line`).toEqual([])
  expect(fit.brokenTitles, `${what}: titles broken inside a word`).toEqual([])
  expect(fit.pageOverflow, `${what}: the page is wider than the window`).toBeLessThanOrEqual(0)
  expect(fit.actions.right, `${what}: actions end inside the window`).toBeLessThanOrEqual(fit.viewport)
  expect(fit.actions.left, `${what}: actions start inside the window`).toBeGreaterThan(0)
  await expect(rows(list).first().getByTestId('row-actions')).toBeInViewport()
  if (fit.scrolls) {
    // the actions stay where they are while the table scrolls
    for (const to of ['end', 'start'] as const) {
      await scrollTable(list, to)
      const moved = await fitOf(list)
      // (within a pixel: a scrolled table lays its sticky cells out on fractions of one)
      expect(
        Math.abs(moved.actions.left - fit.actions.left),
        `${what}: actions after scrolling to the ${to}`,
      ).toBeLessThan(1)
      expect(
        Math.abs(moved.actions.right - fit.actions.right),
        `${what}: actions after scrolling to the ${to}`,
      ).toBeLessThan(1)
    }
  }
  return fit
}

for (const lang of ['zh', 'en'] as Lang[]) {
  test(`${lang}: the list screens fit the window at 1366 and 1920 px, actions in view`, async ({ signInAs }) => {
    // eight screens laid out and measured, each scrolled both ways
    test.setTimeout(180_000)
    const { page } = await signInAs('admin', lang)
    for (const width of [1366, 1920]) {
      await page.setViewportSize({ width, height: 900 })
      for (const screen of SCREENS) {
        const list = await openList(page, screen.url, screen.resource)
        const fit = await expectFits(list, `${lang} ${width} px ${screen.name}`)
        if (width === 1366 && (screen.name === 'orders' || screen.name === 'deliveries')) {
          await scrollTable(list, 'start')
          await page.screenshot({ path: test.info().outputPath(`${screen.name}-${lang}-${width}.png`) })
        }
        test.info().annotations.push({
          type: 'fit',
          description: `${lang} ${width} ${screen.name}: ${fit.scrolls ? 'scrolls sideways' : 'fits'}`,
        })
        // each screen opened anew at each width, as the window found it
        await closeFrontTab(page)
      }
    }
  })

  test(`${lang}: a long name is cut at 25 characters with the whole name in a tooltip`, async ({ signInAs }) => {
    const { page } = await signInAs('admin', lang)
    const code = `TBL-${Date.now().toString(36).toUpperCase()}-${lang}`
    const name = `${code} 超长供应商名称用于检查列表省略显示与完整提示文字`
    await apiCall(page, 'post', '/md/supplier/add', { code, name, supplierType: 'raw' })
    await page.setViewportSize({ width: 1366, height: 900 })
    const { url, resource } = SCREENS[3]
    const list = await openList(page, url, resource)
    const row = rows(list).filter({ hasText: code })
    await expect(row).toHaveCount(1)
    const cut = `${Array.from(name).slice(0, 25).join('')}…`
    const cell = row.getByText(cut, { exact: true })
    await expect(cell).toBeVisible()
    await cell.hover()
    await expect(page.getByRole('tooltip').filter({ hasText: name })).toBeVisible()
    await expectFits(list, `${lang} suppliers with a long name`)
  })
}

/** A view built on the list mechanism (its source renders `ListPage`). */
const isListScreen = (component: string) => {
  const file = path.join(PAGES, `${component}.tsx`)
  return existsSync(file) && readFileSync(file, 'utf8').includes('<ListPage')
}

type MenuEntry = { url: string; component: string; route: boolean; children: MenuEntry[] }

for (const lang of ['en', 'zh'] as Lang[]) {
  test(`${lang}: every list screen of the menu fits the window at 1366 px`, async ({ signInAs }) => {
    test.setTimeout(600_000)
    const { page } = await signInAs('admin', lang)
    await page.setViewportSize({ width: 1366, height: 900 })
    const { menu } = (await apiCall(page, 'get', '/sys/permission/getPermissionList')) as unknown as {
      menu: MenuEntry[]
    }
    const leaves = (items: MenuEntry[]): MenuEntry[] =>
      items.flatMap((m) => (m.children.length > 0 ? leaves(m.children) : m.route ? [m] : []))
    const checked: string[] = []
    for (const entry of leaves(menu)) {
      if (!isListScreen(entry.component)) continue
      // the screen's own pane, once its first page has come: its rows, or that it has none, with no
      // spinner over them (a table still loading may show the empty placeholder under its spinner)
      const list = (await openScreen(page, entry.url)).locator('[data-testid^="list-page-"]')
      const shown = list.locator('.ant-table-tbody').locator('tr.ant-table-row, .ant-empty').first()
      await expect(async () => {
        await expect(list.locator('.ant-spin-spinning')).toHaveCount(0, { timeout: 1_000 })
        await expect(shown).toBeVisible({ timeout: 1_000 })
      }).toPass({ timeout: 30_000 })
      if ((await rows(list).count()) > 0) {
        await expectFits(list, `${lang} 1366 px ${entry.url}`)
        checked.push(entry.url)
      }
      await closeFrontTab(page)
    }
    test.info().annotations.push({ type: 'screens', description: checked.join(' ') })
    expect(checked.length).toBeGreaterThan(20)
  })
}

test('opening / lands on the dashboard with nothing in the console, warnings included', async ({ signInAs }) => {
  const { page } = await signInAs('admin')
  const said: string[] = []
  page.on('console', (msg) => {
    if (msg.type() === 'warning' || msg.type() === 'error') said.push(`${msg.type()}: ${msg.text()}`)
  })
  await page.goto('/')
  await expect(page).toHaveURL(/\/dashboard\/analysis$/)
  await expect(page.getByTestId('dashboard')).toBeVisible()
  await page.goto('/sale/orderList')
  await expect(rows(page.getByTestId('list-page-saleOrder')).first()).toBeVisible()
  expect(said).toEqual([])
})
