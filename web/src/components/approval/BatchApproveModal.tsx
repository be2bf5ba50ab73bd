import type { BatchApproveResult } from '@app/contracts'
import { useQueryClient } from '@tanstack/react-query'
import { Form, Input, Modal } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { approvalApi, approvalKeys } from '../../api/approval.ts'

type Props = {
  /** The reviews to approve; the modal is open while there are some. */
  ids: readonly string[]
  onClose: () => void
  /** Each review is decided on its own: the result says which were approved and why others were not. */
  onDone: (result: BatchApproveResult) => void
}

/** Bulk approve (SPEC 7 batch actions) with one review note for all of them. */
export const BatchApproveModal = ({ ids, onClose, onDone }: Props) => {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const [form] = Form.useForm<{ note: string }>()
  const [saving, setSaving] = useState(false)

  const save = async () => {
    const values = await form.validateFields().catch(() => null)
    if (!values) return
    setSaving(true)
    try {
      const result = await approvalApi.batchApprove(ids, values.note.trim())
      await queryClient.invalidateQueries({ queryKey: approvalKeys.all })
      onDone(result)
    } catch {
      // the http client has shown the refusal
    } finally {
      setSaving(false)
    }
  }

  return (
    <Modal
      open={ids.length > 0}
      title={t('approval.review.batchTitle', { count: ids.length })}
      onOk={() => void save()}
      onCancel={onClose}
      okText={t('approval.review.batchApprove')}
      cancelText={t('common.actions.cancel')}
      confirmLoading={saving}
      okButtonProps={{ 'data-testid': 'batch-approve-submit' } as never}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name="batch-approve" initialValues={{ note: '' }}>
        <Form.Item
          name="note"
          label={t('approval.review.note')}
          rules={[{ required: true, whitespace: true, message: t('approval.review.noteRequired') }]}
        >
          <Input.TextArea rows={3} maxLength={500} showCount placeholder={t('approval.review.notePlaceholder')} />
        </Form.Item>
      </Form>
    </Modal>
  )
}
