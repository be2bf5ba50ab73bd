import type { MenuItem } from '@app/contracts'
import { useQuery } from '@tanstack/react-query'
import { Menu, type MenuProps } from 'antd'
import { useMemo, useState } from 'react'
import { useLocation } from 'react-router'
import { permissionQuery } from '../api/queries.ts'
import { useCodeText } from '../auth/code-table.ts'
import { menuIcon } from './icons.tsx'
import { flattenMenuItems, menuTrail } from './menu.ts'
import { tabKeyOf } from './page-target.ts'
import { useOpenMenuEntry } from './useOpenMenuEntry.ts'

type AntItem = Required<MenuProps>['items'][number]

type Props = {
  mode: 'inline' | 'horizontal'
  theme: 'light' | 'dark'
  collapsed?: boolean
  onNavigate?: () => void
}

/** The menu of the user's permission list (SPEC 2), as the sider's tree or the top bar's menu. */
export const NavMenu = ({ mode, theme, collapsed = false, onNavigate }: Props) => {
  const { pathname } = useLocation()
  const { data } = useQuery(permissionQuery)
  const codeText = useCodeText()
  const openEntry = useOpenMenuEntry()
  const menu = data?.menu ?? []
  const byKey = useMemo(() => new Map(flattenMenuItems(menu).map((m) => [m.url, m])), [menu])

  const items = useMemo(() => {
    const toItem = (m: MenuItem): AntItem => {
      const label = codeText(m.meta.titleId, m.meta.title)
      const visible = m.children.filter((c) => !c.hidden)
      return visible.length > 0
        ? { key: m.url, icon: menuIcon(m.icon), label, children: visible.map(toItem) }
        : { key: m.url, icon: menuIcon(m.icon), label }
    }
    return menu.filter((m) => !m.hidden).map(toItem)
  }, [menu, codeText])

  const active = tabKeyOf(pathname)
  const trailKeys = menuTrail(menu, active)
    .slice(0, -1)
    .map((m) => m.url)
  const [openKeys, setOpenKeys] = useState<string[]>(trailKeys)
  // opening a screen from elsewhere (a tab, the search) unfolds its folder
  const [seenPath, setSeenPath] = useState(active)
  if (seenPath !== active) {
    setSeenPath(active)
    const missing = trailKeys.filter((k) => !openKeys.includes(k))
    if (missing.length > 0) setOpenKeys([...openKeys, ...missing])
  }

  const onClick: MenuProps['onClick'] = ({ key }) => {
    const entry = byKey.get(key)
    if (!entry) return
    openEntry(entry)
    onNavigate?.()
  }

  const folding = mode === 'inline' && !collapsed ? { openKeys, onOpenChange: setOpenKeys } : {}
  return (
    <Menu
      theme={theme}
      mode={mode}
      items={items}
      selectedKeys={[active]}
      onClick={onClick}
      className="shell-nav-menu"
      data-testid="side-menu"
      style={mode === 'horizontal' ? { flex: 1, minWidth: 0, borderBottom: 'none' } : { borderInlineEnd: 'none' }}
      {...folding}
    />
  )
}
