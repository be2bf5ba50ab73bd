import type { Locator, Page } from '@playwright/test'
import { expect, pickOption, signIn, test } from './fixtures.ts'
import {
  apiCall,
  closeDialog,
  confirmOk,
  dialog,
  expectTotal,
  importFile,
  openList,
  rowMenu,
  rows,
  rowWith,
  search,
  workbookOf,
  xlsx,
} from './list-helpers.ts'
import { EXCEL, type Field, keyOf, MENU_TEXT, newPrefix, SCREENS, type Screen, screenOf } from './masterdata-screens.ts'

/**
 * The seven master-data screens, one list mechanism: every screen end to end through search, sort,
 * paging, add, edit, modify history and compare, view, delete and batch delete; export and import
 * (one bad row, then clean); the super query, saved queries and a stale edit on suppliers.
 */

// a busy machine (two cores shared by several runs) makes a long journey slow, not wrong
test.describe.configure({ timeout: 150_000 })

/**
 * The administrator signs in once per worker through the login page; each test's browser starts
 * with that session in its local storage (as a browser that signed in earlier would).
 */
const adminTest = test.extend<{ signedIn: undefined }, { adminSession: Record<string, string> }>({
  adminSession: [
    async ({ browser, serverUrl }, use) => {
      const page = await browser.newPage({ baseURL: serverUrl, locale: 'zh-CN' })
      await signIn(page, 'admin')
      const stored = await page.evaluate(() => ({ ...localStorage }) as Record<string, string>)
      await page.close()
      // open tabs stay per test
      await use(Object.fromEntries(Object.entries(stored).filter(([k]) => !k.startsWith('MULTI_TABS'))))
    },
    { scope: 'worker' },
  ],
  signedIn: [
    async ({ context, adminSession }, use) => {
      await context.addInitScript((entries) => {
        if (localStorage.getItem('ACCESS_TOKEN')) return
        for (const [k, v] of Object.entries(entries)) localStorage.setItem(k, v)
      }, adminSession)
      await use(undefined)
    },
    { auto: true },
  ],
})

const seed = async (page: Page, s: Screen, prefix: string, count: number) => {
  for (let i = 1; i <= count; i++) await apiCall(page, 'post', `${s.base}/add`, s.payload(keyOf(prefix, i)))
}

const listOf = (page: Page, s: Screen) => page.getByTestId(`list-page-${s.name}`)
const fillForm = async (page: Page, form: Locator, fields: Field[], s: Screen) => {
  for (const f of fields) {
    const label = f.label === '编码' || f.label === '名称' ? `${s.title}${f.label}` : f.label
    const input = form.getByLabel(label, { exact: true })
    if (f.kind === 'select') await pickOption(page, input, f.value)
    else await input.fill(f.value)
  }
}

const open = (page: Page, s: Screen) => openList(page, s.url, s.name)

