import { ConfigProvider } from 'antd'
import enUS from 'antd/es/locale/en_US'
import zhCN from 'antd/es/locale/zh_CN'
import dayjs from 'dayjs'
import 'dayjs/locale/zh-cn'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { queryClient } from '../api/queries.ts'
import { i18n } from '../i18n/index.ts'

const applyDayjs = (lang: string) => dayjs.locale(lang === 'en' ? 'en' : 'zh-cn')
applyDayjs(i18n.language)
i18n.on('languageChanged', applyDayjs)
// some answers carry names the server put in the request's language (a review's department and
// role): what is on screen is asked for again in the new one, the rest when next shown
i18n.on('languageChanged', () => void queryClient.invalidateQueries())

/** antd's texts (pickers, pagination, empty lists) and dayjs in the interface language. */
export const SignedInLocale = ({ children }: { children: ReactNode }) => {
  const { i18n } = useTranslation()
  return <ConfigProvider locale={i18n.language === 'en' ? enUS : zhCN}>{children}</ConfigProvider>
}
