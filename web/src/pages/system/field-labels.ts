import { type CodeTableEntry, type FieldLabelResource, fieldLabelKey, type Lang } from '@app/contracts'

type Texts = { zh: string; en: string }

/** One field on the language screen's field-label view. */
export type FieldLabelRow = {
  /** The code-table key of its override: `field:<resource>.<field>`. */
  key: string
  resource: string
  field: string
  /** The labels the web bundles. */
  bundled: Texts
  /** The code-table override, if the field has one. */
  custom: Texts | null
}

/** Every field of every resource with its bundled labels and its override, resources in order. */
export const fieldLabelRows = (
  resources: readonly FieldLabelResource[],
  overrides: ReadonlyMap<string, CodeTableEntry>,
  bundled: (lang: Lang, resource: string, field: string) => string,
): FieldLabelRow[] =>
  resources.flatMap(({ resource, fields }) =>
    fields.map((field) => {
      const key = fieldLabelKey(resource, field)
      const entry = overrides.get(key)
      return {
        key,
        resource,
        field,
        bundled: { zh: bundled('zh', resource, field), en: bundled('en', resource, field) },
        custom: entry ? { zh: entry.zh, en: entry.en } : null,
      }
    }),
  )

export type FieldLabelFilter = { resource?: string; text: string; changedOnly: boolean }

/**
 * The rows the filter keeps: one resource (or all), overridden ones only if asked, and a text
 * found in the field name, the resource (name or title) or any of the labels, either language.
 */
export const filterFieldLabels = (
  rows: readonly FieldLabelRow[],
  filter: FieldLabelFilter,
  resourceTitle: (resource: string) => string,
): FieldLabelRow[] => {
  const needle = filter.text.trim().toLowerCase()
  return rows.filter((row) => {
    if (filter.resource && row.resource !== filter.resource) return false
    if (filter.changedOnly && !row.custom) return false
    if (!needle) return true
    const haystack = [
      row.field,
      row.resource,
      resourceTitle(row.resource),
      row.bundled.zh,
      row.bundled.en,
      row.custom?.zh ?? '',
      row.custom?.en ?? '',
    ]
    return haystack.some((s) => s.toLowerCase().includes(needle))
  })
}
