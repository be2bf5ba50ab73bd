import { Errors, ReviewDecision } from '@app/contracts'
import { and, eq, sql } from 'drizzle-orm'
import { type DbOrTx, uuidArray } from '../../db/client.ts'
import { reusable } from '../../db/reusable.ts'
import { departments, roles, userDepartments, userRoles, users } from '../../db/schema/index.ts'
import { fail } from '../errors.ts'
import type { KnownUser, ReviewRow, ReviewStepRow } from './types.ts'

/** The role codes a user holds and the departments (orgCodes) they belong to. */
export type Memberships = { roleCodes: string[]; orgCodes: string[] }

/** Someone whose memberships are asked for: a user id, or a user who may carry them (no statement then). */
export type Member = string | KnownUser

export const userIdOf = (who: Member) => (typeof who === 'string' ? who : who.userId)

export const membershipsOf = async (db: DbOrTx, who: Member): Promise<Memberships> => {
  if (typeof who !== 'string' && who.roleCodes && who.deptCodes)
    return { roleCodes: [...who.roleCodes], orgCodes: [...who.deptCodes] }
  // one statement: a decision reads them on every call
  const roleCodes = db
    .select({ code: roles.roleCode })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(userRoles.userId, users.id))
  const orgCodes = db
    .select({ code: departments.orgCode })
    .from(userDepartments)
    .innerJoin(departments, eq(departments.id, userDepartments.departId))
    .where(eq(userDepartments.userId, users.id))
  const [row] = await db
    .select({ roleCodes: sql<string[]>`array(${roleCodes})`, orgCodes: sql<string[]>`array(${orgCodes})` })
    .from(users)
    .where(eq(users.id, userIdOf(who)))
  return { roleCodes: row?.roleCodes ?? [], orgCodes: row?.orgCodes ?? [] }
}

/** The submitter, when the review bans self-approval: kept away from its steps. */
export const barredSubmitter = (review: Pick<ReviewRow, 'forbidSelfApproval' | 'submitterId'>): string | null =>
  review.forbidSelfApproval ? review.submitterId : null

/** The approver of the step before, when the review bans repeat audit: kept away from approving the next. */
export const barredRepeatApprover = (
  review: Pick<ReviewRow, 'repeatAudit'>,
  previous: Pick<ReviewStepRow, 'decision' | 'userId'> | undefined,
): string | null => (!review.repeatAudit && previous?.decision === ReviewDecision.Approve ? previous.userId : null)

/**
 * Who a review's rules keep away from its current step even though they hold the role there:
 * the submitter when self-approval is banned, and the previous step's approver when repeat
 * audit is off (the decision checks the same two rules, decide.ts; the inbox in SQL, queries.ts).
 */
export const excludedAt = (
  review: Pick<ReviewRow, 'forbidSelfApproval' | 'repeatAudit' | 'submitterId'>,
  previous: Pick<ReviewStepRow, 'decision' | 'userId'> | undefined,
): string[] => [barredSubmitter(review), barredRepeatApprover(review, previous)].filter((id) => id !== null)

/**
 * Enabled users holding a role in a department, but those excluded, of the placeholders
 * `${prefix}RoleCode`, `${prefix}DeptCode` and `${prefix}Exclude` (ids, `uuidArray`): for a
 * statement that reads them with something else (a decision, with the step it makes current).
 */
export const candidatesQuery = (db: DbOrTx, prefix: string) =>
  db
    .selectDistinct({ id: users.id })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .innerJoin(roles, and(eq(roles.id, userRoles.roleId), eq(roles.roleCode, sql.placeholder(`${prefix}RoleCode`))))
    .innerJoin(userDepartments, eq(userDepartments.userId, users.id))
    .innerJoin(
      departments,
      and(eq(departments.id, userDepartments.departId), eq(departments.orgCode, sql.placeholder(`${prefix}DeptCode`))),
    )
    .where(
      and(
        eq(users.delFlag, false),
        eq(users.status, '1'),
        sql`${users.id} <> all(${sql.placeholder(`${prefix}Exclude`)}::uuid[])`,
      ),
    )
    .orderBy(users.id)

/** The placeholders' values of `candidatesQuery` for a step, but those excluded. */
export const candidatesPlaced = (
  prefix: string,
  step: Pick<ReviewStepRow, 'roleCode' | 'deptCode'>,
  exclude: readonly string[] = [],
) => ({
  [`${prefix}RoleCode`]: step.roleCode,
  [`${prefix}DeptCode`]: step.deptCode,
  [`${prefix}Exclude`]: uuidArray(exclude),
})

/** `candidatesQuery` alone: built once. */
const candidates = reusable('sys_review_candidates', (db) => candidatesQuery(db, 'candidate'))

/** Enabled users holding the step's role who belong to the step's department. */
export const candidatesOf = async (
  db: DbOrTx,
  step: Pick<ReviewStepRow, 'roleCode' | 'deptCode'>,
  exclude: readonly string[] = [],
): Promise<string[]> => {
  if (!step.deptCode) return []
  const rows = await candidates(db, candidatesPlaced('candidate', step, exclude))
  return rows.map((r) => r.id)
}

/** Enabled users holding a role, in a department or (without one) in any: whom a sub-flow request asks. */
export const holdersOf = async (db: DbOrTx, roleCode: string, deptCode: string | null): Promise<string[]> => {
  if (deptCode) return candidatesOf(db, { roleCode, deptCode })
  const rows = await db
    .selectDistinct({ id: users.id })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .innerJoin(roles, and(eq(roles.id, userRoles.roleId), eq(roles.roleCode, roleCode)))
    .where(and(eq(users.delFlag, false), eq(users.status, '1')))
    .orderBy(users.id)
  return rows.map((r) => r.id)
}

/** Whether memberships make someone a reviewer of a step (its role, in its department). */
export const holdsStep = (m: Memberships, step: Pick<ReviewStepRow, 'roleCode' | 'deptCode'>) =>
  m.roleCodes.includes(step.roleCode) && step.deptCode !== null && m.orgCodes.includes(step.deptCode)

/**
 * Refuses a user who may not decide the step: holding the step's role but not in its department is
 * a 'reviewer mismatch'; not holding the role at all means 'only the current reviewer may act'.
 */
export const assertReviewer = (m: Memberships, step: Pick<ReviewStepRow, 'roleCode' | 'deptCode'>) => {
  if (holdsStep(m, step)) return
  if (m.roleCodes.includes(step.roleCode)) fail(Errors.ReviewerMismatch)
  fail(Errors.OnlyCurrentReviewer)
}