adminTest.describe('every master-data screen, end to end', () => {
  for (const s of SCREENS) {
    adminTest(
      `${s.title}: search, sort, page, add, edit, history and compare, view, delete, batch delete`,
      async ({ page }) => {
        const prefix = newPrefix()
        await seed(page, s, prefix, 12)
        const list = await open(page, s)

        // search: only the 12 rows made for this run, 10 on the first page
        await search(list, s.keyLabel, prefix)
        await expectTotal(list, 12)
        await expect(rows(list)).toHaveCount(10)

        // sort by the key column: ascending, then descending (server-side: the other end comes first)
        const header = list.locator('th').filter({ hasText: s.keyLabel })
        await header.click()
        await expect(rows(list).first()).toContainText(keyOf(prefix, 1))
        await header.click()
        await expect(rows(list).first()).toContainText(keyOf(prefix, 12))
        await expect(rows(list).nth(9)).toContainText(keyOf(prefix, 3))

        // page: the second page holds the last two; 20 a page shows all twelve
        await list.locator('.ant-pagination-item-2').click()
        await expect(rows(list)).toHaveCount(2)
        await expect(rows(list).first()).toContainText(keyOf(prefix, 2))
        await list.locator('.ant-pagination-options .ant-select').click()
        await page.locator('.ant-select-dropdown:visible').getByTitle('20 条/页').click()
        await expect(rows(list)).toHaveCount(12)

        // add through the generated form
        const added = keyOf(prefix, 13)
        await list.getByTestId('add').click()
        const form = page.getByTestId('record-form')
        await fillForm(page, form, s.form(added), s)
        await page.getByTestId('record-save').click()
        await expect(page.locator('.ant-message')).toContainText('操作成功')
        await expectTotal(list, 13)
        await expect(rowWith(list, added)).toHaveCount(1)

        // edit: the change shows in the list
        await rowWith(list, added)
          .getByRole('button', { name: /编\s*辑/ })
          .click()
        await expect(page.getByTestId('record-form').getByLabel(s.keyLabel, { exact: true })).toHaveValue(added)
        await page.getByTestId('record-form').getByLabel(s.editLabel, { exact: true }).fill(`改${added}`)
        await page.getByTestId('record-save').click()
        await expect(rowWith(list, `改${added}`)).toHaveCount(1)

        // modify history: the add and the edit; their compare marks the edited field
        await rowMenu(page, rowWith(list, `改${added}`), '修改记录')
        const history = dialog(page, `${s.title}修改记录`)
        const versions = history.locator('.ant-table-row')
        await expect(versions).toHaveCount(2)
        // a click while the dialog still zooms in can miss its box: checked again until both hold
        await expect(async () => {
          for (const i of [0, 1]) await versions.nth(i).getByRole('checkbox').check({ timeout: 3000 })
        }).toPass()
        await history.getByTestId('compare').click()
        const changed = history.getByTestId('compare-view').locator('tr[data-changed="true"]')
        await expect(changed.filter({ hasText: s.editLabel })).toContainText(`改${added}`)
        await closeDialog(history)

        // view: every field, read-only
        await rowWith(list, `改${added}`)
          .getByRole('button', { name: /查\s*看/ })
          .click()
        const view = dialog(page, `查看${s.title}`)
        await expect(view.locator('.ant-descriptions')).toContainText(`改${added}`)
        await expect(view.locator('.ant-descriptions')).toContainText('启用')
        await closeDialog(view)

        // delete one (after confirmation)
        await rowMenu(page, rowWith(list, `改${added}`), '删除')
        // the server's answer first: a refused delete says so, rather than a total that stays at 13
        const [deleted] = await Promise.all([
          page.waitForResponse((r) => r.request().method() === 'DELETE' && r.url().includes('/delete')),
          confirmOk(page),
        ])
        expect(deleted.status(), await deleted.text()).toBe(200)
        await expectTotal(list, 12)

        // batch delete two selected rows
        for (const i of [1, 2]) await rowWith(list, keyOf(prefix, i)).getByRole('checkbox').check()
        await expect(list.getByTestId('selection-info')).toContainText('已选择 2 项')
        await list.getByTestId('batch').click()
        await page.locator('.ant-dropdown:visible').getByText('批量删除').click()
        await expect(page.locator('.ant-modal-confirm')).toContainText('2 条')
        await confirmOk(page)
        await expectTotal(list, 10)
        await expect(rowWith(list, keyOf(prefix, 1))).toHaveCount(0)
      },
    )
  }
})

