import type { MessageInstance } from 'antd/es/message/interface'
import type { HookAPI as ModalHookAPI } from 'antd/es/modal/useModal'
import type { NotificationInstance } from 'antd/es/notification/interface'

/**
 * antd's message, notification and modal bound to the app's theme and locale, for code outside
 * React (the http client). `AppFeedback` fills it in once the app has mounted.
 */
export const feedback: {
  message: MessageInstance | null
  notification: NotificationInstance | null
  modal: ModalHookAPI | null
} = { message: null, notification: null, modal: null }

/**
 * An error or warning for the user: through the signed-in app's bound message, or, on the public
 * pages (which load none of antd's message, notification and modal), through antd's static message,
 * fetched the first time it is needed.
 */
export const toast = (kind: 'error' | 'warning', text: string) => {
  if (feedback.message) feedback.message[kind](text)
  else void import('antd/es/message').then(({ default: message }) => message[kind](text))
}
