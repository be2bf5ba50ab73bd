import { localName, namesOf } from '@app/contracts'
import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { keys } from '../../api/queries.ts'
import { type ResourceOption, resourceApi, resourceByName } from '../../api/resources.ts'

/**
 * An option naming a record (a department, a role, a branch, a product...): labelled in the
 * interface language (`localName`), with both of the record's names in `names` (`namesOf`, one a
 * line), so a select searching with `NAME_SEARCH` finds it by what is typed in either language.
 */
export type RefOption = { value: string; label: string; names: string }
export type TreeOption = { value: string; title: string; names: string; children?: TreeOption[] }

/** antd Select's `showSearch` over named options: the label shown, or either of the names, contains the text. */
export const NAME_SEARCH = { optionFilterProp: ['label', 'names'] }
/** antd TreeSelect's `showSearch` over `TreeOption`s: either name contains the text. */
export const TREE_NAME_SEARCH = { treeNodeFilterProp: 'names' }

/** The option of a record named by `field` (its id, or the `value` given). */
export const namedOption = (r: ResourceOption, lang: string, field: string, value: string = r.id): RefOption => ({
  value,
  label: localName(r, lang, field),
  names: namesOf(r, field).join('\n'),
})

const REF_STALE_MS = 5 * 60_000

/** Every record of a referenced resource (its `getListAll`), cached and shared by every screen. */
export const refQuery = (resource: string) => {
  const meta = resourceByName(resource)
  return {
    queryKey: keys.resource.listAll(resource),
    queryFn: () => (meta ? resourceApi(meta).listAll() : Promise.resolve([] as ResourceOption[])),
    staleTime: REF_STALE_MS,
  }
}

/**
 * A tree of records over `parentId` (a parent missing from the list makes its child a root), named
 * by `field` in `lang`; each node's value is the record's id, or what `valueOfRecord` answers (an org code).
 */
export const treeOf = (
  records: readonly ResourceOption[],
  lang: string,
  field: string,
  valueOfRecord: (r: ResourceOption) => string = (r) => r.id,
): TreeOption[] => {
  const nodes = new Map<string, TreeOption>(
    records.map((r) => {
      const { value, label, names } = namedOption(r, lang, field, valueOfRecord(r))
      return [r.id, { value, title: label, names }]
    }),
  )
  const roots: TreeOption[] = []
  for (const r of records) {
    const node = nodes.get(r.id) as TreeOption
    const parent = typeof r.parentId === 'string' ? nodes.get(r.parentId) : undefined
    if (parent) parent.children = [...(parent.children ?? []), node]
    else roots.push(node)
  }
  return roots
}

/**
 * Options of a reference select, a value -> label map (`byId`) and the tree (for tree resources). A
 * value is the record's id, or its `key` field (a department's `orgCode`).
 */
export const useRefOptions = (resource: string | undefined, label: string | undefined, key?: string) => {
  const { i18n } = useTranslation()
  const lang = i18n.language
  const { data, isSuccess } = useQuery({ ...refQuery(resource ?? ''), enabled: Boolean(resource) })
  return useMemo(() => {
    const records = data ?? []
    const field = label ?? 'name'
    const valueOfRecord = (r: ResourceOption) => (key ? String(r[key] ?? '') : r.id)
    const options = records.map((r) => namedOption(r, lang, field, valueOfRecord(r)))
    return {
      loaded: isSuccess,
      options,
      byId: new Map(options.map((o) => [o.value, o.label])),
      tree: treeOf(records, lang, field, valueOfRecord),
    }
  }, [data, isSuccess, label, lang, key])
}

/**
 * Departments as a tree in the interface language whose values are org codes: a review step and
 * a request name their department by org code, not by id.
 */
export const useDepartmentTreeByCode = () => useRefOptions('department', 'departName', 'orgCode').tree
