import { describe, expect, it } from 'vitest'
import { HOME_PATH } from '../../config/constants.ts'
import { nextActive, openTab, refreshTab, restoreTabs, type Tab, tabsClosedBy } from './tab-model.ts'

const open = (...paths: string[]) =>
  paths.reduce<Tab[]>(
    (tabs, path) => openTab(tabs, path.split('?')[0] ?? path, path),
    restoreTabs(null, () => true),
  )

const keysOf = (tabs: readonly Tab[]) => tabs.map((t) => t.key)

describe('open tabs', () => {
  it('always starts with the home tab and appends each new screen once', () => {
    const tabs = open('/sys/user', '/md/supplierList', '/sys/user')
    expect(keysOf(tabs)).toEqual([HOME_PATH, '/sys/user', '/md/supplierList'])
  })

  it('counts a route change when an open screen is shown with another query, keeping its place', () => {
    const before = open('/sale/orderList', '/sys/user')
    const after = openTab(before, '/sale/orderList', '/sale/orderList?busObjNo=SO-1')
    expect(keysOf(after)).toEqual(keysOf(before))
    const order = after.find((t) => t.key === '/sale/orderList')
    expect(order?.path).toBe('/sale/orderList?busObjNo=SO-1')
    expect(order?.routeVersion).toBe(1)
    expect(openTab(after, '/sale/orderList', '/sale/orderList?busObjNo=SO-1')).toBe(after)
  })

  it('restores stored tabs, dropping duplicates, malformed rows and paths that no longer open', () => {
    const stored = [
      { key: '/md/countryList', path: '/md/countryList', title: '国家' },
      { key: '/md/countryList', path: '/md/countryList', title: 'dup' },
      { key: '/gone', path: '/gone', title: 'x' },
      { nonsense: true },
      { key: HOME_PATH, path: HOME_PATH, title: '首页' },
    ]
    const tabs = restoreTabs(stored, (key) => key !== '/gone')
    expect(keysOf(tabs)).toEqual([HOME_PATH, '/md/countryList'])
    expect(restoreTabs('not a list', () => true).map((t) => t.key)).toEqual([HOME_PATH])
  })

  it('refresh changes only that tab’s version', () => {
    const tabs = refreshTab(open('/a', '/b'), '/a')
    expect(tabs.map((t) => t.version)).toEqual([0, 1, 0])
  })
})

describe('closing tabs', () => {
  const tabs = open('/a', '/b', '/c', '/d')

  it('closes left, right, others and one, never home', () => {
    expect(keysOf(tabsClosedBy(tabs, 'closeLeft', '/c'))).toEqual(['/a', '/b'])
    expect(keysOf(tabsClosedBy(tabs, 'closeRight', '/b'))).toEqual(['/c', '/d'])
    expect(keysOf(tabsClosedBy(tabs, 'closeOthers', '/b'))).toEqual(['/a', '/c', '/d'])
    expect(keysOf(tabsClosedBy(tabs, 'close', '/b'))).toEqual(['/b'])
    expect(tabsClosedBy(tabs, 'close', HOME_PATH)).toEqual([])
    expect(keysOf(tabsClosedBy(tabs, 'closeOthers', HOME_PATH))).toEqual(['/a', '/b', '/c', '/d'])
  })

  it('shows the right neighbour after closing the shown tab, else the left one', () => {
    expect(nextActive(tabs, tabsClosedBy(tabs, 'close', '/b'), '/b', 'close', '/b')?.key).toBe('/c')
    expect(nextActive(tabs, tabsClosedBy(tabs, 'close', '/d'), '/d', 'close', '/d')?.key).toBe('/c')
  })

  it('shows the tab the action was chosen on when the shown one is among those closed', () => {
    expect(nextActive(tabs, tabsClosedBy(tabs, 'closeOthers', '/b'), '/d', 'closeOthers', '/b')?.key).toBe('/b')
    expect(nextActive(tabs, tabsClosedBy(tabs, 'closeRight', '/a'), '/a', 'closeRight', '/a')).toBeNull()
  })
})
