import { type Lang, refById } from '@app/contracts'
import type { Principal } from '../auth/principal.ts'
import type { ResourceRegistry } from '../crud/registry.ts'
import type { Row } from '../crud/resource.ts'
import type { Column } from './columns.ts'

const MAX_CACHED = 50_000

/**
 * Labels of referenced records for an export, fetched batch by batch through the referenced
 * resource's own service (so its data scope applies) and remembered across batches: a column
 * of countries costs one query, not one per row.
 */
export const createRefLabels = (
  resources: ResourceRegistry,
  principal: Principal,
  columns: readonly Column[],
  lang: Lang,
) => {
  const cache = new Map<string, Map<string, string>>()
  const refColumns = columns.filter((c) => {
    const ref = refById(c.meta)
    return ref && resources.get(ref.resource)
  })

  return {
    /** The labels for the references in these rows, by referenced resource name. */
    async load(rows: readonly Row[]): Promise<ReadonlyMap<string, ReadonlyMap<string, string>>> {
      for (const c of refColumns) {
        const name = refById(c.meta)!.resource
        let known = cache.get(name)
        if (!known || known.size > MAX_CACHED) {
          known = new Map()
          cache.set(name, known)
        }
        const missing = new Set<string>()
        for (const row of rows) {
          const id = row[c.field]
          if (typeof id === 'string' && id && !known.has(id)) missing.add(id)
        }
        if (missing.size === 0) continue
        const found = await resources.get(name)!.service.labels(principal, [...missing], lang)
        // an id the caller may not read stays an id, and is not asked for again
        for (const id of missing) known.set(id, found.get(id) ?? id)
      }
      return cache
    },
  }
}
