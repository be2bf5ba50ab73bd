/** Role codes of the demo organisation (DESIGN 5). */
export const RoleCode = {
  SysAdmin: 'sys_admin',
  BranchAdmin: 'branch_admin',
  RegionPresident: 'region_president',
  BranchFinance: 'branch_finance',
  LogisticsChief: 'logistics_chief',
  GmPresident: 'gm_president',
  LogisticsAdmin: 'logistics_admin',
  FinanceDirector: 'finance_director',
  FinanceAdmin: 'finance_admin',
} as const
export type RoleCode = (typeof RoleCode)[keyof typeof RoleCode]
