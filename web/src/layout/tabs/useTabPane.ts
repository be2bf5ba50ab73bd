import { createContext, useContext, useEffect, useRef } from 'react'

/**
 * What a page kept alive in a tab knows about its tab. `routeVersion` counts route changes of this
 * tab while it stays open (same screen, another query: e.g. a message link with an order number).
 */
export type TabPaneState = {
  tabKey: string
  path: string
  active: boolean
  routeVersion: number
}

export const TabPaneContext = createContext<TabPaneState | null>(null)

/** The tab this component lives in, or null outside the tab panes (e.g. in a modal of the shell). */
export const useTabPane = () => useContext(TabPaneContext)

const useLatest = <T>(value: T) => {
  const ref = useRef(value)
  useEffect(() => {
    ref.current = value
  })
  return ref
}

/** Runs `callback` whenever `counter` moves past the value seen last (never on mount). */
const useOnAdvance = (counter: number | undefined, callback: () => void) => {
  const seen = useRef(counter)
  const latest = useLatest(callback)
  useEffect(() => {
    if (counter === undefined || seen.current === counter) return
    seen.current = counter
    latest.current()
  }, [counter, latest])
}

/**
 * SPEC 4: a list screen reloads, clearing its query and selection, when its route changes. Tabs keep
 * screens alive, so switching tabs is not a route change; navigating to the same screen with another
 * route (another query string) is. Call this in a list screen with the reset to run:
 * `useTabRouteChange(() => { resetQuery(); clearSelection() })`.
 */
export const useTabRouteChange = (onRouteChange: () => void) => useOnAdvance(useTabPane()?.routeVersion, onRouteChange)
