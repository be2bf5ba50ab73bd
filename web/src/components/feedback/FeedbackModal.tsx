import type { Feedback } from '@app/contracts'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { App, Button, Empty, Flex, Form, Input, Modal, Pagination, Spin, Tabs, Tag, Typography } from 'antd'
import dayjs from 'dayjs'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { adminApi, adminKeys } from '../../api/admin.ts'
import { failureText } from '../../api/http.ts'
import { DATETIME_FORMAT, PAGE_SIZE } from '../../config/constants.ts'

type Tab = 'submit' | 'mine'

const when = (d: Date | string | null) => (d ? dayjs(d).format(DATETIME_FORMAT) : '')

/** One of the user's own pieces of feedback with the administrator's reply, when there is one. */
const FeedbackItem = ({ item }: { item: Feedback }) => {
  const { t } = useTranslation()
  const replied = item.replyStatus === '1'
  return (
    <Flex
      vertical
      gap={4}
      style={{ padding: '12px 0', borderBottom: '1px solid rgba(5,5,5,0.06)' }}
      data-testid="my-feedback"
    >
      <Flex justify="space-between" align="baseline" gap={8}>
        <Typography.Text strong>{item.title}</Typography.Text>
        <Tag color={replied ? 'green' : 'default'} style={{ marginInlineEnd: 0 }}>
          {replied ? t('admin.feedback.replied') : t('admin.feedback.waiting')}
        </Tag>
      </Flex>
      <Typography.Text type="secondary">{when(item.createAt)}</Typography.Text>
      <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{item.content}</Typography.Paragraph>
      {replied && (
        <div style={{ background: 'rgba(22,119,255,0.06)', padding: '8px 12px', borderRadius: 6, marginTop: 4 }}>
          <Typography.Text type="secondary">
            {t('admin.feedback.replyBy', { name: item.replyByName ?? '', time: when(item.replyAt) })}
          </Typography.Text>
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }} data-testid="feedback-reply">
            {item.replyContent}
          </Typography.Paragraph>
        </div>
      )}
    </Flex>
  )
}

/**
 * Feedback for everyone (SPEC 3, issue 5), from the user menu: send a title and content; 'My
 * feedback' lists what you sent with the administrators' replies.
 */
export const FeedbackModal = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const queryClient = useQueryClient()
  const [form] = Form.useForm<{ title: string; content: string }>()
  const [tab, setTab] = useState<Tab>('submit')
  const [pageNo, setPageNo] = useState(1)
  const [sending, setSending] = useState(false)
  const mine = useQuery({
    queryKey: adminKeys.myFeedback(pageNo),
    queryFn: () => adminApi.myFeedback(pageNo, PAGE_SIZE),
    enabled: open && tab === 'mine',
    staleTime: 0,
  })

  const send = async () => {
    const values = await form.validateFields().catch(() => null)
    if (!values) return
    setSending(true)
    try {
      await adminApi.submitFeedback({ title: values.title.trim(), content: values.content.trim() })
      void message.success(t('admin.feedback.submitted'))
      form.resetFields()
      await queryClient.invalidateQueries({ queryKey: ['feedback', 'my'] })
      setPageNo(1)
      setTab('mine')
    } catch (e) {
      void message.error(failureText(e))
    } finally {
      setSending(false)
    }
  }

  const records = mine.data?.records ?? []
  return (
    <Modal
      open={open}
      title={t('admin.feedback.modalTitle')}
      onCancel={onClose}
      afterClose={() => setTab('submit')}
      footer={null}
      width={640}
      destroyOnHidden
      data-testid="feedback-modal"
    >
      <Tabs
        activeKey={tab}
        onChange={(k) => setTab(k as Tab)}
        items={[
          {
            key: 'submit',
            label: t('admin.feedback.submitTab'),
            children: (
              <Form form={form} layout="vertical" name="feedback-submit">
                <Form.Item
                  name="title"
                  label={t('fields.feedback.title')}
                  rules={[
                    {
                      required: true,
                      whitespace: true,
                      message: t('list.validation.required', { label: t('fields.feedback.title') }),
                    },
                  ]}
                >
                  <Input maxLength={200} placeholder={t('admin.feedback.titlePlaceholder')} />
                </Form.Item>
                <Form.Item
                  name="content"
                  label={t('fields.feedback.content')}
                  rules={[
                    {
                      required: true,
                      whitespace: true,
                      message: t('list.validation.required', { label: t('fields.feedback.content') }),
                    },
                  ]}
                >
                  <Input.TextArea
                    rows={6}
                    maxLength={4000}
                    showCount
                    placeholder={t('admin.feedback.contentPlaceholder')}
                  />
                </Form.Item>
                <Button type="primary" loading={sending} onClick={() => void send()} data-testid="feedback-send">
                  {t('admin.feedback.submit')}
                </Button>
              </Form>
            ),
          },
          {
            key: 'mine',
            label: t('admin.feedback.mineTab'),
            children: (
              <Spin spinning={mine.isFetching}>
                {records.length === 0 && !mine.isFetching ? (
                  <Empty description={t('admin.feedback.empty')} />
                ) : (
                  <div style={{ maxHeight: '60vh', overflow: 'auto' }}>
                    {records.map((item) => (
                      <FeedbackItem key={item.id} item={item} />
                    ))}
                  </div>
                )}
                {(mine.data?.total ?? 0) > PAGE_SIZE && (
                  <Pagination
                    size="small"
                    align="end"
                    current={pageNo}
                    pageSize={PAGE_SIZE}
                    total={mine.data?.total ?? 0}
                    onChange={setPageNo}
                  />
                )}
              </Spin>
            ),
          },
        ]}
      />
    </Modal>
  )
}
