import { useSyncExternalStore } from 'react'
import { session } from '../auth/session.ts'
import { StorageKey, storage, userKey } from '../auth/storage.ts'

/** Interface settings of the settings drawer (SPEC 2), kept per user in local storage. */
export type Preferences = {
  theme: 'light' | 'dark'
  primaryColor: string
  navMode: 'side' | 'top'
  contentWidth: 'fluid' | 'fixed'
  fixedHeader: boolean
  /** Past 100 px of scroll the header turns fixed; it hides while scrolling down, shows when scrolling up. */
  autoHideHeader: boolean
  fixedSider: boolean
  colorWeak: boolean
  multiTab: boolean
  siderCollapsed: boolean
}

/**
 * The 8 primary colours (antd's preset palette); the key names the colour in i18n
 * `shell.settings.colors`. Each is the palette's shade that white text on it and it as text on
 * white read at 4.5:1 or more (WCAG AA): buttons, the selected menu entry, links and tabs are drawn
 * in it. `replaces` is the shade kept before, which a stored setting may still name.
 */
export const PRIMARY_COLORS = [
  { key: 'dustRed', color: '#cf1322', replaces: '#f5222d' },
  { key: 'volcano', color: '#d4380d', replaces: '#fa541c' },
  { key: 'sunsetOrange', color: '#ad4e00', replaces: '#faad14' },
  { key: 'cyan', color: '#006d75', replaces: '#13c2c2' },
  { key: 'polarGreen', color: '#237804', replaces: '#52c41a' },
  { key: 'daybreakBlue', color: '#0958d9', replaces: '#1677ff' },
  { key: 'geekBlue', color: '#2f54eb', replaces: null },
  { key: 'goldenPurple', color: '#722ed1', replaces: null },
] as const

/** The default primary colour: antd's blue, in its readable shade. */
const DAYBREAK_BLUE = PRIMARY_COLORS.find((c) => c.key === 'daybreakBlue')!.color

export const DEFAULT_PREFERENCES: Preferences = {
  theme: 'light',
  primaryColor: DAYBREAK_BLUE,
  navMode: 'side',
  contentWidth: 'fluid',
  fixedHeader: false,
  autoHideHeader: false,
  fixedSider: true,
  colorWeak: false,
  multiTab: true,
  siderCollapsed: false,
}

const keyFor = (userId: string | null | undefined) => userKey(StorageKey.preferences, userId)

/** Stored values over the defaults; anything unknown or of the wrong type is ignored. */
export const mergePreferences = (stored: unknown): Preferences => {
  const out = { ...DEFAULT_PREFERENCES }
  if (!stored || typeof stored !== 'object') return out
  const s = stored as Record<string, unknown>
  for (const key of Object.keys(DEFAULT_PREFERENCES) as (keyof Preferences)[]) {
    if (typeof s[key] === typeof DEFAULT_PREFERENCES[key]) Object.assign(out, { [key]: s[key] })
  }
  if (out.theme !== 'light' && out.theme !== 'dark') out.theme = DEFAULT_PREFERENCES.theme
  if (out.navMode !== 'side' && out.navMode !== 'top') out.navMode = DEFAULT_PREFERENCES.navMode
  if (out.contentWidth !== 'fluid' && out.contentWidth !== 'fixed') out.contentWidth = DEFAULT_PREFERENCES.contentWidth
  const chosen = PRIMARY_COLORS.find((c) => c.color === out.primaryColor || c.replaces === out.primaryColor)
  out.primaryColor = chosen?.color ?? DEFAULT_PREFERENCES.primaryColor
  return out
}

const currentUserId = () => session.get().userInfo?.id ?? null

let ownerId = currentUserId()
let state = mergePreferences(storage.get(keyFor(ownerId)))
const listeners = new Set<() => void>()
const emit = () => {
  for (const l of listeners) l()
}

// another user signing in on this browser brings their own preferences
session.subscribe(() => {
  const id = currentUserId()
  if (id === ownerId) return
  ownerId = id
  state = mergePreferences(storage.get(keyFor(id)))
  emit()
})

export const preferences = {
  get: () => state,
  subscribe(listener: () => void) {
    listeners.add(listener)
    return () => listeners.delete(listener)
  },
  update(patch: Partial<Preferences>) {
    state = { ...state, ...patch }
    storage.set(keyFor(ownerId), state)
    emit()
  },
  reset() {
    state = { ...DEFAULT_PREFERENCES }
    storage.remove(keyFor(ownerId))
    emit()
  },
}

export const usePreferences = () => useSyncExternalStore(preferences.subscribe, preferences.get, preferences.get)
