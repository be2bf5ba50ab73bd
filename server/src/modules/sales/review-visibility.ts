import { sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import { departments, reviewSteps, reviews, userDepartments } from '../../db/schema/index.ts'
import type { Principal } from '../../platform/auth/principal.ts'
import { type Conditions, conditionsOf } from '../../platform/list-query.ts'

/**
 * The records whose review on `business` the caller takes part in: a step held by one of their
 * roles in one of their departments, or decided by them. Orders and requests add it to the data
 * scope (`alsoVisibleTo`), so a reviewer whose scope is their own department (region_president,
 * branch_finance) finds what waits for them in the lists.
 */
export const reviewedBy =
  (business: string, id: AnyPgColumn) =>
  (principal: Principal): Conditions =>
    // values in the order `write` binds them: the user first
    conditionsOf(`reviewing:${business}`, [principal.userId, business, principal.roleCodes], (bind) => {
      const user = bind(principal.userId)
      return sql`exists (select 1 from ${reviews} join ${reviewSteps} on ${reviewSteps.reviewId} = ${reviews.id}
        where ${reviews.business} = ${bind(business)} and ${reviews.objectId} = ${id}::text
        and ((${reviewSteps.roleCode} = any(${bind(principal.roleCodes)}) and ${reviewSteps.deptCode} in
          (select ${departments.orgCode} from ${userDepartments} join ${departments} on ${departments.id} = ${userDepartments.departId}
           where ${userDepartments.userId} = ${user}))
          or ${reviewSteps.userId} = ${user}))`
    })
