import type { Locator, Page } from '@playwright/test'
import {
  chooseOption as choose,
  DEMO_PASSWORD,
  expect,
  openUserMenu,
  pickFromMenu,
  signIn,
  switchLanguage,
  test,
} from './fixtures.ts'
import { openScreen } from './list-helpers.ts'

// these journeys sign in, reload and reopen the home page (the dashboard, with its figures and
// charts) several times each: on a loaded 2-core CI machine that took up to 60 s, the default limit
test.describe.configure({ timeout: 120_000 })

const tabStrip = (page: Page) => page.locator('.shell-tabs')
const tab = (page: Page, path: string) => tabStrip(page).locator(`[data-node-key="${path}"]`)
const tabNodes = (page: Page) => tabStrip(page).locator('.ant-tabs-nav-list .ant-tabs-tab')
const expectTabs = (page: Page, titles: string[]) => expect(tabNodes(page)).toHaveText(titles)
const pane = (page: Page, path: string) => page.locator(`[data-testid="tab-pane"][data-tab="${path}"]`)

const tabAction = (page: Page, path: string, action: string) =>
  pickFromMenu(page, () => tab(page, path).click({ button: 'right' }), new RegExp(`${action}$`))

const width = async (locator: Locator) => (await locator.boundingBox())?.width ?? 0

test('the sider stays collapsed across a reload', async ({ page }) => {
  await signIn(page, 'admin')
  const sider = page.getByTestId('sider')
  expect(await width(sider)).toBe(200)
  await page.getByTestId('sider-trigger').click()
  await expect.poll(() => width(sider)).toBe(80)
  await page.reload()
  await expect(page.getByTestId('dashboard')).toBeVisible()
  await expect.poll(() => width(sider)).toBe(80)
  await page.getByTestId('sider-trigger').click()
  await expect.poll(() => width(sider)).toBe(200)
})

test('three screens open as tabs keep what was typed in them, and a browser refresh keeps the tabs', async ({
  page,
}) => {
  await signIn(page, 'admin')
  await openScreen(page, '/md/supplierList')
  const supplierFilter = pane(page, '/md/supplierList').getByTestId('search-form').locator('input').first()
  await supplierFilter.fill('华东')
  await openScreen(page, '/md/countryList')
  await expect(pane(page, '/md/supplierList')).toBeHidden()
  const countryFilter = pane(page, '/md/countryList').getByTestId('search-form').locator('input').first()
  await countryFilter.fill('巴西')
  await tab(page, '/dashboard/analysis').click()
  await expect(page.getByTestId('dashboard')).toBeVisible()
  await expectTabs(page, ['首页', '供应商', '国家'])

  await tab(page, '/md/supplierList').click()
  await expect(page).toHaveURL(/\/md\/supplierList$/)
  await expect(supplierFilter).toBeVisible()
  await expect(supplierFilter).toHaveValue('华东')
  await tab(page, '/md/countryList').click()
  await expect(page).toHaveURL(/\/md\/countryList$/)
  await expect(countryFilter).toHaveValue('巴西')

  await page.reload()
  await expectTabs(page, ['首页', '供应商', '国家'])
  await expect(page).toHaveURL(/\/md\/countryList$/)
  await expect(pane(page, '/md/countryList').getByTestId('search-form')).toBeVisible()
  await tab(page, '/md/supplierList').click()
  await expect(pane(page, '/md/supplierList').getByTestId('search-form')).toBeVisible()
})

