import { Layout, Typography } from 'antd'
import { Link, Outlet } from 'react-router'
import { LanguageSelect } from './LanguageSelect.tsx'
import { useSystemTitle } from './useSystemTitle.ts'

/** The bare layout of the public pages; the system title links to `/` (SPEC 2). */
export const UserLayout = () => {
  const title = useSystemTitle()
  return (
    <Layout style={{ minHeight: '100vh', background: 'linear-gradient(160deg, #f0f5ff 0%, #ffffff 60%)' }}>
      <div style={{ display: 'flex', justifyContent: 'flex-end', padding: '16px 24px' }}>
        <LanguageSelect />
      </div>
      <div style={{ width: 'min(420px, calc(100vw - 32px))', margin: '4vh auto 0' }}>
        <Typography.Title level={2} style={{ textAlign: 'center', marginBottom: 32 }}>
          <Link to="/" style={{ color: 'inherit' }} data-testid="system-title">
            {title}
          </Link>
        </Typography.Title>
        <Outlet />
      </div>
    </Layout>
  )
}
