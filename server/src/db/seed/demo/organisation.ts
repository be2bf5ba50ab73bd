import { Btn, flattenMenus, MENU_TREE, RoleCode } from '@app/contracts'
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

const DEPARTMENTS = [
  { orgCode: 'A01', parent: null, zh: '集团', en: 'Group' },
  { orgCode: 'A01A01', parent: 'A01', zh: '物流中心', en: 'Logistics center' },
  { orgCode: 'A01A01A01', parent: 'A01A01', zh: '物流部', en: 'Logistics department' },
  { orgCode: 'A01A02', parent: 'A01', zh: '海外部', en: 'Overseas department' },
  { orgCode: 'A01A03', parent: 'A01', zh: '总经理办公室', en: 'General manager office' },
  { orgCode: 'A01A04', parent: 'A01', zh: '运维中心', en: 'Operation and maintenance center' },
  { orgCode: 'A01A05', parent: 'A01', zh: '海外财务', en: 'Overseas finance' },
  { orgCode: 'A01A06', parent: 'A01', zh: '国内分公司', en: 'Domestic branch' },
  { orgCode: 'A01A07', parent: 'A01', zh: '国内财务', en: 'Domestic finance' },
] as const

const COUNTRIES = [
  { code: 'CN', name: '中国', nameEn: 'China', currencyName: '人民币', currencyCode: 'CNY', currencySymbol: '¥' },
  { code: 'RU', name: '俄罗斯', nameEn: 'Russia', currencyName: '卢布', currencyCode: 'RUB', currencySymbol: '₽' },
  {
    code: 'KZ',
    name: '哈萨克斯坦',
    nameEn: 'Kazakhstan',
    currencyName: '坚戈',
    currencyCode: 'KZT',
    currencySymbol: '₸',
  },
  { code: 'BR', name: '巴西', nameEn: 'Brazil', currencyName: '雷亚尔', currencyCode: 'BRL', currencySymbol: 'R$' },
  { code: 'PE', name: '秘鲁', nameEn: 'Peru', currencyName: '索尔', currencyCode: 'PEN', currencySymbol: 'S/' },
  { code: 'NG', name: '尼日利亚', nameEn: 'Nigeria', currencyName: '奈拉', currencyCode: 'NGN', currencySymbol: '₦' },
  { code: 'TH', name: '泰国', nameEn: 'Thailand', currencyName: '泰铢', currencyCode: 'THB', currencySymbol: '฿' },
  {
    code: 'ID',
    name: '印度尼西亚',
    nameEn: 'Indonesia',
    currencyName: '印尼盾',
    currencyCode: 'IDR',
    currencySymbol: 'Rp',
  },
  { code: 'MM', name: '缅甸', nameEn: 'Myanmar', currencyName: '缅元', currencyCode: 'MMK', currencySymbol: 'K' },
  { code: 'US', name: '美国', nameEn: 'United States', currencyName: '美元', currencyCode: 'USD', currencySymbol: '$' },
] as const

const BRANCHES = [
  {
    code: 'CN-HB',
    name: '华北分公司',
    nameEn: 'North China branch',
    branchType: 'domestic',
    country: 'CN',
    region: 'asia',
    dept: 'A01A06',
  },
  {
    code: 'CN-HD',
    name: '华东分公司',
    nameEn: 'East China branch',
    branchType: 'domestic',
    country: 'CN',
    region: 'asia',
    dept: 'A01A06',
  },
  {
    code: 'RU-MOW',
    name: '俄罗斯分公司',
    nameEn: 'Russia branch',
    branchType: 'overseas',
    country: 'RU',
    region: 'eurasia',
    dept: 'A01A02',
  },
  {
    code: 'KZ-ALA',
    name: '哈萨克斯坦分公司',
    nameEn: 'Kazakhstan branch',
    branchType: 'overseas',
    country: 'KZ',
    region: 'eurasia',
    dept: 'A01A02',
  },
  {
    code: 'BR-SAO',
    name: '巴西分公司',
    nameEn: 'Brazil branch',
    branchType: 'overseas',
    country: 'BR',
    region: 'south_america',
    dept: 'A01A02',
  },
  {
    code: 'PE-LIM',
    name: '秘鲁分公司',
    nameEn: 'Peru branch',
    branchType: 'overseas',
    country: 'PE',
    region: 'south_america',
    dept: 'A01A02',
  },
  {
    code: 'NG-LOS',
    name: '尼日利亚分公司',
    nameEn: 'Nigeria branch',
    branchType: 'overseas',
    country: 'NG',
    region: 'africa',
    dept: 'A01A02',
  },
  {
    code: 'TH-BKK',
    name: '泰国分公司',
    nameEn: 'Thailand branch',
    branchType: 'overseas',
    country: 'TH',
    region: 'asia',
    dept: 'A01A02',
  },
  {
    code: 'ID-JKT',
    name: '印尼分公司',
    nameEn: 'Indonesia branch',
    branchType: 'overseas',
    country: 'ID',
    region: 'asia',
    dept: 'A01A02',
  },
  {
    code: 'MM-RGN',
    name: '缅甸分公司',
    nameEn: 'Myanmar branch',
    branchType: 'overseas',
    country: 'MM',
    region: 'asia',
    dept: 'A01A02',
  },
  {
    code: 'US-LAX',
    name: '美国分公司',
    nameEn: 'United States branch',
    branchType: 'overseas',
    country: 'US',
    region: 'north_america',
    dept: 'A01A02',
  },
] as const

