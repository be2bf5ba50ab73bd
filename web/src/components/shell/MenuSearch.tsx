import { ExportOutlined, SearchOutlined } from '@ant-design/icons'
import { useQuery } from '@tanstack/react-query'
import { Select } from 'antd'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { permissionQuery } from '../../api/queries.ts'
import { useCodeTexts } from '../../auth/code-table.ts'
import { useSession } from '../../auth/session.ts'
import { StorageKey, storage, userKey } from '../../auth/storage.ts'
import { opensInNewWindow } from '../../layout/page-target.ts'
import { useOpenMenuEntry } from '../../layout/useOpenMenuEntry.ts'
import { buildSearchIndex, pushHistory, type SearchEntry, searchMenus } from './menu-search.ts'
import { usePinyin } from './usePinyin.ts'

/**
 * The user-menu search (SPEC 2): finds any menu entry the user may open by its Chinese or English
 * name or by pinyin initials, opens it in the router or in a new window, and lists the 16 most recent.
 */
export const MenuSearch = ({ width = 200, compact = false }: { width?: number; compact?: boolean }) => {
  const { t, i18n } = useTranslation()
  const { data } = useQuery(permissionQuery)
  const texts = useCodeTexts()
  const pinyin = usePinyin()
  const openEntry = useOpenMenuEntry()
  const userId = useSession().userInfo?.id
  const historyKey = userKey(StorageKey.menuHistory, userId)
  const [history, setHistory] = useState<string[]>(() => storage.get<string[]>(historyKey) ?? [])
  const [query, setQuery] = useState('')

  const menu = data?.menu
  const index = useMemo(
    () => buildSearchIndex(menu ?? [], (e) => texts(e.meta.titleId, e.meta.title), pinyin),
    [menu, texts, pinyin],
  )
  const en = i18n.language === 'en'
  const option = (s: SearchEntry) => ({
    value: s.entry.id,
    label: en ? s.en : s.zh,
    other: en ? s.zh : s.en,
    external: opensInNewWindow(s.entry),
  })
  const recent = history.flatMap((id) => index.filter((s) => s.entry.id === id))
  const options = query.trim()
    ? [{ label: t('shell.search.results'), title: 'results', options: searchMenus(index, query).map(option) }]
    : recent.length > 0
      ? [{ label: t('shell.search.recent'), title: 'recent', options: recent.map(option) }]
      : []

  const onSelect = (id: string) => {
    const found = index.find((s) => s.entry.id === id)
    if (!found) return
    const next = pushHistory(history, id)
    setHistory(next)
    storage.set(historyKey, next)
    setQuery('')
    openEntry(found.entry)
  }

  return (
    <Select<string | null>
      showSearch={{ filterOption: false, onSearch: setQuery, searchValue: query, autoClearSearchValue: true }}
      value={null}
      onSelect={(id) => id && onSelect(id)}
      options={options}
      placeholder={t(compact ? 'shell.search.short' : 'shell.search.placeholder')}
      notFoundContent={query.trim() ? t('shell.search.empty') : null}
      optionRender={({ data }) => (
        <span className="shell-search-option">
          <span>{data.label}</span>
          <span className="shell-search-other">{data.other}</span>
          {data.external && <ExportOutlined aria-label={t('shell.search.newWindow')} />}
        </span>
      )}
      suffixIcon={<SearchOutlined />}
      popupMatchSelectWidth={compact ? 240 : Math.max(width, 260)}
      classNames={{ popup: { root: 'shell-search-popup' } }}
      style={{ width }}
      aria-label={t('shell.search.placeholder')}
      data-testid="menu-search"
    />
  )
}
