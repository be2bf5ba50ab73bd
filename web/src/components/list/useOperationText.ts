import { flattenMenus } from '@app/contracts'
import { useCallback, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { useCodeText } from '../../auth/code-table.ts'
import { useLooseT } from './useFieldLabel.ts'

const MENUS = new Map(flattenMenus().map(({ menu }) => [menu.code, menu]))

/**
 * What the operation log's entries name, in the language shown (code-table texts): a screen by its
 * menu code (`md_supplier` -> 供应商), an operation by its permission key (`md_supplier:add` ->
 * 供应商 · 新增, or its button alone: 新增); sign-in and the like by their own names.
 */
export const useOperationText = () => {
  const text = useCodeText()
  const { i18n } = useTranslation()
  const loose = useLooseT()
  const menuText = useCallback(
    (menuCode: string) => {
      const menu = MENUS.get(menuCode)
      return menu ? text(menu.textId, menu.zh) : menuCode
    },
    [text],
  )
  const buttonText = useCallback(
    (operation: string) => {
      const [menuCode, button] = operation.split(':')
      if (!button) return operation
      const btn = MENUS.get(menuCode ?? '')?.buttons?.find((b) => b.code === button)
      return btn ? text(btn.textId, btn.zh) : button
    },
    [text],
  )
  const operationText = useCallback(
    (operation: unknown) => {
      const op = String(operation ?? '')
      const own = `admin.log.ops.${op}`
      if (i18n.exists(own)) return loose(own)
      const [menuCode, button] = op.split(':')
      if (!MENUS.has(menuCode ?? '') || !button) return op
      return `${menuText(menuCode!)} · ${buttonText(op)}`
    },
    [i18n, loose, menuText, buttonText],
  )
  return useMemo(() => ({ menuText, buttonText, operationText }), [menuText, buttonText, operationText])
}
