import type { AuthRule, PermissionList } from '@app/contracts'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { renderHook } from '@testing-library/react'
import type { ReactNode } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { permissionQuery } from '../api/queries.ts'
import { TabPaneContext } from '../layout/tabs/useTabPane.ts'
import {
  buttonState,
  clearButtonAuth,
  storeButtonAuth,
  storedButtonAuth,
  useButtonPermissions,
} from './permissions.tsx'

const rule = (action: string, type: '1' | '2', status: '0' | '1'): [string, AuthRule] => [
  action,
  { action, describe: action, type, status },
]

describe('button permission state', () => {
  const rules = new Map([
    rule('md_supplier:add', '1', '1'),
    rule('md_supplier:delete', '2', '1'),
    rule('md_supplier:export', '1', '0'),
  ])

  it('enables a granted button', () => {
    expect(buttonState('md_supplier:add', new Set(['md_supplier:add']), rules)).toBe('enabled')
  })
  it('hides an ungranted button of type 1 and disables one of type 2', () => {
    expect(buttonState('md_supplier:add', new Set(), rules)).toBe('hidden')
    expect(buttonState('md_supplier:delete', new Set(), rules)).toBe('disabled')
  })
  it('lets everyone use a button whose rule is inactive, or which has no rule', () => {
    expect(buttonState('md_supplier:export', new Set(), rules)).toBe('enabled')
    expect(buttonState('md_supplier:unknown', new Set(), rules)).toBe('enabled')
  })
})

describe('button permissions in a screen', () => {
  const list: PermissionList = {
    menu: [
      {
        id: 'm1',
        code: 'md_supplier',
        text: '供应商',
        name: 'md_supplier',
        url: '/md/supplierList',
        path: '/md/supplierList',
        component: 'masterdata/SupplierList',
        icon: null,
        hidden: false,
        alwaysShow: false,
        route: true,
        redirect: null,
        meta: {
          title: '供应商',
          titleId: 1,
          url: '/md/supplierList',
          internalOrExternal: false,
          hidden: false,
          icon: null,
        },
        children: [],
      },
    ],
    auth: [rule('md_supplier:add', '1', '1')[1]],
    allAuth: [rule('md_supplier:add', '1', '1')[1], rule('md_supplier:delete', '2', '1')[1]],
  }
  const pane = (tabKey: string) => ({ tabKey, path: tabKey, active: true, routeVersion: 0 })
  const wrapper =
    (client: QueryClient, tabKey: string | null) =>
    ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>
        {tabKey ? <TabPaneContext value={pane(tabKey)}>{children}</TabPaneContext> : children}
      </QueryClientProvider>
    )

  it('combines the current screen’s menu code with a button code', () => {
    const client = new QueryClient()
    client.setQueryData(permissionQuery.queryKey, list)
    const { result } = renderHook(() => useButtonPermissions(), { wrapper: wrapper(client, '/md/supplierList') })
    expect(result.current.menuCode).toBe('md_supplier')
    expect(result.current.canButton('add')).toBe(true)
    expect(result.current.canButton('delete')).toBe(false)
    expect(result.current.state('md_supplier:delete')).toBe('disabled')
  })

  it('uses the lists kept in session storage until the server has answered', () => {
    vi.stubGlobal('fetch', () => new Promise(() => {}))
    storeButtonAuth(list)
    const { result } = renderHook(() => useButtonPermissions(), { wrapper: wrapper(new QueryClient(), null) })
    expect(result.current.can('md_supplier:add')).toBe(true)
    expect(result.current.state('md_supplier:delete')).toBe('disabled')
    clearButtonAuth()
    expect(storedButtonAuth()).toBeNull()
    vi.unstubAllGlobals()
  })
})
