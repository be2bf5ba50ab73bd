import { expect, signIn, test } from './fixtures.ts'

test('admin signs in, sees the menu and the dashboard, and logs out', async ({ page }) => {
  await page.goto('/')
  await expect(page).toHaveURL(/\/user\/login\?redirect=/)
  await expect(page.getByTestId('demo-accounts')).toContainText('branch_finance')

  await signIn(page, 'admin')
  await expect(page).toHaveURL(/\/dashboard\/analysis$/)
  const menu = page.getByTestId('side-menu')
  for (const area of ['首页', '产品管理', '基础数据', '销售管理', '审核中心', '系统管理']) {
    await expect(menu).toContainText(area)
  }
  await expect(page.getByTestId('welcome')).toContainText('运维中心')
  await expect(page).toHaveTitle(/首页 - 采购管理系统/)
  await page.screenshot({ path: test.info().outputPath('admin-dashboard.png') })

  await page.getByTestId('user-menu').hover()
  await page.getByText('退出登录').click()
  await page.getByRole('button', { name: /确\s*定/ }).click()
  await expect(page).toHaveURL(/\/user\/login/)
  expect(await page.evaluate(() => localStorage.getItem('ACCESS_TOKEN'))).toBeNull()
  await page.goto('/dashboard/analysis')
  await expect(page).toHaveURL(/\/user\/login/)
})

test('branch finance sees no system management, and is refused its pages', async ({ page }) => {
  await signIn(page, 'branch_finance')
  const menu = page.getByTestId('side-menu')
  await expect(menu).toContainText('销售管理')
  await expect(menu).not.toContainText('系统管理')
  await expect(menu).not.toContainText('基础数据')

  await page.goto('/sys/user')
  await expect(page.getByText('抱歉，您无权访问此页面')).toBeVisible()
  await page.goto('/no/such/page')
  await expect(page).toHaveURL(/\/404$/)
})

test('a wrong password is explained in the chosen language', async ({ page, consoleErrors }) => {
  consoleErrors.allow(/status of 400/)
  await page.goto('/user/login')
  await page.getByTestId('language-select').hover()
  await page.getByText('English').click()
  await page.getByLabel('Account').fill('branch_finance')
  await page.getByLabel('Password').fill('wrong-password')
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByTestId('login-error')).toContainText('Incorrect login password')
})
