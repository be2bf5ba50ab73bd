import { createHash } from 'node:crypto'
import type { Browser, Page } from '@playwright/test'
import { expect, openUserMenu, pickOption, signIn, test } from './fixtures.ts'
import { openScreen } from './list-helpers.ts'

/**
 * System administration (issue 5), as an administrator and the user they create would do it: a
 * role with function permissions, a user with two departments and that role who sees exactly its
 * menus; a button taken from the role disappears and its call answers 403; a code-table text edited
 * shows in the menu in both languages; feedback sent and answered.
 */
test.describe.configure({ mode: 'serial', timeout: 150_000 })

const ROLE = { code: 'e2e_clerk', name: '单证文员' }
const USER = { username: 'e2e.clerk', realname: '单证员小林', password: 'Clerk@2026' }

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex')

const modal = (page: Page) => page.getByTestId('record-modal')
const row = (page: Page, text: string) => page.locator('.ant-table-row:visible', { hasText: text })

/** Every entry of the sider, folders unfolded, in order (once the sider has drawn its home entry). */
const siderEntries = async (page: Page) => {
  const menu = page.getByTestId('side-menu')
  await expect(menu.locator('.ant-menu-title-content', { hasText: '首页' })).toBeVisible()
  for (const folder of await menu
    .locator('.ant-menu-submenu:not(.ant-menu-submenu-open) > .ant-menu-submenu-title')
    .all()) {
    await folder.click()
  }
  return menu.locator('.ant-menu-title-content').allInnerTexts()
}

const userPage = async (browser: Browser) => {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' })
  const page = await context.newPage()
  await signIn(page, USER.username, USER.password)
  return page
}

test('admin creates a role with its permissions and a user with two departments and that role', async ({ page }) => {
  await signIn(page, 'admin')
  await openScreen(page, '/sys/role')
  await page.getByTestId('list-page-role').getByTestId('add').click()
  await modal(page).getByLabel('角色编码').fill(ROLE.code)
  await modal(page).getByLabel('角色名称').fill(ROLE.name)
  await pickOption(page, modal(page).getByLabel('数据权限'), '本部门数据')
  await page.getByTestId('record-save').click()
  await expect(modal(page)).toBeHidden()

  await row(page, ROLE.code).locator('.ant-checkbox-input').check()
  await page.getByRole('button', { name: /授\s*权/ }).click()
  const editor = page.getByTestId('permission-editor')
  await editor.getByTestId('perm-md_supplier').click()
  await editor.getByTestId('perm-md_country').click()
  await page.getByTestId('permission-save').click()
  await expect(page.getByText('权限已保存')).toBeVisible()
  await page.keyboard.press('Escape')

  await openScreen(page, '/sys/user')
  await page.getByTestId('list-page-user').getByTestId('add').click()
  const form = modal(page)
  await form.getByLabel('登录账号').fill(USER.username)
  await form.getByLabel('用户姓名').fill(USER.realname)
  // an overseas colleague: mails in English
  await pickOption(page, form.getByLabel('邮件语言'), '英文')
  await pickOption(page, form.getByLabel('角色'), ROLE.name)
  await page.keyboard.press('Escape')
  await pickOption(page, form.getByLabel('所属部门'), '物流中心')
  await pickOption(page, form.getByLabel('所属部门'), '海外部')
  await page.keyboard.press('Escape')
  // the form keeps the password rules registering keeps, though only the hash leaves it
  await form.getByLabel('登录密码').fill('Ab1')
  await form.getByLabel('确认密码').fill('Ab2')
  await page.getByTestId('record-save').click()
  await expect(form.getByText('密码至少 8 位')).toBeVisible()
  await expect(form.getByText('两次输入的密码不一致')).toBeVisible()
  await form.getByLabel('登录密码').fill(USER.password)
  await form.getByLabel('确认密码').fill(USER.password)
  await expect(form.getByText('两次输入的密码不一致')).toBeHidden()
  await page.getByTestId('record-save').click()
  await expect(modal(page)).toBeHidden()
  await expect(row(page, USER.username)).toContainText(USER.realname)
})

test('the new user sees exactly the menus of the role and works in either department', async ({ browser }) => {
  const page = await userPage(browser)
  expect(await siderEntries(page)).toEqual(['首页', '基础数据', '供应商', '国家'])
  await page.getByTestId('side-menu').getByRole('menuitem', { name: '供应商', exact: true }).click()
  await expect(page.getByTestId('list-page-supplier').getByTestId('add')).toBeVisible()

  await openUserMenu(page, '切换部门')
  await page.getByTestId('depart-dialog').getByTestId('depart-select').click()
  const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option')
  await expect(options).toHaveCount(2)
  await expect(options).toContainText(['物流中心', '海外部'])
  await page.keyboard.press('Escape')
  await page
    .getByTestId('depart-dialog')
    .getByRole('button', { name: /取\s*消/ })
    .click()
  await expect(page.getByTestId('depart-dialog')).toBeHidden()

  // the mail language the administrator chose is the user's own setting
  await openUserMenu(page, '通知设置')
  await expect(page.getByTestId('notify-prefs').getByLabel('English')).toBeChecked()
  await page.context().close()
})

