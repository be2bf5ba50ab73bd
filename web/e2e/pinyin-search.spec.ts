import type { Page } from '@playwright/test'
import { expect, type Lang, pickOption, test } from './fixtures.ts'
import { apiCall, openScreen, rows, search } from './list-helpers.ts'

/**
 * SPEC 5: a product is found by the pinyin of its name, in full or by its initials (柠檬洗洁精,
 * DC-005: "ningmeng", "nmxjj"), in the product list and in the order form's product select; and by
 * its English name (人参皂苷胶囊, CP-006: "Ginsenoside"), as a person using the product in English
 * types it.
 */

const NAME_LABEL: Record<Lang, string> = { zh: '产品名称', en: 'Product name' }
const PICK_LABEL: Record<Lang, string> = { zh: '产品名称 / 编码 / 拼音', en: 'Product name / code / pinyin' }

type BranchOption = { id: string; name: string; nameEn: string | null }

for (const lang of ['zh', 'en'] as Lang[]) {
  test(`${lang}: the product list finds 柠檬洗洁精 by full pinyin and by initials`, async ({ signInAs }) => {
    const { page } = await signInAs('admin', lang)
    await openScreen(page, '/product/list')
    const list = page.getByTestId('list-page-product')
    await expect(rows(list).first()).toBeVisible()
    for (const term of ['ningmeng', 'NingMeng', 'nmxjj']) {
      await search(list, NAME_LABEL[lang], term)
      // the one product so named, and only it
      await expect(rows(list), term).toHaveCount(1)
      await expect(rows(list).first()).toContainText('DC-005')
      if (lang === 'zh') await expect(rows(list).first()).toContainText('柠檬洗洁精')
    }
    await search(list, NAME_LABEL[lang], 'ningmengcha')
    await expect(rows(list)).toHaveCount(0)
  })
}

/** The order form of a branch selling the product `code`, its product picker open: the picker's rows and keyword. */
const openPicker = async (page: Page, lang: Lang, code: string) => {
  const branches = (await apiCall(page, 'get', '/md/branch/getListAll')) as unknown as BranchOption[]
  let seller: BranchOption | undefined
  for (const b of branches) {
    const offer = (await apiCall(page, 'get', `/sale/order/sellableProducts?branchId=${b.id}&keyword=${code}`)) as {
      records?: unknown[]
    }
    if ((offer.records?.length ?? 0) > 0) {
      seller = b
      break
    }
  }
  expect(seller, `a branch selling ${code}`).toBeDefined()
  const branchLabel = lang === 'en' && seller?.nameEn ? seller.nameEn : (seller?.name ?? '')

  await openScreen(page, '/sale/orderList')
  await page.getByTestId('list-page-saleOrder').getByTestId('add').click()
  await pickOption(page, page.getByTestId('order-branch'), branchLabel)
  await page.getByTestId('add-products').click()
  const picker = page.locator('.ant-modal').filter({ has: page.getByTestId('pick-search') })
  return { offered: picker.locator('.ant-table-tbody tr.ant-table-row'), keyword: picker.getByLabel(PICK_LABEL[lang]) }
}

for (const lang of ['zh', 'en'] as Lang[]) {
  test(`${lang}: the order form's product select finds 柠檬洗洁精 by full pinyin, spaced or not, and by initials`, async ({
    signInAs,
  }) => {
    const { page } = await signInAs('admin', lang)
    const { offered, keyword } = await openPicker(page, lang, 'DC-005')
    for (const term of ['ningmeng', 'ning meng', 'nmxjj']) {
      await keyword.fill(term)
      await keyword.press('Enter')
      await expect(offered, term).toHaveCount(1)
      await expect(offered.first()).toContainText('DC-005')
    }
  })
}

test("en: the product list and the order form's product select find 人参皂苷胶囊 by its English name", async ({
  signInAs,
}) => {
  const { page } = await signInAs('admin', 'en')
  await openScreen(page, '/product/list')
  const list = page.getByTestId('list-page-product')
  await expect(rows(list).first()).toBeVisible()
  for (const term of ['Ginsenoside', 'ginsenoside caps']) {
    await search(list, NAME_LABEL.en, term)
    await expect(rows(list), term).toHaveCount(1)
    await expect(rows(list).first()).toContainText('CP-006')
    await expect(rows(list).first()).toContainText('Ginsenoside capsules')
  }
  await search(list, NAME_LABEL.en, 'Ginsenosides')
  await expect(rows(list)).toHaveCount(0)

  const { offered, keyword } = await openPicker(page, 'en', 'CP-006')
  for (const term of ['Ginsenoside', 'GINSENOSIDE']) {
    await keyword.fill(term)
    await keyword.press('Enter')
    await expect(offered, term).toHaveCount(1)
    await expect(offered.first()).toContainText('CP-006')
    await expect(offered.first()).toContainText('Ginsenoside capsules')
  }
})
