import type { Dashboard, Money } from '@app/contracts'
import type { Page } from '@playwright/test'
import { expect, signIn, switchLanguage, test } from './fixtures.ts'

const thousands = (n: number) => n.toLocaleString('en-US')

/** An amount as the page must write it: its currency and two decimals, by the interface language. */
const written = (m: Money, lang: 'zh' | 'en') =>
  new Intl.NumberFormat(lang === 'zh' ? 'zh-CN' : 'en-US', {
    style: 'currency',
    currency: m.currency ?? 'XXX',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(m.amount)

/** The month's amount tile: one line per currency, never one sum of them. */
const expectAmounts = async (page: Page, d: Dashboard, lang: 'zh' | 'en') => {
  const lines = page.getByTestId('dashboard-value-month-amount').getByTestId('money')
  await expect(lines).toHaveText(d.thisMonth.amounts.map((m) => written(m, lang)))
  const cny = d.thisMonth.amounts.find((m) => m.currency === 'CNY')
  const usd = d.thisMonth.amounts.find((m) => m.currency === 'USD')
  if (cny)
    await expect(lines.filter({ hasText: lang === 'zh' ? /^¥[\d,]+\.\d\d$/ : /^CN¥[\d,]+\.\d\d$/ })).toHaveCount(1)
  if (usd)
    await expect(lines.filter({ hasText: lang === 'zh' ? /^US\$[\d,]+\.\d\d$/ : /^\$[\d,]+\.\d\d$/ })).toHaveCount(1)
  // last month, currency by currency
  for (const m of d.lastMonth.amounts)
    await expect(page.getByTestId('dashboard-tile-month-amount')).toContainText(written(m, lang))
  const top = d.topProducts[0]!
  await expect(page.getByTestId('dashboard-product-amounts').first()).toHaveText(
    top.amounts.map((m) => written(m, lang)).join(''),
  )
}

type Corner = [number, number]
/** Two convex quadrilaterals overlap unless an edge of one separates them (separating axes). */
const overlap = (a: Corner[], b: Corner[]) =>
  [a, b].every((quad) =>
    quad.every(([x1, y1], i) => {
      const [x2, y2] = quad[(i + 1) % 4]!
      const axis: Corner = [y1 - y2, x2 - x1]
      const along = (q: Corner[]) => q.map(([x, y]) => x * axis[0] + y * axis[1])
      const [pa, pb] = [along(a), along(b)]
      return Math.max(...pa) > Math.min(...pb) && Math.max(...pb) > Math.min(...pa)
    }),
  )

/** A month's label on the axis as the screen shows it: its text, and the corners of each of its lines. */
type Label = { text: string; lines: Corner[][] }

/** The month axis's labels as the screen shows them (turned or level): their text and corners. */
const monthLabels = (page: Page): Promise<Label[]> =>
  page
    .getByTestId('dashboard-by-month')
    .locator('.recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-label')
    .evaluateAll((ticks) =>
      ticks.map((tick) => {
        const texts = [...tick.querySelectorAll('text')]
        const lines = texts.map((t) => {
          const b = t.getBBox()
          const m = t.getScreenCTM()!
          const at = (x: number, y: number): [number, number] => {
            const p = new DOMPoint(x, y).matrixTransform(m)
            return [Math.round(p.x), Math.round(p.y)]
          }
          return [at(b.x, b.y), at(b.x + b.width, b.y), at(b.x + b.width, b.y + b.height), at(b.x, b.y + b.height)]
        })
        return { text: texts.map((t) => t.textContent ?? '').join(' '), lines }
      }),
    )

/** The labels once the chart has drawn them for the window's width: the same on two reads running. */
const settledMonthLabels = async (page: Page) => {
  let last = ''
  await expect
    .poll(async () => {
      const now = JSON.stringify(await monthLabels(page))
      const settled = now === last
      last = now
      return settled
    })
    .toBe(true)
  return JSON.parse(last) as Label[]
}

/** Each label that runs into the next one. */
const overlapping = (labels: Label[]) =>
  labels
    .slice(1)
    .flatMap((l, i) =>
      labels[i]!.lines.some((a) => l.lines.some((b) => overlap(a, b))) ? [`${labels[i]!.text}/${l.text}`] : [],
    )

/** Every line of every label level (its top edge horizontal). */
const level = (labels: Label[]) => labels.every((l) => l.lines.every(([a, b]) => a![1] === b![1]))

const EN_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

/**
 * The month labels a reader expects: the month, and its year on the first month and each January,
 * under the month on a level axis, beside it on an aslant one (2025年12月, Dec 2025).
 */
const expectedMonthLabels = (d: Dashboard, lang: 'zh' | 'en', aslant: boolean) =>
  d.byMonth.map(({ month }, i) => {
    const [year, m] = month.split('-').map(Number) as [number, number]
    const name = lang === 'zh' ? `${m}月` : EN_MONTHS[m - 1]!
    if (i > 0 && m !== 1) return name
    return aslant && lang === 'zh' ? `${year}年${name}` : `${name} ${year}`
  })

/** Signs in and keeps the dashboard's own answer, to check the page shows exactly those figures. */
const signInWithFigures = async (page: Page, username: string) => {
  const answer = page.waitForResponse((r) => r.url().includes('/api/dashboard/analysis') && r.ok())
  await signIn(page, username)
  return ((await (await answer).json()) as { result: Dashboard }).result
}

test('the dashboard shows the day’s figures in zh and en, and a tile opens the filtered order list', async ({
  page,
}) => {
  const d = await signInWithFigures(page, 'admin')
  const figures = page.getByTestId('dashboard-figures')
  await expect(figures).toBeVisible({ timeout: 30_000 })
  expect(d.byStatus.length).toBeGreaterThan(0)

  // zh: the tiles say the server's figures
  await expect(page.getByTestId('dashboard-tile-month-orders')).toContainText('本月订单')
  await expect(page.getByTestId('dashboard-value-month-orders')).toHaveText(thousands(d.thisMonth.count))
  await expect(page.getByTestId('dashboard-value-deliveries-due')).toHaveText(thousands(d.deliveriesDue.count))
  await expect(page.getByTestId('dashboard-value-reviews')).toHaveText(thousands(d.reviews.waiting))
  await expect(page.getByTestId('dashboard-value-expiry')).toHaveText(thousands(d.expiry.near + d.expiry.expired))
  await expect(page.getByTestId('dashboard-value-unsynced')).toHaveText(thousands(d.unsynced.count))
  await expect(page.getByTestId('dashboard-by-month').locator('.recharts-bar-rectangle').first()).toBeAttached()
  const pending = d.byStatus.find((s) => s.status === 100801) ?? d.byStatus[0]!
  await expect(page.getByTestId(`dashboard-status-${pending.status}`)).toContainText(String(pending.count))
  // amounts: each in its currency, to the cent; the demo's domestic branches buy in yuan, the others in dollars
  expect(new Set(d.byMonth.flatMap((m) => m.amounts.map((a) => a.currency)))).toEqual(new Set(['CNY', 'USD']))
  await expectAmounts(page, d, 'zh')
  // on the desk every month has its label level, the year under the first month and January
  const desk = page.viewportSize()!
  let labels = await settledMonthLabels(page)
  expect(labels.map((l) => l.text)).toEqual(expectedMonthLabels(d, 'zh', false))
  expect(level(labels)).toBe(true)
  expect(overlapping(labels)).toEqual([])
  // on a phone every month still has its label (each a link), aslant, none over another
  const phone = { width: 390, height: 800 }
  await page.setViewportSize(phone)
  labels = await settledMonthLabels(page)
  expect(labels.map((l) => l.text)).toEqual(expectedMonthLabels(d, 'zh', true))
  expect(level(labels)).toBe(false)
  expect(Math.max(...labels.flatMap((l) => l.lines.flat().map(([x]) => x)))).toBeLessThanOrEqual(phone.width)
  expect(overlapping(labels)).toEqual([])
  await page.setViewportSize(desk)

  // en: the same figures, English texts
  await switchLanguage(page, 'English')
  await expect(page.getByTestId('dashboard-tile-month-orders')).toContainText('Orders this month')
  await expect(page.getByTestId('dashboard-value-month-orders')).toHaveText(thousands(d.thisMonth.count))
  await expect(page.getByTestId('dashboard-by-status')).toContainText('Orders by status')
  await expect(page.getByTestId('dashboard-top-products')).toContainText('Top 10 products')
  await expectAmounts(page, d, 'en')
  await expect
    .poll(async () => (await monthLabels(page)).map((l) => l.text))
    .toEqual(expectedMonthLabels(d, 'en', false))

  // a status opens the order list filtered by it: as many orders as the tile said
  await page.getByTestId(`dashboard-status-${pending.status}`).click()
  await expect(page).toHaveURL(new RegExp(`/sale/orderList\\?status=${pending.status}$`))
  const list = page.getByTestId('list-page-saleOrder')
  await expect(list).toBeVisible({ timeout: 30_000 })
  await expect(list.locator('.ant-pagination-total-text')).toContainText(String(pending.count))
})

test('the regional president sees the figures of their department, fewer than the administrator’s', async ({
  page,
  browser,
}) => {
  const group = await signInWithFigures(page, 'admin')
  const context = await browser.newContext({ locale: 'zh-CN' })
  try {
    const president = await context.newPage()
    const mine = await signInWithFigures(president, 'region_president')
    const orders = (d: Dashboard) => d.byStatus.reduce((sum, s) => sum + s.count, 0)
    expect(orders(mine)).toBeGreaterThan(0)
    expect(orders(mine)).toBeLessThan(orders(group))
    // the overseas department's branches only: the domestic ones are the administrator's alone
    expect(mine.byBranch.length).toBeLessThan(group.byBranch.length)
    await expect(president.getByTestId('dashboard-figures')).toBeVisible({ timeout: 30_000 })
    await expect(president.getByTestId('dashboard-value-month-orders')).toHaveText(thousands(mine.thisMonth.count))
    const differs = mine.byStatus.find((s) => s.count !== group.byStatus.find((g) => g.status === s.status)?.count)
    expect(differs, 'a status whose count differs between the two').toBeDefined()
    await expect(president.getByTestId(`dashboard-status-${differs!.status}`)).toContainText(String(differs!.count))

    // a branch's name by its bar is a link: the keyboard opens that branch's orders, as many as the bar
    const top = mine.byBranch[0]!
    const name = president.getByTestId('dashboard-by-branch').locator('a', { hasText: top.name })
    await name.focus()
    await president.keyboard.press('Enter')
    await expect(president).toHaveURL(new RegExp(`/sale/orderList\\?branchId=${top.branchId}$`))
    const list = president.getByTestId('list-page-saleOrder')
    await expect(list.locator('.ant-pagination-total-text')).toContainText(String(top.count), { timeout: 30_000 })
  } finally {
    await context.close()
  }
})

test('the charts arrive though their chunk failed to load at first (a server restarting)', async ({
  page,
  consoleErrors,
}) => {
  consoleErrors.allow(/Failed to load resource/)
  let asked = 0
  await page.route(/\/assets\/ChartCards-[^/]*\.js$/, (route) => (asked++ === 0 ? route.abort() : route.continue()))
  await signIn(page, 'admin')
  await expect(page.getByTestId('dashboard-by-month').locator('.recharts-bar-rectangle').first()).toBeAttached({
    timeout: 30_000,
  })
  expect(asked).toBeGreaterThan(1)
})
