import { useQuery } from '@tanstack/react-query'
import { Spin } from 'antd'
import { Suspense } from 'react'
import { Navigate, useLocation } from 'react-router'
import { permissionQuery } from '../api/queries.ts'
import { useCodeText } from '../auth/code-table.ts'
import { Exception } from '../pages/exception/Exception.tsx'
import { pageFor } from '../pages/registry.tsx'
import { findMenuByPath, isAppPath } from './menu.ts'
import { useDocumentTitle } from './useSystemTitle.ts'

/**
 * Opens whatever the path names in the user's menu, loading its view on demand (SPEC 2). A path
 * the server lists but the web lacks shows 404; a product path outside the user's menus shows
 * 403; anything else goes to /404.
 */
export const MenuPage = () => {
  const { pathname } = useLocation()
  const { data } = useQuery(permissionQuery)
  const codeText = useCodeText()
  const entry = data ? findMenuByPath(data.menu, pathname) : undefined
  useDocumentTitle(entry ? codeText(entry.meta.titleId, entry.meta.title) : null)
  if (!data) return <Spin />
  if (!entry) return isAppPath(pathname) ? <Exception status={403} /> : <Navigate to="/404" replace />
  const Page = pageFor(entry.component)
  if (!Page) return <Exception status={404} />
  return (
    <Suspense fallback={<Spin style={{ display: 'block', margin: '80px auto' }} />}>
      <Page />
    </Suspense>
  )
}
