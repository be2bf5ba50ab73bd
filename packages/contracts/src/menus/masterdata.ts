import { Btn, CRUD_BUTTONS } from './buttons.ts'
import { type MenuDef, ROUTE_VIEW } from './types.ts'

const md = (code: string, textId: number, zh: string, en: string, url: string, component: string): MenuDef => ({
  code,
  textId,
  zh,
  en,
  url,
  component,
  buttons: [...CRUD_BUTTONS, Btn.status],
})

export const masterDataMenu: MenuDef = {
  code: 'md',
  textId: 100120,
  zh: '基础数据',
  en: 'Master data',
  url: '/md',
  component: ROUTE_VIEW,
  icon: 'DatabaseOutlined',
  children: [
    md('md_supplier', 100121, '供应商', 'Suppliers', '/md/supplierList', 'masterdata/SupplierList'),
    md('md_country', 100122, '国家', 'Countries', '/md/countryList', 'masterdata/CountryList'),
    md('md_branch', 100123, '分公司', 'Branches', '/md/branchList', 'masterdata/BranchList'),
    md('md_depot', 100124, '仓库', 'Warehouses', '/md/depotList', 'masterdata/DepotList'),
    md('md_box_spec', 100125, '箱规', 'Box specifications', '/md/boxSpecList', 'masterdata/BoxSpecList'),
    md('md_department', 100126, '部门', 'Departments', '/md/departmentList', 'masterdata/DepartmentList'),
    md('md_position', 100127, '职位', 'Positions', '/md/positionList', 'masterdata/PositionList'),
  ],
}