for (const s of SCREENS) {
  const excel = EXCEL[s.name] as (typeof EXCEL)[string]
  adminTest(
    `${s.title}: export, import with a bad row (nothing imported), import of a clean file`,
    async ({ page, consoleErrors }) => {
      consoleErrors.allow(/status of 400/)
      const prefix = newPrefix()
      await seed(page, s, prefix, 3)
      const list = await open(page, s)
      await search(list, s.keyLabel, prefix)
      await expectTotal(list, 3)

      // export of the current query: titles in the language shown, values as the list shows them
      const [exported] = await Promise.all([page.waitForEvent('download'), list.getByTestId('export').click()])
      const book = await workbookOf(exported)
      expect(book.header).toContain(s.keyLabel)
      expect(book.sheet.rowCount).toBe(4)
      const body = [2, 3, 4].map((n) => book.values(n).join('|')).join('\n')
      expect(body).toContain(keyOf(prefix, 1))
      expect(body).toContain(excel.check(keyOf(prefix, 1)))

      // an export that finds nothing says so
      await search(list, s.keyLabel, `${prefix}-none`)
      await expectTotal(list, 0)
      await list.getByTestId('export').click()
      await expect(page.locator('.ant-message')).toContainText('文件下载失败')

      // only xls / xlsx files are taken
      await list
        .locator('input[type=file]')
        .setInputFiles({ name: 'rows.csv', mimeType: 'text/csv', buffer: Buffer.from('a') })
      await expect(page.locator('.ant-message')).toContainText('上传文件只能是 xls/xlsx 格式!')

      // one bad row (no name): nothing imported, the error workbook downloads with its reasons
      const good = keyOf(prefix, 50)
      const bad = [...excel.row(keyOf(prefix, 51))]
      bad[excel.blank] = ''
      const failed = await importFile(page, list, 'bad.xlsx', await xlsx(excel.header, [excel.row(good), bad]))
      await expect(failed).toContainText('未导入任何数据')
      await expect(failed).toContainText('总行数2')
      await expect(failed).toContainText('错误行数1')
      const [errors] = await Promise.all([page.waitForEvent('download'), page.getByTestId('import-error-file').click()])
      const errorBook = await workbookOf(errors)
      expect(errorBook.header).toContain('错误信息')
      expect([errorBook.values(2), errorBook.values(3)].flat().join('|')).toContain(`${s.title}名称`)
      await page.getByTestId('import-close').click()
      await search(list, s.keyLabel, good)
      await expectTotal(list, 0)

      // a clean file: every row imported
      const clean = [keyOf(prefix, 60), keyOf(prefix, 61)]
      const done = await importFile(page, list, 'clean.xlsx', await xlsx(excel.header, clean.map(excel.row)))
      await expect(done).toContainText('导入成功，共 2 条')
      await page.getByTestId('import-close').click()
      await search(list, s.keyLabel, `${prefix}6`)
      await expectTotal(list, 2)
    },
  )
}

