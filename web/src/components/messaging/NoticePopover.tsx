import { type Message, ReadFlag } from '@app/contracts'
import { useQuery } from '@tanstack/react-query'
import { Button, Empty, Spin, Tabs } from 'antd'
import { useTranslation } from 'react-i18next'
import { messagingApi, messagingKeys } from '../../api/messaging.ts'
import { MESSAGE_POPOVER_MAX_HEIGHT, MESSAGES_VIEW_MORE_ABOVE } from '../../config/constants.ts'
import { MessageItem } from './MessageItem.tsx'
import { useMessageLink, useOpenMessage } from './useMessageActions.ts'

export type PopoverTab = 'unread' | 'all'

type Props = {
  open: boolean
  /** The bell holds the tab, so that reopening always starts on 'unread'. */
  tab: PopoverTab
  onTab: (tab: PopoverTab) => void
  onViewMore: () => void
  onOpenNotice: (noticeId: string) => void
  /** The popover closes when a message takes the user elsewhere. */
  onLeave: () => void
}

/**
 * The bell's popover (SPEC 2): unread and all messages, back on the unread tab whenever it
 * opens again; up to 600 px high; 'view more' when a tab holds more than 10.
 */
export const NoticePopover = ({ open, tab, onTab, onViewMore, onOpenNotice, onLeave }: Props) => {
  const { t } = useTranslation()
  const query = {
    readFlag: tab === 'unread' ? ReadFlag.Unread : undefined,
    pageNo: 1,
    pageSize: MESSAGES_VIEW_MORE_ABOVE,
  }
  const { data, isLoading } = useQuery({
    queryKey: messagingKeys.list(query),
    queryFn: () => messagingApi.list(query),
    enabled: open,
  })
  const link = useMessageLink()
  const openMessage = useOpenMessage(onOpenNotice, onLeave)
  const view = (m: Message) => {
    openMessage(m)
  }

  const body = (
    <div style={{ maxHeight: MESSAGE_POPOVER_MAX_HEIGHT - 120, overflowY: 'auto' }} data-testid="popover-list">
      {isLoading ? (
        <Spin style={{ display: 'block', margin: '24px auto' }} />
      ) : data && data.records.length > 0 ? (
        data.records.map((m) => (
          <MessageItem key={m.id} message={m} onOpen={openMessage} onView={link.canOpen(m) ? view : undefined} />
        ))
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('messaging.empty')} />
      )}
    </div>
  )

  return (
    <div style={{ width: 360, maxHeight: MESSAGE_POPOVER_MAX_HEIGHT }} data-testid="notice-popover">
      <Tabs
        activeKey={tab}
        onChange={(k) => onTab(k as PopoverTab)}
        centered
        items={[
          { key: 'unread', label: <span data-testid="tab-unread">{t('messaging.tabs.unread')}</span> },
          { key: 'all', label: <span data-testid="tab-all">{t('messaging.tabs.all')}</span> },
        ]}
        style={{ marginBottom: 0 }}
      />
      {body}
      {data && data.total > MESSAGES_VIEW_MORE_ABOVE && (
        <Button block type="link" onClick={onViewMore} data-testid="view-more">
          {t('messaging.viewMore')}
        </Button>
      )}
    </div>
  )
}
