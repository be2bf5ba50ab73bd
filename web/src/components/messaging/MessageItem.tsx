import { DeleteOutlined } from '@ant-design/icons'
import { localName, type Message } from '@app/contracts'
import { Badge, Button, Flex, Typography, theme } from 'antd'
import dayjs from 'dayjs'
import { useTranslation } from 'react-i18next'
import { DATETIME_FORMAT } from '../../config/constants.ts'
import { ActionLink } from '../ActionLink.tsx'

type Props = {
  message: Message
  onOpen: (m: Message) => void
  /** Shown when the message names a menu the user has. */
  onView?: (m: Message) => void
  onDelete?: (m: Message) => void
}

/**
 * One message in the interface's language: unread dot, title, content, handler and time; a view
 * link when it names a menu.
 */
export const MessageItem = ({ message: m, onOpen, onView, onDelete }: Props) => {
  const { t, i18n } = useTranslation()
  const { token } = theme.useToken()
  const unread = m.readFlag === 0
  const content = localName(m, i18n.language, 'content')
  return (
    <Flex
      gap={8}
      align="flex-start"
      data-testid="message-item"
      data-unread={unread ? 'true' : 'false'}
      style={{ padding: '10px 4px', borderBottom: `1px solid ${token.colorBorderSecondary}` }}
    >
      <span style={{ width: 8, paddingTop: 2 }} title={unread ? t('messaging.unreadDot') : undefined}>
        {unread && <Badge status="error" data-testid="unread-dot" />}
      </span>
      <div style={{ flex: 1, minWidth: 0 }}>
        <ActionLink
          onClick={() => onOpen(m)}
          strong={unread}
          ellipsis
          style={{ display: 'block', color: unread ? undefined : token.colorText }}
          data-testid="message-title"
        >
          {localName(m, i18n.language, 'title')}
        </ActionLink>
        {content && (
          <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ margin: '2px 0' }}>
            {content}
          </Typography.Paragraph>
        )}
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {m.creator ? `${t('messaging.handler', { name: m.creator })} · ` : ''}
          {dayjs(m.createTime).format(DATETIME_FORMAT)}
        </Typography.Text>
      </div>
      {onView && (
        <Button type="link" size="small" onClick={() => onView(m)} data-testid="message-view">
          {t('messaging.view')}
        </Button>
      )}
      {onDelete && (
        <Button
          type="text"
          size="small"
          icon={<DeleteOutlined />}
          aria-label={t('messaging.delete')}
          onClick={() => onDelete(m)}
          data-testid="message-delete"
        />
      )}
    </Flex>
  )
}
