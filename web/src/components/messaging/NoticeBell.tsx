import { BellOutlined } from '@ant-design/icons'
import { useQuery } from '@tanstack/react-query'
import { Badge, Button, Popover } from 'antd'
import { useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { messagingApi, messagingKeys } from '../../api/messaging.ts'
import { UNREAD_POLL_MS } from '../../config/constants.ts'
import { MessagesModal } from './MessagesModal.tsx'
import { NoticeDetailModal } from './NoticeDetailModal.tsx'
import { NoticePopover, type PopoverTab } from './NoticePopover.tsx'
import { useLiveMessages } from './useLiveMessages.tsx'

/** Query key of the unread count; whatever reads or deletes messages invalidates it. */
export const unreadCountKey = messagingKeys.unreadCount

/**
 * The header's notice bell (SPEC 2): the unread count (asked for every minute, on focus, and at
 * once when a message arrives live), the popover with the unread and all-messages tabs, the
 * messages modal behind 'view more', the notice detail, and the live connection.
 */
export const NoticeBell = () => {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  const [tab, setTab] = useState<PopoverTab>('unread')
  const [moreOpen, setMoreOpen] = useState(false)
  const [noticeId, setNoticeId] = useState<string | null>(null)
  const { data: count } = useQuery({
    queryKey: unreadCountKey,
    queryFn: messagingApi.unreadCount,
    refetchInterval: UNREAD_POLL_MS,
    refetchOnWindowFocus: true,
    retry: false,
  })
  const openNotice = useCallback((id: string) => {
    setOpen(false)
    setNoticeId(id)
  }, [])
  const closeNotice = useCallback(() => setNoticeId(null), [])
  useLiveMessages(openNotice)

  const unread = typeof count === 'number' ? count : 0
  const label = unread > 0 ? t('shell.bell.unread', { count: unread }) : t('shell.bell.label')
  return (
    <>
      <Popover
        open={open}
        onOpenChange={(next) => {
          // SPEC 2: closing and reopening resets to the unread tab
          if (next) setTab('unread')
          setOpen(next)
        }}
        trigger="click"
        placement="bottomRight"
        arrow={false}
        content={
          <NoticePopover
            open={open}
            tab={tab}
            onTab={setTab}
            onOpenNotice={openNotice}
            onLeave={() => setOpen(false)}
            onViewMore={() => {
              setOpen(false)
              setMoreOpen(true)
            }}
          />
        }
      >
        <Button type="text" aria-label={label} title={label} data-testid="notice-bell" className="shell-header-button">
          <Badge count={unread} size="small" overflowCount={99} data-testid="notice-count">
            <BellOutlined style={{ fontSize: 16 }} />
          </Badge>
        </Button>
      </Popover>
      <MessagesModal open={moreOpen} onClose={() => setMoreOpen(false)} onOpenNotice={openNotice} />
      <NoticeDetailModal noticeId={noticeId} onClose={closeNotice} />
    </>
  )
}
