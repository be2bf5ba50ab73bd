import { flattenMenus, type Lang } from '@app/contracts'
import { inArray } from 'drizzle-orm'
import type { DbOrTx } from '../db/client.ts'
import { codeTable } from '../db/schema/index.ts'

const MENUS = new Map(flattenMenus().map(({ menu }) => [menu.code, menu]))
const TEXT_IDS = [...MENUS.values()].flatMap((m) => [m.textId, ...(m.buttons ?? []).map((b) => b.textId)])

export type OperationTexts = {
  /** A screen by its menu code: `md_supplier` -> 供应商. */
  menuText(menuCode: string): string
  /** The button of a permission key: `md_supplier:add` -> 新增. */
  buttonText(operation: string): string
  /** A permission key as screen and button: `md_supplier:add` -> 供应商 · 新增; any other operation as it is. */
  operationText(operation: string): string
}

/**
 * What the operation log's entries name, in `lang`, from the runtime code table (the language
 * screen may have edited the texts): the server's twin of the web's `useOperationText`, for exports.
 */
export const loadOperationTexts = async (db: DbOrTx, lang: Lang): Promise<OperationTexts> => {
  const rows = await db
    .select()
    .from(codeTable)
    .where(inArray(codeTable.id, [...new Set(TEXT_IDS)]))
  const texts = new Map(rows.map((r) => [r.id, r[lang] || r.zh]))
  const text = (def: { textId: number; zh: string; en: string }) => texts.get(def.textId) ?? def[lang]
  const menuText = (menuCode: string) => {
    const menu = MENUS.get(menuCode)
    return menu ? text(menu) : menuCode
  }
  const buttonText = (operation: string) => {
    const [menuCode, button] = operation.split(':')
    const def = MENUS.get(menuCode ?? '')?.buttons?.find((b) => b.code === button)
    return def ? text(def) : (button ?? operation)
  }
  return {
    menuText,
    buttonText,
    operationText: (operation) => {
      const [menuCode, button] = operation.split(':')
      return MENUS.has(menuCode ?? '') && button ? `${menuText(menuCode!)} · ${buttonText(operation)}` : operation
    },
  }
}
