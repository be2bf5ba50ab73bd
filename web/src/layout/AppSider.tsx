import { Drawer, Layout } from 'antd'
import { useTranslation } from 'react-i18next'
import { SIDER_COLLAPSED_WIDTH, SIDER_WIDTH } from '../config/constants.ts'
import { Logo } from './Logo.tsx'
import { NavMenu } from './NavMenu.tsx'

type Props = {
  collapsed: boolean
  fixed: boolean
  mobile: boolean
  drawerOpen: boolean
  onDrawerClose: () => void
}

/**
 * The sider (SPEC 2 / 9): 200 px, 80 px collapsed; fixed to the window when the setting says so; on
 * screens at or below 767.99 px a 200 px drawer that closes after a menu click.
 */
export const AppSider = ({ collapsed, fixed, mobile, drawerOpen, onDrawerClose }: Props) => {
  const { t } = useTranslation()
  if (mobile) {
    return (
      <Drawer
        placement="left"
        size={SIDER_WIDTH}
        open={drawerOpen}
        onClose={onDrawerClose}
        closable={false}
        title={null}
        aria-label={t('shell.header.navigation')}
        styles={{ body: { padding: 0, background: '#001529' }, section: { background: '#001529' } }}
        data-testid="sider-drawer"
      >
        <Logo dark />
        <NavMenu mode="inline" theme="dark" onNavigate={onDrawerClose} />
      </Drawer>
    )
  }
  return (
    <Layout.Sider
      width={SIDER_WIDTH}
      collapsedWidth={SIDER_COLLAPSED_WIDTH}
      collapsed={collapsed}
      trigger={null}
      theme="dark"
      data-testid="sider"
      className={fixed ? 'shell-sider shell-sider-fixed' : 'shell-sider'}
    >
      <Logo dark collapsed={collapsed} />
      <NavMenu mode="inline" theme="dark" collapsed={collapsed} />
    </Layout.Sider>
  )
}
