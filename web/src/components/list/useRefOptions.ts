import { localName } from '@app/contracts'
import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { keys } from '../../api/queries.ts'
import { type ResourceOption, resourceApi, resourceByName } from '../../api/resources.ts'

export type RefOption = { value: string; label: string }
export type TreeOption = { value: string; title: string; children?: TreeOption[] }

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

/** A tree of records over `parentId` (a parent missing from the list makes its child a root). */
export const treeOf = (records: readonly ResourceOption[], labelOf: (r: ResourceOption) => string): TreeOption[] => {
  const nodes = new Map<string, TreeOption>(records.map((r) => [r.id, { value: r.id, title: labelOf(r) }]))
  const roots: TreeOption[] = []
  for (const r of records) {
    const node = nodes.get(r.id) as TreeOption
    const parent = typeof r.parentId === 'string' ? nodes.get(r.parentId) : undefined
    if (parent) parent.children = [...(parent.children ?? []), node]
    else roots.push(node)
  }
  return roots
}

/** Options of a reference select, an id -> label map and the tree (for tree resources). */
export const useRefOptions = (resource: string | undefined, label: string | undefined) => {
  const { i18n } = useTranslation()
  const lang = i18n.language
  const { data, isSuccess } = useQuery({ ...refQuery(resource ?? ''), enabled: Boolean(resource) })
  return useMemo(() => {
    const records = data ?? []
    const labelOf = (r: ResourceOption) => localName(r, lang, label ?? 'name')
    return {
      loaded: isSuccess,
      options: records.map((r): RefOption => ({ value: r.id, label: labelOf(r) })),
      byId: new Map(records.map((r) => [r.id, labelOf(r)])),
      tree: treeOf(records, labelOf),
    }
  }, [data, isSuccess, label, lang])
}
