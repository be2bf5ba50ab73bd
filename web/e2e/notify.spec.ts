import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Browser } from '@playwright/test'
import { type MailSink, startMailSink } from '../../server/src/modules/notify/mail-sink.ts'
import { expect, pickFromMenu, pickOption, signIn, test } from './fixtures.ts'
import { apiCall, openScreen, rows, rowWith } from './list-helpers.ts'
import { findOrder, inDays, statusOf } from './sales-helpers.ts'
import { mailSinkPort } from './server-main.ts'

/**
 * Mail with a one-click decision (issue 38): the region president chooses English mails in the
 * notification settings; an order placed by the branch reaches them as a mail (caught by a local
 * SMTP server), which Chromium shows with nothing fetched and no script; its approve link opens a
 * page outside the product, without signing in, with the order's lines, and one click approves;
 * the branch sees the order under review and the next reviewer gets a Chinese mail.
 */

let sink: MailSink
test.beforeAll(async () => {
  sink = await startMailSink({ port: mailSinkPort })
})
test.afterAll(async () => sink?.close())

const mailFor = async (username: string, orderNo: string) => {
  await expect
    .poll(() => sink.mails.some((m) => m.to.includes(`${username}@example.com`) && m.subject.includes(orderNo)), {
      timeout: 60_000,
    })
    .toBe(true)
  return sink.mails.find((m) => m.to.includes(`${username}@example.com`) && m.subject.includes(orderNo))!
}

/** The mail as a mail client shows it: nothing may be fetched, nothing may run. */
const showMail = async (browser: Browser, html: string) => {
  const page = await browser.newPage()
  const fetched: string[] = []
  page.on('request', (r) => {
    if (!r.url().startsWith('data:') && r.url() !== 'about:blank') fetched.push(r.url())
  })
  await page.setContent(html)
  expect(fetched).toEqual([])
  expect(await page.locator('script, img, iframe, object, link[rel]').count()).toBe(0)
  return page
}

test('a reviewer approves from the mail in one click; the order moves on', async ({ signInAs, browser }) => {
  test.setTimeout(180_000)
  const branch = await signInAs('branch_admin')
  const region = await signInAs('region_president')

  // ---- the region president wants English mails (user menu, notification settings)
  await pickFromMenu(region.page, () => region.page.getByTestId('user-menu').hover(), '通知设置')
  const prefs = region.page.getByTestId('notify-prefs')
  await expect(prefs.getByLabel('有单据等待我审核')).toBeChecked()
  await prefs.getByLabel('English').check()
  await region.page.getByRole('button', { name: /确\s*定|OK/ }).click()
  await expect(region.page.getByText('通知设置已保存')).toBeVisible()

  // ---- the branch places an order (set-up)
  const branches = (await apiCall(branch.page, 'get', '/md/branch/getListAll')) as unknown as {
    id: string
    code: string
  }[]
  const branchId = branches.find((b) => b.code === 'RU-MOW')!.id
  const sellable = (await apiCall(
    branch.page,
    'get',
    `/sale/order/sellableProducts?branchId=${branchId}&pageNo=1&pageSize=10`,
  )) as unknown as { records: { productId: string; units: { id: string }[] }[] }
  const { orderNo } = (await apiCall(branch.page, 'post', '/sale/order/add', {
    branchId,
    companyCode: '002',
    expectedDeliveryDate: inDays(40),
    transportMode: 'sea',
    certificateRequired: false,
    certificateTypes: [],
    remark: 'mail journey',
    lines: sellable.records
      .slice(0, 2)
      .map((p, i) => ({ productId: p.productId, unitId: p.units[0]!.id, quantity: 6 + i })),
  })) as unknown as { id: string; orderNo: string }

  // ---- the mail, in English, shown as a mail client would
  const mail = await mailFor('region_president', orderNo)
  expect(mail.subject).toContain('Waiting for your review')
  const shown = await showMail(browser, mail.html!)
  await expect(shown.getByText(`Order number`)).toBeVisible()
  await expect(shown.getByText(orderNo).first()).toBeVisible()

  // ---- its approve link: a page of its own, no sign-in, the order's lines; one click approves
  await shown.getByRole('link', { name: 'Approve' }).click()
  await expect(shown.getByRole('heading', { name: 'Approve this order?' })).toBeVisible()
  await expect(shown.getByText(orderNo)).toBeVisible()
  await expect(shown.getByTestId('order-lines').locator('tbody tr')).toHaveCount(2)
  await expect(shown.locator('a')).toHaveCount(0)
  await shown.getByRole('button', { name: 'Confirm approval' }).click()
  await expect(shown.getByText('Approved. The order moves on.')).toBeVisible()
  // the same link again changes nothing and says why
  await shown.goBack()
  await shown.reload()
  await expect(shown.getByText('This link has already been used. Nothing was changed.')).toBeVisible()
  await shown.close()

  // ---- the branch sees the order under review; the next reviewer is mailed in Chinese
  const list = await findOrder(branch, '/sale/orderList', 'saleOrder', orderNo)
  await expect(statusOf(list, orderNo)).toHaveText('审核中')
  const next = await mailFor('branch_finance', orderNo)
  expect(next.subject).toContain('待您审核')
  const zh = await showMail(browser, next.html!)
  await expect(zh.getByRole('link', { name: '同意' })).toBeVisible()
  await expect(zh.getByRole('link', { name: '驳回' })).toBeVisible()
  await zh.close()
})

