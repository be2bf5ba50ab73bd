import type { Locator } from '@playwright/test'
import { chooseOption, expect, pickOption, test } from './fixtures.ts'
import { apiCall, openScreen, rows, rowWith, search } from './list-helpers.ts'
import { approveAs, decide, findOrder, inDays, selectRow, statusOf, t, toolbarButton } from './sales-helpers.ts'

/**
 * Delivery in parts and an order adjustment (issue 16), as the role users, in both languages.
 * Set up through the API: branch_admin's order for 俄罗斯分公司 with three lines, approved on its
 * three steps, and stock of its products posted into a finished-goods depot (one product in two
 * batches expiring at different dates). Then in the browser: logistics_admin delivers two of the
 * three lines (部分发货); the delivery's batches (the earlier-expiring one first and used up), the
 * stock list and the ledger's sales-out lines show what it took; branch_admin asks to reduce the
 * third line and to append a product; region_president (in English) and finance_director approve
 * the request; the order shows its new lines; logistics_admin delivers the rest (全部发货) and
 * confirms the delivery complete with the actual date (发货完成).
 */

const DEPOTS = ['哈尔滨陆运仓', '天津港成品仓', '义乌集散仓']
const RUN = Date.now().toString(36).slice(-6).toUpperCase()
const BATCH = { a1: `DLV${RUN}-A1`, a2: `DLV${RUN}-A2`, b: `DLV${RUN}-B`, c: `DLV${RUN}-C`, d: `DLV${RUN}-D` }

/** A whole quantity as the lists show it (thousands separators). */
const shown = (n: number) => n.toLocaleString('en-US')

/** The field of an antd InputNumber whose test id lands on the input or on its wrapper. */
const inputOf = async (field: Locator) =>
  (await field.evaluate((el) => el.tagName)) === 'INPUT' ? field : field.locator('input')

/** A row's cell under the column headed `title`. */
const cell = async (table: Locator, row: Locator, title: string) => {
  const heads = (await table.locator('.ant-table-thead th').allTextContents()).map((s) => s.trim())
  const at = heads.indexOf(title)
  expect(at, `column ${title} in ${heads.join('|')}`).toBeGreaterThanOrEqual(0)
  return row.locator('td').nth(at)
}

type Sellable = { productId: string; code: string; name: string; units: { id: string; conversionRate: number }[] }

