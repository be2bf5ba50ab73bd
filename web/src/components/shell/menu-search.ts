import type { MenuItem } from '@app/contracts'
import { HISTORY_CAP } from '../../config/constants.ts'
import { flattenMenuItems } from '../../layout/menu.ts'

/** A menu entry the user may open, with what the search matches: both names and the pinyin of the Chinese one. */
export type SearchEntry = {
  entry: MenuItem
  zh: string
  en: string
  /** First letters of the Chinese name's pinyin, e.g. 用户管理 -> yhgl. */
  initials: string
  /** The whole pinyin without spaces, e.g. yonghuguanli. */
  spelled: string
}

export type Pinyin = (zh: string) => { initials: string; spelled: string }

const CHINESE = /[\u3400-\u9fff]/

/** Turns pinyin-pro into the two spellings the search uses. */
export const pinyinOf =
  (pinyin: (text: string, options: Record<string, unknown>) => string[]): Pinyin =>
  (zh) => {
    if (!CHINESE.test(zh)) return { initials: '', spelled: '' }
    const first = pinyin(zh, { pattern: 'first', toneType: 'none', type: 'array', nonZh: 'removed' })
    const whole = pinyin(zh, { toneType: 'none', type: 'array', nonZh: 'removed' })
    return { initials: first.join('').toLowerCase(), spelled: whole.join('').toLowerCase() }
  }

/** Every leaf entry of the user's menu that opens something (hidden entries and folders are left out). */
export const buildSearchIndex = (
  menu: readonly MenuItem[],
  texts: (entry: MenuItem) => { zh: string; en: string },
  pinyin: Pinyin | null,
): SearchEntry[] =>
  flattenMenuItems(menu.filter((m) => !m.hidden))
    .filter((m) => m.children.length === 0 && !m.hidden && !m.meta.hidden)
    .map((entry) => {
      const { zh, en } = texts(entry)
      return { entry, zh, en, ...(pinyin ? pinyin(zh) : { initials: '', spelled: '' }) }
    })

const squash = (text: string) => text.toLowerCase().replace(/\s+/g, '')

/** Entries whose Chinese or English name, pinyin initials or pinyin contain the query. */
export const searchMenus = (index: readonly SearchEntry[], query: string): SearchEntry[] => {
  const q = squash(query)
  if (!q) return []
  return index.filter(
    (s) => squash(s.zh).includes(q) || squash(s.en).includes(q) || s.initials.includes(q) || s.spelled.includes(q),
  )
}

/** The most recent first, each entry once, at most 16 (SPEC 9 history cap). */
export const pushHistory = (history: readonly string[], id: string): string[] =>
  [id, ...history.filter((h) => h !== id)].slice(0, HISTORY_CAP)
