import { expect, type Lang, test } from './fixtures.ts'
import { rows, search } from './list-helpers.ts'

/**
 * SPEC 5: a product is found by the pinyin of its name, in full or by its initials (柠檬洗洁精,
 * DC-005: "ningmeng", "nmxjj"), in the product list and in the order form's product select.
 */

const NAME_LABEL: Record<Lang, string> = { zh: '产品名称', en: 'Product name' }

for (const lang of ['zh', 'en'] as Lang[]) {
  test(`${lang}: the product list finds 柠檬洗洁精 by full pinyin and by initials`, async ({ signInAs }) => {
    const { page } = await signInAs('admin', lang)
    await page.goto('/product/list')
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
