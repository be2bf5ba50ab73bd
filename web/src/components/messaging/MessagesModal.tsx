import type { Message } from '@app/contracts'
import { useQuery } from '@tanstack/react-query'
import { App, Button, Empty, Flex, Modal, Pagination, Spin, Typography } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { messagingApi, messagingKeys } from '../../api/messaging.ts'
import { PAGE_SIZE, PAGINATION } from '../../config/constants.ts'
import { MessageItem } from './MessageItem.tsx'
import { useMessageLink, useMessageMutations, useOpenMessage } from './useMessageActions.ts'

type Props = {
  open: boolean
  onClose: () => void
  onOpenNotice: (noticeId: string) => void
}

/**
 * 'View more' (SPEC 2): every message, paged, with mark-all-read, delete-all, an unread dot and a
 * view link for each message that names a menu.
 */
export const MessagesModal = ({ open, onClose, onOpenNotice }: Props) => {
  const { t } = useTranslation()
  const { modal, message } = App.useApp()
  const [page, setPage] = useState({ pageNo: 1, pageSize: PAGE_SIZE })
  const query = { pageNo: page.pageNo, pageSize: page.pageSize }
  const { data, isLoading } = useQuery({
    queryKey: messagingKeys.list(query),
    queryFn: () => messagingApi.list(query),
    enabled: open,
  })
  const { remove, allRead, removeAll } = useMessageMutations()
  const link = useMessageLink()
  const openMessage = useOpenMessage(onOpenNotice, onClose)

  const confirmDeleteAll = () =>
    modal.confirm({
      title: t('messaging.deleteAll'),
      content: t('messaging.deleteAllConfirm'),
      okText: t('common.actions.ok'),
      cancelText: t('common.actions.cancel'),
      okButtonProps: { danger: true },
      onOk: () =>
        removeAll.mutateAsync().then(
          () => {
            setPage((p) => ({ ...p, pageNo: 1 }))
            message.success(t('messaging.allDeleted'))
          },
          () => {
            /* the http client showed why */
          },
        ),
    })

  const markAll = () => allRead.mutate(undefined, { onSuccess: () => message.success(t('messaging.allReadDone')) })

  const onDelete = (m: Message) =>
    remove.mutate(m.id, {
      onSuccess: () => {
        if (data?.records.length === 1 && page.pageNo > 1) setPage((p) => ({ ...p, pageNo: p.pageNo - 1 }))
      },
    })

  return (
    <Modal
      open={open}
      onCancel={onClose}
      title={t('messaging.modalTitle')}
      footer={null}
      width={800}
      destroyOnHidden
      data-testid="messages-modal"
    >
      <Flex justify="space-between" align="center" style={{ marginBottom: 8 }}>
        <Typography.Text type="secondary">{t('messaging.total', { total: data?.total ?? 0 })}</Typography.Text>
        <Flex gap={8}>
          <Button onClick={markAll} loading={allRead.isPending} disabled={!data?.total} data-testid="mark-all-read">
            {t('messaging.markAllRead')}
          </Button>
          <Button danger onClick={confirmDeleteAll} disabled={!data?.total} data-testid="delete-all">
            {t('messaging.deleteAll')}
          </Button>
        </Flex>
      </Flex>
      <div data-testid="messages-modal-list">
        {isLoading ? (
          <Spin style={{ display: 'block', margin: '40px auto' }} />
        ) : data && data.records.length > 0 ? (
          data.records.map((m) => (
            <MessageItem
              key={m.id}
              message={m}
              onOpen={openMessage}
              onView={link.canOpen(m) ? openMessage : undefined}
              onDelete={onDelete}
            />
          ))
        ) : (
          <Empty description={t('messaging.empty')} />
        )}
      </div>
      <Pagination
        {...PAGINATION}
        style={{ marginTop: 16, justifyContent: 'flex-end' }}
        current={page.pageNo}
        pageSize={page.pageSize}
        total={data?.total ?? 0}
        showTotal={(total) => t('messaging.total', { total })}
        onChange={(pageNo, pageSize) => setPage({ pageNo: pageSize === page.pageSize ? pageNo : 1, pageSize })}
        hideOnSinglePage={false}
      />
    </Modal>
  )
}
