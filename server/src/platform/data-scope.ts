import { eq, like, sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import type { Principal } from './auth/principal.ts'
import { type Conditions, conditionsOf, escapeLike } from './list-query.ts'

/** The columns a resource is scoped by: the creator's department and the creator. */
export type ScopeColumns = { org: AnyPgColumn; owner: AnyPgColumn }

/**
 * The role's data permission as one SQL predicate (DESIGN 3): `all` sees everything,
 * `department` the rows of the user's current department and its sub-departments (org codes are
 * hierarchical prefixes), `personal` the rows the user created. Callers AND it as one group.
 * As conditions (see list-query.ts), so a list statement written once serves every user of a
 * scope kind.
 */
export const scopeConditions = (principal: Principal, columns: ScopeColumns | undefined): Conditions => {
  if (!columns || principal.dataScope === 'all') return conditionsOf('all', [], () => undefined)
  if (principal.dataScope === 'department') {
    if (!principal.orgCode) return conditionsOf('nothing', [], () => sql`false`)
    const prefix = `${escapeLike(principal.orgCode)}%`
    return conditionsOf('department', [prefix], (bind) => like(columns.org, bind(prefix)))
  }
  return conditionsOf('personal', [principal.userId], (bind) => eq(columns.owner, bind(principal.userId)))
}