test('the tab context menu refreshes and closes tabs; the last tab stays', async ({ page }) => {
  await signIn(page, 'admin')
  await openScreen(page, '/sys/user')
  await openScreen(page, '/md/supplierList')
  await openScreen(page, '/md/countryList')
  await openScreen(page, '/md/depotList')
  await expectTabs(page, ['首页', '用户管理', '供应商', '国家', '仓库'])
  await expect(page).toHaveURL(/\/md\/depotList$/)

  await tabAction(page, '/md/supplierList', '关闭左侧')
  await expectTabs(page, ['首页', '供应商', '国家', '仓库'])
  await tabAction(page, '/md/countryList', '关闭右侧')
  await expectTabs(page, ['首页', '供应商', '国家'])
  // the shown tab was closed: the tab the action was chosen on comes to the front
  await expect(page).toHaveURL(/\/md\/countryList$/)
  await tabAction(page, '/md/supplierList', '关闭其他')
  await expectTabs(page, ['首页', '供应商'])
  await expect(page).toHaveURL(/\/md\/supplierList$/)

  // refresh remounts the screen: the node shown before is replaced
  const before = await pane(page, '/md/supplierList').elementHandle()
  await tabAction(page, '/md/supplierList', '刷新')
  await expect.poll(() => before?.evaluate((node) => node.isConnected)).toBe(false)
  await expect(pane(page, '/md/supplierList')).toBeVisible()

  // the keyboard closes the focused tab with Delete; the mouse with its ×
  await openScreen(page, '/md/countryList')
  await expectTabs(page, ['首页', '供应商', '国家'])
  // once its screen is in front (a close while the screen still loads is a race of its own)
  await expect(tab(page, '/md/countryList').getByRole('tab')).toHaveAttribute('aria-selected', 'true')
  await tab(page, '/md/countryList').getByRole('tab').focus()
  await page.keyboard.press('Delete')
  await expectTabs(page, ['首页', '供应商'])
  await expect(page).toHaveURL(/\/md\/supplierList$/)
  await tab(page, '/md/supplierList').getByTestId('tab-close').click()
  await expectTabs(page, ['首页'])
  await expect(page).toHaveURL(/\/dashboard\/analysis$/)
  await expect(tab(page, '/dashboard/analysis').getByTestId('tab-close')).toHaveCount(0)
  await tabAction(page, '/dashboard/analysis', '关闭')
  await expect(page.getByText('这是最后一个标签页，不能再关闭了')).toBeVisible()
  await expectTabs(page, ['首页'])
})

test('switching zh/en changes menu, header, tab and page texts without a reload', async ({ page }) => {
  await signIn(page, 'admin')
  await openScreen(page, '/md/supplierList')
  await page.evaluate(() => {
    ;(window as unknown as { stillHere: boolean }).stillHere = true
  })
  await switchLanguage(page, 'English')
  const menu = page.getByTestId('side-menu')
  for (const area of ['Home', 'Products', 'Master data', 'Sales', 'System']) await expect(menu).toContainText(area)
  const header = page.getByTestId('header')
  await expect(header).toContainText('US Time Zone')
  await expect(header).toContainText('Log out')
  await expect(page.getByTestId('welcome')).toContainText('Operation and maintenance center')
  await expectTabs(page, ['Home', 'Suppliers'])
  await expect(page.getByTestId('breadcrumb')).toHaveText(/Home\s*\/\s*Master data\s*\/\s*Suppliers/)
  await expect(page).toHaveTitle('Suppliers - Procurement Management System')
  expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true)

  // requests carry the new language; dates (dayjs) speak it too
  const request = page.waitForRequest((r) => r.url().includes('/api/sys/user/getCurrentUserDeparts'))
  await openUserMenu(page, 'Switch department')
  expect((await request).headers().langcode).toBe('en')
  await page.getByRole('button', { name: 'Cancel' }).click()
  await tab(page, '/dashboard/analysis').click()
  await expect(page.getByTestId('dashboard')).toContainText(
    /Today is \d{4}-\d{2}-\d{2} (Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)/,
  )

  await switchLanguage(page, '简体中文')
  await expect(menu).toContainText('产品管理')
  await expect(header).toContainText('美国时区')
  await expectTabs(page, ['首页', '供应商'])
  await expect(page.getByTestId('dashboard')).toContainText(/今天是 \d{4}-\d{2}-\d{2} 星期/)
})

test('the menu search finds screens by Chinese, English and pinyin initials and remembers them', async ({ page }) => {
  await signIn(page, 'admin')
  const search = page.getByTestId('menu-search')
  await search.click()
  await page.keyboard.type('yhgl')
  await choose(page, '用户管理')
  await expect(page).toHaveURL(/\/sys\/user$/)
  await expect(tab(page, '/sys/user')).toBeVisible()

  await search.click()
  await page.keyboard.type('countr')
  await choose(page, '国家')
  await expect(page).toHaveURL(/\/md\/countryList$/)

  await search.click()
  await page.keyboard.type('供应')
  await choose(page, '供应商')
  await expect(page).toHaveURL(/\/md\/supplierList$/)
  // the screen is there before the search is opened again (while its code still loads, the
  // header may be drawn anew and close an open list)
  await expect(page.getByTestId('list-page-supplier').getByTestId('add')).toBeVisible()

  // an empty search lists the recent entries, newest first
  await search.click()
  await expect(page.locator('.ant-select-dropdown:visible .ant-select-item-option')).toHaveText([
    /供应商/,
    /国家/,
    /用户管理/,
  ])
})

