import type { MenuItem } from '@app/contracts'
import { renderHook } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { pageFor } from '../pages/registry.tsx'
import { menuScreens, usePreloadMenuScreens } from './usePreloadMenuScreens.ts'

const item = (code: string, url: string, component: string, children: MenuItem[] = []): MenuItem => ({
  id: code,
  code,
  text: code,
  name: code,
  url,
  path: url,
  component,
  icon: null,
  hidden: false,
  alwaysShow: false,
  route: true,
  redirect: null,
  meta: { title: code, titleId: 1, url, internalOrExternal: false, hidden: false, icon: null },
  children,
})

const menu = [
  item('md', '/md', 'layouts/RouteView', [
    item('md_supplier', '/md/supplierList', 'masterdata/SupplierList'),
    item('md_country', '/md/countryList', 'masterdata/CountryList'),
    // a screen the web does not have, and a link that opens elsewhere
    item('md_missing', '/md/missing', 'masterdata/Missing'),
    item('md_docs', 'https://example.com/docs', 'layouts/IframePageView'),
  ]),
  item('sale', '/sale', 'layouts/RouteView', [item('sale_order', '/sale/orderList', 'sales/OrderList')]),
  item('sale_again', '/sale/orderList2', 'sales/OrderList'),
]

const LAZY = Symbol.for('react.lazy')
const isLazy = (component: unknown) => (component as { $$typeof?: symbol }).$$typeof === LAZY

describe('preloading the menu’s screens', () => {
  it('takes the menu’s own views in menu order, each once', () => {
    expect(menuScreens(menu)).toEqual(['masterdata/SupplierList', 'masterdata/CountryList', 'sales/OrderList'])
  })

  it('fetches one per idle moment; a view whose code has arrived is shown without a lazy wrapper', async () => {
    const idle: (() => void)[] = []
    Object.assign(window, {
      requestIdleCallback: (run: () => void) => idle.push(run),
      cancelIdleCallback: () => undefined,
    })
    renderHook(() =>
      usePreloadMenuScreens([
        item('md_country', '/md/countryList', 'masterdata/CountryList'),
        item('md_depot', '/md/depotList', 'masterdata/DepotList'),
      ]),
    )
    // nothing is fetched until the page is idle
    expect(idle).toHaveLength(1)
    idle.shift()?.()
    // the next screen waits for the first one's code and the next idle moment
    await vi.waitFor(() => expect(idle).toHaveLength(1), { timeout: 20_000 })
    expect(isLazy(pageFor('masterdata/CountryList'))).toBe(false)
    // a view asked for before its code arrived stays the lazy one it was first given
    const depots = pageFor('masterdata/DepotList')
    expect(isLazy(depots)).toBe(true)
    expect(pageFor('masterdata/DepotList')).toBe(depots)
  }, 30_000)
})
