import type { Download, Locator, Page } from '@playwright/test'
import ExcelJS from 'exceljs'
import { expect, signIn, test } from './fixtures.ts'

/**
 * The seven master-data screens, one list mechanism: every screen end to end through search, sort,
 * paging, add, edit, view, delete and batch delete; export, import (one bad row, then clean),
 * modify history and compare, the super query and a stale edit on the screens named below.
 */

// a busy machine (two cores shared by several runs) makes a long journey slow, not wrong
test.describe.configure({ timeout: 150_000 })

type Field = { label: string; value: string; kind?: 'input' | 'select' }

type Screen = {
  name: string
  title: string
  url: string
  base: string
  /** Search field, sortable column and the field that carries a row's key (code or name). */
  keyLabel: string
  /** Add payload for the API (rows made to have something to page through). */
  payload: (key: string) => Record<string, unknown>
  /** The add form as a user fills it in. */
  form: (key: string) => Field[]
  /** The text field an edit changes. */
  editLabel: string
}

const code = (key: string) => ({ code: key, name: `名称${key}` })
const named = (key: string): Field[] => [
  { label: '编码', value: key },
  { label: '名称', value: `名称${key}` },
]

const SCREENS: Screen[] = [
  {
    name: 'supplier',
    title: '供应商',
    url: '/md/supplierList',
    base: '/md/supplier',
    keyLabel: '供应商编码',
    payload: (k) => ({ ...code(k), supplierType: 'raw' }),
    form: (k) => [...named(k), { label: '供应商类型', value: '原料', kind: 'select' }],
    editLabel: '供应商名称',
  },
  {
    name: 'country',
    title: '国家',
    url: '/md/countryList',
    base: '/md/country',
    keyLabel: '国家编码',
    payload: (k) => ({ ...code(k), currencyName: '测试币', currencySymbol: '¤' }),
    form: (k) => [...named(k), { label: '币种名称', value: '测试币' }, { label: '货币符号', value: '¤' }],
    editLabel: '国家名称',
  },
  {
    name: 'branch',
    title: '分公司',
    url: '/md/branchList',
    base: '/md/branch',
    keyLabel: '分公司编码',
    payload: (k) => ({ ...code(k), branchType: 'domestic' }),
    form: (k) => [...named(k), { label: '分公司类型', value: '国内', kind: 'select' }],
    editLabel: '分公司名称',
  },
  {
    name: 'depot',
    title: '仓库',
    url: '/md/depotList',
    base: '/md/depot',
    keyLabel: '仓库编码',
    payload: (k) => ({ ...code(k), depotType: 'finished' }),
    form: (k) => [...named(k), { label: '仓库类型', value: '成品仓', kind: 'select' }],
    editLabel: '仓库名称',
  },
  {
    name: 'boxSpec',
    title: '箱规',
    url: '/md/boxSpecList',
    base: '/md/boxSpec',
    keyLabel: '箱规编码',
    payload: (k) => ({ ...code(k), lengthCm: 60, widthCm: 40, heightCm: 30, grossWeightKg: 1250.5 }),
    form: (k) => [
      ...named(k),
      { label: '外箱长（cm）', value: '60' },
      { label: '外箱宽（cm）', value: '40' },
      { label: '外箱高（cm）', value: '30' },
      { label: '毛重（kg）', value: '1250.5' },
    ],
    editLabel: '箱规名称',
  },
  {
    name: 'department',
    title: '部门',
    url: '/md/departmentList',
    base: '/md/department',
    keyLabel: '部门名称',
    payload: (k) => ({ departName: k }),
    form: (k) => [{ label: '部门名称', value: k }],
    editLabel: '英文名称',
  },
  {
    name: 'position',
    title: '职位',
    url: '/md/positionList',
    base: '/md/position',
    keyLabel: '职位编码',
    payload: (k) => code(k),
    form: (k) => named(k),
    editLabel: '职位名称',
  },
]

const screenOf = (name: string) => SCREENS.find((s) => s.name === name) as Screen

/** A key no other run uses: short enough for a country code (8), sortable by its last two digits. */
const newPrefix = () => `Q${Date.now().toString(36).slice(-5).toUpperCase()}`
const keyOf = (prefix: string, i: number) => `${prefix}${String(i).padStart(2, '0')}`

/** Calls the API with the signed-in user's token (making rows to work on is not what is tested). */
const apiCall = async (page: Page, method: 'get' | 'post' | 'put', url: string, data?: unknown) => {
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('ACCESS_TOKEN') ?? '{}').value as string)
  const res = await page.request.fetch(`/api${url}`, { method, headers: { 'X-Access-Token': token }, data })
  const body = (await res.json()) as { code: number; result: unknown }
  expect(body.code, `${method} ${url}: ${JSON.stringify(body)}`).toBe(200)
  return body.result as Record<string, unknown>
}