test('every settings-drawer choice changes the page, and the choices stay after a reload', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 560 })
  await signIn(page, 'admin')
  const shot = (name: string) => page.screenshot({ path: test.info().outputPath(`settings-${name}.png`) })
  const drawer = page.getByTestId('settings-drawer')
  const open = async () => {
    await openUserMenu(page, '界面设置')
    await expect(drawer).toBeVisible()
  }
  const close = async () => {
    await page.keyboard.press('Escape')
    await expect(drawer).toBeHidden()
  }
  const header = page.getByTestId('header')
  const topBarY = async () => (await page.getByTestId('top-bar').boundingBox())?.y ?? Number.NaN
  const scrollTo = async (y: number) => {
    await page.evaluate((to) => window.scrollTo(0, to), y)
    await page.waitForTimeout(150)
  }
  await shot('0-default')

  await open()
  const headerBg = await header.evaluate((el) => getComputedStyle(el).backgroundColor)
  await drawer.getByText('暗色', { exact: true }).click()
  await expect.poll(() => header.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe(headerBg)
  await shot('1-dark')
  await drawer.getByText('亮色', { exact: true }).click()
  await expect.poll(() => header.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(headerBg)

  await drawer.getByRole('button', { name: '酱紫' }).click()
  const selected = page.getByTestId('side-menu').locator('.ant-menu-item-selected')
  await expect.poll(() => selected.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(114, 46, 209)')
  await shot('2-purple')

  await drawer.getByText('顶部菜单', { exact: true }).click()
  await expect(page.getByTestId('sider')).toHaveCount(0)
  await expect(header.getByTestId('side-menu')).toBeVisible()
  await shot('3-top-nav')
  await drawer.getByText('侧边菜单', { exact: true }).click()
  await expect(page.getByTestId('sider')).toBeVisible()

  const content = page.getByTestId('content')
  await drawer.getByText('定宽', { exact: true }).click()
  await expect.poll(() => width(content)).toBeLessThanOrEqual(1200)
  await shot('4-fixed-width')
  await drawer.getByText('流式', { exact: true }).click()
  await expect.poll(() => width(content)).toBeGreaterThan(1200)

  await drawer.getByTestId('setting-colorWeak').click()
  await expect.poll(() => page.evaluate(() => getComputedStyle(document.documentElement).filter)).toContain('invert')
  await shot('5-colour-weak')
  await drawer.getByTestId('setting-colorWeak').click()
  await expect.poll(() => page.evaluate(() => getComputedStyle(document.documentElement).filter)).toBe('none')

  await drawer.getByTestId('setting-multiTab').click()
  await expect(tabStrip(page)).toHaveCount(0)
  await shot('6-no-tabs')
  await drawer.getByTestId('setting-multiTab').click()
  await expect(tabStrip(page)).toBeVisible()

  // header and sider while scrolling
  await close()
  await scrollTo(300)
  expect(await topBarY()).toBeLessThan(-50)
  expect((await page.getByTestId('sider').boundingBox())?.y).toBe(0)
  await scrollTo(0)
  await open()
  await drawer.getByTestId('setting-fixedHeader').click()
  await drawer.getByTestId('setting-fixedSider').click()
  await close()
  await scrollTo(300)
  await expect.poll(topBarY).toBe(0)
  expect((await page.getByTestId('sider').boundingBox())?.y).toBeLessThan(-50)
  await shot('7-fixed-header-scrolled')
  await scrollTo(0)
  await open()
  await drawer.getByTestId('setting-fixedHeader').click()
  await drawer.getByTestId('setting-fixedSider').click()
  await drawer.getByTestId('setting-autoHideHeader').click()
  await close()
  await scrollTo(60)
  await expect(page.getByTestId('top-bar')).toHaveAttribute('data-state', 'static')
  await scrollTo(320)
  await expect(page.getByTestId('top-bar')).toHaveAttribute('data-state', 'hidden')
  await shot('8-auto-hide-down')
  await scrollTo(220)
  await expect(page.getByTestId('top-bar')).toHaveAttribute('data-state', 'fixed')
  await expect.poll(topBarY).toBe(0)
  await shot('9-auto-hide-up')

  // kept for this user
  await scrollTo(0)
  await open()
  await drawer.getByText('暗色', { exact: true }).click()
  await close()
  const darkHeader = await header.evaluate((el) => getComputedStyle(el).backgroundColor)
  const darkSelected = await selected.evaluate((el) => getComputedStyle(el).backgroundColor)
  await page.reload()
  await expect(page.getByTestId('dashboard')).toBeVisible()
  await expect(header).toHaveCSS('background-color', darkHeader)
  await expect(selected).toHaveCSS('background-color', darkSelected)
  expect(darkHeader).not.toBe(headerBg)
})

test('a user with two departments switches, and the header shows the new one', async ({ page }) => {
  await signIn(page, 'region_president')
  const welcome = page.getByTestId('welcome')
  await expect(welcome).toContainText('海外部')
  await openUserMenu(page, '切换部门')
  const dialog = page.getByRole('dialog', { name: '切换部门' })
  await expect(dialog.getByText('海外部 (当前)')).toBeVisible()
  // no choice: the select shows its error
  await dialog.locator('.ant-select').hover()
  await dialog.locator('.ant-select-clear').click()
  await dialog.getByRole('button', { name: /确\s*定/ }).click()
  await expect(dialog.getByText('请选择部门')).toBeVisible()

  await dialog.locator('.ant-select').click()
  await choose(page, '国内分公司')
  await dialog.getByRole('button', { name: /确\s*定/ }).click()
  await expect(dialog).toBeHidden()
  await expect(welcome).toContainText('国内分公司')
  await page.reload()
  await expect(page.getByTestId('welcome')).toContainText('国内分公司')

  // back to where the demo data expects this user
  await openUserMenu(page, '切换部门')
  await dialog.locator('.ant-select').click()
  await choose(page, '海外部')
  await dialog.getByRole('button', { name: /确\s*定/ }).click()
  await expect(page.getByTestId('welcome')).toContainText('海外部')
})

test('the password dialog checks its fields, changes the password, and the new one signs in', async ({
  page,
  consoleErrors,
}) => {
  consoleErrors.allow(/status of 400/)
  const changePassword = async (from: string, to: string) => {
    await openUserMenu(page, '修改密码')
    const dialog = page.getByRole('dialog', { name: '修改密码' })
    await dialog.getByLabel('旧密码').fill(from)
    await dialog.getByLabel('新密码', { exact: true }).fill(to)
    await dialog.getByLabel('确认新密码').fill(to)
    await dialog.getByRole('button', { name: /确\s*定/ }).click()
    await expect(page.getByText('密码修改成功')).toBeVisible()
    await expect(dialog).toBeHidden()
  }
  const signOut = async () => {
    await page.getByTestId('logout').click()
    await page.getByRole('button', { name: /确\s*定/ }).click()
    await expect(page).toHaveURL(/\/user\/login/)
  }

  await signIn(page, 'finance_admin')
  await openUserMenu(page, '修改密码')
  const dialog = page.getByRole('dialog', { name: '修改密码' })
  await dialog.getByRole('button', { name: /确\s*定/ }).click()
  await expect(dialog.getByText('请输入旧密码')).toBeVisible()
  await dialog.getByLabel('旧密码').fill(DEMO_PASSWORD)
  await dialog.getByLabel('新密码', { exact: true }).fill('Finance@2027')
  await dialog.getByLabel('确认新密码').fill('Finance@2028')
  await dialog.getByRole('button', { name: /确\s*定/ }).click()
  await expect(dialog.getByText('两次输入的密码不一致')).toBeVisible()
  await dialog.getByLabel('旧密码').fill('Wrong@2026')
  await dialog.getByLabel('确认新密码').fill('Finance@2027')
  await dialog.getByRole('button', { name: /确\s*定/ }).click()
  await expect(dialog.getByTestId('password-error')).toContainText('旧密码输入错误')
  await dialog.getByRole('button', { name: /取\s*消/ }).click()

  await changePassword(DEMO_PASSWORD, 'Finance@2027')
  await signOut()
  await signIn(page, 'finance_admin', 'Finance@2027')
  // back to the demo password for everyone else
  await changePassword('Finance@2027', DEMO_PASSWORD)
})

test('on a phone the sider is a 200 px drawer that closes after a menu click', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await signIn(page, 'admin')
  await expect(page.getByTestId('sider')).toHaveCount(0)
  await page.getByRole('button', { name: '打开菜单' }).click()
  const drawer = page.locator('.ant-drawer-content-wrapper, .ant-drawer-section').first()
  await expect(drawer).toBeVisible()
  expect(await width(drawer)).toBeCloseTo(200, 0)
  await openScreen(page, '/md/countryList')
  await expect(page).toHaveURL(/\/md\/countryList$/)
  await expect(drawer).toBeHidden()
  await expect(tab(page, '/md/countryList')).toBeVisible()
})

