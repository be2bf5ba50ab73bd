import type { TableColumnsType } from 'antd'
import type { ReactNode } from 'react'
import type { ResourceRecord } from '../../api/resources.ts'
import { FieldValue } from './FieldValue.tsx'
import type { ListDeclaration } from './types.ts'

/** The list's columns in order: the declared `columnOrder` first, then the meta's order. */
export const listFields = (list: ListDeclaration): string[] => {
  const shown = Object.entries(list.resource.fields)
    .filter(([name, m]) => m.list !== false && !list.columns?.[name]?.hidden)
    .map(([name]) => name)
  const first = (list.columnOrder ?? []).filter((n) => shown.includes(n))
  return [...first, ...shown.filter((n) => !first.includes(n))]
}

/** Column titles of an export, in column order (fields marked `excel: false` stay out). */
export const exportTitles = (list: ListDeclaration, label: (field: string) => string) =>
  Object.fromEntries(
    listFields(list)
      .filter((n) => list.resource.fields[n]?.excel !== false)
      .map((n) => [n, label(n)]),
  )

/** Titles of the columns an import reads: the form's fields that Excel carries. */
export const importTitles = (list: ListDeclaration, label: (field: string) => string) =>
  Object.fromEntries(
    Object.keys(list.input.shape)
      .filter((n) => {
        const m = list.resource.fields[n]
        return m && !m.readOnly && m.excel !== false
      })
      .map((n) => [n, label(n)]),
  )

const nowrap = () => ({ style: { whiteSpace: 'nowrap' as const } })

type Options = {
  label: (field: string) => string
  sortOf: (field: string) => 'ascend' | 'descend' | null
  actionsTitle: string
  actions: (record: ResourceRecord) => ReactNode
}

/** antd columns from the meta: server-side sorting, formatted values, the screen's overrides. */
export const buildColumns = (list: ListDeclaration, o: Options): TableColumnsType<ResourceRecord> => {
  const unique = new Set<string>(list.resource.unique ?? [])
  return [
    ...listFields(list).map((name) => {
      const meta = list.resource.fields[name]
      const override = list.columns?.[name]
      return {
        key: name,
        dataIndex: name,
        title: o.label(name),
        width: override?.width,
        align: meta?.type === 'number' ? ('right' as const) : undefined,
        sorter: Boolean(meta?.sort),
        sortOrder: meta?.sort ? o.sortOf(name) : undefined,
        showSorterTooltip: false,
        // dates, numbers and codes (the unique fields) stay on one line; other text may wrap so that
        // the table fits the screen
        onCell: (meta && meta.type !== 'string' && meta.type !== 'dict') || unique.has(name) ? nowrap : undefined,
        render: (value: unknown, record: ResourceRecord) =>
          override?.render ? override.render(value, record) : <FieldValue meta={meta} value={value} />,
      }
    }),
    {
      key: '__actions',
      title: o.actionsTitle,
      onCell: nowrap,
      render: (_: unknown, record: ResourceRecord) => o.actions(record),
    },
  ]
}
