import { auditMenu } from './audit.ts'
import { homeMenu } from './home.ts'
import { masterDataMenu } from './masterdata.ts'
import { productMenu } from './product.ts'
import { salesMenu } from './sales.ts'
import { systemMenu } from './system.ts'
import type { ButtonDef, MenuDef } from './types.ts'

export { Btn, CRUD_BUTTONS } from './buttons.ts'
export { HOME_PATH } from './home.ts'
export type { AuthType, ButtonDef, MenuDef } from './types.ts'
export { ROUTE_VIEW } from './types.ts'

/** Every menu and button of SPEC 2, in display order. The seed turns it into permission rows. */
export const MENU_TREE: readonly MenuDef[] = [homeMenu, productMenu, masterDataMenu, salesMenu, auditMenu, systemMenu]

export const buttonKey = (menuCode: string, buttonCode: string): string => `${menuCode}:${buttonCode}`

export type FlatMenu = { menu: MenuDef; parentCode: string | null; sortNo: number }

/** The tree as a list, parents before children. */
export const flattenMenus = (tree: readonly MenuDef[] = MENU_TREE): FlatMenu[] => {
  const out: FlatMenu[] = []
  const walk = (items: readonly MenuDef[], parentCode: string | null) => {
    items.forEach((menu, i) => {
      out.push({ menu, parentCode, sortNo: i + 1 })
      if (menu.children) walk(menu.children, menu.code)
    })
  }
  walk(tree, null)
  return out
}

/** Every button permission key the product knows, e.g. `md_supplier:add`. */
export const allButtonKeys = (tree: readonly MenuDef[] = MENU_TREE): Set<string> =>
  new Set(
    flattenMenus(tree).flatMap(({ menu }) => (menu.buttons ?? []).map((b: ButtonDef) => buttonKey(menu.code, b.code))),
  )
