import type { Locator, Page } from '@playwright/test'
import { expect, pickOption, signIn, switchLanguage, test } from './fixtures.ts'
import { openScreen } from './list-helpers.ts'

/**
 * Field labels on the language screen (issue 5, SPEC 3 'code table ... field labels'): the
 * administrator renames a supplier field; the supplier list open in another tab shows the new
 * column title and search label at once, in Chinese and in English, and so does another browser
 * on its next catalogue check; reset brings the built-in label back.
 */
test.describe.configure({ mode: 'serial', timeout: 150_000 })

const tab = (page: Page, path: string) => page.locator(`.shell-tabs [data-node-key="${path}"]`)
const pane = (page: Page, path: string) => page.locator(`[data-testid="tab-pane"][data-tab="${path}"]`)
const supplierList = (page: Page) => pane(page, '/md/supplierList').getByTestId('list-page-supplier')
const header = (list: Locator, title: string) =>
  list.locator('.ant-table-thead th').filter({ hasText: new RegExp(`^${title.replace('.', '\\.')}$`) })

/** The column title and the search label of the supplier code, as the list shows them. */
const expectCodeLabel = async (page: Page, title: string) => {
  const list = supplierList(page)
  await expect(header(list, title)).toHaveCount(1)
  await expect(list.getByTestId('search-form').getByText(title, { exact: true })).toBeVisible()
}

/** The user comes back to a browser window: the web checks the catalogue fingerprint again. */
const comeBack = async (page: Page) => {
  await page.bringToFront()
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange', { bubbles: true })))
}

test('a renamed field label shows at once in both languages, in other browsers too, until it is reset', async ({
  page,
  browser,
}) => {
  // another administrator keeps the supplier list open in English meanwhile
  const otherContext = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-US' })
  const other = await otherContext.newPage()
  await signIn(other, 'admin')
  await other.goto('/md/supplierList')
  await expect(header(supplierList(other), 'Supplier code')).toHaveCount(1)

  await signIn(page, 'admin')
  await openScreen(page, '/md/supplierList')
  await expectCodeLabel(page, '供应商编码')

  await openScreen(page, '/sys/languageConfig')
  const screen = pane(page, '/sys/languageConfig')
  await screen.getByRole('tab', { name: '字段名称' }).click()
  const labels = screen.getByTestId('field-labels')
  await pickOption(page, labels.getByTestId('field-label-resource'), '供应商 (supplier)', { typed: true })
  await labels.getByTestId('field-label-search').locator('input').fill('供应商编码')
  const row = labels.locator('.ant-table-row').filter({ hasText: '供应商编码' })
  await expect(row).toHaveCount(1)
  await expect(row).toContainText('Supplier code')
  await row.getByTestId('field-label-edit').click()

  const modal = page.getByTestId('field-label-modal')
  await expect(modal.getByLabel('中文名称')).toHaveValue('供应商编码')
  await modal.getByLabel('中文名称').fill('供方代码')
  await modal.getByLabel('英文名称').fill('Supplier no.')
  await page.getByTestId('field-label-save').click()
  await expect(modal).toBeHidden()
  await expect(page.getByText('字段名称已保存')).toBeVisible()
  await expect(row).toContainText('已修改')
  await expect(row).toContainText('供方代码')
  await expect(row).toContainText('Supplier no.')

  // the supplier tab, never reloaded, shows the new label; so does the English interface
  await tab(page, '/md/supplierList').click()
  await expectCodeLabel(page, '供方代码')
  await switchLanguage(page, 'English')
  await expectCodeLabel(page, 'Supplier no.')
  await switchLanguage(page, '简体中文')
  await expectCodeLabel(page, '供方代码')

  // the other browser picks it up when it checks the catalogue again
  await comeBack(other)
  await expect(header(supplierList(other), 'Supplier no.')).toHaveCount(1)

  // reset: the bundled label is back
  await page.bringToFront()
  await tab(page, '/sys/languageConfig').click()
  await row.getByTestId('field-label-reset').click()
  await expect(page.locator('.ant-modal-confirm')).toContainText('供方代码')
  await page.getByTestId('field-label-reset-ok').click()
  await expect(page.getByText('已恢复默认名称')).toBeVisible()
  await expect(row).not.toContainText('已修改')
  await expect(row.getByTestId('field-label-reset')).toHaveCount(0)
  await tab(page, '/md/supplierList').click()
  await expectCodeLabel(page, '供应商编码')

  await comeBack(other)
  await expect(header(supplierList(other), 'Supplier code')).toHaveCount(1)
  await otherContext.close()
})
