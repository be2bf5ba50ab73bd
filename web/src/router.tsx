import { createBrowserRouter, type LoaderFunctionArgs, redirect } from 'react-router'
import { permissionQuery, queryClient } from './api/queries.ts'
import { session } from './auth/session.ts'
import { HOME_PATH, LOGIN_PATH } from './config/constants.ts'
import { BasicLayout } from './layout/BasicLayout.tsx'
import { MenuPage } from './layout/MenuPage.tsx'
import { RouteError } from './layout/RouteError.tsx'
import { UserLayout } from './layout/UserLayout.tsx'
import { Exception } from './pages/exception/Exception.tsx'

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
    await queryClient.ensureQueryData(permissionQuery)
  } catch {
    session.clear()
    queryClient.clear()
    return loginRedirect(request)
  }
  return null
}

/** A signed-in user opening the login page goes to the default page. */
const skipLoginWhenSignedIn = () => (session.isSignedIn() ? redirect(HOME_PATH) : null)

export const router = createBrowserRouter([
  {
    path: '/user',
    element: <UserLayout />,
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
    errorElement: <RouteError />,
    children: [
      { index: true, loader: () => redirect(HOME_PATH) },
      {
        path: HOME_PATH.slice(1),
        lazy: async () => ({ Component: (await import('./pages/dashboard/Analysis.tsx')).default }),
      },
      { path: 'test/home', lazy: async () => ({ Component: (await import('./pages/test/Home.tsx')).default }) },
      { path: '403', element: <Exception status={403} /> },
      { path: '404', element: <Exception status={404} /> },
      { path: '500', element: <Exception status={500} /> },
      { path: '*', element: <MenuPage /> },
    ],
  },
])
