import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { useSettings } from '../api/settings.ts'
import { useTabPane } from './tabs/useTabPane.ts'

const FALLBACK = { zh: '采购管理系统', en: 'Procurement Management System' }

/** The system title from the runtime setting (SPEC 1), in the current language. */
export const useSystemTitle = () => {
  const { i18n } = useTranslation()
  const data = useSettings()
  const en = i18n.language === 'en'
  return (en ? data?.systemTitleEn : data?.systemTitle) ?? (en ? FALLBACK.en : FALLBACK.zh)
}

/**
 * Document title = page title + system title (SPEC 2). Inside a tab the main layout sets it from the
 * tab in front, so a screen kept alive in the background never takes the title over.
 */
export const useDocumentTitle = (pageTitle: string | null | undefined) => {
  const systemTitle = useSystemTitle()
  const inTab = useTabPane() !== null
  useEffect(() => {
    if (inTab) return
    document.title = pageTitle ? `${pageTitle} - ${systemTitle}` : systemTitle
  }, [pageTitle, systemTitle, inTab])
}
