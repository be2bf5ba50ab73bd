/** The seven master-data screens as the browser journeys drive them (masterdata.spec.ts). */

export type Field = { label: string; value: string; kind?: 'input' | 'select' }

export type Screen = {
  name: string
  title: string
  url: string
  base: string
  /** Search field, sortable column and the field that carries a row's key (code or name). */
  keyLabel: string
  /** Add payload for the API (rows made to have something to page through). */
  payload: (key: string) => Record<string, unknown>
  /** The add form as a user fills it in. */
  form: (key: string) => Field[]
  /** The text field an edit changes. */
  editLabel: string
}

export const code = (key: string) => ({ code: key, name: `名称${key}` })
export const named = (key: string): Field[] => [
  { label: '编码', value: key },
  { label: '名称', value: `名称${key}` },
]

export const SCREENS: Screen[] = [
  {
    name: 'supplier',
    title: '供应商',
    url: '/md/supplierList',
    base: '/md/supplier',
    keyLabel: '供应商编码',
    payload: (k) => ({ ...code(k), supplierType: 'raw' }),
    form: (k) => [...named(k), { label: '供应商类型', value: '原料', kind: 'select' }],
    editLabel: '供应商名称',
  },
  {
    name: 'country',
    title: '国家',
    url: '/md/countryList',
    base: '/md/country',
    keyLabel: '国家编码',
    payload: (k) => ({ ...code(k), currencyName: '测试币', currencySymbol: '¤' }),
    form: (k) => [...named(k), { label: '币种名称', value: '测试币' }, { label: '货币符号', value: '¤' }],
    editLabel: '国家名称',
  },
  {
    name: 'branch',
    title: '分公司',
    url: '/md/branchList',
    base: '/md/branch',
    keyLabel: '分公司编码',
    payload: (k) => ({ ...code(k), branchType: 'domestic' }),
    form: (k) => [...named(k), { label: '分公司类型', value: '国内', kind: 'select' }],
    editLabel: '分公司名称',
  },
  {
    name: 'depot',
    title: '仓库',
    url: '/md/depotList',
    base: '/md/depot',
    keyLabel: '仓库编码',
    payload: (k) => ({ ...code(k), depotType: 'finished' }),
    form: (k) => [...named(k), { label: '仓库类型', value: '成品仓', kind: 'select' }],
    editLabel: '仓库名称',
  },
  {
    name: 'boxSpec',
    title: '箱规',
    url: '/md/boxSpecList',
    base: '/md/boxSpec',
    keyLabel: '箱规编码',
    payload: (k) => ({ ...code(k), lengthCm: 60, widthCm: 40, heightCm: 30, grossWeightKg: 1250.5 }),
    form: (k) => [
      ...named(k),
      { label: '外箱长（cm）', value: '60' },
      { label: '外箱宽（cm）', value: '40' },
      { label: '外箱高（cm）', value: '30' },
      { label: '毛重（kg）', value: '1250.5' },
    ],
    editLabel: '箱规名称',
  },
  {
    name: 'department',
    title: '部门',
    url: '/md/departmentList',
    base: '/md/department',
    keyLabel: '部门名称',
    payload: (k) => ({ departName: k, departNameEn: `EN${k}` }),
    form: (k) => [{ label: '部门名称', value: k }],
    editLabel: '英文名称',
  },
  {
    name: 'position',
    title: '职位',
    url: '/md/positionList',
    base: '/md/position',
    keyLabel: '职位编码',
    payload: (k) => code(k),
    form: (k) => named(k),
    editLabel: '职位名称',
  },
]

export const screenOf = (name: string) => SCREENS.find((s) => s.name === name) as Screen

/** A key no other run uses: short enough for a country code (8), sortable by its last two digits. */
export const newPrefix = () => `Q${Date.now().toString(36).slice(-5).toUpperCase()}`
export const keyOf = (prefix: string, i: number) => `${prefix}${String(i).padStart(2, '0')}`

/**
 * Each screen's import sheet: its column titles (as the export writes them in zh), a row for a key,
 * which column a bad row leaves empty (the required name), and a value the export of a seeded row
 * (`payload`) shows as the list does.
 */
export const EXCEL: Record<
  string,
  { header: string[]; row: (key: string) => (string | number)[]; blank: number; check: (key: string) => string }
> = {
  supplier: {
    header: ['供应商编码', '供应商名称', '供应商类型', '国家'],
    row: (k) => [k, `名称${k}`, '原料', '中国'],
    blank: 1,
    check: () => '原料',
  },
  country: {
    header: ['国家编码', '国家名称', '币种名称', '货币符号'],
    row: (k) => [k, `名称${k}`, '测试币', '¤'],
    blank: 1,
    check: () => '测试币',
  },
  branch: {
    header: ['分公司编码', '分公司名称', '分公司类型'],
    row: (k) => [k, `名称${k}`, '国内'],
    blank: 1,
    check: () => '国内',
  },
  depot: {
    header: ['仓库编码', '仓库名称', '仓库类型'],
    row: (k) => [k, `名称${k}`, '成品仓'],
    blank: 1,
    check: () => '成品仓',
  },
  boxSpec: {
    header: ['箱规编码', '箱规名称', '外箱长（cm）', '外箱宽（cm）', '外箱高（cm）', '毛重（kg）'],
    row: (k) => [k, `名称${k}`, 60, 40, 30, 12.5],
    blank: 1,
    check: () => '1250.5',
  },
  department: {
    header: ['部门名称', '英文名称'],
    row: (k) => [k, `EN${k}`],
    blank: 0,
    check: (k) => `EN${k}`,
  },
  position: {
    header: ['职位编码', '职位名称'],
    row: (k) => [k, `名称${k}`],
    blank: 1,
    check: (k) => `名称${k}`,
  },
}

export const MENU_TEXT = {
  zh: { area: '基础数据', screens: ['供应商', '国家', '分公司', '仓库', '箱规', '部门', '职位'] },
  en: {
    area: 'Master data',
    screens: ['Suppliers', 'Countries', 'Branches', 'Warehouses', 'Box specifications', 'Departments', 'Positions'],
  },
}
