import { QueryClientProvider } from '@tanstack/react-query'
import { App as AntApp, ConfigProvider } from 'antd'
import enUS from 'antd/locale/en_US'
import zhCN from 'antd/locale/zh_CN'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { RouterProvider } from 'react-router/dom'
import { feedback } from './api/feedback.ts'
import { queryClient } from './api/queries.ts'
import { router } from './router.tsx'

/** Binds antd's message, notification and modal to the theme for code outside React. */
const AppFeedback = () => {
  const { message, notification, modal } = AntApp.useApp()
  useEffect(() => {
    feedback.message = message
    feedback.notification = notification
    feedback.modal = modal
  }, [message, notification, modal])
  return null
}

export const App = () => {
  const { i18n } = useTranslation()
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={i18n.language === 'en' ? enUS : zhCN}>
        <AntApp>
          <AppFeedback />
          <RouterProvider router={router} />
        </AntApp>
      </ConfigProvider>
    </QueryClientProvider>
  )
}