const seed = async (page: Page, s: Screen, prefix: string, count: number) => {
  for (let i = 1; i <= count; i++) await apiCall(page, 'post', `${s.base}/add`, s.payload(keyOf(prefix, i)))
}

const listOf = (page: Page, s: Screen) => page.getByTestId(`list-page-${s.name}`)
const rows = (list: Locator) => list.locator('.ant-table-tbody tr.ant-table-row')
const rowWith = (list: Locator, text: string) => rows(list).filter({ hasText: text })
/** Opens a row's 'more' menu and picks an item (again if a refetch closed the menu meanwhile). */
const rowMenu = async (page: Page, row: Locator, item: string) => {
  const entry = page.locator('.ant-dropdown:visible').getByText(item, { exact: true })
  await expect(async () => {
    if (!(await entry.isVisible())) await row.getByTestId('row-more').click()
    await entry.click({ timeout: 2000 })
  }).toPass({ timeout: 20_000 })
}

const okButton = (page: Page) => page.locator('.ant-modal-confirm').getByRole('button', { name: /确\s*定/ })
const dialog = (page: Page, title: string | RegExp) => page.locator('.ant-modal').filter({ hasText: title })

/** The total the pagination states; an empty result shows the empty state (antd shows no pagination). */
const expectTotal = async (list: Locator, n: number) => {
  if (n > 0) await expect(list.locator('.ant-pagination-total-text')).toHaveText(`共 ${n} 条`)
  else {
    await expect(list.locator('.ant-table-tbody .ant-empty')).toBeVisible()
    await expect(rows(list)).toHaveCount(0)
  }
}

const search = async (list: Locator, label: string, value: string) => {
  await list.getByTestId('search-form').getByLabel(label).fill(value)
  await list.getByTestId('search-submit').click()
}

const pickOption = async (page: Page, field: Locator, option: string) => {
  await field.click()
  await page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true }).click()
}

const fillForm = async (page: Page, form: Locator, fields: Field[], s: Screen) => {
  for (const f of fields) {
    const label = f.label === '编码' || f.label === '名称' ? `${s.title}${f.label}` : f.label
    const input = form.getByLabel(label, { exact: true })
    if (f.kind === 'select') await pickOption(page, input, f.value)
    else await input.fill(f.value)
  }
}

const open = async (page: Page, s: Screen) => {
  await page.goto(s.url)
  await expect(rows(listOf(page, s)).first()).toBeVisible({ timeout: 30_000 })
  return listOf(page, s)
}

test.describe('every master-data screen, end to end', () => {
  for (const s of SCREENS) {
    test(`${s.title}: search, sort, page, add, edit, view, delete, batch delete`, async ({ page }) => {
      await signIn(page, 'admin')
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

      // view: every field, read-only
      await rowWith(list, `改${added}`)
        .getByRole('button', { name: /查\s*看/ })
        .click()
      const view = dialog(page, `查看${s.title}`)
      await expect(view.locator('.ant-descriptions')).toContainText(`改${added}`)
      await expect(view.locator('.ant-descriptions')).toContainText('启用')
      await view.locator('.ant-modal-close').click()
      await expect(view).toBeHidden()

      // delete one (after confirmation)
      await rowMenu(page, rowWith(list, `改${added}`), '删除')
      await okButton(page).click()
      await expectTotal(list, 12)

      // batch delete two selected rows
      for (const i of [1, 2]) await rowWith(list, keyOf(prefix, i)).getByRole('checkbox').check()
      await expect(list.getByTestId('selection-info')).toContainText('已选择 2 项')
      await list.getByTestId('batch').click()
      await page.locator('.ant-dropdown:visible').getByText('批量删除').click()
      await expect(page.locator('.ant-modal-confirm')).toContainText('2 条')
      await okButton(page).click()
      await expectTotal(list, 10)
      await expect(rowWith(list, keyOf(prefix, 1))).toHaveCount(0)
    })
  }
})

const workbookOf = async (download: Download) => {
  const wb = new ExcelJS.Workbook()
  await wb.xlsx.readFile(await download.path())
  const sheet = wb.worksheets[0] as ExcelJS.Worksheet
  const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1).map((v) => (v == null ? '' : String(v)))
  return { sheet, header: values(1), values }
}