adminTest(
  '供应商: modify history and compare, super query with a saved query, a stale edit',
  async ({ page, consoleErrors }) => {
    consoleErrors.allow(/status of 409/)
    const s = screenOf('supplier')
    const prefix = newPrefix()
    await seed(page, s, prefix, 2)
    const key = keyOf(prefix, 1)
    const list = await open(page, s)
    await search(list, s.keyLabel, prefix)

    // two edits through the screen make three versions
    for (const name of ['第二版', '第三版']) {
      await rowWith(list, key)
        .getByRole('button', { name: /编\s*辑/ })
        .click()
      await page.getByTestId('record-form').getByLabel('供应商名称').fill(name)
      await page.getByTestId('record-save').click()
      await expect(rowWith(list, name)).toHaveCount(1)
    }
    await rowMenu(page, rowWith(list, key), '修改记录')
    const history = dialog(page, '供应商修改记录')
    await expect(history.locator('.ant-table-row')).toHaveCount(3)
    await history.getByTestId('compare').click()
    await expect(page.locator('.ant-message')).toContainText('请选择两条记录')
    const versions = history.locator('.ant-table-row')
    await versions.nth(0).getByRole('checkbox').check()
    await versions.nth(2).getByRole('checkbox').check()
    await history.getByTestId('compare').click()
    const compare = history.getByTestId('compare-view')
    const nameRow = compare.locator('tr[data-changed="true"]').filter({ hasText: '供应商名称' })
    await expect(nameRow).toContainText('已修改')
    await expect(nameRow).toContainText(`名称${key}`)
    await expect(nameRow).toContainText('第三版')
    await expect(compare.locator('tr[data-changed="false"]').filter({ hasText: '供应商编码' })).toContainText(key)
    await closeDialog(history)

    // super query: code starts with the prefix AND type is one of 成品 — none; OR — both
    await list.getByTestId('search-reset').click()
    await list.getByTestId('super-query').click()
    const builder = page.locator('.ant-modal').filter({ hasText: '高级查询' })
    const row1 = builder.getByTestId('condition-row').first()
    await pickOption(page, row1.getByLabel('字段'), '供应商编码')
    await pickOption(page, row1.getByLabel('条件'), '以…开头')
    await row1.getByLabel('值').fill(prefix)
    await builder.getByTestId('condition-add').click()
    const row2 = builder.getByTestId('condition-row').nth(1)
    await pickOption(page, row2.getByLabel('字段'), '供应商类型')
    await pickOption(page, row2.getByLabel('条件'), '在…中')
    await pickOption(page, row2.getByLabel('值'), '成品')
    await builder.locator('.ant-modal-title').click() // closes the open select, not the dialog
    await builder.getByTestId('super-query-apply').click()
    await expectTotal(list, 0)
    await list.getByTestId('super-query').click()
    await builder.getByText('任一满足（OR）').click()
    await builder.getByLabel('查询名称').fill(`查询${prefix}`)
    await builder.getByTestId('save-query').click()
    await expect(builder.getByTestId('saved-query').filter({ hasText: `查询${prefix}` })).toBeVisible()
    await builder.getByTestId('super-query-clear').click()
    await builder
      .getByTestId('saved-query')
      .filter({ hasText: `查询${prefix}` })
      .click()
    await expect(rowWith(list, keyOf(prefix, 2))).toHaveCount(1)
    await expect(list.locator('.ant-badge', { has: page.getByTestId('super-query') })).toContainText('2')

    // someone else changes the record while it is open: the save is refused, the reload shows theirs
    await rowWith(list, key)
      .getByRole('button', { name: /编\s*辑/ })
      .click()
    const form = page.getByTestId('record-form')
    await expect(form.getByLabel('供应商名称')).toHaveValue('第三版')
    const found = await apiCall(
      page,
      'get',
      `${s.base}/list?search=${encodeURIComponent(JSON.stringify({ code: key }))}`,
    )
    const record = (found.records as Record<string, unknown>[])[0] as Record<string, unknown>
    await apiCall(page, 'put', `${s.base}/edit`, { id: record.id, version: record.version, name: '别人改的' })
    await form.getByLabel('供应商名称').fill('我改的')
    await page.getByTestId('record-save').click()
    await expect(page.locator('.ant-modal-confirm')).toContainText('数据已被他人修改')
    await page.getByRole('button', { name: '重新加载' }).click()
    await expect(form.getByLabel('供应商名称')).toHaveValue('别人改的')
    await page.getByTestId('record-save').click()
    await expect(page.locator('.ant-message')).toContainText('操作成功')

    // a code already taken is refused while typing, before anything is sent
    await list.getByTestId('add').click()
    await page.getByTestId('record-form').getByLabel('供应商编码').fill(keyOf(prefix, 2))
    await expect(page.getByTestId('record-form')).toContainText('该值已存在')
    await closeDialog(dialog(page, '新增供应商'))

    // batch status: the selected row is disabled
    await rowWith(list, key).getByRole('checkbox').check()
    await list.getByTestId('batch').click()
    await page.locator('.ant-dropdown:visible').getByText('设为停用').click()
    await expect(rowWith(list, key)).toContainText('停用')

    // the saved query is deleted again
    await list.getByTestId('super-query').click()
    const saved = builder.getByTestId('saved-query-row').filter({ hasText: `查询${prefix}` })
    await saved.getByTestId('saved-query-delete').click()
    await page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /确\s*定/ })
      .click()
    await expect(saved).toHaveCount(0)
  },
)

