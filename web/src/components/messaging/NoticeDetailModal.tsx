import { localName, type NoticeDetail } from '@app/contracts'
import { useQueryClient } from '@tanstack/react-query'
import { Button, Modal, Space, Spin, Typography } from 'antd'
import dayjs from 'dayjs'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { messagingApi, messagingKeys } from '../../api/messaging.ts'
import { DATETIME_FORMAT } from '../../config/constants.ts'
import { SafeHtml } from './SafeHtml.tsx'

type Props = { noticeId: string | null; onClose: () => void }

const isExternal = (url: string) => /^https?:\/\//i.test(url)

/**
 * A notice (SPEC 2) in the interface's language when its writer gave it in English: title, sender,
 * publish time and its HTML through DOMPurify; a notice that
 * opens as a link offers to go there. A withdrawn notice answers 510: its warning shows and the
 * modal closes.
 */
export const NoticeDetailModal = ({ noticeId, onClose }: Props) => {
  const { t, i18n } = useTranslation()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [data, setData] = useState<NoticeDetail | null>(null)
  const close = useRef(onClose)
  close.current = onClose
  useEffect(() => {
    setData(null)
    if (!noticeId) return
    let current = true
    messagingApi
      .notice(noticeId)
      .then((detail) => {
        if (!current) return
        setData(detail)
        // opening a notice read it, and the message announcing it
        void queryClient.invalidateQueries({ queryKey: messagingKeys.all })
      })
      // the http client has shown why (a 510 warning for a withdrawn notice)
      .catch(() => current && close.current())
    return () => {
      current = false
    }
  }, [noticeId, queryClient])

  const go = () => {
    const url = data?.openUrl
    if (!url) return
    onClose()
    if (isExternal(url)) window.open(url, '_blank', 'noopener,noreferrer')
    else navigate(url)
  }

  return (
    <Modal
      open={Boolean(noticeId)}
      onCancel={onClose}
      title={t('messaging.notice.detailTitle')}
      width={800}
      destroyOnHidden
      footer={
        data?.openType === 'url' && data.openUrl ? (
          <Button type="primary" onClick={go} data-testid="notice-open-url">
            {t('messaging.notice.open')}
          </Button>
        ) : null
      }
    >
      {!data ? (
        <Spin style={{ display: 'block', margin: '40px auto' }} />
      ) : (
        <div data-testid="notice-detail">
          <Typography.Title level={4} style={{ marginTop: 0 }} data-testid="notice-title">
            {localName(data, i18n.language, 'title')}
          </Typography.Title>
          <Space size="large" style={{ marginBottom: 16 }}>
            <Typography.Text type="secondary">
              {t('messaging.notice.sender', { name: data.sender ?? '-' })}
            </Typography.Text>
            <Typography.Text type="secondary">
              {t('messaging.notice.publishTime', {
                time: data.publishTime ? dayjs(data.publishTime).format(DATETIME_FORMAT) : '-',
              })}
            </Typography.Text>
          </Space>
          <SafeHtml html={localName(data, i18n.language, 'content')} className="notice-html" />
        </div>
      )}
    </Modal>
  )
}