const POSITIONS = [
  { code: 'P01', name: '总裁', nameEn: 'President' },
  { code: 'P02', name: '总监', nameEn: 'Director' },
  { code: 'P03', name: '经理', nameEn: 'Manager' },
  { code: 'P04', name: '主管', nameEn: 'Supervisor' },
  { code: 'P05', name: '专员', nameEn: 'Specialist' },
  { code: 'P06', name: '管理员', nameEn: 'Administrator' },
] as const

/** A grant: a menu with all of its buttons (`'*'`) or with the listed ones. */
type Grant = readonly [menuCode: string, buttons: '*' | readonly string[]]
const VIEW_ONLY = [Btn.view.code, Btn.export.code] as const

const ROLES: readonly {
  code: string
  zh: string
  en: string
  dataScope: 'all' | 'department' | 'personal'
  grants: readonly Grant[]
}[] = [
  { code: RoleCode.SysAdmin, zh: '系统管理员', en: 'System administrator', dataScope: 'all', grants: [] },
  {
    code: RoleCode.BranchAdmin,
    zh: '分公司管理员',
    en: 'Branch administrator',
    dataScope: 'personal',
    grants: [
      ['pro_product', VIEW_ONLY],
      ['pro_branch_sale', ['export']],
      ['pro_stock', ['export', 'uploadStock']],
      ['sale_order', ['add', 'edit', 'delete', 'view', 'export', 'compare', 'history', 'applyModify']],
      ['sale_apply_modify', ['add', 'view', 'export']],
      ['sale_delivery', ['view']],
    ],
  },
  {
    code: RoleCode.RegionPresident,
    zh: '区域总裁',
    en: 'Regional president',
    dataScope: 'department',
    grants: [
      ['pro_product', VIEW_ONLY],
      ['sale_order', ['view', 'audit', 'export', 'compare', 'history']],
      ['sale_apply_modify', ['view', 'audit']],
      ['sale_sub_apply', '*'],
      ['sale_order_delete', '*'],
      ['audit_detail', '*'],
      ['audit_modify_history', '*'],
      ['md_branch', ['export']],
      ['md_country', ['export']],
    ],
  },
  {
    code: RoleCode.BranchFinance,
    zh: '分公司财务',
    en: 'Branch finance',
    dataScope: 'department',
    grants: [
      ['pro_product', ['view']],
      ['pro_price', ['export']],
      ['sale_order', ['view', 'audit', 'export']],
      ['sale_sub_apply', '*'],
      ['audit_detail', '*'],
    ],
  },
  {
    code: RoleCode.LogisticsChief,
    zh: '物流主管',
    en: 'Logistics chief',
    dataScope: 'all',
    grants: [
      ['pro_product', VIEW_ONLY],
      ['pro_stock', '*'],
      ['sale_order', ['view', 'audit', 'export']],
      ['sale_delivery', '*'],
      ['sale_sub_apply', '*'],
      ['md_depot', '*'],
      ['md_box_spec', '*'],
      ['audit_detail', '*'],
      ['audit_modify_history', ['view', 'compare']],
    ],
  },
  {
    code: RoleCode.GmPresident,
    zh: '总办总裁',
    en: 'General-office president',
    dataScope: 'all',
    grants: [
      ['pro_product', ['view', 'audit', 'export']],
      ['sale_order', ['view', 'audit', 'export', 'compare', 'history']],
      ['sale_order_delete', '*'],
      ['sale_audit_config', '*'],
      ['audit_detail', '*'],
      ['audit_modify_history', '*'],
    ],
  },
  {
    code: RoleCode.LogisticsAdmin,
    zh: '物流管理员',
    en: 'Logistics administrator',
    dataScope: 'all',
    grants: [
      ['pro_product', VIEW_ONLY],
      ['pro_stock', '*'],
      ['sale_order', VIEW_ONLY],
      ['sale_delivery', '*'],
      ['md_depot', '*'],
      ['md_box_spec', '*'],
    ],
  },
  {
    code: RoleCode.FinanceDirector,
    zh: '财务总监',
    en: 'Finance director',
    dataScope: 'all',
    grants: [
      ['pro_product', ['view', 'price', 'audit']],
      ['pro_price', '*'],
      ['sale_order', ['view', 'audit', 'export']],
      ['sale_apply_modify', ['view', 'audit']],
      ['sale_sub_apply', '*'],
      ['audit_detail', '*'],
    ],
  },
  {
    code: RoleCode.FinanceAdmin,
    zh: '财务管理员',
    en: 'Finance administrator',
    dataScope: 'department',
    grants: [
      ['pro_product', ['view', 'price']],
      ['pro_price', ['edit', 'export', 'history']],
      ['sale_order', VIEW_ONLY],
      ['md_supplier', '*'],
      ['md_country', '*'],
    ],
  },
]

