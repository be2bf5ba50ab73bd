import { FeedbackSubmitSchema, feedbackResource } from '@app/contracts'
import { useQueryClient } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { keys } from '../../api/queries.ts'
import type { ResourceRecord } from '../../api/resources.ts'
import { FeedbackReplyModal } from '../../components/feedback/FeedbackReplyModal.tsx'
import { ListPage } from '../../components/list/ListPage.tsx'
import { defineList } from '../../components/list/types.ts'

/**
 * Feedback for administrators (/sys/feedback): everything users sent, whether it has been replied
 * to, the reply; reply (or correct a reply), delete, export.
 */
export const FeedbackList = () => {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const [replying, setReplying] = useState<ResourceRecord | null>(null)
  const list = useMemo(
    () =>
      defineList({
        resource: feedbackResource,
        input: FeedbackSubmitSchema,
        without: ['add', 'edit', 'import', 'history', 'status'],
        columnOrder: ['title', 'createByName', 'createAt', 'replyStatus', 'replyByName', 'replyAt'],
        toolbar: [
          {
            key: 'reply',
            perm: 'reply',
            label: t('admin.feedback.reply'),
            selection: 'one',
            onClick: ([row]) => setReplying(row ?? null),
          },
        ],
      }),
    [t],
  )
  return (
    <>
      <ListPage list={list} />
      <FeedbackReplyModal
        feedback={replying}
        onClose={() => setReplying(null)}
        onReplied={() => {
          setReplying(null)
          void queryClient.invalidateQueries({ queryKey: keys.resource.all(feedbackResource.name) })
        }}
      />
    </>
  )
}
export default FeedbackList
