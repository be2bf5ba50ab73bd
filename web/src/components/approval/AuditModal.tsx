import { useQueryClient } from '@tanstack/react-query'
import { Form, Radio } from 'antd'
import { useTranslation } from 'react-i18next'
import { approvalApi, approvalKeys, type Decision } from '../../api/approval.ts'
import { NoteModal } from '../NoteModal.tsx'

/** What the reviewer saw: a decision on a step someone else decided meanwhile is refused, not misapplied. */
export type AuditTarget = { id: string; objectNo?: string | null; stepNo?: number; version?: number }

type Values = { decision: 'approve' | 'reject'; note: string }

type Props = {
  target: AuditTarget | null
  /** Start on reject (e.g. a 'Reject' button). */
  initialDecision?: 'approve' | 'reject'
  onClose: () => void
  onDecided?: () => void
  /**
   * The business's own decide route (e.g. an order deletion request's, behind that screen's audit
   * permission) in place of the audit detail list's generic one.
   */
  decide?: (d: Decision) => Promise<unknown>
}

/**
 * The audit modal (SPEC 2, SPEC 5): approve or reject the current step with a note — a review note
 * to approve, a rejection reason to reject, both required. Products, orders and adjustments open it
 * with their review's id; the server decides whether the caller is the current reviewer.
 */
export const AuditModal = ({ target, initialDecision = 'approve', onClose, onDecided, decide }: Props) => {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const [form] = Form.useForm<Values>()
  const decision = Form.useWatch('decision', form) ?? initialDecision
  const rejecting = decision === 'reject'

  return (
    <NoteModal<AuditTarget, Values>
      target={target}
      title={t('approval.review.modalTitle', { no: target?.objectNo ?? '' })}
      name="audit"
      form={form}
      initialValues={{ decision: initialDecision, note: '' }}
      note={{
        name: 'note',
        label: rejecting ? t('approval.review.rejectReason') : t('approval.review.note'),
        required: rejecting ? t('approval.review.rejectRequired') : t('approval.review.noteRequired'),
        placeholder: rejecting ? t('approval.review.rejectPlaceholder') : t('approval.review.notePlaceholder'),
      }}
      submit={(review, values) =>
        (decide ?? approvalApi.decide)({
          id: review.id,
          decision: values.decision,
          note: values.note,
          stepNo: review.stepNo,
          version: review.version,
        })
      }
      done={(values) => t(values.decision === 'approve' ? 'approval.review.approved' : 'approval.review.rejected')}
      onDone={async () => {
        await queryClient.invalidateQueries({ queryKey: approvalKeys.all })
        onDecided?.()
      }}
      onClose={onClose}
      danger={rejecting}
      testId="audit-modal"
      submitTestId="audit-submit"
    >
      <Form.Item name="decision" label={t('approval.review.decision')}>
        <Radio.Group
          optionType="button"
          buttonStyle="solid"
          options={[
            { value: 'approve', label: t('approval.review.approve') },
            { value: 'reject', label: t('approval.review.reject') },
          ]}
        />
      </Form.Item>
    </NoteModal>
  )
}
