import type { MenuItem } from '@app/contracts'
import { describe, expect, it } from 'vitest'
import { greetingKey } from './greeting.ts'
import { findMenuByPath, isAppPath, menuTrail } from './menu.ts'

const item = (code: string, url: string, children: MenuItem[] = []): MenuItem => ({
  id: code,
  code,
  text: code,
  name: code,
  url,
  path: url,
  component: children.length ? 'layouts/RouteView' : `x/${code}`,
  icon: null,
  hidden: false,
  alwaysShow: false,
  route: true,
  redirect: null,
  meta: { title: code, titleId: 1, url, internalOrExternal: false, hidden: false, icon: null },
  children,
})

const tree = [item('md', '/md', [item('md_supplier', '/md/supplierList'), item('md_country', '/md/countryList')])]

describe('menu lookups', () => {
  it('finds the entry a path opens, ignoring a trailing slash', () => {
    expect(findMenuByPath(tree, '/md/countryList/')?.code).toBe('md_country')
    expect(findMenuByPath(tree, '/md')).toBeUndefined()
  })

  it('gives the trail from the top for breadcrumbs', () => {
    expect(menuTrail(tree, '/md/supplierList').map((m) => m.code)).toEqual(['md', 'md_supplier'])
  })

  it('knows the product’s paths from the shared catalogue', () => {
    expect(isAppPath('/sys/user')).toBe(true)
    expect(isAppPath('/sys/nothing')).toBe(false)
  })

  it('greets by the hour', () => {
    expect([3, 8, 12, 15, 20].map(greetingKey)).toEqual(['night', 'morning', 'noon', 'afternoon', 'evening'])
  })
})
