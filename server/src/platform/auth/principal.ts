import { type DataScope, type Lang, parseLang } from '@app/contracts'
import { and, eq, gt, inArray, isNull, or } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { permissions, rolePermissions, roles, sessions, userRoles, users } from '../../db/schema/index.ts'

/** Who is calling: resolved from the session token once per request. */
export type Principal = {
  userId: string
  username: string
  realname: string
  /** The department the user currently works in. */
  orgCode: string | null
  lang: Lang
  roleCodes: string[]
  roleIds: string[]
  /** The widest data permission among the user's roles. */
  dataScope: DataScope
  /** Granted menu codes and button keys, plus every inactive button rule (SPEC 3 status '0'). */
  permissions: ReadonlySet<string>
  tokenHash: string
}

const SCOPE_RANK: Record<DataScope, number> = { personal: 0, department: 1, all: 2 }

export const widestScope = (scopes: readonly string[]): DataScope => {
  let best: DataScope = 'personal'
  for (const s of scopes) {
    if (s in SCOPE_RANK && SCOPE_RANK[s as DataScope] > SCOPE_RANK[best]) best = s as DataScope
  }
  return best
}

/** Permission codes granted through the given roles, plus the inactive button rules everyone passes. */
export const loadPermissionCodes = async (db: DbOrTx, roleIds: readonly string[]): Promise<Set<string>> => {
  const rows = await db
    .selectDistinct({ code: permissions.code })
    .from(permissions)
    .leftJoin(
      rolePermissions,
      and(eq(rolePermissions.permissionId, permissions.id), inArray(rolePermissions.roleId, [...roleIds])),
    )
    .where(
      or(
        roleIds.length > 0 ? inArray(rolePermissions.roleId, [...roleIds]) : undefined,
        and(eq(permissions.menuType, 2), eq(permissions.status, '0')),
      ),
    )
  return new Set(rows.map((r) => r.code))
}

/**
 * The principal behind a token hash, or null when the session is unknown, expired or revoked, or
 * the user is disabled or deleted (so an old token stops working at once).
 */
export const resolvePrincipal = async (db: DbOrTx, tokenHash: string): Promise<Principal | null> => {
  const [row] = await db
    .select({
      userId: users.id,
      username: users.username,
      realname: users.realname,
      orgCode: users.orgCode,
      lang: users.lang,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, tokenHash),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, new Date()),
        eq(users.delFlag, false),
        eq(users.status, '1'),
      ),
    )
    .limit(1)
  if (!row) return null
  const roleRows = await db
    .select({ id: roles.id, code: roles.roleCode, dataScope: roles.dataScope })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(userRoles.userId, row.userId))
  const roleIds = roleRows.map((r) => r.id)
  return {
    ...row,
    lang: parseLang(row.lang),
    roleCodes: roleRows.map((r) => r.code),
    roleIds,
    dataScope: widestScope(roleRows.map((r) => r.dataScope)),
    permissions: await loadPermissionCodes(db, roleIds),
    tokenHash,
  }
}
