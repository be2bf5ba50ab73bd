import { useQuery } from '@tanstack/react-query'
import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import { permissionQuery } from '../api/queries.ts'
import { useCodeText } from '../auth/code-table.ts'
import { type PageTarget, resolvePage } from './page-target.ts'

const EXCEPTION = { 403: 'forbidden', 404: 'notFound', 500: 'serverError' } as const

/** The title of a page in the current language: menu titles come from the code table (SPEC 3). */
export const usePageTitle = () => {
  const { t } = useTranslation()
  const codeText = useCodeText()
  return useCallback(
    (target: PageTarget): string => {
      if (target.kind === 'static') return t(target.titleKey)
      if (target.kind === 'menu') return codeText(target.entry.meta.titleId, target.entry.meta.title)
      if (target.kind === 'exception') return t(`shell.exception.${EXCEPTION[target.status]}`)
      return ''
    },
    [t, codeText],
  )
}

/** `titleOf(path)`: the title of whatever a path under the main layout shows. */
export const useTitleOfPath = () => {
  const { data } = useQuery(permissionQuery)
  const pageTitle = usePageTitle()
  const menu = data?.menu
  return useCallback((path: string) => pageTitle(resolvePage(path, menu ?? [])), [menu, pageTitle])
}
