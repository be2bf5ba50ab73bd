import type { ResourceScreen } from '@app/contracts'
import { useQuery } from '@tanstack/react-query'
import { Select } from 'antd'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'

type Props = {
  /** The resources to offer, each with its screen (the server's list for this filter). */
  screens: { queryKey: readonly unknown[]; queryFn: () => Promise<ResourceScreen[]> }
  /** A screen's name as the list shows it. */
  name: (menu: string) => string
  label: string
  /** The filter's value (antd Form.Item passes it): the resources of the screen chosen. */
  value?: string[]
  onChange?: (value: string[] | undefined) => void
}

/**
 * A list's filter by screen (the operation log's object, the modify history's screen): one option
 * per screen, by its name; choosing it filters by every resource that is that screen's.
 */
export const ScreenSelect = ({ screens, name, label, value, onChange }: Props) => {
  const { t } = useTranslation()
  const found = useQuery({ queryKey: screens.queryKey, queryFn: screens.queryFn })
  const byMenu = useMemo(() => {
    const out = new Map<string, string[]>()
    for (const s of found.data ?? []) out.set(s.menu, [...(out.get(s.menu) ?? []), s.resource])
    return out
  }, [found.data])
  const options = useMemo(
    () =>
      [...byMenu.keys()]
        .map((menu) => ({ value: menu, label: name(menu) }))
        .sort((a, b) => a.label.localeCompare(b.label)),
    [byMenu, name],
  )
  const chosen = value?.length ? [...byMenu].find(([, resources]) => resources.includes(value[0]!))?.[0] : undefined
  return (
    <Select
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      options={options}
      loading={found.isFetching}
      placeholder={t('list.search.choose')}
      aria-label={label}
      style={{ width: '100%' }}
      value={chosen}
      onChange={(menu?: string) => onChange?.(menu ? byMenu.get(menu) : undefined)}
    />
  )
}
