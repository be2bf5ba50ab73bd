import { expect, pickOption, test } from './fixtures.ts'
import { apiCall, dialog, rowWith, settled } from './list-helpers.ts'
import { findOrder, inDays, PDF, reviewOrder, saveOrder, selectRow, statusOf, toolbarButton } from './sales-helpers.ts'

/**
 * Sales orders (issue 15), as the role users, in both languages: branch_admin starts an order,
 * leaves it as a draft, restores it, adds three lines and an attachment and saves; region_president
 * is told live and approves; branch_finance asks logistics_chief in a sub-flow request, gets the
 * answer and approves; gm_president (in English) rejects with a reason; branch_admin sees where it
 * stopped, edits, saves; all approve; an edit after approval asks for confirmation and goes back to
 * review, and compare shows the change; a deletion request by logistics is approved and the order
 * leaves the list.
 */
test('a branch order, reviewed step by step, changed after approval, deleted on request', async ({
  signInAs: as,
  page,
}) => {
  test.setTimeout(600_000)
  const branch = await as('branch_admin')
  const region = await as('region_president')

  // ---- branch_admin starts an order, leaves it as a draft, restores it
  const bp = branch.page
  // a retry starts as the first try did: with nothing in the draft box
  await apiCall(bp, 'post', '/sale/order/clearOrderDraft', {})
  await bp.goto('/sale/orderList')
  const list = bp.getByTestId('list-page-saleOrder')
  await list.getByTestId('add').click()
  // a missed option once left the account set empty in the draft: each choice is made until its
  // field shows it, before the draft is kept
  await pickOption(bp, bp.getByTestId('order-branch'), '俄罗斯分公司')
  await pickOption(bp, bp.getByTestId('order-account-set'), '002 海外贸易公司')
  await expect(bp.getByTestId('order-account-set')).toContainText('002 海外贸易公司')
  await bp.getByTestId('order-remark').fill('端到端订单')
  await bp.locator('.ant-modal:visible .ant-modal-close').first().click()
  await bp.getByTestId('draft-save').click()
  await expect(bp.locator('.ant-message')).toContainText('草稿已保存')
  await expect(bp.getByTestId('order-remark')).toBeHidden()

  await list.getByTestId('add').click()
  await bp.getByTestId('draft-restore').click()
  await expect(bp.getByTestId('order-remark')).toHaveValue('端到端订单')
  await expect(bp.getByRole('dialog', { name: /新增销售订单/ })).toContainText('俄罗斯分公司')

  // three lines from what the branch may order, and a PDF certificate
  await bp.getByTestId('order-expected-date').click()
  await bp.getByTestId('order-expected-date').fill(inDays(40))
  await bp.keyboard.press('Enter')
  await bp.getByTestId('add-products').click()
  const picker = bp.locator('.ant-modal').filter({ has: bp.getByTestId('pick-search') })
  const offered = picker.locator('.ant-table-tbody tr.ant-table-row')
  await expect(offered.first()).toBeVisible()
  for (const i of [0, 1, 2]) await offered.nth(i).locator('.ant-checkbox-input').check()
  await bp.getByTestId('pick-ok').click()
  const quantities = bp.locator('[data-testid^="line-quantity-"]')
  await expect(quantities).toHaveCount(3)
  for (const [i, q] of [12, 24, 36].entries()) {
    const field = quantities.nth(i)
    const input = (await field.evaluate((el) => el.tagName)) === 'INPUT' ? field : field.locator('input')
    await input.fill(String(q))
  }
  await bp.getByTestId('order-attachments').locator('input[type=file]').setInputFiles({
    name: 'coa.pdf',
    mimeType: 'application/pdf',
    buffer: PDF,
  })
  await expect(bp.getByTestId('order-attachments')).toContainText('coa.pdf')
  await expect(bp.getByTestId('order-total-amount')).not.toHaveText(/^\D*0(\.00)?\b/)
  const added = await saveOrder(bp, 'add')
  expect(added.status()).toBe(200)
  const { id: orderId, orderNo } = ((await added.json()) as { result: { id: string; orderNo: string } }).result
  expect(orderNo).toMatch(/^SO\d{8}-\d{4}$/)

  // ---- region_president is told live, and approves
  await expect(region.page.locator('.ant-notification')).toContainText(orderNo, { timeout: 20_000 })
  const regionList = await reviewOrder(region, orderNo, 'approve', '区域同意')
  await expect(statusOf(regionList, orderNo)).toHaveText('审核中')

  // ---- branch_finance asks logistics_chief, gets the answer, approves
  const finance = await as('branch_finance')
  const financeList = await findOrder(finance, '/sale/orderList', 'saleOrder', orderNo)
  await selectRow(financeList, orderNo)
  await toolbarButton(financeList, '子流程申请').click()
  const fp = finance.page
  await pickOption(fp, fp.getByTestId('sub-apply-role'), '物流主管')
  await pickOption(fp, fp.getByTestId('sub-apply-department'), '物流中心')
  await fp.getByTestId('sub-apply-content').fill('能否按期发货？')
  await fp.getByTestId('sub-apply-submit').click()
  await expect(fp.getByTestId('sub-apply-content')).toBeHidden()

  const chief = await as('logistics_chief')
  const asked = await findOrder(chief, '/sale/subApplyList', 'subApply', orderNo)
  await selectRow(asked, orderNo)
  await toolbarButton(asked, /答\s*复/).click()
  await chief.page.getByTestId('sub-apply-reply-modal').getByRole('textbox').fill('可以按期发货')
  await chief.page.getByTestId('sub-apply-reply-save').click()
  await expect(rowWith(asked, orderNo)).toContainText('已通过')

  // ---- branch_finance lowers a quantity while reviewing; taking every line off is refused first,
  // in the words the server would answer with
  await selectRow(financeList, orderNo)
  await toolbarButton(financeList, /审核调整/).click()
  const adjust = fp.getByTestId('review-adjust-modal')
  const lowered = adjust.getByRole('spinbutton')
  await expect(lowered).toHaveCount(3)
  for (const i of [0, 1, 2]) await lowered.nth(i).fill('0')
  await expect(adjust.getByTestId('adjust-refusal')).toHaveText('请选择产品')
  await expect(adjust.getByTestId('adjust-submit')).toBeDisabled()
  for (const [i, q] of [12, 24, 30].entries()) await lowered.nth(i).fill(String(q))
  await expect(adjust.getByTestId('adjust-refusal')).toHaveCount(0)
  await adjust.getByTestId('adjust-submit').click()
  await expect(fp.locator('.ant-message')).toContainText('订单数量已调整')
  await expect(adjust).toBeHidden()

  await reviewOrder(finance, orderNo, 'approve', '财务同意')

  // ---- gm_president, in English, rejects with a reason
  const gm = await as('gm_president', 'en')
  const gmList = await reviewOrder(gm, orderNo, 'reject', 'Prices need another look')
  await expect(statusOf(gmList, orderNo)).toHaveText('Rejected')

  // ---- branch_admin sees where it stopped, edits, saves: back to pending review
  const mine = await findOrder(branch, '/sale/orderList', 'saleOrder', orderNo)
  await expect(statusOf(mine, orderNo)).toHaveText('已驳回')
  await rowWith(mine, orderNo).getByTestId('order-no-link').click()
  const detail = await settled(bp.getByRole('dialog', { name: /订单详情/ }))
  await detail.getByRole('tab', { name: '审核进度' }).click()
  await expect(detail).toContainText('总办总裁审核')
  await expect(detail).toContainText('Prices need another look')
  await bp.keyboard.press('Escape')
  await rowWith(mine, orderNo)
    .getByRole('button', { name: /编\s*辑/ })
    .click()
  const first = bp.locator('[data-testid^="line-quantity-"]').first()
  const firstInput = (await first.evaluate((el) => el.tagName)) === 'INPUT' ? first : first.locator('input')
  await expect(firstInput).toHaveValue('12')
  await firstInput.fill('10')
  const edited = await saveOrder(bp, 'edit')
  expect(edited.status()).toBe(200)
  await expect(statusOf(mine, orderNo)).toHaveText('待审核')

  // ---- all approve: pending delivery
  await reviewOrder(region, orderNo)
  await reviewOrder(finance, orderNo)
  await expect(statusOf(await reviewOrder(gm, orderNo), orderNo)).toHaveText('Pending delivery')

  // ---- an edit after approval asks first and goes back to review; compare shows the change
  const again = await findOrder(branch, '/sale/orderList', 'saleOrder', orderNo)
  await rowWith(again, orderNo)
    .getByRole('button', { name: /编\s*辑/ })
    .click()
  await bp.getByTestId('order-remark').fill('端到端订单（已改运输）')
  await bp.getByTestId('order-save').click()
  await Promise.all([
    bp.waitForResponse((r) => r.url().includes('/api/sale/order/edit') && r.status() === 200),
    bp.getByTestId('confirm-review').click(),
  ])
  await expect(statusOf(again, orderNo)).toHaveText('待审核')
  // one click opens the row's menu; on a busy machine it may take a while to slide in
  await rowWith(again, orderNo).getByTestId('row-more').click()
  await bp.locator('.ant-dropdown:visible').getByText('修改记录', { exact: true }).click({ timeout: 20_000 })
  const history = dialog(bp, '修改记录')
  const versions = history.locator('.ant-table-row')
  await expect(versions.first()).toBeVisible()
  await versions.nth(0).getByRole('checkbox').check()
  await versions.nth(1).getByRole('checkbox').check()
  await history.getByTestId('compare').click()
  const remark = history.getByTestId('compare-view').locator('tr[data-changed="true"]').filter({ hasText: '备注' })
  await expect(remark).toContainText('端到端订单（已改运输）')
  await history.locator('.ant-modal-close').first().click()

  // ---- approved again (through the API: the review screens were walked above), then the order
  // centre asks to delete it; the deletion is approved
  for (const u of [region, finance, gm])
    await apiCall(u.page, 'post', '/sale/order/audit', { id: orderId, decision: 'approve', note: 'ok' })
  const logistics = await as('logistics_admin')
  const lList = await findOrder(logistics, '/sale/orderList', 'saleOrder', orderNo)
  await selectRow(lList, orderNo)
  await toolbarButton(lList, '申请删除').click()
  await logistics.page.getByTestId('apply-delete-modal').getByRole('textbox').fill('客户取消')
  await logistics.page.getByTestId('apply-delete-submit').click()
  await expect(logistics.page.getByTestId('apply-delete-modal').getByRole('textbox')).toBeHidden()

  for (const [u, note] of [
    [region, '同意删除'],
    [gm, 'Agreed'],
  ] as const) {
    const requests = await findOrder(u, '/sale/orderDeleteAuditList', 'orderDelete', orderNo)
    await selectRow(requests, orderNo)
    await toolbarButton(requests, u.lang === 'en' ? /^Review$/ : /^审\s*核$/).click()
    const modal = u.page.getByTestId('audit-modal')
    await modal.getByRole('textbox').fill(note)
    await u.page.getByTestId('audit-submit').click()
    await expect(modal.getByRole('textbox')).toBeHidden()
  }

  await bp.goto('/sale/orderList')
  await bp.getByTestId('search-form').getByLabel('订单号', { exact: true }).fill(orderNo)
  await bp.getByTestId('search-submit').click()
  await expect(bp.locator('.ant-table-tbody .ant-empty')).toBeVisible()
  await page.close()
})
