import type { Page } from '@playwright/test'
import { expect, type Lang, pickOption, switchLanguage, test } from './fixtures.ts'
import { apiCall, openScreen, rowWith } from './list-helpers.ts'

/**
 * Names that are data — review flows and their steps, departments, roles, positions, categories,
 * product specs — read in the interface language: English where the record has an English name,
 * Chinese in the Chinese interface. As the role users see them: the reviewer's inbox and a review's
 * progress, the review flow details, the order form's lines, the administrator's flow, category,
 * department and position screens.
 */

const NAMES = {
  zh: {
    firstStep: '区域总裁审核',
    steps: ['区域总裁审核', '分公司财务审核', '总办总裁审核'],
    flow: '销售订单审核流程',
    dept: '海外部',
    role: '区域总裁',
    progress: '审核进度',
    category: '胶囊',
    department: '海外部',
    position: '总裁',
  },
  en: {
    firstStep: 'Regional president review',
    steps: ['Regional president review', 'Branch finance review', 'General-office president review'],
    flow: 'Sales order review flow',
    dept: 'Overseas department',
    role: 'Regional president',
    progress: 'Progress',
    category: 'Capsules',
    department: 'Overseas department',
    position: 'President',
  },
} as const
const other = (lang: Lang): Lang => (lang === 'zh' ? 'en' : 'zh')

/** A sellable product of the branch whose spec counts pieces in Chinese (粒, 片, 袋: its English spec says what). */
type Offered = { code: string; name: string; nameEn: string; spec: string; specEn: string }
const countedProduct = async (page: Page, branchName: string): Promise<Offered> => {
  const branches = (await apiCall(page, 'get', '/md/branch/getListAll')) as unknown as { id: string; name: string }[]
  const branch = branches.find((b) => b.name === branchName)
  expect(branch, branchName).toBeTruthy()
  const page1 = await apiCall(page, 'get', `/sale/order/sellableProducts?branchId=${branch!.id}&pageSize=100`)
  const found = (page1.records as Offered[]).find((p) => /[粒片袋]/.test(p.spec ?? ''))
  expect(found, 'a product counted in pieces').toBeTruthy()
  return found!
}

