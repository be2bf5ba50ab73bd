import { theme } from 'antd'
import { Link, Outlet } from 'react-router'
import { LanguageSwitch } from './LanguageSwitch.tsx'
import { useSystemTitle } from './useSystemTitle.ts'

/** The bare layout of the public pages; the system title links to `/` (SPEC 2). */
export const UserLayout = () => {
  const title = useSystemTitle()
  const { token } = theme.useToken()
  return (
    <div style={{ minHeight: '100vh', background: 'linear-gradient(160deg, #f0f5ff 0%, #ffffff 60%)' }}>
      <div style={{ display: 'flex', justifyContent: 'flex-end', padding: '16px 24px' }}>
        <LanguageSwitch />
      </div>
      <div style={{ width: 'min(420px, calc(100vw - 32px))', margin: '4vh auto 0' }}>
        <h1
          style={{
            textAlign: 'center',
            margin: '0 0 32px',
            fontSize: token.fontSizeHeading2,
            lineHeight: token.lineHeightHeading2,
            fontWeight: token.fontWeightStrong,
          }}
        >
          <Link to="/" style={{ color: token.colorTextHeading }} data-testid="system-title">
            {title}
          </Link>
        </h1>
        <Outlet />
      </div>
    </div>
  )
}
