import { sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import { reviewSteps, reviews } from '../../db/schema/index.ts'
import type { Principal } from '../../platform/auth/principal.ts'
import { type Conditions, conditionsOf } from '../../platform/list-query.ts'

/** Whom `reviewedBy` asks about: their roles and departments, and who they are (none: decided nothing). */
export type Reviewer = Pick<Principal, 'roleCodes' | 'deptCodes'> & { userId: string | null }

/**
 * The records whose review on `business` the caller takes part in: a step held by one of their
 * roles in one of their departments, or decided by them. Orders and requests add it to the data
 * scope (`alsoVisibleTo`), so a reviewer whose scope is their own department (region_president,
 * branch_finance) finds what waits for them in the lists.
 */
export const reviewedBy =
  (business: string, id: AnyPgColumn) =>
  (principal: Reviewer): Conditions =>
    // values in the order `write` binds them; the user's departments come with the principal: as
    // a subquery over sys_user_depart they cost a third more planning on every page (a list of a
    // million orders plans longer than it runs)
    conditionsOf(
      `reviewing:${business}`,
      [business, principal.roleCodes, principal.deptCodes, principal.userId],
      (bind) =>
        sql`exists (select 1 from ${reviews} join ${reviewSteps} on ${reviewSteps.reviewId} = ${reviews.id}
        where ${reviews.business} = ${bind(business)} and ${reviews.objectId} = ${id}::text
        and ((${reviewSteps.roleCode} = any(${bind(principal.roleCodes)})
          and ${reviewSteps.deptCode} = any(${bind(principal.deptCodes)}))
          or ${reviewSteps.userId} = ${bind(principal.userId)}))`,
    )
