import { type LoginResult, SupplierInputSchema, supplierResource } from '@app/contracts'
import { QueryClientProvider } from '@tanstack/react-query'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { App as AntApp } from 'antd'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { queryClient } from '../../api/queries.ts'
import { session } from '../../auth/session.ts'
import { initI18n, setLanguage } from '../../i18n/index.ts'
import { TabPaneContext } from '../../layout/tabs/useTabPane.ts'
import { renderTabs } from '../../test/render-tabs.tsx'
import { ListPage } from './ListPage.tsx'
import { defineList, type ListDeclaration } from './types.ts'

type Call = { method: string; path: string; query: URLSearchParams; body: unknown }
type Answer = { status?: number; body: unknown }
type Route = Answer | ((call: Call) => Answer | Promise<Answer>)

const ok = (result: unknown): Answer => ({ body: { success: true, code: 200, message: 'ok', result, timestamp: 1 } })
const refused = (status: number, code: number, message: string, result: unknown = null): Answer => ({
  status,
  body: { success: false, code, message, result, timestamp: 1 },
})

/** The server is the one part replaced: answers by method and path, and records every call. */
const serve = (routes: Record<string, Route>) => {
  const calls: Call[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL, init: RequestInit = {}) => {
      const url = new URL(String(input))
      const call: Call = {
        method: init.method ?? 'GET',
        path: url.pathname.replace(/^\/api/, ''),
        query: url.searchParams,
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      }
      calls.push(call)
      const route = routes[`${call.method} ${call.path}`]
      const answer = typeof route === 'function' ? await route(call) : (route ?? refused(404, 201016, 'not found'))
      return new Response(JSON.stringify(answer.body), {
        status: answer.status ?? 200,
        headers: { 'content-type': 'application/json' },
      })
    }),
  )
  return calls
}

/** An answer held back until released: what the screen shows while it waits. */
const hold = () => {
  let release = () => {}
  const until = new Promise<void>((resolve) => {
    release = resolve
  })
  return { until, release }
}

/** Whether a table's loading overlay is showing. */
const spinning = () => document.querySelector('.ant-spin-spinning') !== null

const CN = '00000000-0000-4000-8000-000000000001'
const supplier = (i: number, patch: Record<string, unknown> = {}) => ({
  id: `00000000-0000-4000-8000-0000000001${String(i).padStart(2, '0')}`,
  version: 1,
  code: `S${String(i).padStart(3, '0')}`,
  name: `供应商${i}`,
  nameEn: null,
  supplierType: 'raw',
  countryId: CN,
  contactPerson: '张伟',
  phone: null,
  email: null,
  address: null,
  taxNumber: null,
  bankName: null,
  bankAccount: null,
  remark: null,
  status: '1',
  createAt: '2026-03-04T05:06:07.000Z',
  updateAt: null,
  ...patch,
})

const dictList = [
  { dicTypeCode: 'status', dicCode: '1', dicName: '启用', dicTypeId: 1, textId: 101807 },
  { dicTypeCode: 'status', dicCode: '2', dicName: '停用', dicTypeId: 1, textId: 101808 },
  { dicTypeCode: 'supplier_type', dicCode: 'raw', dicName: '原料', dicTypeId: 2, textId: 101201 },
  { dicTypeCode: 'supplier_type', dicCode: 'finished', dicName: '成品', dicTypeId: 2, textId: 101202 },
]

const baseRoutes = (records: unknown[]): Record<string, Route> => ({
  'GET /md/supplier/list': ok({ records, total: 23, size: 10, current: 1, pages: 3 }),
  'GET /md/country/getListAll': ok([{ id: CN, version: 1, name: '中国', code: 'CN' }]),
  'GET /sys/dict/items': ok(dictList),
  'GET /sys/code/all': ok([
    { id: 101807, zh: '启用', en: 'Enabled' },
    { id: 101201, zh: '原料', en: 'Raw material' },
  ]),
  'GET /sys/permission/getPermissionList': ok({ menu: [], auth: [], allAuth: [] }),
  'GET /sys/duplicate/check': ok(null),
})

const list = defineList({ resource: supplierResource, input: SupplierInputSchema, table: 'md_supplier' })

/** A tab's screen in the shell: the supplier list, or another screen. */
const SupplierTab = ({ path }: { path: string }) => (path === '/md/supplierList' ? <ListPage list={list} /> : <div />)

const renderPage = (declaration: ListDeclaration = list, url = '/md/supplierList') =>
  render(
    <QueryClientProvider client={queryClient}>
      <TabPaneContext.Provider value={{ tabKey: url.split('?')[0]!, path: url, active: true, routeVersion: 0 }}>
        <AntApp>
          <ListPage list={declaration} />
        </AntApp>
      </TabPaneContext.Provider>
    </QueryClientProvider>,
  )

