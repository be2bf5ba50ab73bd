import type { MenuItem } from '@app/contracts'
import { useQuery } from '@tanstack/react-query'
import { Breadcrumb, Layout, Menu, type MenuProps, theme } from 'antd'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, Outlet, useLocation, useNavigate } from 'react-router'
import { permissionQuery } from '../api/queries.ts'
import { useCodeText } from '../auth/code-table.ts'
import { HOME_PATH } from '../config/constants.ts'
import { menuIcon } from './icons.tsx'
import { LanguageSelect } from './LanguageSelect.tsx'
import { menuTrail } from './menu.ts'
import { UserMenu } from './UserMenu.tsx'
import { useSystemTitle } from './useSystemTitle.ts'

type AntItem = Required<MenuProps>['items'][number]

/** The main layout: menu from the server's permission list, header, content (SPEC 2). */
export const BasicLayout = () => {
  const { t } = useTranslation()
  const { pathname } = useLocation()
  const navigate = useNavigate()
  const { token } = theme.useToken()
  const { data } = useQuery(permissionQuery)
  const codeText = useCodeText()
  const systemTitle = useSystemTitle()
  const menu = data?.menu ?? []

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

  const trail = menuTrail(menu, pathname)
  const openKeys = trail.slice(0, -1).map((m) => m.url)

  const onMenuClick: MenuProps['onClick'] = ({ key }) => navigate(key)

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider width={200} breakpoint="lg" collapsedWidth={80} theme="dark" data-testid="sider">
        <Link
          to="/"
          style={{
            display: 'block',
            color: '#fff',
            fontWeight: 600,
            padding: '16px',
            whiteSpace: 'nowrap',
            overflow: 'hidden',
            textOverflow: 'ellipsis',
          }}
        >
          {systemTitle}
        </Link>
        <Menu
          theme="dark"
          mode="inline"
          items={items}
          selectedKeys={[pathname]}
          defaultOpenKeys={openKeys}
          onClick={onMenuClick}
          data-testid="side-menu"
        />
      </Layout.Sider>
      <Layout>
        <Layout.Header
          style={{
            background: token.colorBgContainer,
            padding: '0 24px',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'flex-end',
            gap: 24,
          }}
        >
          <span style={{ color: token.colorTextSecondary }}>{t('layout.timeZone')}</span>
          <LanguageSelect />
          <UserMenu />
        </Layout.Header>
        <Layout.Content style={{ margin: 16 }}>
          <Breadcrumb
            style={{ marginBottom: 12 }}
            items={[
              { title: <Link to={HOME_PATH}>{t('layout.home')}</Link> },
              ...trail
                .filter((m) => m.url !== HOME_PATH)
                .map((m) => ({ title: codeText(m.meta.titleId, m.meta.title) })),
            ]}
          />
          <div
            style={{
              background: token.colorBgContainer,
              borderRadius: token.borderRadiusLG,
              padding: 24,
              minHeight: 360,
            }}
          >
            <Outlet />
          </div>
        </Layout.Content>
        <Layout.Footer style={{ padding: 0 }} />
      </Layout>
    </Layout>
  )
}