for (const [w, h] of [
  [1440, 900],
  [390, 844],
] as const) {
  test(`the shell fits ${w}x${h} in both languages without overflow`, async ({ page }) => {
    await page.setViewportSize({ width: w, height: h })
    await signIn(page, 'region_president')
    await page.goto('/sale/orderList')
    await expect(tab(page, '/sale/orderList')).toBeVisible()
    for (const lang of ['zh', 'en'] as const) {
      if (lang === 'en') {
        await switchLanguage(page, 'English')
        await page.mouse.move(w / 2, h - 10)
      }
      await expect(page.locator('html')).toHaveAttribute('lang', lang === 'en' ? 'en' : 'zh-CN')
      await expect(tab(page, '/sale/orderList')).toHaveText(lang === 'en' ? 'Sales orders' : '销售订单')
      const overflow = await page.evaluate(() => {
        const clipped = (el: Element | null) =>
          el ? el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1 : false
        return {
          page: document.documentElement.scrollWidth > window.innerWidth,
          header: clipped(document.querySelector('[data-testid="header"]')),
          welcome: clipped(document.querySelector('.shell-user-text')),
          logo: clipped(document.querySelector('.shell-logo-title')),
          menu: [...document.querySelectorAll('.shell-nav-menu .ant-menu-title-content')].some(clipped),
        }
      })
      expect(overflow).toEqual({ page: false, header: false, welcome: false, logo: false, menu: false })
      await page.screenshot({ path: test.info().outputPath(`shell-${w}x${h}-${lang}.png`), fullPage: true })
    }
  })
}

