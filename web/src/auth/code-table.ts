import type { CodeTableEntry } from '@app/contracts'
import { useQuery } from '@tanstack/react-query'
import { useCallback, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { codeTableQuery } from '../api/queries.ts'
import { session } from './session.ts'

/**
 * Texts of the runtime code table (SPEC 3) in the current language: `text(id, fallback)`.
 * Switching the language re-renders without fetching again.
 */
export const useCodeText = () => {
  const { i18n } = useTranslation()
  const { data } = useQuery({ ...codeTableQuery, enabled: Boolean(session.token()) })
  const byId = useMemo(() => new Map((data ?? []).map((e) => [e.id, e])), [data])
  const lang = i18n.language === 'en' ? 'en' : 'zh'
  return useCallback(
    (id: number | null | undefined, fallback = '') => {
      if (id === null || id === undefined) return fallback
      return byId.get(id)?.[lang] || fallback
    },
    [byId, lang],
  )
}

/** Both languages of a code-table text: `texts(id, fallback)` -> `{ zh, en }` (for searching by either name). */
export const useCodeTexts = () => {
  const { data } = useQuery({ ...codeTableQuery, enabled: Boolean(session.token()) })
  const byId = useMemo(() => new Map((data ?? []).map((e) => [e.id, e])), [data])
  return useCallback(
    (id: number | null | undefined, fallback = '') => {
      const entry = id === null || id === undefined ? undefined : byId.get(id)
      return { zh: entry?.zh || fallback, en: entry?.en || fallback }
    },
    [byId],
  )
}

/** Overrides by key, one map per fetched table (many components read it at once). */
const overridesByTable = new WeakMap<readonly CodeTableEntry[], ReadonlyMap<string, CodeTableEntry>>()
const NO_OVERRIDES: ReadonlyMap<string, CodeTableEntry> = new Map()

/**
 * Code-table entries that override a text the web bundles, by key (`field:supplier.code` -> its
 * zh and en). Refetched with the table, so an edit on the language screen shows at once here and,
 * through the catalogue check, in other browsers.
 */
export const useCodeOverrides = (): ReadonlyMap<string, CodeTableEntry> => {
  const { data } = useQuery({ ...codeTableQuery, enabled: Boolean(session.token()) })
  if (!data) return NO_OVERRIDES
  let map = overridesByTable.get(data)
  if (!map) {
    map = new Map(data.filter((e) => e.key).map((e) => [e.key as string, e]))
    overridesByTable.set(data, map)
  }
  return map
}
