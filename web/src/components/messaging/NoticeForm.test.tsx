import type { Notice, PermissionList } from '@app/contracts'
import { QueryClientProvider } from '@tanstack/react-query'
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { App as AntApp } from 'antd'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { keys, queryClient } from '../../api/queries.ts'
import { initI18n, setLanguage } from '../../i18n/index.ts'
import { NoticeForm } from './NoticeForm.tsx'

type Call = { method: string; path: string; body: unknown }

/** The server is the one part replaced: answers by method and path. */
const serve = (routes: Record<string, unknown>) => {
  const calls: Call[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const path = new URL(url).pathname.replace(/^\/api/, '')
      const method = init.method ?? 'GET'
      calls.push({ method, path, body: init.body ? JSON.parse(String(init.body)) : undefined })
      const key = `${method} ${path}`
      const result = typeof routes[key] === 'function' ? (routes[key] as () => unknown)() : routes[key]
      const body =
        key in routes
          ? { success: true, code: 200, message: 'ok', result, timestamp: 1 }
          : { success: false, code: 201016, message: 'no', result: null, timestamp: 1 }
      return new Response(JSON.stringify(body), { status: key in routes ? 200 : 404 })
    }),
  )
  return calls
}

const rule = (action: string) => ({ action, describe: action, type: '1' as const, status: '1' as const })
const grant = (...actions: string[]) =>
  queryClient.setQueryData<PermissionList>(keys.permissions, {
    menu: [],
    auth: actions.map(rule),
    allAuth: ['sys_notice:add', 'sys_notice:edit', 'sys_notice:publish'].map(rule),
  })

const notice: Notice = {
  id: '11111111-1111-4111-8111-111111111111',
  title: 'Stock count',
  content: '<p>Count <strong>everything</strong></p>',
  titleEn: 'Inventory',
  contentEn: '<p>Count it all</p>',
  noticeType: 'announcement',
  openType: 'detail',
  openUrl: null,
  targetType: 'roles',
  targetIds: ['22222222-2222-4222-8222-222222222222'],
  status: 'draft',
  sender: null,
  publishTime: null,
  withdrawTime: null,
  createTime: '2026-11-22T00:00:00.000Z',
  version: 3,
}
const targets = {
  departments: [{ id: '33333333-3333-4333-8333-333333333333', orgCode: 'A01', name: '集团', nameEn: 'Group' }],
  roles: [{ id: '22222222-2222-4222-8222-222222222222', code: 'branch_finance', name: '分公司财务', nameEn: null }],
}

const wrap = (node: React.ReactNode) =>
  render(
    <QueryClientProvider client={queryClient}>
      <AntApp>{node}</AntApp>
    </QueryClientProvider>,
  )

beforeEach(async () => {
  initI18n()
  await setLanguage('zh')
  queryClient.clear()
})
afterEach(() => vi.unstubAllGlobals())

describe('notice form', () => {
  it('loads a notice, and saves the draft with its id and version, its English title and text too', async () => {
    grant('sys_notice:add', 'sys_notice:edit', 'sys_notice:publish')
    const calls = serve({
      'GET /sys/notice/queryForEdit': notice,
      'GET /sys/notice/targetOptions': targets,
      'POST /sys/notice/saveDraft': { ...notice, title: 'Stock count, updated', version: 4 },
    })
    const onSaved = vi.fn()
    wrap(<NoticeForm noticeId={notice.id} onSaved={onSaved} />)
    const title = await screen.findByDisplayValue('Stock count')
    fireEvent.change(title, { target: { value: 'Stock count, updated' } })
    await waitFor(() => expect(screen.getAllByTestId('rich-text-editor')[0]?.textContent).toContain('everything'))
    await waitFor(() => expect(screen.getAllByTestId('rich-text-editor')[1]?.textContent).toContain('Count it all'))
    fireEvent.click(screen.getByTestId('notice-save-draft'))
    await waitFor(() => expect(onSaved).toHaveBeenCalled())
    const save = calls.find((c) => c.path === '/sys/notice/saveDraft')
    expect(save?.body).toEqual({
      id: notice.id,
      version: 3,
      title: 'Stock count, updated',
      content: '<p>Count <strong>everything</strong></p>',
      titleEn: 'Inventory',
      contentEn: '<p>Count it all</p>',
      noticeType: 'announcement',
      openType: 'detail',
      openUrl: null,
      targetType: 'roles',
      targetIds: notice.targetIds,
    })
  })

  it('requires a title and content before anything is sent', async () => {
    grant('sys_notice:add', 'sys_notice:publish')
    const calls = serve({ 'GET /sys/notice/targetOptions': targets })
    wrap(<NoticeForm />)
    fireEvent.click(await screen.findByTestId('notice-save-draft'))
    expect(await screen.findByText('请填写标题')).toBeTruthy()
    expect(await screen.findByText('请填写内容')).toBeTruthy()
    expect(calls.some((c) => c.method === 'POST')).toBe(false)
  })

  it('offers publish only with the publish button key', async () => {
    grant('sys_notice:add')
    serve({ 'GET /sys/notice/targetOptions': targets })
    wrap(<NoticeForm />)
    await screen.findByTestId('notice-save-draft')
    expect(screen.queryByTestId('notice-publish')).toBeNull()
  })
})
