import { eq, like, type SQL, sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import type { Principal } from './auth/principal.ts'

/** The columns a resource is scoped by: the creator's department and the creator. */
export type ScopeColumns = { org: AnyPgColumn; owner: AnyPgColumn }

export const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`)

/**
 * The role's data permission as one SQL predicate (DESIGN 3): `all` sees everything,
 * `department` the rows of the user's current department and its sub-departments (org codes are
 * hierarchical prefixes), `personal` the rows the user created. Callers AND it as one group.
 */
export const scopeWhere = (principal: Principal, columns: ScopeColumns | undefined): SQL | undefined => {
  if (!columns || principal.dataScope === 'all') return undefined
  if (principal.dataScope === 'department') {
    if (!principal.orgCode) return sql`false`
    return like(columns.org, `${escapeLike(principal.orgCode)}%`)
  }
  return eq(columns.owner, principal.userId)
}
