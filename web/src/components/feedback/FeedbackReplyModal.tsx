import { type Feedback, feedbackResource } from '@app/contracts'
import { useQuery } from '@tanstack/react-query'
import { App, Form, Input, Modal, Spin, Typography } from 'antd'
import dayjs from 'dayjs'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { adminApi } from '../../api/admin.ts'
import { failureText } from '../../api/http.ts'
import { keys } from '../../api/queries.ts'
import { resourceApi } from '../../api/resources.ts'
import { DATETIME_FORMAT } from '../../config/constants.ts'

const feedbackApi = resourceApi(feedbackResource)

type Props = {
  /** The row chosen in the list; its current version is read again before replying. */
  feedback: { id: string } | null
  onClose: () => void
  onReplied: () => void
}

/** An administrator replies to (or corrects the reply to) one piece of feedback. */
export const FeedbackReplyModal = ({ feedback, onClose, onReplied }: Props) => {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const [form] = Form.useForm<{ replyContent: string }>()
  const [saving, setSaving] = useState(false)
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

  const save = async () => {
    const values = await form.validateFields().catch(() => null)
    if (!values || !data) return
    setSaving(true)
    try {
      await adminApi.replyFeedback({ id: data.id, version: data.version, replyContent: values.replyContent.trim() })
      void message.success(t('admin.feedback.replyDone'))
      onReplied()
    } catch (e) {
      void message.error(failureText(e))
    } finally {
      setSaving(false)
    }
  }

  return (
    <Modal
      open={Boolean(id)}
      title={data ? t('admin.feedback.replyTitle', { title: data.title }) : t('admin.feedback.reply')}
      onOk={() => void save()}
      onCancel={onClose}
      okText={t('admin.feedback.reply')}
      cancelText={t('common.actions.cancel')}
      confirmLoading={saving}
      okButtonProps={{ disabled: !data, 'data-testid': 'feedback-reply-save' } as never}
      destroyOnHidden
      data-testid="feedback-reply-modal"
    >
      <Spin spinning={!data}>
        {data && (
          <>
            <Typography.Paragraph type="secondary" style={{ marginBottom: 4 }}>
              {t('admin.feedback.submittedBy', {
                name: data.createByName ?? '',
                time: dayjs(data.createAt).format(DATETIME_FORMAT),
              })}
            </Typography.Paragraph>
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{data.content}</Typography.Paragraph>
          </>
        )}
        <Form form={form} layout="vertical" name="feedback-reply">
          <Form.Item
            name="replyContent"
            label={t('fields.feedback.replyContent')}
            rules={[{ required: true, whitespace: true, message: t('admin.feedback.replyRequired') }]}
          >
            <Input.TextArea rows={5} maxLength={4000} showCount placeholder={t('admin.feedback.replyPlaceholder')} />
          </Form.Item>
        </Form>
      </Spin>
    </Modal>
  )
}
