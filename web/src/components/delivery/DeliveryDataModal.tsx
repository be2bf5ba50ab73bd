import { CONTAINER_SIZES, type DeliveryOrder, TRANSPORT_MODES } from '@app/contracts'
import { Alert, App, Col, DatePicker, Form, Modal, Row, Select } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { deliveryApi } from '../../api/delivery.ts'
import { failureText } from '../../api/http.ts'
import { DATE_FORMAT } from '../../config/constants.ts'
import { useDict } from '../list/useDict.ts'
import { useFieldLabel } from '../list/useFieldLabel.ts'

type Values = {
  expectedDeliveryDate: Dayjs
  transportMode?: (typeof TRANSPORT_MODES)[number] | null
  containerSize?: (typeof CONTAINER_SIZES)[number] | null
}

type Props = {
  /** The order as read (its version goes with the change); null keeps the modal closed. */
  order: DeliveryOrder | null
  onClose: () => void
  /** After a save, and after a refusal (the list reads the order again). */
  onDone: () => void
}

/**
 * An order's delivery data: expected delivery date, transport and container. SPEC 6: logistics
 * only on the delivery day, nobody else once it is reached; the server decides and says why.
 */
export const DeliveryDataModal = ({ order, onClose, onDone }: Props) => {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const label = useFieldLabel('deliveryOrder')
  const transports = useDict('transport_mode').filter((o) => (TRANSPORT_MODES as readonly string[]).includes(o.value))
  const containers = useDict('container_size').filter((o) => (CONTAINER_SIZES as readonly string[]).includes(o.value))
  const [form] = Form.useForm<Values>()
  const [saving, setSaving] = useState(false)

  const save = async () => {
    if (!order) return
    const values = await form.validateFields().catch(() => null)
    if (!values) return
    setSaving(true)
    try {
      await deliveryApi.editData({
        orderId: order.id,
        version: order.version,
        expectedDeliveryDate: values.expectedDeliveryDate.format(DATE_FORMAT),
        transportMode: values.transportMode ?? null,
        containerSize: values.containerSize ?? null,
      })
      void message.success(t('common.messages.modified'))
      onDone()
      onClose()
    } catch (e) {
      void message.error(failureText(e))
      onDone()
    } finally {
      setSaving(false)
    }
  }

  return (
    <Modal
      open={order !== null}
      title={t('delivery.editData.title', { orderNo: order?.orderNo ?? '' })}
      width={720}
      onOk={() => void save()}
      onCancel={onClose}
      okText={t('common.actions.save')}
      cancelText={t('common.actions.cancel')}
      okButtonProps={{ 'data-testid': 'delivery-data-submit' } as never}
      confirmLoading={saving}
      destroyOnHidden
      data-testid="delivery-data-modal"
    >
      <Alert type="info" showIcon title={t('delivery.editData.hint')} style={{ marginBottom: 16 }} />
      {order && (
        <Form
          form={form}
          name="deliveryData"
          layout="vertical"
          initialValues={{
            expectedDeliveryDate: dayjs(order.expectedDeliveryDate),
            transportMode: order.transportMode ?? undefined,
            containerSize: order.containerSize ?? undefined,
          }}
        >
          <Row gutter={16}>
            <Col xs={24} md={8}>
              <Form.Item
                name="expectedDeliveryDate"
                label={label('expectedDeliveryDate')}
                rules={[{ required: true, message: t('delivery.editData.required') }]}
              >
                <DatePicker
                  style={{ width: '100%' }}
                  format={DATE_FORMAT}
                  aria-label={label('expectedDeliveryDate')}
                  data-testid="delivery-data-date"
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="transportMode" label={label('transportMode')}>
                <Select
                  placeholder={t('list.search.choose')}
                  allowClear
                  options={transports}
                  aria-label={label('transportMode')}
                  data-testid="delivery-data-transport"
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="containerSize" label={label('containerSize')}>
                <Select
                  placeholder={t('list.search.choose')}
                  allowClear
                  options={containers}
                  aria-label={label('containerSize')}
                  data-testid="delivery-data-container"
                />
              </Form.Item>
            </Col>
          </Row>
        </Form>
      )}
    </Modal>
  )
}
