import { AppstoreFilled } from '@ant-design/icons'
import { theme as antTheme } from 'antd'
import { Link } from 'react-router'
import { useSystemTitle } from './useSystemTitle.ts'

/** The system title (a runtime setting) linking to `/`; only the mark when the sider is collapsed. */
export const Logo = ({ collapsed = false, dark }: { collapsed?: boolean; dark: boolean }) => {
  const title = useSystemTitle()
  const { token } = antTheme.useToken()
  return (
    <Link
      to="/"
      className="shell-logo"
      title={title}
      data-testid="logo"
      style={{ color: dark ? '#fff' : token.colorText, justifyContent: collapsed ? 'center' : 'flex-start' }}
    >
      <AppstoreFilled style={{ fontSize: 22, color: token.colorPrimary }} />
      {!collapsed && <span className="shell-logo-title">{title}</span>}
    </Link>
  )
}
