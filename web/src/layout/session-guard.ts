import { type LoaderFunctionArgs, redirect } from 'react-router'
import { permissionQuery, queryClient } from '../api/queries.ts'
import { loginRedirect } from '../auth/login-redirect.ts'
import { clearButtonAuth, storeButtonAuth } from '../auth/permissions.tsx'
import { session } from '../auth/session.ts'
import { resolvePage } from './page-target.ts'

/**
 * SPEC 2 navigation guard: without a stored user only public paths open; on the first navigation
 * the permission list is fetched, and a failed fetch logs the user out.
 */
export const requireSession = async ({ request }: LoaderFunctionArgs) => {
  if (!session.isSignedIn()) return loginRedirect(request)
  try {
    storeButtonAuth(await queryClient.ensureQueryData(permissionQuery))
  } catch {
    clearButtonAuth()
    session.clear()
    queryClient.clear()
    return loginRedirect(request)
  }
  return null
}

/**
 * Under the main layout the layout's tabs render the screens; the route only sends a path the product
 * does not know to /404 (a known path outside the user's menus shows the 403 page in its tab).
 */
export const requireKnownPath = async ({ request }: LoaderFunctionArgs) => {
  if (!session.isSignedIn()) return null
  const data = await queryClient.ensureQueryData(permissionQuery).catch(() => null)
  if (!data) return null
  return resolvePage(new URL(request.url).pathname, data.menu).kind === 'unknown' ? redirect('/404') : null
}