test('an order delivered in parts, adjusted on request in between, then delivered in full and completed', async ({
  signInAs: as,
  page,
}) => {
  test.setTimeout(300_000)
  const branch = await as('branch_admin')
  const logistics = await as('logistics_admin')

  // ---- set-up through the API: products the branch may order that the depot does not hold yet
  const branches = (await apiCall(branch.page, 'get', '/md/branch/getListAll')) as unknown as {
    id: string
    code: string
  }[]
  const branchId = branches.find((b) => b.code === 'RU-MOW')?.id ?? ''
  expect(branchId).not.toBe('')
  const depots = (await apiCall(logistics.page, 'get', '/md/depot/getListAll')) as unknown as {
    id: string
    name: string
    depotType: string
  }[]
  const sellable = (await apiCall(
    branch.page,
    'get',
    `/sale/order/sellableProducts?branchId=${branchId}&pageNo=1&pageSize=100`,
  )) as unknown as { records: Sellable[] }
  // the first finished depot (the land depot, else another) holding none of four sellable
  // products: their batches are then the journey's own (a retry finds the land depot used)
  let depotId = ''
  let depotName = ''
  let fresh: Sellable[] = []
  for (const name of DEPOTS) {
    const depot = depots.find((d) => d.name === name && d.depotType === 'finished')
    expect(depot, `${name} among ${depots.map((d) => d.name).join(', ')}`).toBeTruthy()
    const held = (await apiCall(
      logistics.page,
      'get',
      `/pro/stock/list?pageNo=1&pageSize=1000&search=${encodeURIComponent(JSON.stringify({ depotId: depot!.id }))}`,
    )) as unknown as { records: { productId: string }[] }
    const inDepot = new Set(held.records.map((r) => r.productId))
    fresh = sellable.records.filter((p) => !inDepot.has(p.productId) && p.units.length > 0)
    if (fresh.length >= 4) {
      depotId = depot!.id
      depotName = name
      break
    }
  }
  expect(depotId, 'a finished depot without four sellable products').not.toBe('')
  const [a, b, c, d] = fresh as [Sellable, Sellable, Sellable, Sellable]
  const rate = (p: Sellable) => p.units[0]!.conversionRate

  const added = (await apiCall(branch.page, 'post', '/sale/order/add', {
    branchId,
    companyCode: '002',
    expectedDeliveryDate: inDays(40),
    remark: '分批发货端到端',
    lines: [
      { productId: a.productId, unitId: a.units[0]!.id, quantity: 10 },
      { productId: b.productId, unitId: b.units[0]!.id, quantity: 8 },
      { productId: c.productId, unitId: c.units[0]!.id, quantity: 12 },
    ],
  })) as { id: string; orderNo: string }
  const { id: orderId, orderNo } = added
  const region = await as('region_president', 'en')
  await apiCall(region.page, 'post', '/sale/order/audit', { id: orderId, decision: 'approve', note: '同意' })
  await approveAs(page, 'branch_finance', orderId)
  await approveAs(page, 'gm_president', orderId)

  // the first product in two batches: the earlier-expiring one smaller than the first delivery takes
  await apiCall(logistics.page, 'post', '/pro/stock/purchaseIn', {
    depotId,
    remark: `e2e ${orderNo}`,
    lines: [
      { productId: a.productId, batchNo: BATCH.a2, quantity: 50 * rate(a), expiryDate: inDays(400) },
      { productId: a.productId, batchNo: BATCH.a1, quantity: 4 * rate(a), expiryDate: inDays(200) },
      { productId: b.productId, batchNo: BATCH.b, quantity: 20 * rate(b), expiryDate: inDays(300) },
      { productId: c.productId, batchNo: BATCH.c, quantity: 30 * rate(c), expiryDate: inDays(300) },
      { productId: d.productId, batchNo: BATCH.d, quantity: 30 * rate(d), expiryDate: inDays(300) },
    ],
  })

  // ---- the delivery list as it opens: the orders still to ship first, the nearest first, so the
  // overdue ones (marked) at the top; orders shipped in full or complete only after them
  const lp = logistics.page
  await openScreen(lp, '/sale/deliveryList')
  const opened = lp.getByTestId('list-page-deliveryOrder')
  await expect(rows(opened).first()).toBeVisible({ timeout: 30_000 })
  const firstPage = await rows(opened).all()
  expect(firstPage.length).toBeGreaterThan(1)
  const dates: string[] = []
  for (const row of firstPage) {
    await expect(row.getByTestId('order-status')).toHaveText(/^(待发货|部分发货)$/)
    dates.push(
      /\d{4}-\d{2}-\d{2}/.exec((await (await cell(opened, row, '期望交货日期')).textContent()) ?? '')?.[0] ?? '',
    )
  }
  expect(dates).toEqual([...dates].sort())
  expect(dates[0]! < inDays(0), `the first order is overdue: ${dates[0]}`).toBe(true)
  await expect(firstPage[0]!.getByTestId('delivery-overdue')).toHaveText('逾期')

  // ---- logistics_admin delivers the first two lines from the depot: partly delivered
  const deliveries = await findOrder(logistics, '/sale/deliveryList', 'deliveryOrder', orderNo, { fromMenu: true })
  await expect(statusOf(deliveries, orderNo)).toHaveText('待发货')
  await selectRow(deliveries, orderNo)
  await toolbarButton(deliveries, /^发\s*货$/).click()
  const deliver = lp.getByTestId('deliver-modal')
  await expect(deliver).toContainText(orderNo)
  await pickOption(lp, deliver.getByTestId('deliver-depot'), depotName, { typed: true })
  const toShip = deliver.getByTestId('deliver-quantity')
  await expect(toShip).toHaveCount(3)
  // each line starts at what remains; the third is left for later
  await expect(await inputOf(toShip.nth(0))).toHaveValue('10')
  await (await inputOf(toShip.nth(2))).fill('0')
  // before sending: the batches each line would take from this warehouse, earliest expiry first
  const wouldTake = deliver.getByTestId('deliver-batches')
  await expect(wouldTake.nth(0)).toContainText(`${BATCH.a1} · ${inDays(200)} × 4`)
  await expect(wouldTake.nth(0)).toContainText(`${BATCH.a2} · ${inDays(400)} × 6`)
  await expect(wouldTake.nth(2)).not.toContainText(BATCH.c)
  await expect(deliver.getByTestId('deliver-short')).toHaveCount(0)
  const [first] = await Promise.all([
    lp.waitForResponse((r) => r.url().includes('/api/sale/delivery/add')),
    deliver.getByTestId('deliver-submit').click(),
  ])
  expect(first.status(), await first.text()).toBe(200)
  await expect(deliver).toBeHidden()
  await expect(statusOf(deliveries, orderNo)).toHaveText('部分发货')
  await expect(rowWith(deliveries, orderNo).getByTestId('delivery-progress')).toHaveText('2/3 行已发完')

  // its record: the first product took the earlier-expiring batch first, then the later one
  await selectRow(deliveries, orderNo)
  await toolbarButton(deliveries, '发货记录').click()
  const record = lp.getByTestId('deliveries-modal').getByTestId('delivery-record')
  await expect(record).toHaveCount(1)
  await expect(record).toContainText(depotName)
  const batchesOfA = record.getByTestId('delivery-batches').filter({ hasText: BATCH.a1 })
  await expect(rows(batchesOfA)).toHaveCount(2)
  await expect(rows(batchesOfA).nth(0)).toContainText(BATCH.a1)
  await expect(rows(batchesOfA).nth(0)).toContainText(shown(4 * rate(a)))
  await expect(rows(batchesOfA).nth(1)).toContainText(BATCH.a2)
  await expect(rows(batchesOfA).nth(1)).toContainText(shown(6 * rate(a)))
  await expect(record).not.toContainText(BATCH.c)
  const stockDocNo = /XSCK\d{8}-\d{4}/.exec((await record.textContent()) ?? '')?.[0] ?? ''
  expect(stockDocNo).not.toBe('')
  await lp.keyboard.press('Escape')
  await expect(lp.getByTestId('deliveries-modal')).toBeHidden()

  // the stock list: the earlier batch used up, the later one less what the delivery took
  await openScreen(lp, '/pro/stockList')
  const stock = lp.getByTestId('list-page-stock')
  await expect(stock.getByTestId('search-form')).toBeVisible({ timeout: 30_000 })
  await search(stock, '批次号', `DLV${RUN}-A`)
  await expect(rows(stock)).toHaveCount(2)
  await expect(await cell(stock, rowWith(stock, BATCH.a1), '数量')).toHaveText('0')
  await expect(await cell(stock, rowWith(stock, BATCH.a2), '数量')).toHaveText(shown(44 * rate(a)))
  await search(stock, '批次号', BATCH.c)
  await expect(await cell(stock, rowWith(stock, BATCH.c), '数量')).toHaveText(shown(30 * rate(c)))

  // the ledger: the delivery's sales-out document, one line per batch taken
  await lp.getByRole('tab', { name: '库存流水' }).click()
  const ledger = lp.getByTestId('list-page-stockLedger')
  await expect(ledger.getByTestId('search-form')).toBeVisible()
  await search(ledger, '单据号', stockDocNo)
  await expect(rows(ledger)).toHaveCount(3)
  for (const batch of [BATCH.a1, BATCH.a2, BATCH.b]) await expect(rowWith(ledger, batch)).toContainText('销售出库')
  await expect(await cell(ledger, rowWith(ledger, BATCH.a1), '变动数量')).toHaveText(shown(-4 * rate(a)))
  await expect(await cell(ledger, rowWith(ledger, BATCH.a1), '变动后数量')).toHaveText('0')

  // ---- branch_admin asks to reduce the third line and to append a product
  const bp = branch.page
  await openScreen(bp, '/sale/orderApplyModifyList')
  const requests = bp.getByTestId('list-page-applyModify')
  await requests.getByTestId('add').click()
  const ask = bp.getByTestId('apply-modify-modal')
  await ask.getByTestId('adjust-order').click()
  await bp.keyboard.type(orderNo)
  await chooseOption(bp, orderNo)
  const lines = ask.getByTestId('adjust-lines')
  await expect(rows(lines)).toHaveCount(3)
  await pickOption(bp, ask.getByTestId('adjust-type').nth(2), '减少数量')
  await (await inputOf(ask.getByTestId('adjust-quantity').nth(2))).fill('5')
  await ask.getByTestId('adjust-append').click()
  const picker = bp.getByTestId('sellable-product-modal')
  const pickSearch = await inputOf(picker.getByTestId('pick-search'))
  await pickSearch.fill(d.code)
  await pickSearch.press('Enter')
  await expect(rows(picker)).toHaveCount(1)
  await rowWith(picker, d.code).locator('.ant-checkbox-input').check()
  await picker.getByTestId('pick-ok').click()
  await expect(picker).toBeHidden()
  await (await inputOf(ask.getByTestId('append-quantity'))).fill('6')
  // the reason is required
  await ask.getByTestId('adjust-submit').click()
  await expect(ask).toContainText('请填写调整原因')
  await ask.getByTestId('adjust-reason').fill('客户减少第三个产品并追加一个产品')
  const [asked] = await Promise.all([
    bp.waitForResponse((r) => r.url().includes('/api/sale/applyModify/add')),
    ask.getByTestId('adjust-submit').click(),
  ])
  expect(asked.status(), await asked.text()).toBe(200)
  await expect(ask).toBeHidden()
  await expect(rowWith(requests, orderNo)).toHaveCount(1)

  // ---- region_president (in English), then finance_director, approve it
  const finance = await as('finance_director')
  for (const [u, note] of [
    [region, 'Agreed'],
    [finance, '财务同意'],
  ] as const) {
    const list = await findOrder(u, '/sale/orderApplyModifyList', 'applyModify', orderNo, { fromMenu: true })
    await selectRow(list, orderNo)
    await toolbarButton(list, t(u).review).click()
    await decide(u, 'approve', note)
  }
  const decided = finance.page.getByTestId('list-page-applyModify')
  await expect(rowWith(decided, orderNo).getByTestId('request-status')).toHaveText('已通过')

  // ---- the order shows its new lines: the third reduced to 7, the product appended
  const orders = await findOrder(branch, '/sale/orderList', 'saleOrder', orderNo, { fromMenu: true })
  await expect(statusOf(orders, orderNo)).toHaveText('部分发货')
  await rowWith(orders, orderNo).getByTestId('order-no-link').click()
  const detail = bp.getByTestId('order-detail-modal')
  const detailLines = detail.getByTestId('order-detail-lines')
  await expect(rows(detailLines)).toHaveCount(4)
  await expect(await cell(detailLines, rowWith(detailLines, c.code), '数量')).toHaveText('7')
  await expect(await cell(detailLines, rowWith(detailLines, d.code), '数量')).toHaveText('6')
  await expect(await cell(detailLines, rowWith(detailLines, a.code), '已发货')).toHaveText('10')
  // its deliveries and its review came with it (one call): the first delivery, the steps decided
  await detail.getByRole('tab', { name: '发货记录' }).click()
  await expect(detail.getByTestId('delivery-record')).toHaveCount(1)
  await expect(detail.getByTestId('delivery-batches').first()).toBeVisible()
  await detail.getByRole('tab', { name: '审核进度' }).click()
  await expect(detail.getByTestId('review-progress')).toBeVisible()
  await bp.keyboard.press('Escape')

  // ---- logistics_admin delivers the rest: fully delivered; then delivery complete with the date
  const rest = await findOrder(logistics, '/sale/deliveryList', 'deliveryOrder', orderNo, { fromMenu: true })
  await selectRow(rest, orderNo)
  await toolbarButton(rest, /^发\s*货$/).click()
  await expect(deliver).toContainText(orderNo)
  await pickOption(lp, deliver.getByTestId('deliver-depot'), depotName, { typed: true })
  await expect(toShip).toHaveCount(2)
  // what remains: 7 of the reduced line, 6 of the appended one (reopened on the same screen, the
  // modal starts from the order as it is now, not from what was typed last time)
  await expect(await inputOf(toShip.nth(0))).toHaveValue('7')
  await expect(await inputOf(toShip.nth(1))).toHaveValue('6')
  await expect(deliver.getByTestId('deliver-lines')).toContainText(d.name)
  const [second] = await Promise.all([
    lp.waitForResponse((r) => r.url().includes('/api/sale/delivery/add')),
    deliver.getByTestId('deliver-submit').click(),
  ])
  expect(second.status(), await second.text()).toBe(200)
  await expect(deliver).toBeHidden()
  await expect(statusOf(rest, orderNo)).toHaveText('全部发货')
  await expect(rowWith(rest, orderNo).getByTestId('delivery-progress')).toHaveText('4/4 行已发完')

  await selectRow(rest, orderNo)
  await toolbarButton(rest, '发货完成').click()
  const complete = lp.getByTestId('complete-modal')
  await expect(await inputOf(complete.getByTestId('complete-date'))).toHaveValue(inDays(0))
  const [completed] = await Promise.all([
    lp.waitForResponse((r) => r.url().includes('/api/sale/delivery/complete')),
    complete.getByTestId('complete-submit').click(),
  ])
  expect(completed.status(), await completed.text()).toBe(200)
  await expect(complete).toBeHidden()
  await expect(statusOf(rest, orderNo)).toHaveText('发货完成')
  await expect(await cell(rest, rowWith(rest, orderNo), '实际交货日期')).toHaveText(inDays(0))
  await page.close()
})
