import { type DeliveryLineState, type DeliveryOrder, localName, q } from '@app/contracts'
import { useQuery } from '@tanstack/react-query'
import {
  Alert,
  App,
  Col,
  DatePicker,
  Empty,
  Flex,
  Form,
  Input,
  InputNumber,
  Modal,
  Row,
  Select,
  Table,
  Typography,
} from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { useEffect, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { deliveryApi, deliveryKeys } from '../../api/delivery.ts'
import { ApiError, failureText } from '../../api/http.ts'
import { DATE_FORMAT, modalWidth } from '../../config/constants.ts'
import { useDictText } from '../list/useDict.ts'
import { NAME_SEARCH, namedOption, refQuery } from '../list/useRefOptions.ts'
import { deliverDefaults, deliveryLines, openLines, qty, refusalDetail, stockPlan } from './delivery-form.ts'

type Values = { depotId: string; shipDate: Dayjs; remark?: string; qty: Record<string, number | null> }

/** Finished-goods warehouses (a delivery ships products), as select options. */
export const useFinishedDepots = (enabled: boolean) => {
  const { i18n } = useTranslation()
  const { data, isFetching } = useQuery({ ...refQuery('depot'), enabled })
  const options = useMemo(
    () => (data ?? []).filter((d) => d.depotType === 'finished').map((d) => namedOption(d, i18n.language, 'name')),
    [data, i18n.language],
  )
  return { options, loading: isFetching }
}

type Props = {
  /** The order to deliver; null keeps the modal closed. */
  order: DeliveryOrder | null
  onClose: () => void
  onDone: () => void
}

/**
 * Deliver (part of) an order: the warehouse, the ship date (today unless changed) and per line
 * still open the quantity to ship now, starting at what remains and never above it. Lines at 0
 * stay out of the delivery. The server posts the sales-out, earliest expiry first.
 */
export const DeliverModal = ({ order, onClose, onDone }: Props) => {
  const { t, i18n } = useTranslation()
  const { message } = App.useApp()
  const dictText = useDictText()
  const [form] = Form.useForm<Values>()
  const [saving, setSaving] = useState(false)
  const [nothing, setNothing] = useState(false)
  const [refusal, setRefusal] = useState<string | null>(null)
  const depots = useFinishedDepots(order !== null)
  const lines = useMemo(() => openLines(order?.lines ?? []), [order])
  const onlyDepot = depots.options.length === 1 ? depots.options[0]?.value : undefined
  // what each warehouse holds, so the dialog shows per line what it would take before it is sent
  const stock = useQuery({
    queryKey: deliveryKeys.stock(order?.id ?? ''),
    queryFn: () => deliveryApi.stock(order?.id ?? ''),
    enabled: order !== null,
    staleTime: 0,
  })
  const depotId = Form.useWatch('depotId', form)
  const quantities = Form.useWatch('qty', form)
  const plan = useMemo(
    () => stockPlan(stock.data, depotId, lines, quantities ?? {}),
    [stock.data, depotId, lines, quantities],
  )

  // each opening starts from the order as it is now: the form's store outlives destroyOnHidden,
  // and kept values would win over the new defaults (a line reopened at the 0 typed last time)
  useEffect(() => {
    if (!order) return
    // initialValues count only at the first mount: the order's remains are set again each time
    form.resetFields()
    form.setFieldsValue({ shipDate: dayjs(), qty: deliverDefaults(order.lines ?? []) })
  }, [order, form])

  // one finished-goods warehouse: that one, once the list is in
  useEffect(() => {
    if (order && onlyDepot && !form.getFieldValue('depotId')) form.setFieldValue('depotId', onlyDepot)
  }, [order, onlyDepot, form])

  const name = (l: DeliveryLineState) => localName(l, i18n.language, 'productName')

  const save = async () => {
    if (!order) return
    const values = await form.validateFields().catch(() => null)
    if (!values) return
    const picked = deliveryLines(lines, values.qty ?? {})
    setNothing(picked.length === 0)
    if (picked.length === 0) return
    setSaving(true)
    setRefusal(null)
    try {
      const done = await deliveryApi.deliver({
        orderId: order.id,
        depotId: values.depotId,
        shipDate: values.shipDate.format(DATE_FORMAT),
        remark: values.remark?.trim() || null,
        lines: picked,
      })
      void message.success(t('delivery.deliver.done', { deliveryNo: done.deliveryNo }))
      onDone()
      onClose()
    } catch (e) {
      void message.error(failureText(e))
      const detail = e instanceof ApiError ? refusalDetail(e.result, lines) : null
      const product = detail ? name(detail.line) : ''
      setRefusal(
        !detail
          ? failureText(e)
          : detail.kind === 'shortage'
            ? `${failureText(e)}. ${t('delivery.deliver.shortage', { product, available: qty(detail.available), requested: qty(detail.requested) })}`
            : `${failureText(e)}. ${t('delivery.deliver.overOf', { product, remaining: qty(detail.remaining) })}`,
      )
    } finally {
      setSaving(false)
    }
  }

  return (
    <Modal
      open={order !== null}
      title={t('delivery.deliver.title', { orderNo: order?.orderNo ?? '' })}
      width={modalWidth()}
      onOk={() => void save()}
      onCancel={onClose}
      okText={t('delivery.actions.deliver')}
      cancelText={t('common.actions.cancel')}
      okButtonProps={{ disabled: lines.length === 0, 'data-testid': 'deliver-submit' } as never}
      confirmLoading={saving}
      destroyOnHidden
      data-testid="deliver-modal"
    >
      {order && (
        <Form
          form={form}
          name="deliver"
          layout="vertical"
          initialValues={{
            shipDate: dayjs(),
            depotId: onlyDepot,
            qty: deliverDefaults(order.lines ?? []),
          }}
        >
          <Row gutter={16}>
            <Col xs={24} md={8}>
              <Form.Item
                name="depotId"
                label={t('delivery.deliver.depot')}
                rules={[{ required: true, message: t('delivery.deliver.depotRequired') }]}
              >
                <Select
                  placeholder={t('list.search.choose')}
                  options={depots.options}
                  loading={depots.loading}
                  showSearch={NAME_SEARCH}
                  aria-label={t('delivery.deliver.depot')}
                  data-testid="deliver-depot"
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item
                name="shipDate"
                label={t('delivery.deliver.shipDate')}
                rules={[{ required: true, message: t('delivery.deliver.shipDateRequired') }]}
              >
                <DatePicker
                  style={{ width: '100%' }}
                  format={DATE_FORMAT}
                  aria-label={t('delivery.deliver.shipDate')}
                  data-testid="deliver-ship-date"
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="remark" label={t('delivery.deliver.remark')}>
                <Input maxLength={500} aria-label={t('delivery.deliver.remark')} />
              </Form.Item>
            </Col>
          </Row>
          {refusal && (
            <Alert type="error" showIcon style={{ marginBottom: 12 }} title={refusal} data-testid="deliver-refusal" />
          )}
          <Alert
            type={nothing ? 'error' : 'info'}
            showIcon
            style={{ marginBottom: 12 }}
            title={nothing ? t('delivery.deliver.nothing') : t('delivery.deliver.hint')}
            data-testid="deliver-hint"
          />
          {lines.length === 0 ? (
            <Empty description={t('delivery.deliver.noLines')} />
          ) : (
            <Table<DeliveryLineState>
              size="small"
              rowKey="id"
              pagination={false}
              dataSource={lines}
              data-testid="deliver-lines"
              columns={[
                { title: '#', dataIndex: 'lineNo', width: 48 },
                { title: t('delivery.line.product'), render: (_, l) => name(l) },
                { title: t('delivery.line.unit'), width: 80, render: (_, l) => dictText('product_unit', l.unit) },
                { title: t('delivery.line.ordered'), width: 110, align: 'right', render: (_, l) => qty(l.quantity) },
                {
                  title: t('delivery.line.delivered'),
                  width: 110,
                  align: 'right',
                  render: (_, l) => qty(l.deliveredQuantity),
                },
                { title: t('delivery.line.remaining'), width: 110, align: 'right', render: (_, l) => qty(l.remaining) },
                {
                  title: t('delivery.line.inStock'),
                  width: 110,
                  align: 'right',
                  render: (_, l) => {
                    const s = plan.get(l.id)
                    return s ? (
                      <span data-testid="deliver-in-stock">{qty(s.available)}</span>
                    ) : (
                      <Typography.Text type="secondary">-</Typography.Text>
                    )
                  },
                },
                {
                  title: t('delivery.line.batches'),
                  width: 240,
                  render: (_, l) => {
                    const s = plan.get(l.id)
                    if (!s) return <Typography.Text type="secondary">{t('delivery.deliver.pickDepot')}</Typography.Text>
                    return (
                      <Flex vertical gap={2} data-testid="deliver-batches">
                        {s.takes.map((b) => {
                          // a batch past its expiry date is still taken first, and said so
                          const expired = b.expiryDate !== null && b.expiryDate < dayjs().format(DATE_FORMAT)
                          return (
                            <Typography.Text key={b.batchNo} type={expired ? 'danger' : undefined}>
                              {b.batchNo} · {b.expiryDate ?? t('delivery.deliver.noExpiry')} × {qty(b.quantity)}
                              {expired ? ` ${t('delivery.deliver.expired')}` : ''}
                            </Typography.Text>
                          )
                        })}
                        {s.short > 0 && (
                          <Typography.Text type="danger" data-testid="deliver-short">
                            {t('delivery.deliver.shortBy', { n: qty(s.short) })}
                          </Typography.Text>
                        )}
                      </Flex>
                    )
                  },
                },
                {
                  title: t('delivery.line.toShip'),
                  width: 180,
                  render: (_, l) => (
                    <Form.Item
                      name={['qty', l.id]}
                      style={{ marginBottom: 0 }}
                      rules={[
                        {
                          validator: (_r, v: number | null) =>
                            q(Number(v ?? 0)) > q(l.remaining)
                              ? Promise.reject(new Error(t('delivery.deliver.over', { remaining: qty(l.remaining) })))
                              : Promise.resolve(),
                        },
                      ]}
                    >
                      <InputNumber
                        min={0}
                        max={q(l.remaining)}
                        step={1}
                        style={{ width: '100%' }}
                        aria-label={t('delivery.line.toShipOf', { name: name(l) })}
                        data-testid="deliver-quantity"
                      />
                    </Form.Item>
                  ),
                },
              ]}
            />
          )}
        </Form>
      )}
    </Modal>
  )
}
