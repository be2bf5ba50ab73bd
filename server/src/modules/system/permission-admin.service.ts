import {
  Errors,
  HOME_PATH,
  type Lang,
  MENU_TREE,
  type PermissionNode,
  RoleCode,
  type RolePermissionTree,
} from '@app/contracts'
import { asc, eq } from 'drizzle-orm'
import type { Db, DbOrTx } from '../../db/client.ts'
import { codeTable, permissions, rolePermissions, roles } from '../../db/schema/index.ts'
import { type RequestInfo, recordOperation } from '../../platform/audit-log.ts'
import { fail, notFound } from '../../platform/errors.ts'

/** Every role keeps the home page: it is where everyone lands after signing in. */
const ALWAYS = MENU_TREE.filter((m) => m.url === HOME_PATH).map((m) => m.code)

/**
 * What the system administrator role must keep, so that nobody can take away the last way to
 * give permissions back: the system folder, users, roles, and configuring permissions.
 */
const ADMIN_KEEPS = [
  'sys',
  'sys_user',
  'sys_user:edit',
  'sys_role',
  'sys_role:permission',
  'sys_role_permission',
  'sys_role_permission:save',
]

type Entry = { id: string; parentId: string | null; code: string }

const loadEntries = (db: DbOrTx): Promise<Entry[]> =>
  db.select({ id: permissions.id, parentId: permissions.parentId, code: permissions.code }).from(permissions)

const lockedCodes = (roleCode: string) => (roleCode === RoleCode.SysAdmin ? [...ALWAYS, ...ADMIN_KEEPS] : ALWAYS)

const findRole = async (db: DbOrTx, roleId: string, lock = false) => {
  const q = db.select({ id: roles.id, roleCode: roles.roleCode }).from(roles).where(eq(roles.id, roleId)).limit(1)
  const [role] = await (lock ? q.for('update') : q)
  return role ?? notFound()
}

const grantedIds = async (db: DbOrTx, roleId: string) =>
  (
    await db
      .select({ id: rolePermissions.permissionId })
      .from(rolePermissions)
      .where(eq(rolePermissions.roleId, roleId))
  ).map((r) => r.id)

/** Function permissions of a role (issue 5): the menu-and-button tree, and replacing a role's grants. */
export const createPermissionAdminService = (db: Db) => ({
  /** Every menu and button as a tree, titled in `lang`, with what the role holds and must keep. */
  async tree(roleId: string, lang: Lang): Promise<RolePermissionTree> {
    const role = await findRole(db, roleId)
    const rows = await db
      .select({
        id: permissions.id,
        parentId: permissions.parentId,
        code: permissions.code,
        menuType: permissions.menuType,
        name: permissions.name,
        zh: codeTable.zh,
        en: codeTable.en,
      })
      .from(permissions)
      .leftJoin(codeTable, eq(codeTable.id, permissions.textId))
      .orderBy(asc(permissions.sortNo), asc(permissions.code))
    const nodes = new Map<string, PermissionNode>(
      rows.map((r) => [
        r.id,
        {
          id: r.id,
          parentId: r.parentId,
          code: r.code,
          title: (lang === 'en' ? r.en : r.zh) ?? r.name,
          menuType: r.menuType,
          children: [],
        },
      ]),
    )
    const tree: PermissionNode[] = []
    for (const node of nodes.values()) {
      const parent = node.parentId ? nodes.get(node.parentId) : undefined
      if (parent) parent.children.push(node)
      else tree.push(node)
    }
    const locked = new Set(lockedCodes(role.roleCode))
    return {
      tree,
      granted: await grantedIds(db, roleId),
      locked: rows.filter((r) => locked.has(r.code)).map((r) => r.id),
    }
  },

  /**
   * Replaces the role's grants with `ids`, checked here and never taken on trust: every id must
   * be a known menu or button; a granted button or menu brings its menu and folders with it; the
   * home page is always kept; the system administrator role cannot give up system management.
   * The caller's next request (and everyone's next permission fetch) sees the change.
   */
  async configure(req: RequestInfo, roleId: string, ids: readonly string[]) {
    return db.transaction(async (tx) => {
      const role = await findRole(tx, roleId, true)
      const entries = await loadEntries(tx)
      const byId = new Map(entries.map((e) => [e.id, e]))
      const byCode = new Map(entries.map((e) => [e.code, e]))
      const unknown = ids.filter((id) => !byId.has(id))
      if (unknown.length > 0) fail(Errors.ParameterError, { permissionIds: unknown })
      const wanted = new Set<string>()
      for (const id of ids) {
        for (let e = byId.get(id); e && !wanted.has(e.id); e = e.parentId ? byId.get(e.parentId) : undefined) {
          wanted.add(e.id)
        }
      }
      for (const code of ALWAYS) {
        const home = byCode.get(code)
        if (home) wanted.add(home.id)
      }
      if (role.roleCode === RoleCode.SysAdmin) {
        const missing = ADMIN_KEEPS.filter((code) => {
          const e = byCode.get(code)
          return e && !wanted.has(e.id)
        })
        if (missing.length > 0) fail(Errors.AdminRoleProtected, { missing })
      }
      const before = await grantedIds(tx, roleId)
      await tx.delete(rolePermissions).where(eq(rolePermissions.roleId, roleId))
      if (wanted.size > 0) {
        await tx.insert(rolePermissions).values([...wanted].map((permissionId) => ({ roleId, permissionId })))
      }
      await tx.update(roles).set({ updateAt: new Date(), updateBy: req.principal?.userId }).where(eq(roles.id, roleId))
      const codesOf = (list: Iterable<string>) => [...list].map((id) => byId.get(id)?.code ?? id).sort()
      await recordOperation(tx, req, {
        operation: 'sys_role:permission',
        resource: 'sys_role',
        objectId: roleId,
        before: { permissions: codesOf(before) },
        after: { permissions: codesOf(wanted) },
      })
      return { granted: [...wanted] }
    })
  },
})
