import type { SellableProduct } from '@app/contracts'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { Alert, App, Divider, Flex, Form, Input, Modal, Select, Spin, Typography } from 'antd'
import { useEffect, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { deliveryApi, deliveryKeys } from '../../api/delivery.ts'
import { failureText } from '../../api/http.ts'
import { useOrderDetail } from '../../api/sales.ts'
import { modalWidth } from '../../config/constants.ts'
import { useRefOptions } from '../list/useRefOptions.ts'
import { OrderStatusTag } from '../sales/OrderStatusTag.tsx'
import { SellableProductModal } from '../sales/SellableProductModal.tsx'
import { AppendedLinesEditor, ExistingLinesEditor } from './AdjustLinesEditor.tsx'
import { type AppendedLine, adjustLines, adjustProblems, appendPicked, type LineChange } from './adjust-form.ts'

/** An order to adjust. */
export type AdjustOrderRef = { id: string; orderNo: string }

type Props = {
  open: boolean
  onClose: () => void
  afterClose?: () => void
  onSaved?: () => void
  /** The order, when the caller has chosen it (e.g. from the order list); else the modal offers a select. */
  order?: AdjustOrderRef | null
}

/**
 * The order number select: orders of the caller's scope pending delivery or partly delivered. It
 * takes the form item's `id`, which its label points to (`for`).
 */
const OrderSelect = ({
  id,
  value,
  onChange,
}: {
  id?: string
  value?: string
  onChange?: (id: string, no: string) => void
}) => {
  const { t } = useTranslation()
  const [keyword, setKeyword] = useState('')
  const [typed, setTyped] = useState('')
  const branches = useRefOptions('branch', 'name')
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(typed.trim()), 300)
    return () => clearTimeout(timer)
  }, [typed])
  const orders = useQuery({
    queryKey: deliveryKeys.adjustableOrders(keyword),
    queryFn: () => deliveryApi.adjustableOrders(keyword),
    placeholderData: keepPreviousData,
    staleTime: 0,
  })
  const options = (orders.data ?? []).map((o) => ({
    value: o.id,
    orderNo: o.orderNo,
    label: (
      <Flex justify="space-between" gap={8}>
        <span>{o.orderNo}</span>
        <span>
          <Typography.Text type="secondary">{branches.byId.get(o.branchId) ?? ''}</Typography.Text>{' '}
          <OrderStatusTag status={o.status} />
        </span>
      </Flex>
    ),
  }))
  return (
    <Select
      id={id}
      showSearch
      filterOption={false}
      value={value}
      onSearch={setTyped}
      onChange={(id: string, option) => onChange?.(id, (option as { orderNo: string }).orderNo)}
      options={options}
      optionLabelProp="orderNo"
      loading={orders.isFetching}
      placeholder={t('delivery.modify.add.orderPlaceholder')}
      aria-label={t('delivery.modify.add.order')}
      data-testid="adjust-order"
    />
  )
}

/**
 * Ask to adjust an order (issue 16; SPEC 4, 5): per existing line add or reduce a quantity (a
 * reduction at most what has not shipped), append products the branch may order, and say why.
 * The request goes to the `order_adjust` review; the order changes once it is approved.
 */