for (const lang of ['zh', 'en'] as const) {
  const n = NAMES[lang]

  test(`the reviewer's inbox and a review's progress name the steps in the interface language (${lang})`, async ({
    signInAs: as,
  }) => {
    const { page } = await as('region_president', lang)
    await openScreen(page, '/audit/detailList')
    const inbox = page.getByTestId('audit-detail-list')
    const waiting = inbox.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: n.firstStep })
    await expect(waiting.first()).toBeVisible({ timeout: 30_000 })
    await expect(waiting.first()).toContainText(/1 \/ \d/)
    await expect(inbox).not.toContainText(NAMES[other(lang)].firstStep)

    const order = waiting.filter({ hasText: /1 \/ 3/ }).first()
    await order.getByRole('button', { name: n.progress, exact: true }).click()
    const progress = page.getByTestId('review-progress')
    for (const step of n.steps) await expect(progress).toContainText(step)
    await expect(progress).toContainText(n.dept)
    await expect(progress).not.toContainText(NAMES[other(lang)].firstStep)
  })

  test(`the review flow details name the flow, steps, departments and roles in the interface language (${lang})`, async ({
    signInAs: as,
  }) => {
    const { page } = await as('gm_president', lang)
    await openScreen(page, '/sale/auditConfigDetail')
    const flow = page.getByTestId('sale-flow-sale_order')
    await expect(flow).toContainText(n.flow, { timeout: 30_000 })
    for (const step of n.steps) await expect(flow).toContainText(step)
    const first = flow.locator('.ant-table-tbody tr.ant-table-row').first()
    await expect(first).toContainText(n.dept)
    await expect(first).toContainText(n.role)
    await expect(flow).not.toContainText(NAMES[other(lang)].flow)
    await expect(first).not.toContainText(NAMES[other(lang)].dept)

    // switched while the page is open, every name follows, those the server words too
    const to = other(lang)
    await switchLanguage(page, to === 'en' ? 'English' : '简体中文')
    await expect(flow).toContainText(NAMES[to].flow)
    await expect(first).toContainText(NAMES[to].dept)
    await expect(first).toContainText(NAMES[to].role)
    await expect(first).toContainText(NAMES[to].firstStep)
  })

  test(`the order form names a line's product and spec in the interface language (${lang})`, async ({
    signInAs: as,
  }) => {
    const branch = await as('branch_admin', lang)
    const bp = branch.page
    await apiCall(bp, 'post', '/sale/order/clearOrderDraft', {})
    const product = await countedProduct(bp, '俄罗斯分公司')
    const [name, spec] = lang === 'en' ? [product.nameEn, product.specEn] : [product.name, product.spec]
    expect(product.specEn).toMatch(/× \d+ (capsules|softgels|tablets|sachets|tea bags)$/)

    await openScreen(bp, '/sale/orderList')
    await bp.getByTestId('list-page-saleOrder').getByTestId('add').click()
    await pickOption(bp, bp.getByTestId('order-branch'), lang === 'en' ? 'Russia branch' : '俄罗斯分公司')
    await bp.getByTestId('add-products').click()
    const picker = bp.locator('.ant-modal').filter({ has: bp.getByTestId('pick-search') })
    const search = picker.getByTestId('pick-search')
    const searchInput = (await search.evaluate((el) => el.tagName)) === 'INPUT' ? search : search.locator('input')
    await searchInput.fill(product.code)
    await searchInput.press('Enter')
    const offered = rowWith(picker, product.code)
    await expect(offered).toHaveCount(1, { timeout: 30_000 })
    await expect(offered).toContainText(name)
    await expect(offered).toContainText(spec)
    await offered.locator('.ant-checkbox-input').check()
    await bp.getByTestId('pick-ok').click()

    const lines = bp.getByTestId('order-lines')
    await expect(lines).toContainText(name)
    await expect(lines).toContainText(spec)
    await expect(lines).not.toContainText(lang === 'en' ? product.spec : product.specEn)
    const quantity = lang === 'en' ? `Quantity of ${product.nameEn}` : `${product.name} 的数量`
    await expect(lines.getByLabel(quantity, { exact: true })).toBeVisible()
    await expect(lines.getByLabel(lang === 'en' ? `Unit of ${product.nameEn}` : `${product.name} 的单位`)).toBeVisible()

    await bp.locator('.ant-modal:visible .ant-modal-close').first().click()
    await bp.getByTestId('draft-close-discard').click()
    await expect(lines).toBeHidden()
  })

  test(`the administrator's screens show data names in the interface language, and take an English one (${lang})`, async ({
    signInAs: as,
  }) => {
    const { page } = await as('admin', lang)
    // master data: a category, a department, a position in the list
    for (const [url, key, shown, zhName] of [
      ['/pro/categoryList', 'C03', n.category, NAMES.zh.category],
      ['/md/departmentList', 'A01A02', n.department, NAMES.zh.department],
      ['/md/positionList', 'P01', n.position, NAMES.zh.position],
    ] as const) {
      const row = (await openScreen(page, url))
        .locator('.ant-table-tbody tr.ant-table-row')
        .filter({ hasText: key })
        .first()
      await expect(row).toContainText(shown, { timeout: 30_000 })
      // in Chinese the English name shows too, in its own column
      if (lang === 'en') await expect(row).not.toContainText(zhName)
    }

    // review flows: the list in the interface language; a new flow named in both
    await openScreen(page, '/sys/auditConfig')
    const flows = page.getByTestId('audit-config-list')
    await expect(flows).toContainText(n.flow, { timeout: 30_000 })
    await expect(flows).not.toContainText(NAMES[other(lang)].flow)
    const stamp = Date.now().toString(36)
    const zhName = `样品流程${stamp}`
    const enName = `Sample flow ${stamp}`
    await flows.getByTestId('add').click()
    const form = page.locator('.ant-modal:visible')
    await form.getByLabel(lang === 'en' ? 'Flow name' : '流程名称', { exact: true }).fill(zhName)
    await form.getByLabel(lang === 'en' ? 'Flow name in English' : '流程英文名称', { exact: true }).fill(enName)
    await pickOption(
      page,
      form.getByLabel(lang === 'en' ? 'Business' : '审核业务', { exact: true }),
      lang === 'en' ? 'Product review' : '产品审核',
    )
    // not in force: the sample flow must not review the products other journeys add
    const inForce = form.getByLabel(lang === 'en' ? 'In force' : '生效中', { exact: true })
    await expect(async () => inForce.setChecked(false, { timeout: 3000 })).toPass()
    const step = form.getByTestId('audit-step').first()
    await step.getByLabel(lang === 'en' ? 'Step name' : '步骤名称', { exact: true }).fill('样品审核')
    await step.getByLabel(lang === 'en' ? 'Step name in English' : '步骤英文名称', { exact: true }).fill('Sample check')
    await pickOption(
      page,
      step.getByLabel(lang === 'en' ? 'Department' : '部门', { exact: true }),
      lang === 'en' ? 'Overseas finance' : '海外财务',
    )
    await pickOption(
      page,
      step.getByLabel(lang === 'en' ? 'Reviewing role' : '审核角色', { exact: true }),
      lang === 'en' ? 'Finance director' : '财务总监',
    )
    await page.getByTestId('audit-config-save').click()
    await expect(form).toBeHidden()

    const added = rowWith(flows, lang === 'en' ? enName : zhName)
    await expect(added).toHaveCount(1)
    await expect(flows).not.toContainText(lang === 'en' ? zhName : enName)
    await added.getByRole('button', { name: lang === 'en' ? 'Flow' : '审核流程', exact: true }).click()
    const process = page.getByTestId('audit-process')
    await expect(process).toContainText(lang === 'en' ? 'Sample check' : '样品审核')
    await expect(page.locator('.ant-modal:visible .ant-modal-title')).toContainText(lang === 'en' ? enName : zhName)
    await page.keyboard.press('Escape')
    await expect(process).toBeHidden()

    // the edit form shows both names as saved
    await added.getByRole('button', { name: lang === 'en' ? 'Edit' : /编\s*辑/ }).click()
    const edit = page.locator('.ant-modal:visible')
    await expect(edit.getByLabel(lang === 'en' ? 'Flow name' : '流程名称', { exact: true })).toHaveValue(zhName)
    await expect(edit.getByLabel(lang === 'en' ? 'Flow name in English' : '流程英文名称', { exact: true })).toHaveValue(
      enName,
    )
    await expect(
      edit
        .getByTestId('audit-step')
        .first()
        .getByLabel(lang === 'en' ? 'Step name in English' : '步骤英文名称'),
    ).toHaveValue('Sample check')
  })
}

