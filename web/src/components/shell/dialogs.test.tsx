import type { Depart, LoginResult, UserInfo } from '@app/contracts'
import { QueryClientProvider } from '@tanstack/react-query'
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { App as AntApp } from 'antd'
import type { ReactNode } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { hashPassword } from '../../api/hash.ts'
import { queryClient } from '../../api/queries.ts'
import { session } from '../../auth/session.ts'
import { initI18n, setLanguage } from '../../i18n/index.ts'
import { UserMenu } from '../../layout/UserMenu.tsx'
import { ChangePasswordModal } from './ChangePasswordModal.tsx'
import { DepartSwitchModal } from './DepartSwitchModal.tsx'

type Call = { method: string; path: string; body: unknown }

/** The server is the one part replaced: answers by method and path. */
const serve = (routes: Record<string, { status?: number; body: unknown }>) => {
  const calls: Call[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const path = new URL(url).pathname.replace(/^\/api/, '')
      const method = init.method ?? 'GET'
      calls.push({ method, path, body: init.body ? JSON.parse(String(init.body)) : undefined })
      const answer = routes[`${method} ${path}`] ?? { status: 404, body: { success: false, code: 404, message: 'no' } }
      return new Response(JSON.stringify(answer.body), {
        status: answer.status ?? 200,
        headers: { 'content-type': 'application/json' },
      })
    }),
  )
  return calls
}
const ok = (result: unknown) => ({ body: { success: true, code: 200, message: 'ok', result, timestamp: 1 } })

const user = (patch: Partial<UserInfo> = {}): UserInfo => ({
  id: 'u1',
  username: 'region_president',
  realname: '区域总裁',
  orgCode: 'A01',
  departName: '海外部',
  departNameEn: 'Overseas department',
  lang: 'zh',
  roles: ['region_president'],
  dataScope: 'department',
  ...patch,
})
const signIn = () => session.signIn({ token: 'tok', userInfo: user(), departs: [], dictList: [] } satisfies LoginResult)

const wrap = (node: ReactNode) =>
  render(
    <QueryClientProvider client={queryClient}>
      <AntApp>{node}</AntApp>
    </QueryClientProvider>,
  )
const okButton = () => screen.getByRole('button', { name: /确\s*定/ })

beforeEach(async () => {
  initI18n()
  await setLanguage('zh')
  queryClient.clear()
})
afterEach(() => {
  vi.unstubAllGlobals()
  session.clear()
})

describe('change password dialog', () => {
  const fill = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } })

  it('requires all three fields and an equal confirmation, then sends both passwords hashed', async () => {
    signIn()
    const calls = serve({ 'POST /sys/user/editPassword': ok(null) })
    const onClose = vi.fn()
    wrap(<ChangePasswordModal open onClose={onClose} />)
    fireEvent.click(okButton())
    expect(await screen.findByText('请输入旧密码')).toBeTruthy()
    expect(screen.getByText('请输入新密码')).toBeTruthy()
    expect(screen.getByText('请再次输入新密码')).toBeTruthy()

    fill(/^旧密码/, 'Demo@2026')
    fill(/^新密码/, 'Better@2026')
    fill(/^确认新密码/, 'Better@2027')
    fireEvent.click(okButton())
    expect(await screen.findByText('两次输入的密码不一致')).toBeTruthy()
    expect(calls).toHaveLength(0)

    fill(/^确认新密码/, 'Better@2026')
    fireEvent.click(okButton())
    await waitFor(() => expect(onClose).toHaveBeenCalled())
    expect(calls).toEqual([
      {
        method: 'POST',
        path: '/sys/user/editPassword',
        body: { oldPassword: hashPassword('Demo@2026'), newPassword: hashPassword('Better@2026') },
      },
    ])
  })

  it('shows the server’s refusal inside the dialog', async () => {
    signIn()
    serve({
      'POST /sys/user/editPassword': {
        status: 400,
        body: { success: false, code: 201020, message: '旧密码输入错误', result: null, timestamp: 1 },
      },
    })
    wrap(<ChangePasswordModal open onClose={() => {}} />)
    fill(/^旧密码/, 'Wrong@2026')
    fill(/^新密码/, 'Better@2026')
    fill(/^确认新密码/, 'Better@2026')
    fireEvent.click(okButton())
    expect((await screen.findByTestId('password-error')).textContent).toContain('旧密码输入错误')
  })

  it('will not open when no user is known', async () => {
    wrap(<UserMenu />)
    fireEvent.click(screen.getByTestId('user-menu'))
    fireEvent.click(await screen.findByRole('menuitem', { name: /修改密码/ }))
    expect(await screen.findByText('当前系统无登录用户！')).toBeTruthy()
    expect(screen.queryByRole('dialog')).toBeNull()
  })
})

describe('department switch dialog', () => {
  const departs: Depart[] = [
    { id: '1', orgCode: 'A01', departName: '海外部', departNameEn: 'Overseas department' },
    { id: '2', orgCode: 'A02', departName: '海外财务', departNameEn: 'Overseas finance' },
  ]

  it('says so when the user has no department', async () => {
    signIn()
    serve({ 'GET /sys/user/getCurrentUserDeparts': ok({ list: [], orgCode: null }) })
    wrap(<DepartSwitchModal open onClose={() => {}} />)
    expect(await screen.findByText('您尚未设置部门信息！')).toBeTruthy()
    expect(okButton().closest('button')?.disabled).toBe(true)
  })

  it('requires a department, then replaces the stored user info with the server’s', async () => {
    signIn()
    const calls = serve({
      'GET /sys/user/getCurrentUserDeparts': ok({ list: departs, orgCode: 'A01' }),
      'POST /sys/selectDepart': ok({ userInfo: user({ orgCode: 'A02', departName: '海外财务' }) }),
    })
    const onClose = vi.fn()
    const view = wrap(<DepartSwitchModal open onClose={onClose} />)
    expect(await screen.findByText('海外部 (当前)')).toBeTruthy()

    // cleared: the select shows its error state and nothing is sent
    fireEvent.click(view.baseElement.querySelector('.ant-select-clear') as Element)
    fireEvent.click(okButton())
    expect(await screen.findByText('请选择部门')).toBeTruthy()
    await waitFor(() => expect(view.baseElement.querySelector('.ant-form-item-has-error .ant-select')).not.toBeNull())
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0)

    fireEvent.mouseDown(view.baseElement.querySelector('.ant-select') as Element)
    fireEvent.click(await screen.findByText('海外财务'))
    await act(async () => {
      fireEvent.click(okButton())
    })
    await waitFor(() => expect(onClose).toHaveBeenCalled())
    expect(calls.find((c) => c.method === 'POST')).toEqual({
      method: 'POST',
      path: '/sys/selectDepart',
      body: { orgCode: 'A02', username: 'region_president' },
    })
    expect(session.get().userInfo?.departName).toBe('海外财务')
  })
})
