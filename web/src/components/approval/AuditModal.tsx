import { useQueryClient } from '@tanstack/react-query'
import { App, Form, Input, Modal, Radio } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { approvalApi, approvalKeys, type Decision } from '../../api/approval.ts'
import { failureText } from '../../api/http.ts'

/** What the reviewer saw: a decision on a step someone else decided meanwhile is refused, not misapplied. */
export type AuditTarget = { id: string; objectNo?: string | null; stepNo?: number; version?: number }

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
  const { message } = App.useApp()
  const queryClient = useQueryClient()
  const [form] = Form.useForm<{ decision: 'approve' | 'reject'; note: string }>()
  const decision = Form.useWatch('decision', form) ?? initialDecision
  const [saving, setSaving] = useState(false)
  const rejecting = decision === 'reject'

  const save = async () => {
    const values = await form.validateFields().catch(() => null)
    if (!values || !target) return
    setSaving(true)
    try {
      await (decide ?? approvalApi.decide)({
        id: target.id,
        decision: values.decision,
        note: values.note.trim(),
        stepNo: target.stepNo,
        version: target.version,
      })
      void message.success(t(values.decision === 'approve' ? 'approval.review.approved' : 'approval.review.rejected'))
      await queryClient.invalidateQueries({ queryKey: approvalKeys.all })
      onDecided?.()
      onClose()
    } catch (e) {
      void message.error(failureText(e))
    } finally {
      setSaving(false)
    }
  }

  return (
    <Modal
      open={target !== null}
      title={t('approval.review.modalTitle', { no: target?.objectNo ?? '' })}
      onOk={() => void save()}
      onCancel={onClose}
      okText={t('common.actions.submit')}
      cancelText={t('common.actions.cancel')}
      okButtonProps={{ danger: rejecting, 'data-testid': 'audit-submit' } as never}
      confirmLoading={saving}
      destroyOnHidden
      data-testid="audit-modal"
    >
      <Form form={form} layout="vertical" name="audit" initialValues={{ decision: initialDecision, note: '' }}>
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
        <Form.Item
          name="note"
          label={rejecting ? t('approval.review.rejectReason') : t('approval.review.note')}
          rules={[
            {
              required: true,
              whitespace: true,
              message: rejecting ? t('approval.review.rejectRequired') : t('approval.review.noteRequired'),
            },
          ]}
        >
          <Input.TextArea
            rows={4}
            maxLength={500}
            showCount
            placeholder={rejecting ? t('approval.review.rejectPlaceholder') : t('approval.review.notePlaceholder')}
          />
        </Form.Item>
      </Form>
    </Modal>
  )
}