test("en: a name is found by what is typed in either language: the review flow list, the order form's branch select", async ({
  signInAs: as,
}) => {
  const { page } = await as('admin', 'en')
  await openScreen(page, '/sys/auditConfig')
  const flows = page.getByTestId('audit-config-list')
  await expect(flows).toContainText(NAMES.en.flow, { timeout: 30_000 })
  const keyword = flows.getByLabel('Flow or step name', { exact: true })
  const rows = flows.locator('.ant-table-tbody tr.ant-table-row')
  // by the flow's English name in another case, by a step's Chinese name
  for (const term of ['sales ORDER review flow', NAMES.zh.firstStep]) {
    await keyword.fill(term)
    await keyword.press('Enter')
    await expect(rowWith(flows, NAMES.en.flow), term).toHaveCount(1)
    await expect(flows, term).not.toContainText('Product review flow')
  }
  await keyword.fill('No such flow')
  await keyword.press('Enter')
  await expect(rows).toHaveCount(0)

  await apiCall(page, 'post', '/sale/order/clearOrderDraft', {})
  await openScreen(page, '/sale/orderList')
  await page.getByTestId('list-page-saleOrder').getByTestId('add').click()
  await page.getByTestId('order-branch').click()
  await page.keyboard.type('俄罗斯')
  const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option')
  await expect(options).toHaveText(['Russia branch'])
  await page.keyboard.type('x')
  await expect(options).toHaveCount(0)
})
