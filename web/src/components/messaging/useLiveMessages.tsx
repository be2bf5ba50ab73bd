import { localName, type PushedMessage } from '@app/contracts'
import { useQueryClient } from '@tanstack/react-query'
import { App, Button, Typography } from 'antd'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { API_BASE } from '../../api/http.ts'
import { messagingKeys } from '../../api/messaging.ts'
import { useSession } from '../../auth/session.ts'
import { NOTIFICATION_DURATION_S } from '../../config/constants.ts'
import { liveUrl, startLiveConnection } from './live-connection.ts'
import { useMessageLink, useMessageMutations } from './useMessageActions.ts'

/**
 * Keeps the live connection of the signed-in user open (SPEC 4/9) and turns each pushed message
 * into fresh counts and a 6-second bottom-right notification in the interface's language: title,
 * content, handler, and a view button when the message names a menu (or announces a notice).
 */
export const useLiveMessages = (onOpenNotice: (noticeId: string) => void) => {
  const { t, i18n } = useTranslation()
  const { notification } = App.useApp()
  const queryClient = useQueryClient()
  const { token, userInfo } = useSession()
  const link = useMessageLink()
  const { read } = useMessageMutations()
  const userId = userInfo?.id

  const show = (m: PushedMessage) => {
    void queryClient.invalidateQueries({ queryKey: messagingKeys.all })
    const canView = Boolean(m.noticeId) || link.canOpen(m)
    const content = localName(m, i18n.language, 'content')
    const view = () => {
      notification.destroy(m.id)
      if (m.noticeId) return onOpenNotice(m.noticeId)
      read.mutate(m.id)
      link.open(m)
    }
    notification.open({
      key: m.id,
      placement: 'bottomRight',
      duration: NOTIFICATION_DURATION_S,
      title: <span data-testid="live-notification-title">{localName(m, i18n.language, 'title')}</span>,
      description: (
        <div data-testid="live-notification">
          {content && <div style={{ whiteSpace: 'pre-wrap' }}>{content}</div>}
          {m.creator && (
            <Typography.Text type="secondary">{t('messaging.handler', { name: m.creator })}</Typography.Text>
          )}
        </div>
      ),
      actions: canView ? (
        <Button type="primary" size="small" onClick={view} data-testid="live-notification-view">
          {t('messaging.view')}
        </Button>
      ) : undefined,
    })
  }
  // the connection lives as long as the user and token do; the handler always sees this render
  const onMessage = useRef(show)
  onMessage.current = show

  useEffect(() => {
    if (!userId || !token) return
    const connection = startLiveConnection({
      url: liveUrl(API_BASE, userId),
      token,
      onMessage: (m) => onMessage.current(m),
      onOpen: () => void queryClient.invalidateQueries({ queryKey: messagingKeys.all }),
    })
    return () => connection.stop()
  }, [userId, token, queryClient])
}
