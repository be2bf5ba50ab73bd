import { AuditBusiness, type MenuItem, OrderStatus } from '@app/contracts'
import AxeBuilder from '@axe-core/playwright'
import type { Locator, Page } from '@playwright/test'
import { expect, type Lang, test, type User } from './fixtures.ts'
import { apiCall, closeFrontTab, menuScreens, openList, openScreen, paneOf, rows } from './list-helpers.ts'
import { findOrder, selectRow, t, toolbarButton } from './sales-helpers.ts'

/**
 * Accessibility (issue point 8): axe-core checks every screen of the administrator's menu (read
 * from the app's own permission list, as the sider draws it) and the main dialogs — the order form,
 * the order detail, the deliver dialog, the review dialog, the adjustment form and a master-data
 * edit form — in Chinese and in English. A serious or critical violation fails the journey; every
 * one found is listed with the elements it concerns and what axe says to fix. The shell is analysed
 * in full on landing and on the first screen; every other screen and dialog only in its own area.
 */

type Finding = { where: string; text: string }

const SERIOUS = new Set(['serious', 'critical'])

/**
 * axe over the page as it is now (hidden tabs and closed popups are not part of it): the whole page,
 * or only `within` (a CSS selector). The shell (sider, header, tab strip) and the page-wide rules
 * (title, language, landmarks) are the same on every screen, so they are analysed in full once per
 * language and each further screen or dialog only in its own area.
 */
const check = async (page: Page, where: string, within?: string): Promise<Finding[]> => {
  // axe's own run in the page: its default collects each frame's results in a new blank page it
  // opens for every check (the app has no frames: the same findings, without a page per check)
  const axe = new AxeBuilder({ page }).setLegacyMode()
  const results = await (within ? axe.include(within) : axe).analyze()
  const found = results.violations
    .filter((v) => SERIOUS.has(v.impact ?? ''))
    .map((v) => ({
      where,
      text: [
        `${where}: [${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})`,
        ...v.nodes.map(
          (n) => `    at ${n.target.join(' ')}\n      ${(n.failureSummary ?? '').replace(/\n/g, '\n      ')}`,
        ),
      ].join('\n'),
    }))
  // said as they are found, so that a journey stopped later still shows them
  for (const f of found) console.log(f.text)
  return found
}

const report = (findings: Finding[]) =>
  findings.length === 0 ? 'none' : `\n${findings.map((f) => f.text).join('\n\n')}\n`

/** Every dialog's area (a closed one is hidden, so axe leaves it out). */
const DIALOGS = '.ant-modal-root'

/** Opens a dialog and waits until it shows what it loads, its opening animation ended. */
const openDialog = async (page: Page, open: () => Promise<void>, dialog: Locator) => {
  await open()
  await expect(dialog).toBeVisible({ timeout: 30_000 })
  await expect(dialog.locator('.ant-spin-spinning, .ant-skeleton')).toHaveCount(0, { timeout: 30_000 })
  // colours read mid-fade are not the ones a person sees
  await expect(page.locator('.ant-modal-wrap .ant-zoom-appear, .ant-modal-wrap .ant-zoom-enter')).toHaveCount(0)
  return dialog
}

const closeDialog = async (page: Page, dialog: Locator) => {
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
}

/** The administrator's dialogs: order form and detail, deliver, adjustment form, a master-data edit form. */
const adminDialogs = async (u: User) => {
  const { page } = u
  const found: Finding[] = []
  const at = async (where: string, open: () => Promise<void>, dialog: Locator) => {
    await openDialog(page, open, dialog)
    found.push(...(await check(page, `${u.lang} ${where}`, DIALOGS)))
    await closeDialog(page, dialog)
  }

  const orders = await openList(page, '/sale/orderList', 'saleOrder')
  await at(
    'order form',
    () => orders.getByTestId('add').click(),
    page.getByRole('dialog').filter({ has: page.getByTestId('order-remark') }),
  )
  await at(
    'order detail',
    () => rows(orders).first().getByTestId('order-no-link').click(),
    page.getByTestId('order-detail-modal').getByRole('dialog'),
  )

  const deliveries = await openList(page, `/sale/deliveryList?status=${OrderStatus.PendingDelivery}`, 'deliveryOrder')
  await rows(deliveries).first().locator('.ant-checkbox-input').check()
  await at(
    'deliver dialog',
    () => toolbarButton(deliveries, u.lang === 'en' ? /^Deliver$/ : /^发\s*货$/).click(),
    page.getByTestId('deliver-modal').getByRole('dialog'),
  )

  const adjustments = (await openScreen(page, '/sale/orderApplyModifyList')).getByTestId('list-page-applyModify')
  await expect(adjustments.getByTestId('add')).toBeEnabled({ timeout: 30_000 })
  await at(
    'adjustment form',
    () => adjustments.getByTestId('add').click(),
    page.getByTestId('apply-modify-modal').getByRole('dialog'),
  )

  const suppliers = await openList(page, '/md/supplierList', 'supplier')
  await at(
    'supplier edit form',
    () =>
      rows(suppliers)
        .first()
        .getByRole('button', { name: u.lang === 'en' ? /^Edit$/ : /^编\s*辑$/ })
        .click(),
    page.getByRole('dialog').filter({ has: page.getByTestId('record-form') }),
  )
  return found
}

