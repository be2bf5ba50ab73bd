import { useQuery } from '@tanstack/react-query'
import { Spin } from 'antd'
import { Suspense } from 'react'
import { permissionQuery } from '../../api/queries.ts'
import { Exception } from '../../pages/exception/Exception.tsx'
import { pageFor } from '../../pages/registry.tsx'
import { resolvePage } from '../page-target.ts'

const loading = <Spin style={{ display: 'block', margin: '80px auto' }} />

/**
 * The screen a tab shows: a static page, or the view a menu entry names, loaded on demand (SPEC 2).
 * A path the server lists but the web lacks shows 404; a product path outside the user's menus 403.
 */
export const TabPage = ({ path }: { path: string }) => {
  const { data } = useQuery(permissionQuery)
  if (!data) return loading
  const target = resolvePage(path, data.menu)
  if (target.kind === 'exception') return <Exception status={target.status} />
  if (target.kind === 'unknown') return <Exception status={404} />
  const Page = pageFor(target.kind === 'static' ? target.component : target.entry.component)
  if (!Page) return <Exception status={404} />
  return (
    <Suspense fallback={loading}>
      <Page />
    </Suspense>
  )
}
