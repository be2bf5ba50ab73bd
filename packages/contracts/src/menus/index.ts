import { AuditBusiness } from '../approval.ts'
import type { Lang } from '../errors.ts'
import { auditMenu } from './audit.ts'
import { homeMenu } from './home.ts'
import { masterDataMenu } from './masterdata.ts'
import { OWN_OBJECTS, OWN_OPERATIONS } from './operations.ts'
import { productMenu } from './product.ts'
import { salesMenu } from './sales.ts'
import { systemMenu } from './system.ts'
import type { ButtonDef, MenuDef } from './types.ts'

export { Btn, CRUD_BUTTONS } from './buttons.ts'
export { HOME_PATH } from './home.ts'
export { type OperationDef, OWN_OBJECTS, OWN_OPERATIONS } from './operations.ts'
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

const MENUS_BY_CODE = new Map(flattenMenus().map(({ menu }) => [menu.code, menu]))

/** The menu (screen) of a permission key: `md_supplier:add` -> `md_supplier`. */
export const menuOfKey = (key: string): string => key.split(':')[0] ?? key

/** The menu (list screen) each approval business is looked at in. */
export const AUDIT_BUSINESS_MENU: Readonly<Record<AuditBusiness, string>> = {
  [AuditBusiness.Product]: 'pro_product',
  [AuditBusiness.SaleOrder]: 'sale_order',
  [AuditBusiness.OrderAdjust]: 'sale_apply_modify',
  [AuditBusiness.OrderDelete]: 'sale_order_delete',
}

/**
 * The screen an object is looked at in: an approval business's menu, or the menu of that code
 * (a table named as its screen, `md_supplier`); else none.
 */
export const screenOf = (businessOrMenu: string): MenuDef | null =>
  MENUS_BY_CODE.get(
    Object.hasOwn(AUDIT_BUSINESS_MENU, businessOrMenu)
      ? AUDIT_BUSINESS_MENU[businessOrMenu as AuditBusiness]
      : businessOrMenu,
  ) ?? null

/**
 * A business object as messages, mails and chat name it: its screen, in the menu's own text, and
 * its number (`销售订单 SO20261122-0001`, `Sales orders SO20261122-0001`).
 */
export const objectTitle = (business: string, objectNo: string | null, lang: Lang): string =>
  [screenOf(business)?.[lang] || business, objectNo].filter(Boolean).join(' ')

/**
 * Many objects of one business as messages and mails name them (an import's reviews): the screen
 * with how many, and the first few numbers with how many more
 * (`产品列表（1000）`, `IMP-0001、IMP-0002、IMP-0003 等 1000 条`).
 */
export const objectsTitle = (business: string, objectNos: readonly (string | null)[], lang: Lang) => {
  const shown = objectNos.filter((no): no is string => Boolean(no)).slice(0, 3)
  const more = objectNos.length - shown.length
  return {
    title:
      lang === 'en'
        ? `${objectTitle(business, null, lang)} (${objectNos.length})`
        : `${objectTitle(business, null, lang)}（${objectNos.length}）`,
    listed:
      lang === 'en'
        ? `${shown.join(', ')}${more > 0 ? ` and ${more} more` : ''}`
        : `${shown.join('、')}${more > 0 ? ` 等 ${objectNos.length} 条` : ''}`,
  }
}

/** Code-table ids of every menu, button and own operation text: what `operationNames` may ask for. */
export const OPERATION_TEXT_IDS: readonly number[] = [
  ...new Set([
    ...[...MENUS_BY_CODE.values()].flatMap((m) => [m.textId, ...(m.buttons ?? []).map((b: ButtonDef) => b.textId)]),
    ...[...Object.values(OWN_OPERATIONS), ...Object.values(OWN_OBJECTS)].map((o) => o.textId),
  ]),
]

/** A menu's or button's text in the language shown: the runtime code table's, else the bundled one. */
export type CatalogueText = (def: { textId: number; zh: string; en: string }) => string

export type OperationNames = {
  /** A screen by its menu code: `md_supplier` -> 供应商. */
  menuText(menuCode: string): string
  /** The button of a permission key: `md_supplier:add` -> 新增. */
  buttonText(key: string): string
  /**
   * An operation by its own name (`login` -> 登录, `approval:approve` -> 审核通过), a permission key as
   * screen and button (`md_supplier:add` -> 供应商 · 新增); any other as it is.
   */
  operationText(operation: string): string
  /**
   * An operation log entry's object by its screen or as logged: an approval business or a menu
   * code as its screen (`order_adjust` -> 调整申请), a message as such; any other as it is.
   */
  objectText(object: string): string
}

/**
 * The names users read for what the operation log records, from the given texts: one mechanism
 * for the web's log and modify-history screens and the server's exports of them.
 */
export const operationNames = (text: CatalogueText): OperationNames => {
  const menuText = (menuCode: string) => {
    const menu = MENUS_BY_CODE.get(menuCode)
    return menu ? text(menu) : menuCode
  }
  const buttonText = (key: string) => {
    const [menuCode, button] = key.split(':')
    const def = MENUS_BY_CODE.get(menuCode ?? '')?.buttons?.find((b) => b.code === button)
    return def ? text(def) : (button ?? key)
  }
  return {
    menuText,
    buttonText,
    operationText: (operation) => {
      const own = Object.hasOwn(OWN_OPERATIONS, operation) ? OWN_OPERATIONS[operation] : undefined
      if (own) return text(own)
      const [menuCode, button] = operation.split(':')
      return MENUS_BY_CODE.has(menuCode ?? '') && button
        ? `${menuText(menuCode!)} · ${buttonText(operation)}`
        : operation
    },
    objectText: (object) => {
      const screen = screenOf(object)
      if (screen) return text(screen)
      return Object.hasOwn(OWN_OBJECTS, object) ? text(OWN_OBJECTS[object]!) : object
    },
  }
}
