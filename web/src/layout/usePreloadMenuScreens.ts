import type { MenuItem } from '@app/contracts'
import { useEffect } from 'react'
import { hasPage, preloadPage } from '../pages/registry.tsx'
import { flattenMenuItems } from './menu.ts'
import { opensInNewWindow } from './page-target.ts'

/** The views of a user's menu, in menu order, each once: what preloading fetches. */
export const menuScreens = (menu: readonly MenuItem[]): string[] => [
  ...new Set(
    flattenMenuItems(menu)
      .filter((m) => m.route && m.children.length === 0 && !opensInNewWindow(m) && hasPage(m.component))
      .map((m) => m.component),
  ),
]

/** Runs `run` when the browser has nothing else to do (a moment later where it cannot say). */
const whenIdle = (run: () => void): (() => void) => {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(run)
    return () => window.cancelIdleCallback(handle)
  }
  const handle = window.setTimeout(run, 200)
  return () => window.clearTimeout(handle)
}

/**
 * Fetches the code of the user's menu screens while the page is idle, one screen per idle moment
 * and after the page in front has shown: a screen opened for the first time then waits for its
 * data only. Stops when the menu changes or the layout goes.
 */
export const usePreloadMenuScreens = (menu: readonly MenuItem[] | undefined) => {
  useEffect(() => {
    if (!menu) return
    const waiting = menuScreens(menu)
    let stopped = false
    let cancel = () => {}
    const next = () => {
      const component = waiting.shift()
      if (stopped || !component) return
      cancel = whenIdle(() => {
        preloadPage(component)
          // a screen whose code cannot be fetched now is fetched again when it is opened
          .catch(() => undefined)
          .then(next)
      })
    }
    next()
    return () => {
      stopped = true
      cancel()
    }
  }, [menu])
}
