import { type Feedback, feedbackResource } from '@app/contracts'
import { useQuery } from '@tanstack/react-query'
import { Form, Typography } from 'antd'
import dayjs from 'dayjs'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { adminApi } from '../../api/admin.ts'
import { keys } from '../../api/queries.ts'
import { resourceApi } from '../../api/resources.ts'
import { DATETIME_FORMAT } from '../../config/constants.ts'
import { NoteModal } from '../NoteModal.tsx'

const feedbackApi = resourceApi(feedbackResource)

type Values = { replyContent: string }

type Props = {
  /** The row chosen in the list; its current version is read again before replying. */
  feedback: { id: string } | null
  onClose: () => void
  onReplied: () => void
}

/** An administrator replies to (or corrects the reply to) one piece of feedback. */
export const FeedbackReplyModal = ({ feedback, onClose, onReplied }: Props) => {
  const { t } = useTranslation()
  const [form] = Form.useForm<Values>()
  const id = feedback?.id
  const { data } = useQuery({
    queryKey: keys.resource.detail(feedbackResource.name, id ?? ''),
    queryFn: () => feedbackApi.queryById(id as string) as unknown as Promise<Feedback>,
    enabled: Boolean(id),
    staleTime: 0,
  })
  useEffect(() => {
    if (data) form.setFieldsValue({ replyContent: data.replyContent ?? '' })
  }, [data, form])

  return (
    <NoteModal<Feedback, Values>
      target={data}
      open={Boolean(id)}
      title={data ? t('admin.feedback.replyTitle', { title: data.title }) : t('admin.feedback.reply')}
      name="feedback-reply"
      form={form}
      loading={!data}
      intro={
        data && (
          <>
            <Typography.Paragraph type="secondary" style={{ marginBottom: 4 }}>
              {t('admin.feedback.submittedBy', {
                name: data.createByName ?? '',
                time: dayjs(data.createAt).format(DATETIME_FORMAT),
              })}
            </Typography.Paragraph>
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{data.content}</Typography.Paragraph>
          </>
        )
      }
      note={{
        name: 'replyContent',
        label: t('fields.feedback.replyContent'),
        required: t('admin.feedback.replyRequired'),
        placeholder: t('admin.feedback.replyPlaceholder'),
        maxLength: 4000,
        rows: 5,
      }}
      submit={(f, { replyContent }) => adminApi.replyFeedback({ id: f.id, version: f.version, replyContent })}
      done={t('admin.feedback.replyDone')}
      onDone={onReplied}
      onClose={onClose}
      okText={t('admin.feedback.reply')}
      testId="feedback-reply-modal"
      submitTestId="feedback-reply-save"
    />
  )
}
