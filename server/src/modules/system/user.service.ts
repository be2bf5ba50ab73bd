import { Errors } from '@app/contracts'
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { branches, departments, roles, userBranches, userDepartments, userRoles, users } from '../../db/schema/index.ts'
import { fail } from '../../platform/errors.ts'

export type UserLinks = { roleIds: string[]; departIds: string[]; branchIds: string[] }

const LINKS = {
  roleIds: { table: userRoles, user: userRoles.userId, ref: userRoles.roleId, target: roles, key: 'roleId' },
  departIds: {
    table: userDepartments,
    user: userDepartments.userId,
    ref: userDepartments.departId,
    target: departments,
    key: 'departId',
  },
  branchIds: {
    table: userBranches,
    user: userBranches.userId,
    ref: userBranches.branchId,
    target: branches,
    key: 'branchId',
  },
} as const

type LinkName = keyof typeof LINKS
const LINK_NAMES = Object.keys(LINKS) as LinkName[]

/** The roles, departments and managed branches of many users: three queries, whatever their number. */
export const loadUserLinks = async (db: DbOrTx, userIds: readonly string[]): Promise<Map<string, UserLinks>> => {
  const out = new Map<string, UserLinks>(userIds.map((id) => [id, { roleIds: [], departIds: [], branchIds: [] }]))
  if (userIds.length === 0) return out
  const ids = [...new Set(userIds)]
  // one after the other: `db` may be a transaction, one connection that takes one query at a time
  for (const name of LINK_NAMES) {
    const link = LINKS[name]
    const rows = await db
      .select({ userId: link.user, refId: link.ref })
      .from(link.table)
      .where(inArray(link.user, ids))
      .orderBy(asc(link.ref))
    for (const row of rows) out.get(row.userId)?.[name].push(row.refId)
  }
  return out
}

/** Every id must name an existing role, department or branch: a clear 400 rather than a foreign-key error. */
const assertKnown = async (tx: DbOrTx, name: LinkName, wanted: readonly string[]) => {
  if (wanted.length === 0) return
  const target = LINKS[name].target
  const found = await tx
    .select({ id: target.id })
    .from(target)
    .where(inArray(target.id, [...wanted]))
  if (found.length !== wanted.length) fail(Errors.ParameterError, { field: name })
}

/** Replaces the links named in `input` (a list not sent is left as it is). */
export const replaceUserLinks = async (tx: DbOrTx, userId: string, input: Partial<Record<LinkName, unknown>>) => {
  for (const name of LINK_NAMES) {
    const value = input[name]
    if (!Array.isArray(value)) continue
    const wanted = [...new Set(value as string[])]
    await assertKnown(tx, name, wanted)
    const link = LINKS[name]
    await tx.delete(link.table).where(eq(link.user, userId))
    if (wanted.length > 0) {
      await tx.insert(link.table).values(wanted.map((refId) => ({ userId, [link.key]: refId })) as never)
    }
  }
}

/** The org code of the first of the given departments (a new user starts working there). */
export const firstOrgCode = async (tx: DbOrTx, departIds: readonly string[]): Promise<string | null> => {
  if (departIds.length === 0) return null
  const [row] = await tx
    .select({ orgCode: departments.orgCode })
    .from(departments)
    .where(inArray(departments.id, [...departIds]))
    .orderBy(asc(departments.orgCode))
    .limit(1)
  return row?.orgCode ?? null
}

/** Whether the org code is one of the given departments'. */
export const isOrgCodeOf = async (tx: DbOrTx, orgCode: string | null, departIds: readonly string[]) => {
  if (!orgCode || departIds.length === 0) return false
  const rows = await tx
    .select({ id: departments.id })
    .from(departments)
    .where(and(eq(departments.orgCode, orgCode), inArray(departments.id, [...departIds])))
  return rows.length > 0
}

/** A login account is unique among live users, whatever its letter case (sign-in ignores case). */
export const assertLoginFree = async (tx: DbOrTx, username: string, exceptId?: string) => {
  const clash = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        sql`lower(${users.username}) = lower(${username})`,
        eq(users.delFlag, false),
        exceptId ? ne(users.id, exceptId) : undefined,
      ),
    )
    .limit(1)
  if (clash.length > 0) fail(Errors.LoginAccountExists, { field: 'username' })
}
