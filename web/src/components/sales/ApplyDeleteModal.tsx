import { App, Form, Input, Modal } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { failureText } from '../../api/http.ts'
import { salesApi } from '../../api/sales.ts'
import type { OrderRef } from './useOrderActions.tsx'

type Props = { order: OrderRef | null; onClose: () => void; onDone: () => void }

/** Asks to delete an approved order (the order centre, SPEC 6): a reason, then the `order_delete` review. */
export const ApplyDeleteModal = ({ order, onClose, onDone }: Props) => {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const [form] = Form.useForm<{ reason: string }>()
  const [saving, setSaving] = useState(false)

  const submit = async () => {
    const values = await form.validateFields().catch(() => null)
    if (!values || !order) return
    setSaving(true)
    try {
      await salesApi.applyDelete({ id: order.id, reason: values.reason.trim() })
      void message.success(t('sales.applyDelete.done'))
      onDone()
      onClose()
    } catch (e) {
      void message.error(failureText(e))
    } finally {
      setSaving(false)
    }
  }

  return (
    <Modal
      open={order !== null}
      title={t('sales.applyDelete.title', { orderNo: order?.orderNo ?? '' })}
      onOk={() => void submit()}
      onCancel={onClose}
      okText={t('common.actions.submit')}
      cancelText={t('common.actions.cancel')}
      okButtonProps={{ danger: true, 'data-testid': 'apply-delete-submit' } as never}
      confirmLoading={saving}
      destroyOnHidden
      data-testid="apply-delete-modal"
    >
      <Form form={form} layout="vertical" name="apply-delete">
        <Form.Item
          name="reason"
          label={t('sales.applyDelete.reason')}
          rules={[{ required: true, whitespace: true, message: t('sales.applyDelete.reasonRequired') }]}
        >
          <Input.TextArea rows={4} maxLength={500} showCount />
        </Form.Item>
      </Form>
    </Modal>
  )
}