beforeEach(async () => {
  initI18n()
  await setLanguage('zh')
  queryClient.clear()
  session.signIn({
    token: 'tok',
    userInfo: {
      id: 'u1',
      username: 'admin',
      realname: '管理员',
      orgCode: 'A01',
      departName: '集团',
      departNameEn: 'Group',
      lang: 'zh',
      roles: ['sys_admin'],
      dataScope: 'all',
    },
    departs: [],
    dictList,
  } as LoginResult)
})

afterEach(() => {
  vi.unstubAllGlobals()
  session.clear()
})

const row = (text: string) => screen.getByText(text).closest('tr') as HTMLElement

describe('ListPage', () => {
  it('shows the server page: dictionary texts, reference labels, dates, paging and sorting', async () => {
    const calls = serve(baseRoutes([supplier(1, { taxNumber: '1234567890123456789012345678' })]))
    renderPage()
    await screen.findByText('S001')
    const first = row('S001')
    expect(within(first).getByText('原料')).toBeTruthy()
    await within(first).findByText('中国')
    expect(within(first).getByText('启用')).toBeTruthy()
    expect(first.textContent).toMatch(/2026-03-04 \d{2}:06:07/)
    // 28 characters: cut at 25 with the whole text in a tooltip
    expect(within(first).getByText('1234567890123456789012345…')).toBeTruthy()
    expect(screen.getByText('共 23 条')).toBeTruthy()
    const listCall = calls.find((c) => c.path === '/md/supplier/list')
    expect(listCall?.query.get('column')).toBe('createAt')
    expect(listCall?.query.get('order')).toBe('desc')
    expect(listCall?.query.get('pageSize')).toBe('10')

    fireEvent.click(within(screen.getByTestId('list-table')).getAllByText('供应商编码')[0] as HTMLElement)
    await waitFor(() => expect(calls.some((c) => c.query.get('column') === 'code')).toBe(true))
    expect(calls.find((c) => c.query.get('column') === 'code')?.query.get('order')).toBe('asc')
  })

  it('searches with the search form and resets to the first page', async () => {
    const calls = serve(baseRoutes([supplier(1)]))
    renderPage()
    await screen.findByText('S001')
    fireEvent.change(within(screen.getByTestId('search-form')).getByLabelText('供应商名称'), {
      target: { value: ' 健康 ' },
    })
    fireEvent.click(screen.getByTestId('search-submit'))
    await waitFor(() => expect(calls.some((c) => c.query.get('search') === '{"name":"健康"}')).toBe(true))
    expect(calls.at(-1)?.query.get('pageNo')).toBe('1')
  })

  it('searching again for the same thing shows the rows as they stand now', async () => {
    let records = [supplier(1)]
    let gate: Promise<void> | undefined
    const calls = serve({
      ...baseRoutes([]),
      'GET /md/supplier/list': async () => {
        await gate
        return ok({ records, total: records.length, size: 10, current: 1, pages: 1 })
      },
    })
    renderPage()
    await screen.findByText('S001')
    const lists = () => calls.filter((c) => c.path.endsWith('/list')).length
    const before = lists()
    // someone else adds a supplier meanwhile; the form still holds what was searched
    records = [supplier(1), supplier(2)]
    const answer = hold()
    gate = answer.until
    fireEvent.click(screen.getByTestId('search-submit'))
    // the person asked: the table says it is loading until the rows come
    await waitFor(() => expect(lists()).toBe(before + 1))
    await waitFor(() => expect(spinning()).toBe(true))
    answer.release()
    expect(await screen.findByText('S002')).toBeTruthy()
    await waitFor(() => expect(spinning()).toBe(false))
    expect(lists()).toBe(before + 1)
  })

  it('opened again, shows the rows as they stand now, not as they were when it was closed', async () => {
    let records = [supplier(1)]
    serve({
      ...baseRoutes([]),
      'GET /md/supplier/list': () => ok({ records, total: records.length, size: 10, current: 1, pages: 1 }),
    })
    const first = renderPage()
    await screen.findByText('S001')
    first.unmount()
    // someone else adds a supplier while the screen is closed; it is opened again a moment later
    records = [supplier(1), supplier(2)]
    renderPage()
    expect(await screen.findByText('S002')).toBeTruthy()
  })

  it('its tab shown again, shows the rows as they stand now, without a loading overlay, and keeps the page it was on', async () => {
    let records = [supplier(1)]
    let gate: Promise<void> | undefined
    const calls = serve({
      ...baseRoutes([]),
      'GET /md/supplier/list': async () => {
        await gate
        return ok({ records, total: 23, size: 10, current: 1, pages: 3 })
      },
    })
    // the shell's tabs: the supplier list and another screen, one in front at a time
    const { show: front } = renderTabs({
      page: SupplierTab,
      wrap: (panes) => (
        <QueryClientProvider client={queryClient}>
          <AntApp>{panes}</AntApp>
        </QueryClientProvider>
      ),
    })
    front('/md/supplierList')
    await screen.findByText('S001')
    fireEvent.click(screen.getByTitle('2'))
    await waitFor(() => expect(calls.some((c) => c.query.get('pageNo') === '2')).toBe(true))
    front('/sys/user')
    // someone else changes a supplier on that page while another tab is in front
    records = [supplier(11, { name: '改过的供应商' })]
    const answer = hold()
    gate = answer.until
    front('/md/supplierList')
    // the rows it showed stay in view, with no overlay over them, while it asks again
    await waitFor(() => expect(calls.filter((c) => c.path.endsWith('/list'))).toHaveLength(3))
    expect(screen.getByText('供应商1')).toBeTruthy()
    expect(spinning()).toBe(false)
    answer.release()
    expect(await screen.findByText('改过的供应商')).toBeTruthy()
    const lists = calls.filter((c) => c.path.endsWith('/list'))
    expect(lists.map((c) => c.query.get('pageNo'))).toEqual(['1', '2', '2'])
  })

  it('starts from the search its URL gives (a dashboard tile) and shows it in the form', async () => {
    const calls = serve(baseRoutes([supplier(1)]))
    renderPage(list, '/md/supplierList?name=%E5%81%A5%E5%BA%B7&busObjNo=X')
    await screen.findByText('S001')
    expect(calls.find((c) => c.path.endsWith('/list'))?.query.get('search')).toBe('{"name":"健康"}')
    expect(within(screen.getByTestId('search-form')).getByLabelText('供应商名称')).toHaveProperty('value', '健康')
  })

  it('refuses batch delete without a selection, then deletes the selected rows after confirmation', async () => {
    const calls = serve({
      ...baseRoutes([supplier(1), supplier(2)]),
      'DELETE /md/supplier/deleteBatch': ok(null),
    })
    renderPage()
    await screen.findByText('S002')
    fireEvent.click(screen.getByTestId('batch'))
    fireEvent.click(await screen.findByText('批量删除'))
    expect(await screen.findByText('请选择一条记录')).toBeTruthy()
    expect(calls.some((c) => c.path.endsWith('deleteBatch'))).toBe(false)

    fireEvent.click(within(row('S001')).getByRole('checkbox'))
    fireEvent.click(within(row('S002')).getByRole('checkbox'))
    expect(screen.getByTestId('selection-info').textContent).toContain('已选择 2 项')
    fireEvent.click(screen.getByTestId('batch'))
    fireEvent.click(await screen.findByText('批量删除'))
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定/ }))
    await waitFor(() => expect(calls.some((c) => c.path === '/md/supplier/deleteBatch')).toBe(true))
    const del = calls.find((c) => c.path === '/md/supplier/deleteBatch')
    expect(del?.query.get('ids')?.split(',').sort()).toEqual([supplier(1).id, supplier(2).id].sort())
  })

  it('adds a record: required fields first, then the server refusals on their fields', async () => {
    const calls = serve({
      ...baseRoutes([supplier(1)]),
      'GET /sys/duplicate/check': (c) =>
        c.query.get('fieldVal') === 'S001' ? refused(409, 201029, '该值已存在') : ok(null),
      'POST /md/supplier/add': refused(400, 201017, '参数错误', [
        { path: 'email', code: 'invalid_format', message: '无效的邮箱' },
      ]),
    })
    renderPage()
    await screen.findByText('S001')
    fireEvent.click(screen.getByTestId('add'))
    const dialog = await screen.findByTestId('record-form')
    fireEvent.click(screen.getByTestId('record-save'))
    expect(await within(dialog).findByText('请填写供应商编码')).toBeTruthy()
    expect(within(dialog).getByText('请填写供应商名称')).toBeTruthy()
    expect(calls.some((c) => c.path === '/md/supplier/add')).toBe(false)

    fireEvent.change(within(dialog).getByLabelText('供应商编码'), { target: { value: 'S001' } })
    expect(await within(dialog).findByText('该值已存在')).toBeTruthy()
    fireEvent.change(within(dialog).getByLabelText('供应商编码'), { target: { value: 'S100' } })
    fireEvent.change(within(dialog).getByLabelText('供应商名称'), { target: { value: '新供应商' } })
    await waitFor(() => expect(within(dialog).queryByText('该值已存在')).toBeNull())
    // supplier type is a required select: pick through the keyboard-free antd way
    fireEvent.mouseDown(within(dialog).getByLabelText('供应商类型'))
    fireEvent.click(await screen.findByTitle('原料'))
    fireEvent.click(screen.getByTestId('record-save'))
    expect(await within(dialog).findByText('无效的邮箱')).toBeTruthy()
    const add = calls.find((c) => c.path === '/md/supplier/add')
    expect(add?.body).toMatchObject({ code: 'S100', name: '新供应商', supplierType: 'raw', status: '1', email: null })
  })

  it('sends the version with an edit and offers a reload when it was stale', async () => {
    let reads = 0
    const calls = serve({
      ...baseRoutes([supplier(1)]),
      'GET /md/supplier/queryById': () =>
        ok(supplier(1, { version: reads++ === 0 ? 1 : 2, name: `供应商1-v${reads}` })),
      'PUT /md/supplier/edit': refused(409, 201018, '数据已变更，请刷新后重试'),
    })
    renderPage()
    await screen.findByText('S001')
    fireEvent.click(within(row('S001')).getByRole('button', { name: /编\s*辑/ }))
    const dialog = await screen.findByTestId('record-form')
    await waitFor(() =>
      expect((within(dialog).getByLabelText('供应商名称') as HTMLInputElement).value).toBe('供应商1-v1'),
    )
    fireEvent.click(screen.getByTestId('record-save'))
    expect((await screen.findAllByText('数据已被他人修改')).length).toBeGreaterThan(0)
    const edits = calls.filter((c) => c.path === '/md/supplier/edit')
    expect(edits).toHaveLength(1)
    expect(edits[0]?.body).toMatchObject({ id: supplier(1).id, version: 1 })
    fireEvent.click(screen.getByRole('button', { name: '重新加载' }))
    await waitFor(() =>
      expect((within(dialog).getByLabelText('供应商名称') as HTMLInputElement).value).toBe('供应商1-v2'),
    )
  })

  it("takes no input in an edit's fields until the record is in them", async () => {
    let answer: () => void = () => {}
    const held = new Promise<void>((resolve) => {
      answer = resolve
    })
    serve({
      ...baseRoutes([supplier(1)]),
      'GET /md/supplier/queryById': async () => {
        await held
        return ok(supplier(1, { name: '供应商1-已存' }))
      },
    })
    renderPage()
    await screen.findByText('S001')
    fireEvent.click(within(row('S001')).getByRole('button', { name: /编\s*辑/ }))
    const dialog = await screen.findByTestId('record-form')
    const name = within(dialog).getByLabelText('供应商名称') as HTMLInputElement
    expect(name.disabled).toBe(true)
    answer()
    await waitFor(() => expect(name.disabled).toBe(false))
    expect(name.value).toBe('供应商1-已存')
  })

  it('says a toolbar action succeeded and reloads only when the click itself changed rows', async () => {
    const calls = serve(baseRoutes([supplier(1)]))
    const opened: string[] = []
    const changed: string[] = []
    renderPage(
      defineList({
        resource: supplierResource,
        input: SupplierInputSchema,
        toolbar: [
          { key: 'open', perm: 'view', label: '打开', selection: 'one', onClick: ([r]) => void opened.push(r!.id) },
          {
            key: 'change',
            perm: 'status',
            label: '改变',
            selection: 'one',
            changes: true,
            onClick: async ([r]) => void changed.push(r!.id),
          },
        ],
      }),
    )
    await screen.findByText('S001')
    fireEvent.click(within(row('S001')).getByRole('checkbox'))
    const lists = () => calls.filter((c) => c.path === '/md/supplier/list').length
    const before = lists()
    fireEvent.click(screen.getByRole('button', { name: /打\s*开/ }))
    await waitFor(() => expect(opened).toEqual([supplier(1).id]))
    // a dialog opened: nothing happened yet, so no success and no reload
    await new Promise((r) => setTimeout(r, 300))
    expect(screen.queryByText('操作成功')).toBeNull()
    expect(lists()).toBe(before)
    fireEvent.click(screen.getByRole('button', { name: /改\s*变/ }))
    expect(await screen.findByText('操作成功')).toBeTruthy()
    expect(changed).toEqual([supplier(1).id])
    await waitFor(() => expect(lists()).toBeGreaterThan(before))
  })
})
