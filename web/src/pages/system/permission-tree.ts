import type { PermissionNode } from '@app/contracts'

/** Parents, children and order of a permission tree, by id. */
export type TreeIndex = {
  parent: Map<string, string | null>
  children: Map<string, string[]>
  all: string[]
  folders: string[]
}

export const indexTree = (tree: readonly PermissionNode[]): TreeIndex => {
  const index: TreeIndex = { parent: new Map(), children: new Map(), all: [], folders: [] }
  const walk = (nodes: readonly PermissionNode[], parent: string | null) => {
    for (const n of nodes) {
      index.parent.set(n.id, parent)
      index.children.set(
        n.id,
        n.children.map((c) => c.id),
      )
      index.all.push(n.id)
      if (n.children.length > 0) index.folders.push(n.id)
      walk(n.children, n.id)
    }
  }
  walk(tree, null)
  return index
}

const descendants = (index: TreeIndex, id: string): string[] =>
  (index.children.get(id) ?? []).flatMap((c) => [c, ...descendants(index, c)])

const ancestors = (index: TreeIndex, id: string): string[] => {
  const out: string[] = []
  for (let p = index.parent.get(id); p; p = index.parent.get(p)) out.push(p)
  return out
}

/**
 * The checked set after (un)checking one node: checking takes the node's folders and everything
 * under it (a menu with its buttons); unchecking drops the node and everything under it, but never
 * what the role must keep.
 */
export const toggleNode = (
  index: TreeIndex,
  checked: ReadonlySet<string>,
  locked: ReadonlySet<string>,
  id: string,
  on: boolean,
): Set<string> => {
  const next = new Set(checked)
  if (on) for (const k of [id, ...ancestors(index, id), ...descendants(index, id)]) next.add(k)
  else for (const k of [id, ...descendants(index, id)]) if (!locked.has(k)) next.delete(k)
  return next
}
