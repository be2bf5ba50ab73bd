import type { MenuDef } from './types.ts'

export const HOME_PATH = '/dashboard/analysis'

export const homeMenu: MenuDef = {
  code: 'dashboard',
  textId: 100101,
  zh: '首页',
  en: 'Home',
  url: HOME_PATH,
  component: 'dashboard/Analysis',
  icon: 'HomeOutlined',
}
