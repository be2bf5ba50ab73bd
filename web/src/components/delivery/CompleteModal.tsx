import type { DeliveryOrder } from '@app/contracts'
import { Alert, App, DatePicker, Form, Modal } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { deliveryApi } from '../../api/delivery.ts'
import { failureText } from '../../api/http.ts'
import { DATE_FORMAT } from '../../config/constants.ts'

type Props = {
  /** A fully delivered order; null keeps the modal closed. */
  order: DeliveryOrder | null
  onClose: () => void
  onDone: () => void
}

/** Delivery complete (100806 -> 100807): the actual delivery date, today unless changed. */
export const CompleteModal = ({ order, onClose, onDone }: Props) => {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const [form] = Form.useForm<{ actualDeliveryDate: Dayjs }>()
  const [saving, setSaving] = useState(false)

  const save = async () => {
    if (!order) return
    const values = await form.validateFields().catch(() => null)
    if (!values) return
    setSaving(true)
    try {
      await deliveryApi.complete({
        orderId: order.id,
        actualDeliveryDate: values.actualDeliveryDate.format(DATE_FORMAT),
      })
      void message.success(t('delivery.complete.done', { orderNo: order.orderNo }))
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
      title={t('delivery.complete.title', { orderNo: order?.orderNo ?? '' })}
      onOk={() => void save()}
      onCancel={onClose}
      okText={t('common.actions.confirm')}
      cancelText={t('common.actions.cancel')}
      okButtonProps={{ 'data-testid': 'complete-submit' } as never}
      confirmLoading={saving}
      destroyOnHidden
      data-testid="complete-modal"
    >
      <Alert type="info" showIcon title={t('delivery.complete.hint')} style={{ marginBottom: 16 }} />
      <Form form={form} name="deliveryComplete" layout="vertical" initialValues={{ actualDeliveryDate: dayjs() }}>
        <Form.Item
          name="actualDeliveryDate"
          label={t('delivery.complete.actualDate')}
          rules={[{ required: true, message: t('delivery.complete.required') }]}
        >
          <DatePicker
            style={{ width: '100%' }}
            format={DATE_FORMAT}
            aria-label={t('delivery.complete.actualDate')}
            data-testid="complete-date"
          />
        </Form.Item>
      </Form>
    </Modal>
  )
}
