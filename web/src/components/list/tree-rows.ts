import type { ResourceRecord } from '../../api/resources.ts'

export type TreeRow = ResourceRecord & { children?: TreeRow[] }

/**
 * The rows of one page as a hierarchy: a row whose parent is on the same page sits under it, the
 * others are roots, each keeping the page's order. Sorted by org code (the default of a tree), a
 * page is the tree in pre-order, so whole branches nest.
 */
export const nestRows = (records: readonly ResourceRecord[]): TreeRow[] => {
  const rows = new Map<string, TreeRow>(records.map((r) => [r.id, { ...r }]))
  const roots: TreeRow[] = []
  for (const r of records) {
    const row = rows.get(r.id) as TreeRow
    const parent = typeof r.parentId === 'string' && r.parentId !== r.id ? rows.get(r.parentId) : undefined
    if (parent) parent.children = [...(parent.children ?? []), row]
    else roots.push(row)
  }
  return roots
}

/** Ids of the rows that have children (to show a tree expanded). */
export const parentKeys = (rows: readonly TreeRow[]): string[] =>
  rows.flatMap((r) => (r.children?.length ? [r.id, ...parentKeys(r.children)] : []))
