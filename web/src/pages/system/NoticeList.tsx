import { NoticeInputSchema, noticeResource } from '@app/contracts'
import { useTranslation } from 'react-i18next'
import { messagingApi } from '../../api/messaging.ts'
import { ListPage } from '../../components/list/ListPage.tsx'
import { defineList } from '../../components/list/types.ts'
import { NoticeEditorModal } from '../../components/messaging/NoticeEditorModal.tsx'

/**
 * Notice management (/sys/NoticeList, issue 6): the generic list (search, sort, paging, export)
 * with the rich-text editor for drafts, and publish / withdraw for the selected notice.
 */
export const NoticeList = () => {
  const { t } = useTranslation()
  const list = defineList({
    resource: noticeResource,
    input: NoticeInputSchema,
    defaultSort: { column: 'createAt', order: 'desc' },
    editor: NoticeEditorModal,
    without: ['batchDelete', 'status', 'import', 'history'],
    toolbar: [
      {
        key: 'publish',
        perm: 'publish',
        label: t('messaging.form.publish'),
        selection: 'one',
        changes: true,
        onClick: async ([row]) => {
          if (row) await messagingApi.publishNotice(row.id)
        },
      },
      {
        key: 'withdraw',
        perm: 'withdraw',
        label: t('messaging.list.withdraw'),
        selection: 'one',
        changes: true,
        onClick: async ([row]) => {
          if (row) await messagingApi.withdrawNotice(row.id)
        },
      },
    ],
  })
  return <ListPage list={list} />
}

export default NoticeList
