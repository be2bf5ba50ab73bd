import { type FieldMeta, localName } from '@app/contracts'
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

/** A cell on one line: its text is cut at 25 characters (`EllipsisText`), so the column stays bounded. */
const oneLine = () => ({ style: { whiteSpace: 'nowrap' as const } })
/**
 * A header wraps between words only: an English title may take two lines, a Chinese one is never
 * broken between its characters.
 */
const headerKeepsWords = () => ({ style: { wordBreak: 'keep-all' as const } })

/**
 * A column's least width (px) by what it holds, so that a short value and its title read on one
 * line whatever the screen's width: a date, a time, an amount, a dictionary text, a reference's
 * name, a code, a text. Wider values widen their column; the table then scrolls sideways.
 */
export const columnWidth = (meta: FieldMeta | undefined, unique: boolean): number => {
  if (!meta) return 120
  if (meta.ref) return 140
  if (unique) return 140
  switch (meta.type) {
    case 'date':
      return 110
    case 'datetime':
      return 170
    case 'number':
      return 110
    case 'dict':
      return 100
    default:
      return 150
  }
}

/** A title's width (px) as the header draws it, estimated: a Chinese character is about 14 px, others 7.5. */
const textWidth = (text: string) => [...text].reduce((w, c) => w + (c.codePointAt(0)! >= 0x2e80 ? 14 : 7.5), 0)

/**
 * The least width (px) at which a header shows its title in at most two lines (broken between
 * words, `headerKeepsWords`), with the cell's padding and a sorter's arrows: 'Actual delivery date'
 * over two lines, not three; a Chinese title, which never breaks, on one.
 */
export const titleWidth = (title: string, sortable: boolean): number => {
  const words = title.split(/\s+/).filter(Boolean)
  let widest = textWidth(title)
  for (let i = 1; i < words.length; i++)
    widest = Math.min(widest, Math.max(textWidth(words.slice(0, i).join(' ')), textWidth(words.slice(i).join(' '))))
  return Math.ceil(widest + 32 + (sortable ? 26 : 0))
}

type Options = {
  label: (field: string) => string
  /** The interface language: a name with an English twin (`name` / `nameEn`) shows in it. */
  lang: string
  sortOf: (field: string) => 'ascend' | 'descend' | null
  actionsTitle: string
  actions: (record: ResourceRecord) => ReactNode
}

/**
 * antd columns from the meta: server-side sorting, formatted values, the screen's overrides. Every
 * cell keeps to one line (long texts are cut at 25 characters with the whole in a tooltip), each
 * column is at least as wide as its type needs, and the actions stay fixed on the right while the
 * table scrolls sideways.
 */
export const buildColumns = (list: ListDeclaration, o: Options): TableColumnsType<ResourceRecord> => {
  const unique = new Set<string>(list.resource.unique ?? [])
  const fields = list.resource.fields as Record<string, FieldMeta | undefined>
  /** A name whose English twin is a field too (name / nameEn, spec / specEn): shown in the interface language. */
  const named = (name: string) => fields[name]?.type === 'string' && fields[`${name}En`] !== undefined
  return [
    ...listFields(list).map((name) => {
      const meta = list.resource.fields[name]
      const override = list.columns?.[name]
      const title = o.label(name)
      return {
        key: name,
        dataIndex: name,
        title,
        width: override?.width ?? Math.max(columnWidth(meta, unique.has(name)), titleWidth(title, Boolean(meta?.sort))),
        align: meta?.type === 'number' ? ('right' as const) : undefined,
        sorter: Boolean(meta?.sort),
        sortOrder: meta?.sort ? o.sortOf(name) : undefined,
        showSorterTooltip: false,
        onCell: oneLine,
        onHeaderCell: headerKeepsWords,
        render: (value: unknown, record: ResourceRecord) =>
          override?.render ? (
            override.render(value, record)
          ) : (
            <FieldValue meta={meta} value={named(name) ? localName(record, o.lang, name) : value} />
          ),
      }
    }),
    {
      key: '__actions',
      title: o.actionsTitle,
      fixed: 'right' as const,
      onCell: oneLine,
      onHeaderCell: headerKeepsWords,
      render: (_: unknown, record: ResourceRecord) => o.actions(record),
    },
  ]
}