test('a new account registers from the login page: the form says what is wrong first, then the account waits for an administrator', async ({
  page,
  consoleErrors,
}) => {
  // signing in before an administrator enables the account is refused (403)
  consoleErrors.allow(/status of 403/)
  await page.goto('/user/login')
  await page.getByRole('link', { name: '注册账号' }).click()
  const username = page.getByLabel('账号', { exact: true })
  const password = page.getByLabel('密码', { exact: true })
  const confirm = page.getByLabel('确认密码', { exact: true })
  // the login form has an account and a password too: the register form is the one with a confirmation
  await expect(confirm).toBeVisible()
  await expect(page.getByLabel('账号', { exact: true })).toHaveCount(1)
  await username.fill('a b')
  await password.fill('short')
  await confirm.fill('short2')
  await page.getByRole('button', { name: /注\s*册/ }).click()
  await expect(page.locator('.ant-form-item-explain-error')).toHaveText([
    '账号为 2-32 位字母、数字或 _ . @ -',
    '密码至少 8 位',
    '密码不一致',
  ])

  const name = `e2e_${Date.now().toString(36)}`
  await username.fill(name)
  await password.fill('Longer@2026')
  await confirm.fill('Longer@2026')
  await page.getByRole('button', { name: /注\s*册/ }).click()
  await expect(page.getByText(`账号 ${name} 注册成功`)).toBeVisible()

  await page.goto('/user/login')
  await page.getByLabel(/账号/).fill(name)
  await page.getByLabel(/密码/).fill('Longer@2026')
  await page.getByRole('button', { name: /登\s*录/ }).click()
  await expect(page.getByText('账号待管理员启用')).toBeVisible()
})
