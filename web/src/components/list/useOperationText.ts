import { operationNames } from '@app/contracts'
import { useCallback, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { useCodeText } from '../../auth/code-table.ts'
import { useLooseT } from './useFieldLabel.ts'

/**
 * What the operation log's entries name, in the language shown (code-table texts, contracts'
 * `operationNames`): a screen by its menu code (`md_supplier` -> 供应商), an operation by its
 * permission key (`md_supplier:add` -> 供应商 · 新增, or its button alone: 新增); sign-in and the like
 * by their own names.
 */
export const useOperationText = () => {
  const text = useCodeText()
  const { i18n } = useTranslation()
  const loose = useLooseT()
  const en = i18n.language === 'en'
  const names = useMemo(() => operationNames((def) => text(def.textId, en ? def.en : def.zh)), [text, en])
  const operationText = useCallback(
    (operation: unknown) => {
      const op = String(operation ?? '')
      const own = `admin.log.ops.${op}`
      return i18n.exists(own) ? loose(own) : names.operationText(op)
    },
    [i18n, loose, names],
  )
  return useMemo(() => ({ ...names, operationText }), [names, operationText])
}
