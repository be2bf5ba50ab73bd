import { useQuery } from '@tanstack/react-query'
import { theme as antTheme, Layout } from 'antd'
import { useCallback, useState } from 'react'
import { useLocation } from 'react-router'
import { permissionQuery } from '../api/queries.ts'
import { useSession } from '../auth/session.ts'
import { SIDER_COLLAPSED_WIDTH, SIDER_WIDTH } from '../config/constants.ts'
import { AppHeader } from './AppHeader.tsx'
import { AppSider } from './AppSider.tsx'
import { PageBreadcrumb } from './PageBreadcrumb.tsx'
import { resolvePage } from './page-target.ts'
import { preferences, usePreferences } from './preferences.ts'
import { TabPanes } from './tabs/TabPanes.tsx'
import { TabStrip } from './tabs/TabStrip.tsx'
import { useOpenTabs } from './tabs/useOpenTabs.ts'
import { useTabScroll } from './tabs/useTabScroll.ts'
import { useHeaderScroll } from './useHeaderScroll.ts'
import { useTitleOfPath } from './usePageTitle.ts'
import { usePreloadMenuScreens } from './usePreloadMenuScreens.ts'
import { useResponsive } from './useResponsive.ts'
import { useDocumentTitle } from './useSystemTitle.ts'

/**
 * The main layout staff live in (SPEC 2): sider or top menu, header, tabs that keep every open screen
 * alive, breadcrumb, content and an empty footer, shaped by the interface settings.
 */
export const BasicLayout = () => {
  const location = useLocation()
  const { userInfo } = useSession()
  const prefs = usePreferences()
  const { isMobile, isTablet } = useResponsive()
  const { token } = antTheme.useToken()
  const { data } = useQuery(permissionQuery)
  const titleOf = useTitleOfPath()
  const menu = data?.menu
  usePreloadMenuScreens(menu)
  const keep = useCallback((key: string) => resolvePage(key, menu ?? []).kind !== 'unknown', [menu])
  const { tabs, activeKey, close, refresh } = useOpenTabs({
    userId: userInfo?.id ?? null,
    pathname: location.pathname,
    search: location.search,
    keep,
    titleOf,
  })
  const title = titleOf(activeKey)
  useDocumentTitle(title)
  useTabScroll(activeKey)
  const header = useHeaderScroll({ fixedHeader: prefs.fixedHeader, autoHide: prefs.autoHideHeader })

  const [drawerOpen, setDrawerOpen] = useState(false)
  const [tabletExpanded, setTabletExpanded] = useState(false)
  const topNav = prefs.navMode === 'top' && !isMobile
  const collapsed = isTablet ? !tabletExpanded : prefs.siderCollapsed
  const toggleSider = () => {
    if (isMobile) setDrawerOpen(true)
    else if (isTablet) setTabletExpanded(!tabletExpanded)
    else preferences.update({ siderCollapsed: !prefs.siderCollapsed })
  }
  const siderFixed = prefs.fixedSider && !topNav && !isMobile
  const siderSpace = siderFixed ? (collapsed ? SIDER_COLLAPSED_WIDTH : SIDER_WIDTH) : 0

  return (
    <Layout className="shell" data-nav={topNav ? 'top' : 'side'} data-theme={prefs.theme}>
      {!topNav && (
        <AppSider
          collapsed={collapsed}
          fixed={siderFixed}
          mobile={isMobile}
          drawerOpen={drawerOpen}
          onDrawerClose={() => setDrawerOpen(false)}
        />
      )}
      <Layout className="shell-main" style={{ marginInlineStart: siderSpace }}>
        <div className={`shell-top shell-top-${header}`} data-testid="top-bar" data-state={header}>
          <AppHeader
            topNav={topNav}
            mobile={isMobile}
            narrow={isTablet}
            collapsed={collapsed}
            onToggleSider={toggleSider}
          />
          {prefs.multiTab && (
            <div className="shell-tab-bar" style={{ background: token.colorBgContainer }}>
              <TabStrip tabs={tabs} activeKey={activeKey} titleOf={titleOf} onClose={close} onRefresh={refresh} />
            </div>
          )}
        </div>
        <Layout.Content
          className={prefs.contentWidth === 'fixed' ? 'shell-content shell-content-fixed' : 'shell-content'}
          data-testid="content"
        >
          <PageBreadcrumb path={activeKey} title={title} />
          <div
            className="shell-page"
            style={{ background: token.colorBgContainer, borderRadius: token.borderRadiusLG }}
          >
            <TabPanes tabs={tabs} activeKey={activeKey} location={location} keepAlive={prefs.multiTab} />
          </div>
        </Layout.Content>
        <Layout.Footer style={{ padding: 0 }} />
      </Layout>
    </Layout>
  )
}
