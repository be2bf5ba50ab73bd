import { expect, pickOption, signIn, test } from './fixtures.ts'
import { apiCall, closeDialog, dialog, expectTotal, openScreen, rows, search, workbookOf } from './list-helpers.ts'
import { newPrefix } from './masterdata-screens.ts'

/**
 * Review centre -> Modify history: the changes made on any screen, found by screen and record,
 * one change shown field by field, two versions of one record compared, exported.
 */
test('modify history: a country changed twice is found, one change viewed, two versions compared, exported', async ({
  page,
}) => {
  await signIn(page, 'admin')
  // the rows to work on: a country added, then its currency renamed twice
  const name = `历史国家${newPrefix()}`
  const added = await apiCall(page, 'post', '/md/country/add', {
    code: newPrefix(),
    name,
    currencyName: '旧币',
    currencySymbol: '¤',
    status: '1',
  })
  let country = added
  for (const currencyName of ['新币', '更新币']) {
    country = await apiCall(page, 'put', '/md/country/edit', { id: added.id, version: country.version, currencyName })
  }

  await openScreen(page, '/audit/modifyHistoryList')
  const list = page.getByTestId('list-page-modifyHistory')
  await pickOption(page, list.getByTestId('search-form').getByLabel('业务'), '国家')
  await search(list, '记录', name)
  await expectTotal(list, 3)
  await expect(rows(list).first()).toContainText('编辑')
  await expect(rows(list).last()).toContainText('新增')

  // the newest change, before against after: only the currency (and the update time) differ
  await rows(list)
    .first()
    .getByRole('button', { name: /查\s*看/ })
    .click()
  const change = dialog(page, '查看修改记录')
  await expect(change).toBeVisible()
  await expect(change.getByText('修改前', { exact: true })).toBeVisible()
  const changed = change.getByTestId('compare-view').locator('tr[data-changed="true"]')
  await expect(changed.filter({ hasText: '币种名称' })).toContainText('新币')
  await expect(changed.filter({ hasText: '币种名称' })).toContainText('更新币')
  await expect(changed.filter({ hasText: '国家名称' })).toHaveCount(0)
  await closeDialog(change)

  // comparing needs exactly two rows, of one record
  await list.getByRole('button', { name: /对\s*比/ }).click()
  await expect(page.locator('.ant-message')).toContainText('请选择两条记录')
  await rows(list).nth(0).locator('input[type=checkbox]').check()
  await rows(list).nth(2).locator('input[type=checkbox]').check()
  await list.getByRole('button', { name: /对\s*比/ }).click()
  const compared = dialog(page, '版本对比')
  await expect(compared).toBeVisible()
  await expect(compared.getByTestId('compare-summary')).toContainText('个字段不同')
  const currency = compared
    .getByTestId('compare-view')
    .locator('tr[data-changed="true"]')
    .filter({ hasText: '币种名称' })
  await expect(currency).toContainText('旧币')
  await expect(currency).toContainText('更新币')
  await closeDialog(compared)

  // the export writes the two rows selected
  await expect(list.getByTestId('export')).toContainText('2')
  const [exported] = await Promise.all([page.waitForEvent('download'), list.getByTestId('export').click()])
  const book = await workbookOf(exported)
  expect(book.header).toEqual(expect.arrayContaining(['修改时间', '记录', '修改类型', '操作人']))
  expect(book.sheet.rowCount).toBe(3)
  // screens and changes by the names the list shows, not their codes
  expect(book.values(2)).toEqual(expect.arrayContaining([name, '国家', '编辑', 'admin']))
  expect(book.values(3)).toEqual(expect.arrayContaining([name, '国家', '新增', 'admin']))
})
