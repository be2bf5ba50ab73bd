import type { ReviewProgress } from '@app/contracts'
import { ApprovalStatus } from '@app/contracts'
import { useQuery } from '@tanstack/react-query'
import { Empty, Flex, Modal, Spin, Steps, type StepsProps, Tag, Timeline, Typography } from 'antd'
import dayjs from 'dayjs'
import { useTranslation } from 'react-i18next'
import { approvalApi, approvalKeys, type ReviewRef } from '../../api/approval.ts'
import { modalWidth } from '../../config/constants.ts'
import { useDictText } from '../list/useDict.ts'
import { DecisionTag } from './DecisionTag.tsx'

const when = (d: string | null) => (d ? dayjs(d).format('YYYY-MM-DD HH:mm') : '')

/**
 * A review's progress (SPEC 4) as steps: each step's department and role, who decided it, when and
 * with what note. The highlighted step is the server's `currentStep`, derived as SPEC 4 says (a
 * rejected review shows the step that rejected it); below, every decision of every round.
 */
export const ReviewProgressView = ({ progress }: { progress: ReviewProgress }) => {
  const { t } = useTranslation()
  const dictText = useDictText()
  const rejected = progress.status === ApprovalStatus.Rejected
  const approved = progress.status === ApprovalStatus.Approved
  const current = Math.max(0, progress.currentStep - 1)
  const items: StepsProps['items'] = progress.steps.map((s, i) => {
    const status: 'wait' | 'process' | 'finish' | 'error' =
      i === current && rejected
        ? 'error'
        : s.isAudit === 1 || (approved && i <= current)
          ? 'finish'
          : i === current
            ? 'process'
            : 'wait'
    return {
      status,
      title: s.stepName || `${s.roleName ?? s.roleCode}`,
      subTitle: s.stepName ? (s.roleName ?? s.roleCode) : undefined,
      content: (
        <Flex vertical gap={2}>
          <Typography.Text type="secondary">{s.departName ?? t('approval.progress.submitterDept')}</Typography.Text>
          {s.decidedAt ? (
            <Typography.Text type="secondary">
              {t('approval.progress.decidedBy', { name: s.realname ?? '', time: when(s.decidedAt) })}
            </Typography.Text>
          ) : (
            i === current &&
            !rejected &&
            !approved && <Typography.Text type="warning">{t('approval.progress.waiting')}</Typography.Text>
          )}
          {s.note && <Typography.Text>{s.note}</Typography.Text>}
        </Flex>
      ),
    }
  })
  return (
    <Flex vertical gap={16} data-testid="review-progress">
      <Flex gap={8} align="center">
        <Typography.Text strong>{progress.objectNo}</Typography.Text>
        <Tag>{dictText('audit_business', progress.business)}</Tag>
        <Tag color={rejected ? 'red' : approved ? 'green' : 'blue'}>{dictText('approval_status', progress.status)}</Tag>
      </Flex>
      <Steps size="small" titlePlacement="vertical" current={current} items={items} />
      {progress.history.length > 0 && (
        <>
          <Typography.Title level={5} style={{ margin: 0 }}>
            {t('approval.progress.history')}
          </Typography.Title>
          <Timeline
            items={progress.history.map((h, i) => ({
              key: `${h.round}-${h.stepNo}-${i}`,
              color: h.decision === 'reject' ? 'red' : 'green',
              content: (
                <Flex vertical gap={2}>
                  <span>
                    {t('approval.progress.round', { round: h.round })} · {t('approval.config.stepNo', { no: h.stepNo })}{' '}
                    · {h.realname} <DecisionTag decision={h.decision} />
                  </span>
                  <Typography.Text type="secondary">{when(h.decidedAt)}</Typography.Text>
                  {h.note && <Typography.Text>{h.note}</Typography.Text>}
                </Flex>
              ),
            }))}
          />
        </>
      )}
    </Flex>
  )
}

/** The progress of one review (by id, or by the business object) in a modal. */
export const ReviewProgressModal = ({ reviewRef, onClose }: { reviewRef: ReviewRef | null; onClose: () => void }) => {
  const { t } = useTranslation()
  const { data, isLoading } = useQuery({
    queryKey: approvalKeys.progress(reviewRef ?? { id: '' }),
    queryFn: () => approvalApi.progress(reviewRef as ReviewRef),
    enabled: reviewRef !== null,
    staleTime: 0,
  })
  return (
    <Modal
      open={reviewRef !== null}
      title={t('approval.progress.title')}
      width={modalWidth()}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
    >
      <Spin spinning={isLoading}>
        {data ? (
          <ReviewProgressView progress={data} />
        ) : (
          !isLoading && <Empty description={t('approval.progress.notSubmitted')} />
        )}
      </Spin>
    </Modal>
  )
}
