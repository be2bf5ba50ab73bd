import type { DictListItem } from '@app/contracts'
import { useQuery } from '@tanstack/react-query'
import { useCallback, useMemo } from 'react'
import { keys } from '../../api/queries.ts'
import { systemApi } from '../../api/system.ts'
import { useCodeText } from '../../auth/code-table.ts'
import { session } from '../../auth/session.ts'
import { StorageKey, storage } from '../../auth/storage.ts'

export type DictOption = { value: string; label: string }

/**
 * Every dictionary item: the login result's `dictList` (kept under DICT_CACHE) at once, then the
 * server's current list (GET /sys/dict/items). Labels come from the code table in the language
 * shown now, so switching the language needs no new call.
 */
const useDictItems = () =>
  useQuery({
    queryKey: keys.dictItems,
    queryFn: systemApi.dictItems,
    initialData: () => storage.get<DictListItem[]>(StorageKey.dictCache) ?? undefined,
    initialDataUpdatedAt: 0,
    staleTime: 5 * 60_000,
    enabled: Boolean(session.token()),
  })

/** A dictionary's items as select options, labelled in the current language: `useDict('status')`. */
export const useDict = (code: string | undefined): DictOption[] => {
  const { data } = useDictItems()
  const text = useCodeText()
  return useMemo(
    () =>
      code
        ? (data ?? [])
            .filter((i) => i.dicTypeCode === code)
            .map((i) => ({ value: i.dicCode, label: text(i.textId, i.dicName) }))
        : [],
    [data, code, text],
  )
}

/** `dictText(code, value)` -> the item's label in the current language (the value itself if unknown). */
export const useDictText = () => {
  const { data } = useDictItems()
  const text = useCodeText()
  const byKey = useMemo(() => new Map((data ?? []).map((i) => [`${i.dicTypeCode}\u0000${i.dicCode}`, i])), [data])
  return useCallback(
    (code: string, value: unknown): string => {
      if (value === null || value === undefined || value === '') return ''
      const item = byKey.get(`${code}\u0000${String(value)}`)
      return item ? text(item.textId, item.dicName) : String(value)
    },
    [byKey, text],
  )
}
