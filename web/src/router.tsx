import { lazy, Suspense } from 'react'
import { createBrowserRouter, type LoaderFunctionArgs, type RouteObject, redirect } from 'react-router'
import { loginRedirect } from './auth/login-redirect.ts'
import { session } from './auth/session.ts'
import { HOME_PATH, LOGIN_PATH } from './config/constants.ts'
import { PageLoading } from './layout/PageLoading.tsx'
import { RouteError } from './layout/RouteError.tsx'
import { retryImport } from './layout/retry-import.ts'
import { loadShell } from './layout/shell-loader.ts'
import { UserLayout } from './layout/UserLayout.tsx'

/** A signed-in user opening the login page goes to the default page. */
const skipLoginWhenSignedIn = () => (session.isSignedIn() ? redirect(HOME_PATH) : null)

/**
 * The signed-in app (guards, shell, menus, tabs and every text of the language) is fetched when a
 * signed-in user opens a path under `/`: the public pages load none of it.
 */
const guards = () => import('./layout/session-guard.ts')
const Shell = lazy(retryImport(loadShell))

const requireSession = async (args: LoaderFunctionArgs) => {
  if (!session.isSignedIn()) return loginRedirect(args.request)
  void loadShell() // fetched while the permissions are
  return (await guards()).requireSession(args)
}
const requireKnownPath = async (args: LoaderFunctionArgs) => (await guards()).requireKnownPath(args)

/** A public page asked for without its `/user` (a typed `/login`): there, with the same query. */
const publicPage = (path: string): RouteObject => ({
  path: `/${path}`,
  loader: ({ request }) => redirect(`/user/${path}${new URL(request.url).search}`),
})

/** The app's routes; the shell renders each signed-in screen in its tab, so its leaves render nothing themselves. */
export const routes: RouteObject[] = [
  publicPage('login'),
  publicPage('register'),
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
      // single sign-on comes back here with its one-time ticket (auth/sso.ts)
      { path: 'sso', lazy: async () => ({ Component: (await import('./auth/SsoLanding.tsx')).SsoLanding }) },
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
    element: (
      <Suspense fallback={<PageLoading />}>
        <Shell />
      </Suspense>
    ),
    hydrateFallbackElement: <PageLoading />,
    errorElement: <RouteError />,
    children: [
      // `/` shows nothing of its own: its loader sends the user on to the home page
      { index: true, loader: () => redirect(HOME_PATH), element: null },
      { path: '*', loader: requireKnownPath, element: null },
    ],
  },
]

export const router = createBrowserRouter(routes)
