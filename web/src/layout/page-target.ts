import type { MenuItem } from '@app/contracts'
import { HOME_PATH } from '../config/constants.ts'
import { findMenuByPath, isAppPath } from './menu.ts'

/** The pages of SPEC 2 that are not menu entries, with the i18n key of their title. */
const STATIC_PAGES: Record<string, { component: string; titleKey: 'layout.home' | 'pages.test.title' }> = {
  [HOME_PATH]: { component: 'dashboard/Analysis', titleKey: 'layout.home' },
  '/test/home': { component: 'test/Home', titleKey: 'pages.test.title' },
}

const EXCEPTIONS = { '/403': 403, '/404': 404, '/500': 500 } as const

export type ExceptionStatus = 403 | 404 | 500

/** What a path under the main layout shows. */
export type PageTarget =
  | { kind: 'static'; component: string; titleKey: 'layout.home' | 'pages.test.title' }
  | { kind: 'menu'; entry: MenuItem }
  | { kind: 'exception'; status: ExceptionStatus }
  | { kind: 'unknown' }

/** A tab's key: the path without query or trailing slash. */
export const tabKeyOf = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname)

/**
 * Resolves a path against the static pages and the user's menu (SPEC 2): a product path outside the
 * user's menus is a 403 page; a path the product does not know at all is `unknown` (-> /404).
 */
export const resolvePage = (pathname: string, menu: readonly MenuItem[]): PageTarget => {
  const path = tabKeyOf(pathname)
  const fixed = STATIC_PAGES[path]
  if (fixed) return { kind: 'static', ...fixed }
  if (path in EXCEPTIONS) return { kind: 'exception', status: EXCEPTIONS[path as keyof typeof EXCEPTIONS] }
  const entry = findMenuByPath(menu, path)
  if (entry) return { kind: 'menu', entry }
  if (isAppPath(path)) return { kind: 'exception', status: 403 }
  return { kind: 'unknown' }
}

/** Opens outside the router, in a new window: external links and iframe views (SPEC 2). */
export const opensInNewWindow = (entry: MenuItem) =>
  entry.meta.internalOrExternal || /^https?:\/\//.test(entry.url) || /iframe/i.test(entry.component)