const USERS: readonly {
  username: string
  realname: string
  role: string
  departs: readonly string[]
  position: string
  branches?: readonly string[]
  gender: '1' | '2'
}[] = [
  { username: 'admin', realname: '管理员', role: RoleCode.SysAdmin, departs: ['A01A04'], position: 'P06', gender: '1' },
  {
    username: RoleCode.SysAdmin,
    realname: '赵立新',
    role: RoleCode.SysAdmin,
    departs: ['A01A04'],
    position: 'P06',
    gender: '1',
  },
  {
    username: RoleCode.BranchAdmin,
    realname: '王磊',
    role: RoleCode.BranchAdmin,
    departs: ['A01A02'],
    position: 'P03',
    branches: ['RU-MOW', 'KZ-ALA'],
    gender: '1',
  },
  {
    username: RoleCode.RegionPresident,
    realname: '陈静',
    role: RoleCode.RegionPresident,
    departs: ['A01A02', 'A01A06'],
    position: 'P01',
    branches: ['RU-MOW', 'KZ-ALA', 'BR-SAO'],
    gender: '2',
  },
  {
    username: RoleCode.BranchFinance,
    realname: '刘洋',
    role: RoleCode.BranchFinance,
    departs: ['A01A05'],
    position: 'P05',
    gender: '1',
  },
  {
    username: RoleCode.LogisticsChief,
    realname: '孙伟',
    role: RoleCode.LogisticsChief,
    departs: ['A01A01'],
    position: 'P04',
    gender: '1',
  },
  {
    username: RoleCode.GmPresident,
    realname: '周敏',
    role: RoleCode.GmPresident,
    departs: ['A01A03'],
    position: 'P01',
    gender: '2',
  },
  {
    username: RoleCode.LogisticsAdmin,
    realname: '吴强',
    role: RoleCode.LogisticsAdmin,
    departs: ['A01A01A01'],
    position: 'P06',
    gender: '1',
  },
  {
    username: RoleCode.FinanceDirector,
    realname: '郑丽',
    role: RoleCode.FinanceDirector,
    departs: ['A01A05', 'A01A07'],
    position: 'P02',
    gender: '2',
  },
  {
    username: RoleCode.FinanceAdmin,
    realname: '黄芳',
    role: RoleCode.FinanceAdmin,
    departs: ['A01A07'],
    position: 'P05',
    gender: '2',
  },
]

const byKey = <T, K extends keyof T>(rows: T[], key: K) => new Map(rows.map((r) => [r[key], r]))

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
  const parents = new Map(flattenMenus(MENU_TREE).map(({ menu, parentCode }) => [menu.code, parentCode]))
  const buttonsOf = new Map(
    flattenMenus(MENU_TREE).map(({ menu }) => [menu.code, (menu.buttons ?? []).map((b) => b.code)]),
  )

  /** Permission codes of a grant list: every menu with its folders, its buttons, and home. */
  const codesOf = (grants: readonly Grant[]) => {
    const codes = new Set<string>(['dashboard'])
    for (const [menu, buttons] of grants) {
      for (let m: string | null | undefined = menu; m; m = parents.get(m)) codes.add(m)
      for (const b of buttons === '*' ? (buttonsOf.get(menu) ?? []) : buttons) codes.add(`${menu}:${b}`)
    }
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
