import { type DictDef, item } from './types.ts'

export const DataScope = { All: 'all', Department: 'department', Personal: 'personal' } as const
export type DataScope = (typeof DataScope)[keyof typeof DataScope]

export const UserStatus = { Enabled: '1', Disabled: '2' } as const
export type UserStatus = (typeof UserStatus)[keyof typeof UserStatus]

export const systemDicts: readonly DictDef[] = [
  {
    code: 'data_scope',
    textId: 102101,
    zh: '数据权限',
    en: 'Data permission',
    items: [
      item(DataScope.All, 101701, '全部数据', 'All data'),
      item(DataScope.Department, 101702, '本部门数据', 'Own department'),
      item(DataScope.Personal, 101703, '仅本人数据', 'Own records only'),
    ],
  },
  {
    code: 'sex',
    textId: 102102,
    zh: '性别',
    en: 'Gender',
    items: [item('1', 101801, '男', 'Male'), item('2', 101802, '女', 'Female')],
  },
  {
    code: 'user_status',
    textId: 102103,
    zh: '用户状态',
    en: 'User status',
    items: [item(UserStatus.Enabled, 101803, '正常', 'Enabled'), item(UserStatus.Disabled, 101804, '停用', 'Disabled')],
  },
  {
    code: 'yn',
    textId: 102104,
    zh: '是否',
    en: 'Yes/No',
    items: [item('1', 101805, '是', 'Yes'), item('0', 101806, '否', 'No')],
  },
  {
    code: 'log_type',
    textId: 102105,
    zh: '日志类型',
    en: 'Log type',
    items: [
      item('1', 101001, '登录日志', 'Login'),
      item('2', 101002, '操作日志', 'Operation'),
      item('3', 101003, '审核日志', 'Review'),
    ],
  },
  {
    code: 'region',
    textId: 102106,
    zh: '区域',
    en: 'Region',
    items: [
      item('eurasia', 100301, '欧亚', 'Eurasia'),
      item('south_america', 100302, '南美', 'South America'),
      item('africa', 100303, '非洲', 'Africa'),
      item('asia', 100304, '亚洲', 'Asia'),
      item('north_america', 100305, '北美', 'North America'),
    ],
  },
  {
    code: 'branch_type',
    textId: 102107,
    zh: '分公司类型',
    en: 'Branch type',
    items: [item('domestic', 100401, '国内', 'Domestic'), item('overseas', 100402, '海外', 'Overseas')],
  },
  {
    code: 'lang',
    textId: 102108,
    zh: '语言',
    en: 'Language',
    items: [item('zh', 100501, '中文', 'Chinese'), item('en', 100502, '英文', 'English')],
  },
]
