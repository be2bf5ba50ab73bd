import { MenuFoldOutlined, MenuOutlined, MenuUnfoldOutlined } from '@ant-design/icons'
import { theme as antTheme, Button, Flex, Layout, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { NoticeBell } from '../components/messaging/NoticeBell.tsx'
import { MenuSearch } from '../components/shell/MenuSearch.tsx'
import { LanguageSelect } from './LanguageSelect.tsx'
import { Logo } from './Logo.tsx'
import { LogoutLink } from './LogoutLink.tsx'
import { NavMenu } from './NavMenu.tsx'
import { UserMenu } from './UserMenu.tsx'

type Props = {
  topNav: boolean
  mobile: boolean
  /** Between the mobile and desktop breakpoints: the header drops its longer texts. */
  narrow: boolean
  collapsed: boolean
  onToggleSider: () => void
}

/**
 * The header (SPEC 2): sider trigger or the top menu; menu search, notice bell, the 'US Time Zone'
 * label, greeting and welcome line with the user dropdown, language selector and logout.
 */
export const AppHeader = ({ topNav, mobile, narrow, collapsed, onToggleSider }: Props) => {
  const { t } = useTranslation()
  const { token } = antTheme.useToken()
  const showTop = topNav && !mobile
  const trigger = mobile ? (
    <Button type="text" icon={<MenuOutlined />} onClick={onToggleSider} aria-label={t('shell.header.openMenu')} />
  ) : (
    <Button
      type="text"
      icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
      onClick={onToggleSider}
      aria-label={t(collapsed ? 'shell.header.expand' : 'shell.header.collapse')}
      aria-expanded={!collapsed}
      data-testid="sider-trigger"
    />
  )
  return (
    <Layout.Header
      className="shell-header"
      data-testid="header"
      style={{
        background: token.colorBgContainer,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
        paddingInline: mobile ? 8 : 16,
      }}
    >
      {showTop ? (
        <div className="shell-header-logo">
          <Logo dark={false} />
        </div>
      ) : (
        trigger
      )}
      {showTop ? <NavMenu mode="horizontal" theme="light" /> : <div style={{ flex: 1 }} />}
      <Flex align="center" gap={mobile ? 2 : 8} className="shell-header-actions">
        <MenuSearch width={mobile ? 104 : narrow ? 150 : 200} compact={mobile} />
        <NoticeBell />
        {!narrow && (
          <Typography.Text type="secondary" className="shell-timezone" data-testid="time-zone">
            {t('layout.timeZone')}
          </Typography.Text>
        )}
        <UserMenu compact={narrow} />
        <LanguageSelect compact={narrow} />
        <LogoutLink compact={narrow} />
      </Flex>
    </Layout.Header>
  )
}
