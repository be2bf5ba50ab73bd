import { expect, signIn, switchLanguage, test } from './fixtures.ts'
import { openScreen, rowWith } from './list-helpers.ts'

test('an administrator writes a notice in both languages, publishes and withdraws it from the notice list', async ({
  page,
}) => {
  await signIn(page, 'admin')
  await openScreen(page, '/sys/NoticeList')
  const list = page.getByTestId('list-page-notice')
  await expect(list.getByTestId('list-table')).toBeVisible()

  await list.getByRole('button', { name: /新\s*增/ }).click()
  const editor = page.getByTestId('notice-editor')
  await editor.getByRole('textbox', { name: /^(\* )?标题$/ }).fill('冬季仓储巡检通知')
  await editor.locator('.ProseMirror:visible').click()
  await page.keyboard.type('各仓库请于 12 月 28 日前完成巡检。')
  // the English title and text, for the colleagues who read the product in English
  await editor.getByRole('textbox', { name: '英文标题' }).fill('Winter warehouse inspection')
  await editor.getByRole('tab', { name: '英文内容' }).click()
  await editor.locator('.ProseMirror:visible').click()
  await page.keyboard.type('Every warehouse is inspected by 28 December.')
  await editor.getByTestId('notice-save-draft').click()
  await expect(page.getByText('草稿已保存')).toBeVisible()
  await editor.locator('.ant-modal-close').click()

  const row = rowWith(list, '冬季仓储巡检通知')
  await expect(row).toContainText('草稿')
  await row.locator('.ant-checkbox-input').check()
  await list.getByRole('button', { name: /发\s*布/ }).click()
  await expect(row).toContainText('已发布')
  await list.getByRole('button', { name: /撤\s*回/ }).click()
  await expect(row).toContainText('已撤回')

  // in English, the list names it by its English title
  await switchLanguage(page, 'English')
  await expect(rowWith(list, 'Winter warehouse')).toContainText('Withdrawn')
})
