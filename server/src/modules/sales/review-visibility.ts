import { sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import { departments, reviewSteps, reviews, userDepartments } from '../../db/schema/index.ts'
import type { Principal } from '../../platform/auth/principal.ts'
import { type ScopeColumns, scopeConditions } from '../../platform/data-scope.ts'
import { type Conditions, combine, conditionsOf } from '../../platform/list-query.ts'

/**
 * The rows of a request list a caller may read: their data scope, or the requests whose review
 * they take part in (a step held by one of their roles in one of their departments, or decided by
 * them). A first reviewer with a department scope (region_president) sees the requests waiting for
 * them even when the requester works elsewhere.
 */
export const requestsVisibleTo =
  (business: string, id: AnyPgColumn, scope: ScopeColumns) =>
  (principal: Principal): Conditions => {
    if (principal.dataScope === 'all') return conditionsOf('all', [], () => undefined)
    // values in the order `write` binds them: the user first
    const reviewing = conditionsOf(
      `reviewing:${business}`,
      [principal.userId, business, principal.roleCodes],
      (bind) => {
        const user = bind(principal.userId)
        return sql`exists (select 1 from ${reviews} join ${reviewSteps} on ${reviewSteps.reviewId} = ${reviews.id}
      where ${reviews.business} = ${bind(business)} and ${reviews.objectId} = ${id}::text
      and ((${reviewSteps.roleCode} = any(${bind(principal.roleCodes)}) and ${reviewSteps.deptCode} in
        (select ${departments.orgCode} from ${userDepartments} join ${departments} on ${departments.id} = ${userDepartments.departId}
         where ${userDepartments.userId} = ${user}))
        or ${reviewSteps.userId} = ${user}))`
      },
    )
    return combine([scopeConditions(principal, scope), reviewing], 'or')
  }
