import { operationNames } from '@app/contracts'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { useCodeText } from '../../auth/code-table.ts'

/**
 * What the operation log's entries name, in the language shown (code-table texts, contracts'
 * `operationNames`): a screen by its menu code (`md_supplier` -> 供应商), an operation by its own
 * name (`login` -> 登录, `approval:approve` -> 审核通过) or its permission key (`md_supplier:add` ->
 * 供应商 · 新增, or its button alone: 新增).
 */
export const useOperationText = () => {
  const text = useCodeText()
  const { i18n } = useTranslation()
  const en = i18n.language === 'en'
  return useMemo(() => operationNames((def) => text(def.textId, en ? def.en : def.zh)), [text, en])
}