const xlsx = async (header: string[], data: (string | number)[][]) => {
  const wb = new ExcelJS.Workbook()
  const sheet = wb.addWorksheet('Sheet1')
  sheet.addRow(header)
  for (const r of data) sheet.addRow(r)
  return Buffer.from(await wb.xlsx.writeBuffer())
}

const EXCEL: Record<string, { header: string[]; row: (key: string) => (string | number)[]; check: string }> = {
  supplier: {
    header: ['供应商编码', '供应商名称', '供应商类型', '国家'],
    row: (k) => [k, `名称${k}`, '原料', '中国'],
    check: '原料',
  },
  boxSpec: {
    header: ['箱规编码', '箱规名称', '外箱长（cm）', '外箱宽（cm）', '外箱高（cm）', '毛重（kg）'],
    row: (k) => [k, `名称${k}`, 60, 40, 30, 12.5],
    check: '1250.5',
  },
}

const importFile = async (page: Page, list: Locator, name: string, buffer: Buffer) => {
  await list.locator('input[type=file]').setInputFiles({
    name,
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer,
  })
  return page.getByTestId('import-result')
}

for (const name of ['supplier', 'boxSpec']) {
  const s = screenOf(name)
  const excel = EXCEL[name] as (typeof EXCEL)[string]
  test(`${s.title}: export, import with a bad row (nothing imported), import of a clean file`, async ({
    page,
    consoleErrors,
  }) => {
    consoleErrors.allow(/status of 400/)
    await signIn(page, 'admin')
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
    expect(body).toContain(excel.check)

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
    bad[1] = ''
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
  })
}

test('供应商: modify history and compare, super query with a saved query, a stale edit', async ({
  page,
  consoleErrors,
}) => {
  consoleErrors.allow(/status of 409/)
  const s = screenOf('supplier')
  await signIn(page, 'admin')
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
  await history.locator('.ant-modal-close').click()

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
  const found = await apiCall(page, 'get', `${s.base}/list?search=${encodeURIComponent(JSON.stringify({ code: key }))}`)
  const record = (found.records as Record<string, unknown>[])[0] as Record<string, unknown>
  await apiCall(page, 'put', `${s.base}/edit`, { id: record.id, version: record.version, name: '别人改的' })
  await form.getByLabel('供应商名称').fill('我改的')
  await page.getByTestId('record-save').click()
  await expect(page.locator('.ant-modal-confirm')).toContainText('数据已被他人修改')
  await page.getByRole('button', { name: '重新加载' }).click()
  await expect(form.getByLabel('供应商名称')).toHaveValue('别人改的')
  await page.getByTestId('record-save').click()
  await expect(page.locator('.ant-message')).toContainText('操作成功')
})

test('部门: a tree; the parent is chosen on add and cannot change afterwards', async ({ page }) => {
  const s = screenOf('department')
  await signIn(page, 'admin')
  const name = newPrefix()
  const list = await open(page, s)
  // the seeded tree: 物流部 under 物流中心 under 集团
  await expect(rowWith(list, '物流部')).toHaveClass(/ant-table-row-level-2/)
  await list.getByTestId('add').click()
  const form = page.getByTestId('record-form')
  await form.getByLabel('部门名称', { exact: true }).fill(name)
  await form.getByLabel('上级部门').fill('物流中心')
  await page.locator('.ant-select-dropdown:visible').getByTitle('物流中心', { exact: true }).click()
  await page.getByTestId('record-save').click()
  await expect(page.locator('.ant-message')).toContainText('操作成功')
  await expect(rowWith(list, name)).toHaveClass(/ant-table-row-level-2/)
  await expect(rowWith(list, name)).toContainText('A01A01A02')
  await rowWith(list, name)
    .getByRole('button', { name: /编\s*辑/ })
    .click()
  await expect(page.getByTestId('record-form').locator('.ant-select-disabled')).toContainText('物流中心')
})

const MENU_TEXT = {
  zh: { area: '基础数据', screens: ['供应商', '国家', '分公司', '仓库', '箱规', '部门', '职位'] },
  en: {
    area: 'Master data',
    screens: ['Suppliers', 'Countries', 'Branches', 'Warehouses', 'Box specifications', 'Departments', 'Positions'],
  },
}

for (const lang of ['zh', 'en'] as const) {
  test(`the seven screens as a user sees them (${lang})`, async ({ page }) => {
    await signIn(page, 'admin')
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
      // nothing wider than the window: no horizontal scrolling of the page or of the table
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
      expect(overflow, `${s.url} (${lang}) overflows`).toBeLessThanOrEqual(0)
      const table = list.locator('.ant-table-content')
      expect(await table.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(1)
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
