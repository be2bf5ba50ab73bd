/** Local storage with an expiry per key (SPEC 3 'locally stored keys', SPEC 9 lifetimes). */

export const StorageKey = {
  token: 'ACCESS_TOKEN',
  userId: 'USER_ID',
  userName: 'LOGIN_NAME',
  userInfo: 'USER_INFO',
  departs: 'USER_DEPARTS',
  lang: 'LANGUAGE',
  dictCache: 'DICT_CACHE',
  /** The menu id of the last menu click (7 days). */
  activeMenu: 'ACTIVE_MENU',
  /** Per user (`<key>:<userId>`): theme and layout preferences, open tabs, menu-search history. */
  preferences: 'LAYOUT_PREFERENCES',
  tabs: 'MULTI_TABS',
  menuHistory: 'MENU_SEARCH_HISTORY',
} as const

/** A key kept apart for each user who signs in on this browser. */
export const userKey = (key: string, userId: string | null | undefined) => `${key}:${userId ?? 'anonymous'}`

type Stored<T> = { value: T; expire: number | null }

export const storage = {
  set<T>(key: string, value: T, ttlMs?: number) {
    const item: Stored<T> = { value, expire: ttlMs ? Date.now() + ttlMs : null }
    localStorage.setItem(key, JSON.stringify(item))
  },
  get<T>(key: string): T | null {
    const raw = localStorage.getItem(key)
    if (raw === null) return null
    try {
      const item = JSON.parse(raw) as Stored<T>
      if (item.expire !== null && item.expire < Date.now()) {
        localStorage.removeItem(key)
        return null
      }
      return item.value
    } catch {
      localStorage.removeItem(key)
      return null
    }
  },
  remove(key: string) {
    localStorage.removeItem(key)
  },
}
