import { flattenMenus, MENU_TREE } from '@app/contracts'
import { hashPassword, sha256Hex } from '../../../platform/auth/password.ts'
import { pinyinOf } from '../../../platform/pinyin.ts'
import type { DbOrTx } from '../../client.ts'
import {
  branches,
  countries,
  departments,
  permissions,
  positions,
  rolePermissions,
  roles,
  userBranches,
  userDepartments,
  userRoles,
  users,
} from '../../schema/index.ts'

/** Every demo user's password (DESIGN 5). */
export const DEMO_PASSWORD = 'Demo@2026'

import { BRANCHES, COUNTRIES, DEPARTMENTS, POSITIONS } from './organisation-data.ts'
import { type Grant, ROLES, USERS } from './people-data.ts'

const byKey = <T, K extends keyof T>(rows: T[], key: K) => new Map(rows.map((r) => [r[key], r]))

/**
 * Permission codes of a grant list, from the menu catalogue: every granted menu with its folders,
 * its buttons (`'*'`: all of them), and home. The seed grants these; the route-permission test
 * derives what each demo role may call from them.
 */
export const grantedCodes = (grants: readonly Grant[]): Set<string> => {
  const flat = flattenMenus(MENU_TREE)
  const parents = new Map(flat.map(({ menu, parentCode }) => [menu.code, parentCode]))
  const buttonsOf = new Map(flat.map(({ menu }) => [menu.code, (menu.buttons ?? []).map((b) => b.code)]))
  const codes = new Set<string>(['dashboard'])
  for (const [menu, buttons] of grants) {
    for (let m: string | null | undefined = menu; m; m = parents.get(m)) codes.add(m)
    for (const b of buttons === '*' ? (buttonsOf.get(menu) ?? []) : buttons) codes.add(`${menu}:${b}`)
  }
  return codes
}

/** Departments, countries, branches, positions, the nine roles with their grants, and one user per role. */
export const seedOrganisation = async (db: DbOrTx) => {
  const deptIds = new Map<string, string>()
  for (const [i, d] of DEPARTMENTS.entries()) {
    const [row] = await db
      .insert(departments)
      .values({
        orgCode: d.orgCode,
        parentId: d.parent ? deptIds.get(d.parent) : null,
        departName: d.zh,
        departNameEn: d.en,
        sortNo: i,
        ...pinyinOf(d.zh),
      })
      .returning({ id: departments.id })
    if (row) deptIds.set(d.orgCode, row.id)
  }

  const countryRows = await db
    .insert(countries)
    .values([...COUNTRIES])
    .returning({ id: countries.id, code: countries.code })
  const countryIds = byKey(countryRows, 'code')
  const branchRows = await db
    .insert(branches)
    .values(
      BRANCHES.map((b, i) => ({
        code: b.code,
        name: b.name,
        nameEn: b.nameEn,
        branchType: b.branchType,
        countryId: countryIds.get(b.country)?.id,
        region: b.region,
        departId: deptIds.get(b.dept),
        orgCode: b.dept,
        sortNo: i,
        ...pinyinOf(b.name),
      })),
    )
    .returning({ id: branches.id, code: branches.code })
  const branchIds = byKey(branchRows, 'code')
  const positionRows = await db
    .insert(positions)
    .values(POSITIONS.map((p, i) => ({ ...p, sortNo: i, ...pinyinOf(p.name) })))
    .returning({ id: positions.id, code: positions.code })
  const positionIds = byKey(positionRows, 'code')

  const allPermissions = await db.select({ id: permissions.id, code: permissions.code }).from(permissions)
  const permissionIds = new Map(allPermissions.map((p) => [p.code, p.id]))
  const codesOf = (grants: readonly Grant[]) => {
    const codes = grantedCodes(grants)
    for (const code of codes) if (!permissionIds.has(code)) throw new Error(`seed grants unknown permission ${code}`)
    return codes
  }

  const roleIds = new Map<string, string>()
  for (const r of ROLES) {
    const [row] = await db
      .insert(roles)
      .values({ roleCode: r.code, roleName: r.zh, roleNameEn: r.en, dataScope: r.dataScope })
      .onConflictDoUpdate({ target: roles.roleCode, set: { roleNameEn: r.en, dataScope: r.dataScope } })
      .returning({ id: roles.id })
    if (!row) continue
    roleIds.set(r.code, row.id)
    if (r.grants.length === 0) continue
    await db
      .insert(rolePermissions)
      .values([...codesOf(r.grants)].map((code) => ({ roleId: row.id, permissionId: permissionIds.get(code)! })))
      .onConflictDoNothing()
  }

  const hashes = await Promise.all(USERS.map(() => hashPassword(sha256Hex(DEMO_PASSWORD))))
  for (const [i, u] of USERS.entries()) {
    const [row] = await db
      .insert(users)
      .values({
        username: u.username,
        realname: u.realname,
        passwordHash: hashes[i]!,
        positionId: positionIds.get(u.position)?.id,
        gender: u.gender,
        email: `${u.username}@example.com`,
        phone: `1380000${String(i).padStart(4, '0')}`,
        hireDate: `20${String(15 + (i % 10)).padStart(2, '0')}-0${(i % 9) + 1}-15`,
        orgCode: u.departs[0],
        status: '1',
      })
      .returning({ id: users.id })
    if (!row) continue
    await db.insert(userRoles).values({ userId: row.id, roleId: roleIds.get(u.role)! })
    await db.insert(userDepartments).values(u.departs.map((d) => ({ userId: row.id, departId: deptIds.get(d)! })))
    if (u.branches?.length) {
      await db.insert(userBranches).values(u.branches.map((b) => ({ userId: row.id, branchId: branchIds.get(b)!.id })))
    }
  }
}