test('国家 for the regional president: export only, every other action hidden', async ({ page }) => {
  await signIn(page, 'region_president')
  const list = await open(page, screenOf('country'))
  await expect(list.getByTestId('export')).toBeVisible()
  for (const hidden of ['add', 'import', 'batch']) await expect(list.getByTestId(hidden)).toHaveCount(0)
  const first = rows(list).first()
  await expect(first.getByRole('button', { name: /查\s*看/ })).toBeVisible()
  await expect(first.getByRole('button', { name: /编\s*辑/ })).toHaveCount(0)
  await expect(first.getByTestId('row-more')).toHaveCount(0)
})

adminTest('部门: a tree; the parent is chosen on add and cannot change afterwards', async ({ page }) => {
  const s = screenOf('department')
  const name = newPrefix()
  const list = await open(page, s)
  // the seeded tree: 物流部 under 物流中心 under 集团
  await expect(rowWith(list, '物流部')).toHaveClass(/ant-table-row-level-2/)
  await list.getByTestId('add').click()
  const form = page.getByTestId('record-form')
  await form.getByLabel('部门名称', { exact: true }).fill(name)
  await pickOption(page, form.getByLabel('上级部门'), '物流中心', { typed: true })
  await page.getByTestId('record-save').click()
  await expect(page.locator('.ant-message')).toContainText('操作成功')
  await expect(rowWith(list, name)).toHaveClass(/ant-table-row-level-2/)
  await expect(rowWith(list, name)).toContainText('A01A01A02')
  await rowWith(list, name)
    .getByRole('button', { name: /编\s*辑/ })
    .click()
  // once the record is in the form its name takes input; its parent stays as it was
  const edit = page.getByTestId('record-form')
  await expect(edit.getByLabel('部门名称', { exact: true })).toBeEnabled()
  const parent = edit.locator('.ant-form-item', { hasText: '上级部门' }).locator('.ant-select')
  await expect(parent).toContainText('物流中心')
  await expect(parent).toHaveClass(/ant-select-disabled/)
})

for (const lang of ['zh', 'en'] as const) {
  adminTest(`the seven screens as a user sees them (${lang})`, async ({ page }) => {
    await page.goto('/')
    await expect(page.getByTestId('dashboard')).toBeVisible({ timeout: 30_000 })
    if (lang === 'en') {
      await page.getByTestId('language-select').hover()
      await page.getByText('English', { exact: true }).click()
      await expect(page.getByTestId('language-select')).toContainText('English')
    }
    const menu = page.getByTestId('side-menu')
    await menu.getByText(MENU_TEXT[lang].area, { exact: true }).click()
    for (const [i, s] of SCREENS.entries()) {
      await menu.getByText(MENU_TEXT[lang].screens[i] as string, { exact: true }).click()
      const list = listOf(page, s)
      await expect(rows(list).first()).toBeVisible({ timeout: 30_000 })
      await expect(list.locator('.ant-spin-spinning')).toHaveCount(0)
      await expect(list.getByTestId('add')).toHaveText(lang === 'zh' ? /新\s*增/ : 'Add')
      // nothing wider than the window: the page never scrolls sideways; a table with more columns
      // than fit scrolls inside itself, its row actions staying in view on the right
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
      expect(overflow, `${s.url} (${lang}) overflows`).toBeLessThanOrEqual(0)
      await expect(rows(list).first().getByTestId('row-actions')).toBeInViewport()
      await page.screenshot({ path: test.info().outputPath(`${lang}-${s.name}.png`) })
    }
    // the add form of the widest screen, and the super-query builder
    const supplier = listOf(page, screenOf('supplier'))
    await menu.getByText(MENU_TEXT[lang].screens[0] as string, { exact: true }).click()
    await supplier.getByTestId('add').click()
    await expect(page.getByTestId('record-form')).toBeVisible()
    await page.screenshot({ path: test.info().outputPath(`${lang}-supplier-add.png`) })
    await page.locator('.ant-modal-close').click()
    await supplier.getByTestId('super-query').click()
    await expect(page.getByTestId('condition-row')).toBeVisible()
    await page.screenshot({ path: test.info().outputPath(`${lang}-supplier-super-query.png`) })
  })
}