export const ApplyModifyModal = ({ open, onClose, afterClose, onSaved, order: fixed }: Props) => {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const [form] = Form.useForm<{ orderId?: string; reason: string }>()
  const [chosen, setChosen] = useState<AdjustOrderRef | null>(fixed ?? null)
  const [changes, setChanges] = useState<Record<string, LineChange>>({})
  const [appended, setAppended] = useState<AppendedLine[]>([])
  const [picking, setPicking] = useState(false)
  const [tried, setTried] = useState(false)
  const [saving, setSaving] = useState(false)
  const orderId = chosen?.id ?? ''
  const detail = useOrderDetail(orderId, open)
  const order = detail.data?.id === orderId ? detail.data : undefined
  const lines = order?.lines ?? []
  const problems = useMemo(() => adjustProblems(lines, changes, appended), [lines, changes, appended])
  const shown = tried ? problems : []

  const choose = (ref: AdjustOrderRef | null) => {
    setChosen(ref)
    setChanges({})
    setAppended([])
    setTried(false)
  }

  // the caller's order changed (a modal kept mounted): start over on it
  const fixedId = fixed?.id
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a different order starts over
  useEffect(() => {
    if (fixedId && fixedId !== chosen?.id) {
      choose(fixed ?? null)
      form.setFieldValue('orderId', fixedId)
    }
  }, [fixedId])

  const save = async () => {
    setTried(true)
    const values = await form.validateFields().catch(() => null)
    if (!values || !order || problems.length > 0) return
    setSaving(true)
    try {
      await deliveryApi.addModify({
        orderId: order.id,
        reason: values.reason.trim(),
        lines: adjustLines(lines, changes, appended),
      })
      void message.success(t('delivery.modify.add.done'))
      onSaved?.()
      onClose()
    } catch (e) {
      void message.error(failureText(e))
    } finally {
      setSaving(false)
    }
  }

  const onPick = (picked: SellableProduct[]) =>
    setAppended((current) =>
      appendPicked(
        current,
        picked,
        lines.map((l) => l.productId),
      ),
    )

  return (
    <Modal
      open={open}
      title={t('delivery.modify.add.title')}
      width={modalWidth()}
      onOk={() => void save()}
      onCancel={onClose}
      afterClose={afterClose}
      okText={t('common.actions.submit')}
      cancelText={t('common.actions.cancel')}
      okButtonProps={{ 'data-testid': 'adjust-submit' } as never}
      confirmLoading={saving}
      destroyOnHidden
      data-testid="apply-modify-modal"
    >
      <Form form={form} name="applyModify" layout="vertical" initialValues={{ orderId: fixed?.id, reason: '' }}>
        <Form.Item
          name="orderId"
          label={t('delivery.modify.add.order')}
          rules={[{ required: true, message: t('delivery.modify.add.orderRequired') }]}
        >
          {fixed ? (
            <Typography.Text strong data-testid="adjust-order-fixed">
              {fixed.orderNo}
            </Typography.Text>
          ) : (
            <OrderSelect onChange={(id, orderNo) => choose({ id, orderNo })} />
          )}
        </Form.Item>
        <Spin spinning={detail.isFetching && !order}>
          {order ? (
            <Flex vertical gap={12}>
              <Typography.Text strong>{t('delivery.modify.add.lines')}</Typography.Text>
              <ExistingLinesEditor
                lines={lines}
                currency={order.currency}
                changes={changes}
                onChange={(lineId, change) => setChanges((c) => ({ ...c, [lineId]: change }))}
                problems={shown}
              />
              <AppendedLinesEditor
                appended={appended}
                onChange={setAppended}
                onPick={() => setPicking(true)}
                canPick={Boolean(order.branchId)}
                problems={shown}
              />
              {shown.some((p) => p.at === 'form') && (
                <Alert type="error" showIcon title={t('delivery.modify.add.nothing')} data-testid="adjust-nothing" />
              )}
            </Flex>
          ) : (
            <Typography.Text type="secondary">{t('delivery.modify.add.chooseOrderFirst')}</Typography.Text>
          )}
        </Spin>
        <Divider />
        <Form.Item
          name="reason"
          label={t('delivery.modify.add.reason')}
          rules={[{ required: true, whitespace: true, message: t('delivery.modify.add.reasonRequired') }]}
        >
          <Input.TextArea
            rows={3}
            maxLength={500}
            showCount
            placeholder={t('delivery.modify.add.reasonPlaceholder')}
            aria-label={t('delivery.modify.add.reason')}
            data-testid="adjust-reason"
          />
        </Form.Item>
      </Form>
      <SellableProductModal
        open={picking}
        branchId={order?.branchId}
        taken={[...lines.map((l) => l.productId), ...appended.map((a) => a.product.productId)]}
        onPick={onPick}
        onClose={() => setPicking(false)}
      />
    </Modal>
  )
}
