import { App } from 'antd'
import { useCallback, useContext, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { UNSAFE_DataRouterContext as DataRouterContext, useNavigate } from 'react-router'
import { queryClient } from '../../api/queries.ts'
import { StorageKey, storage, userKey } from '../../auth/storage.ts'
import { STORAGE_TTL } from '../../config/constants.ts'
import { tabKeyOf } from '../page-target.ts'
import { isBusinessQuery } from '../query-scope.ts'
import {
  type CloseAction,
  isClosable,
  nextActive,
  openTab,
  refreshTab,
  restoreTabs,
  type StoredTab,
  type Tab,
  tabsClosedBy,
} from './tab-model.ts'

const NONE: ReadonlySet<string> = new Set()

type Options = {
  userId: string | null
  pathname: string
  search: string
  /** Whether a stored tab may be restored (its path still opens something). */
  keep: (key: string) => boolean
  titleOf: (key: string) => string
}

/**
 * The open tabs (SPEC 2 multi-tab): the route shown opens or updates its tab; home is the fixed first
 * tab; the list survives a browser refresh (per user, local storage).
 */
export const useOpenTabs = ({ userId, pathname, search, keep, titleOf }: Options) => {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const navigate = useNavigate()
  const storageKey = userKey(StorageKey.tabs, userId)
  const [tabs, setTabs] = useState<Tab[]>(() => restoreTabs(storage.get(storageKey), keep))
  const activeKey = tabKeyOf(pathname)
  const path = `${activeKey}${search}`

  // Closed tabs whose routes may still be rendered: the router moves in a transition, so after a
  // close React can render the route shown before (even one closed earlier) until the navigation
  // away completes. Forgotten once a route not among them is shown.
  const [leaving, setLeaving] = useState<ReadonlySet<string>>(NONE)
  if (leaving.size > 0 && !leaving.has(activeKey)) setLeaving(NONE)

  // the route shown always has its tab (adjusting state while rendering, so no frame lacks it)
  const withCurrent = leaving.has(activeKey) ? tabs : openTab(tabs, activeKey, path)
  if (withCurrent !== tabs) setTabs(withCurrent)

  // The router may settle on several locations before React renders one of them (quick clicks end
  // one transition with the next): every location it commits under the main layout opens its tab.
  const router = useContext(DataRouterContext)?.router
  useEffect(
    () =>
      router?.subscribe((state) => {
        if (state.navigation.state !== 'idle' || !state.matches.some((m) => m.route.id === 'app')) return
        const key = tabKeyOf(state.location.pathname)
        setTabs((all) => openTab(all, key, `${key}${state.location.search}`))
      }),
    [router],
  )

  useEffect(() => {
    const stored: StoredTab[] = tabs.map(({ key, path }) => ({ key, path, title: titleOf(key) }))
    storage.set(storageKey, stored, STORAGE_TTL.tabs)
  }, [tabs, storageKey, titleOf])

  const close = useCallback(
    (action: CloseAction, key: string) => {
      if (tabs.length === 1) {
        void message.warning(t('shell.tabs.lastTab'))
        return
      }
      if (action === 'close' && !isClosable(key)) {
        void message.warning(t('shell.tabs.homeFixed'))
        return
      }
      const closed = tabsClosedBy(tabs, action, key)
      if (closed.length === 0) return
      const gone = new Set(closed.map((c) => c.key))
      // the route shown now: a click just after a navigation can come before the render that
      // shows it, and closing by the rendered one kept the new route's tab away, then reopened it
      const shown = router ? tabKeyOf(router.state.location.pathname) : activeKey
      const next = nextActive(tabs, closed, shown, action, key)
      setTabs(tabs.filter((c) => !gone.has(c.key)))
      setLeaving((before) => new Set([...before, ...gone]))
      if (next) navigate(next.path)
    },
    [tabs, activeKey, router, message, navigate, t],
  )

  // refresh remounts the screen; its data counts as stale so the new mount fetches it again
  const refresh = useCallback((key: string) => {
    void queryClient.invalidateQueries({ predicate: isBusinessQuery, refetchType: 'none' })
    setTabs((all) => refreshTab(all, key))
  }, [])

  return { tabs: withCurrent, activeKey, close, refresh }
}
