import { BellOutlined } from '@ant-design/icons'
import { useQuery } from '@tanstack/react-query'
import { Badge, Button, Tooltip } from 'antd'
import { useTranslation } from 'react-i18next'
import { http } from '../../api/http.ts'
import { UNREAD_POLL_MS } from '../../config/constants.ts'

/** Query key of the unread count; whatever reads or deletes messages invalidates it. */
export const unreadCountKey = ['messages', 'unReadCount'] as const

/**
 * The header's notice bell with the unread count (SPEC 2), asked for every minute and when the
 * window regains focus. A failed count is quiet: no badge, no message. The popover with the unread
 * and all-messages tabs belongs to the messaging screens.
 */
export const NoticeBell = () => {
  const { t } = useTranslation()
  const { data: count } = useQuery({
    queryKey: unreadCountKey,
    queryFn: () => http.get<number>('/sys/messages/unReadCount', undefined, { silent: true }),
    refetchInterval: UNREAD_POLL_MS,
    refetchOnWindowFocus: true,
    retry: false,
  })
  const unread = typeof count === 'number' ? count : 0
  const label = unread > 0 ? t('shell.bell.unread', { count: unread }) : t('shell.bell.label')
  return (
    <Tooltip title={label}>
      <Button type="text" aria-label={label} data-testid="notice-bell" className="shell-header-button">
        <Badge count={unread} size="small" overflowCount={99} data-testid="notice-count">
          <BellOutlined style={{ fontSize: 16 }} />
        </Badge>
      </Button>
    </Tooltip>
  )
}
