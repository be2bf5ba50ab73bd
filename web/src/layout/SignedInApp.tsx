import { QueryClientProvider } from '@tanstack/react-query'
import { App as AntApp } from 'antd'
import { useEffect } from 'react'
import { feedback } from '../api/feedback.ts'
import { queryClient } from '../api/queries.ts'
import { BasicLayout } from './BasicLayout.tsx'
import { SignedInLocale } from './SignedInLocale.tsx'

/** Binds antd's message, notification and modal to the theme for code outside React. */
const AppFeedback = () => {
  const { message, notification, modal } = AntApp.useApp()
  useEffect(() => {
    feedback.message = message
    feedback.notification = notification
    feedback.modal = modal
    return () => {
      feedback.message = null
      feedback.notification = null
      feedback.modal = null
    }
  }, [message, notification, modal])
  return null
}

/**
 * The signed-in app: the shell with the query client and antd's App (message, notification and
 * modal in context and in `feedback`). The public pages load none of them.
 */
export const SignedInApp = () => (
  <QueryClientProvider client={queryClient}>
    <SignedInLocale>
      <AntApp>
        <AppFeedback />
        <BasicLayout />
      </AntApp>
    </SignedInLocale>
  </QueryClientProvider>
)