test('an administrator adds a WeCom robot; an order is posted to it; the sent list shows it', async ({
  page,
  signInAs,
}) => {
  test.setTimeout(180_000)
  // a local stand-in for the WeCom robot
  const posted: string[] = []
  const robot = createServer((req, res) => {
    let body = ''
    req.on('data', (c: Buffer) => {
      body += c.toString()
    })
    req.on('end', () => {
      posted.push(body)
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end('{"errcode":0,"errmsg":"ok"}')
    })
  })
  await new Promise<void>((resolve) => robot.listen(0, '127.0.0.1', () => resolve()))
  try {
    await signIn(page, 'admin')
    await openScreen(page, '/sys/notifyRobot')
    await page.getByTestId('list-page-notifyRobot').getByTestId('add').click()
    const modal = page.getByTestId('record-modal')
    // the department is chosen by its name; the list names it too
    await pickOption(page, modal.getByLabel('部门'), '集团', { typed: true })
    await pickOption(page, modal.getByLabel('类型'), '企业微信')
    await modal
      .getByLabel('Webhook 地址')
      .fill(`http://127.0.0.1:${(robot.address() as AddressInfo).port}/cgi-bin/webhook/send?key=demo`)
    await page.getByTestId('record-save').click()
    await expect(modal).toBeHidden()
    await expect(rowWith(page.getByTestId('list-page-notifyRobot'), '集团')).toHaveCount(1)
    // the mail defaults of a role: logistics chiefs get no mail of approvals by default
    const defaults = page.getByTestId('role-mail-defaults')
    await pickOption(page, defaults.getByLabel('角色'), '物流主管')
    await expect(defaults.getByLabel('我提交的单据审核通过')).toBeChecked()
    await defaults.getByLabel('我提交的单据审核通过').uncheck()
    await defaults.getByRole('button', { name: /保\s*存/ }).click()
    await expect(page.getByText('已保存该角色的默认设置')).toBeVisible()

    const branch = await signInAs('branch_admin')
    const branches = (await apiCall(branch.page, 'get', '/md/branch/getListAll')) as unknown as {
      id: string
      code: string
    }[]
    const branchId = branches.find((b) => b.code === 'RU-MOW')!.id
    const sellable = (await apiCall(
      branch.page,
      'get',
      `/sale/order/sellableProducts?branchId=${branchId}&pageNo=1&pageSize=10`,
    )) as unknown as { records: { productId: string; units: { id: string }[] }[] }
    const { orderNo } = (await apiCall(branch.page, 'post', '/sale/order/add', {
      branchId,
      companyCode: '002',
      expectedDeliveryDate: inDays(40),
      transportMode: 'sea',
      certificateRequired: false,
      certificateTypes: [],
      remark: 'robot journey',
      lines: sellable.records.slice(0, 1).map((p) => ({ productId: p.productId, unitId: p.units[0]!.id, quantity: 3 })),
    })) as unknown as { id: string; orderNo: string }
    await expect.poll(() => posted.filter((b) => b.includes(orderNo)).length, { timeout: 60_000 }).toBe(1)
    expect(JSON.parse(posted.find((b) => b.includes(orderNo))!)).toMatchObject({ msgtype: 'markdown' })

    // the sent list shows the mail and the chat message of the order, sent
    await page.goto('/sys/notifyOutbox')
    const sent = page.getByTestId('list-page-notifyOutbox')
    await expect(async () => {
      await page.reload()
      // the list as it stands now (a busy machine may take a while to show it), then the order's rows in it
      await expect(rows(sent).first()).toBeVisible({ timeout: 30_000 })
      await expect(rowWith(sent, orderNo).filter({ hasText: '已发送' }).first()).toBeVisible({ timeout: 2000 })
    }).toPass({ timeout: 90_000 })
    // each row names its channel and event in the user's language, not by their codes
    await expect(rowWith(sent, orderNo).filter({ hasText: '群聊' }).filter({ hasText: '等待审核' })).toHaveCount(1)
    // the chat message's recipient is the robot's department, by its name
    await expect(
      rowWith(sent, orderNo)
        .filter({ hasText: '群聊' })
        .locator('td', { hasText: /^集团$/ }),
    ).toHaveCount(1)
    await expect(rows(sent).filter({ hasText: '邮件' }).filter({ hasText: '等待审核' }).first()).toBeVisible()
    await expect(sent.locator('td', { hasText: /^(mail|chat|reviewNeeded)$/ })).toHaveCount(0)
  } finally {
    robot.close()
  }
})