for (const lang of ['zh', 'en'] as const satisfies readonly Lang[]) {
  test(`every menu screen and the main dialogs have no serious or critical accessibility violation (${lang})`, async ({
    signInAs: as,
  }) => {
    test.setTimeout(900_000)
    const admin = await as('admin', lang)
    const { page } = admin
    const { menu } = (await apiCall(page, 'get', '/sys/permission/getPermissionList')) as unknown as {
      menu: MenuItem[]
    }
    const screens = menuScreens(menu)
    expect(screens.length, 'screens in the administrator’s menu').toBeGreaterThan(20)

    const findings: Finding[] = []
    findings.push(...(await check(page, `${lang} sign-in landing`)))
    for (const [i, entry] of screens.entries()) {
      await openScreen(page, entry.url)
      // the first screen in full: the shell with a folder unfolded and a closable tab
      findings.push(...(await check(page, `${lang} ${entry.url}`, i === 0 ? undefined : paneOf(entry.url))))
      await closeFrontTab(page)
    }
    findings.push(...(await adminDialogs(admin)))

    // the review dialog, as the current reviewer of a demo order waiting for them (a new order
    // would add to their unread messages, which the messaging journeys count)
    const reviewer = await as('region_president', lang)
    const waiting = (await apiCall(reviewer.page, 'get', '/sys/todo/list?pageNo=1&pageSize=50')) as unknown as {
      records: { business: string; objectNo: string | null }[]
    }
    const orderNo = waiting.records.find((r) => r.business === AuditBusiness.SaleOrder && r.objectNo)?.objectNo
    expect(orderNo, 'a demo order waits for region_president').toBeTruthy()
    const rp = reviewer.page
    const list = await findOrder(reviewer, '/sale/orderList', 'saleOrder', orderNo!)
    await selectRow(list, orderNo!)
    const review = rp.getByTestId('audit-modal').getByRole('dialog')
    await openDialog(rp, () => toolbarButton(list, t(reviewer).review).click(), review)
    await expect(review.getByRole('textbox')).toBeVisible()
    findings.push(...(await check(rp, `${lang} review dialog`, DIALOGS)))
    await closeDialog(rp, review)

    expect(findings, `serious or critical accessibility violations: ${report(findings)}`).toEqual([])
  })
}

/**
 * Counts, from now on, the moments an element is zooming in (antd's dialogs: the `-active` stage of
 * their motion, where the transition runs; without motion they are prepared and shown at once).
 */
const watchZoom = (page: Page) =>
  page.evaluate(() => {
    const seen: string[] = []
    const note = (el: Element) => {
      if (/ant-zoom-(appear|enter)-active/.test(String(el.className))) seen.push(String(el.className))
    }
    new MutationObserver((changes) => {
      for (const c of changes) {
        if (c.target instanceof Element) note(c.target)
        for (const n of c.addedNodes)
          if (n instanceof Element) [n, ...n.querySelectorAll('[class*="ant-zoom-"]')].forEach(note)
      }
    }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['class'] })
    ;(window as unknown as { zoomSeen: string[] }).zoomSeen = seen
  })

const zoomSeen = (page: Page) => page.evaluate(() => (window as unknown as { zoomSeen: string[] }).zoomSeen.length)

test('where the system asks for less motion, a dialog appears without zooming in', async ({ signInAs: as }) => {
  const { page } = await as('admin', 'zh')
  const suppliers = await openList(page, '/md/supplierList', 'supplier')
  const edit = () =>
    rows(suppliers)
      .first()
      .getByRole('button', { name: /^编\s*辑$/ })
      .click()
  const dialog = page.getByRole('dialog').filter({ has: page.getByTestId('record-form') })

  // the journeys run with less motion asked for (playwright.config.ts): here first without
  await page.emulateMedia({ reducedMotion: 'no-preference' })
  await watchZoom(page)
  await openDialog(page, edit, dialog)
  expect(await zoomSeen(page), 'the dialog zoomed in').toBeGreaterThan(0)
  await closeDialog(page, dialog)

  await page.emulateMedia({ reducedMotion: 'reduce' })
  await watchZoom(page)
  await openDialog(page, edit, dialog)
  await closeDialog(page, dialog)
  expect(await zoomSeen(page), 'the dialog zoomed').toBe(0)
})
