import { QueryClientProvider } from '@tanstack/react-query'
import { App as AntApp } from 'antd'
import { useEffect } from 'react'
import { RouterProvider } from 'react-router/dom'
import { feedback } from './api/feedback.ts'
import { queryClient } from './api/queries.ts'
import { AppTheme } from './layout/AppTheme.tsx'
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

export const App = () => (
  <QueryClientProvider client={queryClient}>
    <AppTheme>
      <AntApp>
        <AppFeedback />
        <RouterProvider router={router} />
      </AntApp>
    </AppTheme>
  </QueryClientProvider>
)