test('a button taken from the role disappears for the user and its call answers 403', async ({
  page,
  browser,
  request,
}) => {
  await signIn(page, 'admin')
  await openScreen(page, '/sys/rolePermission')
  await page.getByTestId('role-permission').getByRole('menuitem', { name: ROLE.name }).click()
  const editor = page.getByTestId('permission-editor')
  await editor.getByRole('button', { name: '展开全部' }).click()
  await editor.getByTestId('perm-md_supplier:add').click()
  await page.getByTestId('permission-save').click()
  await expect(page.getByText('权限已保存')).toBeVisible()

  const user = await userPage(browser)
  await openScreen(user, '/md/supplierList')
  const list = user.getByTestId('list-page-supplier')
  await expect(list.getByTestId('list-table')).toBeVisible()
  await expect(list.getByTestId('add')).toHaveCount(0)
  await user.context().close()

  const login = await request.post('/api/sys/login', {
    data: { username: USER.username, password: sha256(USER.password) },
  })
  const token = (await login.json()).result.token as string
  const refused = await request.post('/api/md/supplier/add', {
    headers: { 'X-Access-Token': token },
    data: { code: 'E2E403', name: '不该建成', supplierType: 'raw' },
  })
  expect(refused.status()).toBe(403)
  // a call that names no language answers in the user's own, English as the administrator set it
  expect((await refused.json()).message).toBe('Insufficient permission')
  const allowed = await request.get('/api/md/supplier/list', { headers: { 'X-Access-Token': token } })
  expect(allowed.status()).toBe(200)
})

test('an edited code-table text is what the menu shows, in both languages', async ({ page }) => {
  await signIn(page, 'admin')
  await openScreen(page, '/sys/languageConfig')
  const list = page.getByTestId('list-page-code')
  await list.getByRole('textbox', { name: '中文' }).fill('数据字典')
  await list.getByTestId('search-submit').click()
  await expect(list.locator('.ant-table-row')).toHaveCount(1)
  await list
    .locator('.ant-table-row')
    .getByRole('button', { name: /编\s*辑/ })
    .click()
  await modal(page).getByLabel('中文').fill('字典维护')
  await modal(page).getByLabel('英文').fill('Dictionary upkeep')
  await page.getByTestId('record-save').click()
  await expect(modal(page)).toBeHidden()

  const menu = page.getByTestId('side-menu')
  await expect(menu.getByRole('menuitem', { name: '字典维护' })).toBeVisible()
  await page.getByTestId('language-select').hover()
  await page.getByRole('menuitem', { name: 'English' }).click()
  await expect(menu.getByRole('menuitem', { name: 'Dictionary upkeep' })).toBeVisible()
  await page.getByTestId('language-select').hover()
  await page.getByRole('menuitem', { name: '简体中文' }).click()
  await expect(menu.getByRole('menuitem', { name: '字典维护' })).toBeVisible()
})

test('feedback is sent by a user without the system menu and answered by the administrator', async ({
  page,
  browser,
}) => {
  const user = await userPage(browser)
  await openUserMenu(user, '意见反馈')
  const dialog = user.getByTestId('feedback-modal')
  await dialog.getByLabel('标题').fill('供应商列表希望显示税号')
  await dialog.getByLabel('内容').fill('核对发票时需要税号，希望列表里直接显示。')
  await dialog.getByTestId('feedback-send').click()
  await expect(dialog.getByTestId('my-feedback').first()).toContainText('等待回复')
  await user.keyboard.press('Escape')

  await signIn(page, 'admin')
  await openScreen(page, '/sys/feedback')
  await row(page, '供应商列表希望显示税号').locator('.ant-checkbox-input').check()
  await page.getByRole('button', { name: /回\s*复/ }).click()
  const reply = page.getByTestId('feedback-reply-modal')
  await expect(reply).toContainText('核对发票时需要税号')
  await reply.getByLabel('回复内容').fill('已在供应商列表加入税号列。')
  await page.getByTestId('feedback-reply-save').click()
  await expect(row(page, '供应商列表希望显示税号')).toContainText('是')

  await openUserMenu(user, '意见反馈')
  await dialog.getByRole('tab', { name: '我的反馈' }).click()
  const mine = dialog.getByTestId('my-feedback').first()
  await expect(mine).toContainText('已回复')
  await expect(mine.getByTestId('feedback-reply')).toHaveText('已在供应商列表加入税号列。')
  await user.context().close()
})

test('the operation log finds entries by the name of their operation and names their objects by screen', async ({
  page,
}) => {
  await signIn(page, 'admin')
  await openScreen(page, '/sys/LogList')
  const list = page.getByTestId('list-page-log')
  await pickOption(page, list.getByRole('combobox', { name: '操作内容' }), '订单调整申请 · 新增', { typed: true })
  await list.getByTestId('search-submit').click()
  const rows = list.locator('.ant-table-row')
  // the demo's adjustment requests, each named as the list names the operation and its screen
  await expect(rows).toHaveCount(4)
  for (const entry of await rows.all()) {
    await expect(entry.getByTestId('log-operation')).toHaveText('订单调整申请 · 新增')
    await expect(entry).toContainText('branch_admin')
  }
  await rows.first().getByTestId('log-operation').click()
  const detail = page.getByRole('dialog')
  await expect(detail.locator('th:has-text("操作对象") + td')).toHaveText('订单调整申请')
  await expect(detail.locator('th:has-text("耗时") + td')).toHaveText(/^\d+ 毫秒$/)
  await page.keyboard.press('Escape')
  await expect(detail).toBeHidden()

  // by object: the adjustments' screen holds their requests and their reviews' steps
  await list.getByTestId('search-reset').click()
  await list.getByTestId('search-toggle').click()
  await pickOption(page, list.getByRole('combobox', { name: '操作对象' }), '订单调整申请', { typed: true })
  await list.getByTestId('search-submit').click()
  await expect(rows.filter({ hasText: '提交审核' }).first()).toBeVisible()
  await expect(rows.filter({ hasText: '订单调整申请 · 新增' }).first()).toBeVisible()
  for (const entry of await rows.all()) await expect(entry.locator('td', { hasText: /^订单调整申请$/ })).toHaveCount(1)
})
