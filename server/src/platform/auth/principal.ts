import { type DataScope, type Lang, parseLang } from '@app/contracts'
import { and, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm'
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
 * The statement behind `resolvePrincipal`: one round trip, the user's roles and granted codes
 * as JSON from subqueries. Built once per database (building it costs more CPU than running it)
 * and prepared by name, so PostgreSQL plans it once per connection.
 */
const principalQuery = (db: DbOrTx) =>
  db
    .select({
      userId: users.id,
      username: users.username,
      realname: users.realname,
      orgCode: users.orgCode,
      lang: users.lang,
      roles: sql<{ id: string; code: string; dataScope: string }[] | null>`(
        select json_agg(json_build_object('id', ${roles.id}, 'code', ${roles.roleCode}, 'dataScope', ${roles.dataScope}))
        from ${userRoles} inner join ${roles} on ${roles.id} = ${userRoles.roleId}
        where ${userRoles.userId} = ${users.id})`,
      // granted through one of the user's roles, or a button rule that is not active (SPEC 3 status '0')
      codes: sql<string[] | null>`(
        select json_agg(distinct ${permissions.code}) from ${permissions}
        where (${permissions.menuType} = 2 and ${permissions.status} = '0')
           or ${permissions.id} in (
             select ${rolePermissions.permissionId} from ${rolePermissions}
             inner join ${userRoles} on ${userRoles.roleId} = ${rolePermissions.roleId}
             where ${userRoles.userId} = ${users.id}))`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
        eq(users.delFlag, false),
        eq(users.status, '1'),
      ),
    )
    .limit(1)
    .prepare('resolve_principal')

const prepared = new WeakMap<DbOrTx, ReturnType<typeof principalQuery>>()

/**
 * The principal behind a token hash, or null when the session is unknown, expired or revoked, or
 * the user is disabled or deleted (so an old token stops working at once). Read fresh on every
 * request: nothing about a session, a user or a role is cached, so a change (also one made by
 * another instance, or straight in the database) counts from the next request on.
 */
export const resolvePrincipal = async (db: DbOrTx, tokenHash: string): Promise<Principal | null> => {
  let query = prepared.get(db)
  if (!query) {
    query = principalQuery(db)
    prepared.set(db, query)
  }
  const [row] = await query.execute({ tokenHash })
  if (!row) return null
  const roleRows = row.roles ?? []
  return {
    userId: row.userId,
    username: row.username,
    realname: row.realname,
    orgCode: row.orgCode,
    lang: parseLang(row.lang),
    roleCodes: roleRows.map((r) => r.code),
    roleIds: roleRows.map((r) => r.id),
    dataScope: widestScope(roleRows.map((r) => r.dataScope)),
    permissions: new Set(row.codes ?? []),
    tokenHash,
  }
}
