import { type DataScope, type Lang, parseLang } from '@app/contracts'
import { and, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import {
  departments,
  permissions,
  rolePermissions,
  roles,
  sessions,
  userDepartments,
  userRoles,
  users,
} from '../../db/schema/index.ts'
import { BoundedMap, keptFor } from '../memo.ts'

/** Who is calling: resolved from the session token once per request. */
export type Principal = {
  userId: string
  username: string
  realname: string
  /** The department the user currently works in. */
  orgCode: string | null
  /**
   * The codes of every department the user belongs to (a review step held by their role in any of
   * them is theirs: `reviewedBy`). Remembered with the rest; migration 0020 announces their changes.
   */
  deptCodes: readonly string[]
  lang: Lang
  roleCodes: string[]
  roleIds: string[]
  /** The widest data permission among the user's roles. */
  dataScope: DataScope
  /** Granted menu codes and button keys, plus every inactive button rule (SPEC 3 status '0'). */
  permissions: ReadonlySet<string>
  tokenHash: string
  /** When the session ends (a remembered principal is never used past it). */
  sessionExpiresAt: Date
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
 * Granted codes by role set. Building them is most of the database's work for a principal (every
 * code of every role), and they change only when a role's permissions are configured, which
 * stamps the role (`sys_role.update_at`, see permission-admin). The key holds each role's stamp
 * and the latest change to the menu and button table, read fresh on every request, so a
 * configured change counts from the next request on every instance. The TTL bounds a change
 * made straight in the database without a stamp.
 */
const CODES_TTL_MS = 10_000
const CODES_MAX = 1000
const codesByDb = new WeakMap<DbOrTx, BoundedMap<string, { codes: ReadonlySet<string>; at: number }>>()

const codesFor = async (db: DbOrTx, roleIds: readonly string[], key: string): Promise<ReadonlySet<string>> => {
  const cache = keptFor(codesByDb, db, () => new BoundedMap(CODES_MAX))
  const hit = cache.get(key)
  if (hit && Date.now() - hit.at < CODES_TTL_MS) return hit.codes
  const codes = await loadPermissionCodes(db, roleIds)
  cache.set(key, { codes, at: Date.now() })
  return codes
}

/**
 * The statement behind `resolvePrincipal`: one round trip for the session, the user, the roles
 * and the stamps of what grants them codes. Built once per database (building it costs more
 * CPU than running it) and prepared by name, so PostgreSQL plans it once per connection.
 */
const principalQuery = (db: DbOrTx) =>
  db
    .select({
      userId: users.id,
      username: users.username,
      realname: users.realname,
      orgCode: users.orgCode,
      lang: users.lang,
      expiresAt: sessions.expiresAt,
      roles: sql<{ id: string; code: string; dataScope: string; stamp: string | null }[] | null>`(
        select json_agg(json_build_object('id', ${roles.id}, 'code', ${roles.roleCode},
          'dataScope', ${roles.dataScope}, 'stamp', ${roles.updateAt}) order by ${roles.id})
        from ${userRoles} inner join ${roles} on ${roles.id} = ${userRoles.roleId}
        where ${userRoles.userId} = ${users.id})`,
      menuStamp: sql<string | null>`(select max(${permissions.updateAt})::text from ${permissions})`,
      deptCodes: sql<string[] | null>`(
        select json_agg(${departments.orgCode} order by ${departments.orgCode})
        from ${userDepartments} inner join ${departments} on ${departments.id} = ${userDepartments.departId}
        where ${userDepartments.userId} = ${users.id})`,
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
 * the user is disabled or deleted. The session, the user and their roles are read fresh on every
 * call; only the codes a role set grants are remembered, keyed by the roles' stamps (see
 * `codesFor`). Requests go through `principal-cache.ts`, which remembers the answer until the
 * database announces a change.
 */
export const resolvePrincipal = async (db: DbOrTx, tokenHash: string): Promise<Principal | null> => {
  const [row] = await keptFor(prepared, db, () => principalQuery(db)).execute({ tokenHash })
  if (!row) return null
  const roleRows = row.roles ?? []
  const roleIds = roleRows.map((r) => r.id)
  const key = `${roleRows.map((r) => `${r.id}@${r.stamp}`).join(',')}|${row.menuStamp}`
  return {
    userId: row.userId,
    username: row.username,
    realname: row.realname,
    orgCode: row.orgCode,
    deptCodes: row.deptCodes ?? [],
    lang: parseLang(row.lang),
    roleCodes: roleRows.map((r) => r.code),
    roleIds,
    dataScope: widestScope(roleRows.map((r) => r.dataScope)),
    permissions: await codesFor(db, roleIds, key),
    tokenHash,
    sessionExpiresAt: row.expiresAt,
  }
}
