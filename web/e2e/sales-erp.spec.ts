import { expect, test, type User } from './fixtures.ts'
import { apiCall, rowWith } from './list-helpers.ts'
import { approveAs, findOrder, inDays, reviewOrder, selectRow, toolbarButton } from './sales-helpers.ts'
import { erpSimUrl } from './server-main.ts'

/**
 * ERP sync (issue 17), in the browser against the U8 simulator the journeys' server sends to: an
 * order approved at its last step appears in the ERP; with the ERP refusing, the next one shows
 * 'sync failed' and the ERP's reason, and its ERP tab how the order maps to U8; once the ERP is
 * back the sync button sends it, once.
 */

type SimDocument = { code: string | null; type: string; action: string }
const simDocs = async (code: string) => {
  const res = await fetch(`${erpSimUrl}/sim/documents`)
  const { documents } = (await res.json()) as { documents: SimDocument[] }
  return documents.filter((d) => d.code === code)
}
const simMode = (mode: 'ok' | 'refuse') =>
  fetch(`${erpSimUrl}/sim/mode`, { method: 'POST', body: JSON.stringify({ mode }) })

/** Opens the order list afresh until the order's sync tag says `text` (the worker sends in the background). */
const syncTagSays = async (u: User, orderNo: string, text: string) => {
  await expect(async () => {
    const list = await findOrder(u, '/sale/orderList', 'saleOrder', orderNo)
    await expect(rowWith(list, orderNo).getByTestId('sync-status')).toHaveText(text, { timeout: 1000 })
  }).toPass({ timeout: 30_000 })
}

test('an approved order reaches the ERP; refused, it shows why; the sync button sends it when the ERP is back', async ({
  signInAs,
}) => {
  test.setTimeout(180_000)
  await simMode('ok')
  const branch = await signInAs('branch_admin')
  const gm = await signInAs('gm_president')
  const admin = await signInAs('admin')

  // ---- two orders of the Moscow branch, approved at steps 1 and 2 (set-up)
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
  const orders: { id: string; orderNo: string }[] = []
  for (const remark of ['ERP 同步端到端 1', 'ERP 同步端到端 2']) {
    const added = (await apiCall(branch.page, 'post', '/sale/order/add', {
      branchId,
      companyCode: '002',
      expectedDeliveryDate: inDays(40),
      transportMode: 'sea',
      certificateRequired: false,
      certificateTypes: [],
      remark,
      lines: sellable.records
        .slice(0, 2)
        .map((p, i) => ({ productId: p.productId, unitId: p.units[0]!.id, quantity: 5 + i })),
    })) as unknown as { id: string; orderNo: string }
    for (const who of ['region_president', 'branch_finance']) await approveAs(branch.page, who, added.id)
    orders.push(added)
  }
  const [first, second] = orders as [{ id: string; orderNo: string }, { id: string; orderNo: string }]

  // ---- the general manager approves the first at the last step: the ERP holds it, the list says synced
  await reviewOrder(gm, first.orderNo, 'approve', '同意')
  await expect.poll(() => simDocs(first.orderNo), { timeout: 30_000 }).toHaveLength(1)
  expect((await simDocs(first.orderNo))[0]).toMatchObject({ type: 'saleorder', action: 'add' })
  await syncTagSays(gm, first.orderNo, '已同步')

  // ---- the ERP refuses: the second order, approved, fails after its tries, with the ERP's reason
  await simMode('refuse')
  await reviewOrder(gm, second.orderNo, 'approve', '同意')
  await syncTagSays(admin, second.orderNo, '同步失败')
  const list = admin.page.getByTestId('list-page-saleOrder')
  await rowWith(list, second.orderNo).getByTestId('order-no-link').click()
  const detail = admin.page.getByTestId('order-detail-modal')
  await detail.getByRole('tab', { name: 'ERP同步' }).click()
  const sync = detail.getByTestId('order-sync')
  await expect(sync.getByTestId('sync-status')).toHaveText('同步失败')
  await expect(sync.getByTestId('sync-message-state')).toHaveText('发送失败')
  await expect(sync.getByTestId('sync-message-error')).toContainText('account period closed')
  // how the order reaches U8: the branch's department, who placed the order, each line in the base unit
  const mapping = sync.getByTestId('order-erp-mapping')
  await expect(mapping.getByTestId('erp-deptcode')).toHaveText(/^A01\S* · \S/)
  await expect(mapping.getByTestId('erp-personcode')).toContainText('branch_admin')
  await expect(mapping.getByTestId('order-erp-lines').locator('tbody tr.ant-table-row')).toHaveCount(2)
  expect(await simDocs(second.orderNo)).toHaveLength(0)
  await admin.page.screenshot({ path: test.info().outputPath('erp-sync-failed.png') })
  await admin.page.keyboard.press('Escape')
  await expect(detail).toBeHidden()

  // ---- the ERP is back: the sync button sends it, once
  await simMode('ok')
  await selectRow(list, second.orderNo)
  await toolbarButton(list, /同步ERP/).click()
  await expect(admin.page.locator('.ant-message')).toContainText('操作成功')
  await syncTagSays(admin, second.orderNo, '已同步')
  expect(await simDocs(second.orderNo)).toHaveLength(1)
  expect(await simDocs(first.orderNo)).toHaveLength(1)
})
