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
