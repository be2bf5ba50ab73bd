import { createBrowserRouter, type LoaderFunctionArgs, redirect } from 'react-router'
import { permissionQuery, queryClient } from './api/queries.ts'
import { clearButtonAuth, storeButtonAuth } from './auth/permissions.tsx'
import { session } from './auth/session.ts'
import { HOME_PATH, LOGIN_PATH } from './config/constants.ts'
import { BasicLayout } from './layout/BasicLayout.tsx'
import { PageLoading } from './layout/PageLoading.tsx'
import { resolvePage } from './layout/page-target.ts'
import { RouteError } from './layout/RouteError.tsx'
import { UserLayout } from './layout/UserLayout.tsx'

const loginRedirect = (request: Request) => {
  const url = new URL(request.url)
  const wanted = `${url.pathname}${url.search}`
  return redirect(`${LOGIN_PATH}?redirect=${encodeURIComponent(wanted)}`)
}

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

/** A signed-in user opening the login page goes to the default page. */
const skipLoginWhenSignedIn = () => (session.isSignedIn() ? redirect(HOME_PATH) : null)

export const router = createBrowserRouter([
  {
    path: '/user',
    element: <UserLayout />,
    hydrateFallbackElement: <PageLoading />,
    errorElement: <RouteError />,
    children: [
      { index: true, loader: () => redirect(LOGIN_PATH) },
      {
        path: 'login',
        loader: skipLoginWhenSignedIn,
        lazy: async () => ({ Component: (await import('./auth/Login.tsx')).Login }),
      },
      { path: 'register', lazy: async () => ({ Component: (await import('./auth/Register.tsx')).Register }) },
      {
        path: 'register-result',
        lazy: async () => ({ Component: (await import('./auth/RegisterResult.tsx')).RegisterResult }),
      },
    ],
  },
  {
    path: '/',
    id: 'app',
    loader: requireSession,
    element: <BasicLayout />,
    hydrateFallbackElement: <PageLoading />,
    errorElement: <RouteError />,
    children: [
      { index: true, loader: () => redirect(HOME_PATH) },
      { path: '*', loader: requireKnownPath, element: null },
    ],
  },
])
