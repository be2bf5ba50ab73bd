import { Btn, RoleCode } from '@app/contracts'

/** The demo roles with their grants, and one user per role (DESIGN 5). */

/** A grant: a menu with all of its buttons (`'*'`) or with the listed ones. */
export type Grant = readonly [menuCode: string, buttons: '*' | readonly string[]]
const VIEW_ONLY = [Btn.view.code, Btn.export.code] as const

export const ROLES: readonly {
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
      ['sale_order', ['view', 'audit', 'subApply', 'export', 'compare', 'history']],
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
      ['sale_order', ['view', 'audit', 'subApply', 'export']],
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
      ['sale_order', ['view', 'audit', 'subApply', 'export', 'applyDelete']],
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
      ['sale_order', ['view', 'audit', 'subApply', 'export', 'compare', 'history']],
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
      ['sale_order', [...VIEW_ONLY, 'applyDelete']],
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
      ['sale_order', ['view', 'audit', 'subApply', 'export']],
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

export const USERS: readonly {
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
