import type { Location } from 'react-router'
import { HOME_PATH } from '../../config/constants.ts'

/**
 * One open tab. `key` is the path without query; `path` the full route last shown in it;
 * `version` changes to remount it (refresh); `routeVersion` counts route changes while it stays open.
 */
export type Tab = { key: string; path: string; title: string; version: number; routeVersion: number }

/** What local storage keeps of a tab: enough to restore it after a browser refresh. */
export type StoredTab = Pick<Tab, 'key' | 'path' | 'title'>

/** A tab's route (`path` with its query) as the location its screen sees. */
export const locationOf = (path: string, key = 'restored'): Location => {
  const url = new URL(path, window.location.origin)
  return { pathname: url.pathname, search: url.search, hash: url.hash, state: null, key }
}

export const isClosable = (key: string) => key !== HOME_PATH

const homeTab = (title = ''): Tab => ({ key: HOME_PATH, path: HOME_PATH, title, version: 0, routeVersion: 0 })

/** Home is always the fixed first tab. */
export const withHome = (tabs: readonly Tab[]): Tab[] => {
  const home = tabs.find((t) => t.key === HOME_PATH) ?? homeTab()
  return [home, ...tabs.filter((t) => t.key !== HOME_PATH)]
}

/** Tabs back from storage; duplicates and malformed rows are dropped. */
export const restoreTabs = (stored: unknown, keep: (key: string) => boolean): Tab[] => {
  const rows = Array.isArray(stored) ? stored : []
  const seen = new Set<string>()
  const tabs: Tab[] = []
  for (const row of rows as Partial<StoredTab>[]) {
    if (typeof row?.key !== 'string' || typeof row.path !== 'string' || seen.has(row.key) || !keep(row.key)) continue
    seen.add(row.key)
    tabs.push({ key: row.key, path: row.path, title: String(row.title ?? ''), version: 0, routeVersion: 0 })
  }
  return withHome(tabs)
}

/**
 * The tabs after navigating to `path` (key `key`): a new tab is appended; an open tab shown with a
 * different route (another query) keeps its place and counts a route change (SPEC 4: its list reloads).
 */
export const openTab = (tabs: readonly Tab[], key: string, path: string): Tab[] => {
  const open = tabs.find((t) => t.key === key)
  if (!open) return withHome([...tabs, { key, path, title: '', version: 0, routeVersion: 0 }])
  if (open.path === path) return tabs as Tab[]
  return tabs.map((t) => (t === open ? { ...t, path, routeVersion: t.routeVersion + 1 } : t))
}

export type CloseAction = 'close' | 'closeLeft' | 'closeRight' | 'closeOthers'

/** Which tabs an action closes, relative to the tab `key` it was chosen on. Home is never closed. */
export const tabsClosedBy = (tabs: readonly Tab[], action: CloseAction, key: string): Tab[] => {
  const at = tabs.findIndex((t) => t.key === key)
  if (at < 0) return []
  const closable = (t: Tab, i: number) => {
    if (!isClosable(t.key)) return false
    if (action === 'close') return i === at
    if (action === 'closeLeft') return i < at
    if (action === 'closeRight') return i > at
    return i !== at
  }
  return tabs.filter(closable)
}

/**
 * The tab to show when the shown tab `activeKey` is among those closed: for 'close' its right
 * neighbour, else its left one; for the other actions the tab they were chosen on (which stays).
 */
export const nextActive = (
  tabs: readonly Tab[],
  closed: readonly Tab[],
  activeKey: string,
  action: CloseAction,
  around: string,
): Tab | null => {
  if (!closed.some((t) => t.key === activeKey)) return null
  const at = tabs.findIndex((t) => t.key === around)
  if (action !== 'close') return tabs[at] ?? null
  return tabs[at + 1] ?? tabs[at - 1] ?? null
}

export const refreshTab = (tabs: readonly Tab[], key: string): Tab[] =>
  tabs.map((t) => (t.key === key ? { ...t, version: t.version + 1 } : t))
