import { type SaleOrderDetail, saleOrderResource } from '@app/contracts'
import { useQuery } from '@tanstack/react-query'
import { Button, Descriptions, Empty, Flex, Modal, Space, Spin, Tabs, Tooltip, Typography } from 'antd'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { salesApi, salesKeys, useOrderView } from '../../api/sales.ts'
import { AuthButton } from '../../auth/permissions.tsx'
import { modalWidth } from '../../config/constants.ts'
import { OrderAdjustments } from '../adjustment/index.ts'
import { ReviewProgressView } from '../approval/ReviewProgress.tsx'
import { OrderDeliveries, useHasMenu } from '../delivery/index.ts'
import { FieldValue } from '../list/FieldValue.tsx'
import { useDictText } from '../list/useDict.ts'
import { useFieldLabel } from '../list/useFieldLabel.ts'
import { AttachmentLink } from './Attachments.tsx'
import { OrderLinesView } from './OrderLinesView.tsx'
import { OrderStatusTag } from './OrderStatusTag.tsx'
import { OrderSync } from './OrderSync.tsx'
import { refusalReason } from './refusal.ts'
import { ABILITY_OF, type OrderAction, useOrderActions } from './useOrderActions.tsx'

const MENU = saleOrderResource.menu
const HEAD = [
  'orderNo',
  'status',
  'branchId',
  'companyCode',
  'orderDate',
  'expectedDeliveryDate',
  'actualDeliveryDate',
  'transportMode',
  'containerSize',
  'certificateRequired',
  'certificateTypes',
  'syncStatus',
  'creatorName',
  'createAt',
  'updateAt',
  'remark',
] as const

/** One part of the detail; the deliveries and the adjustments add theirs to `sectionsOf`. */
type Section = { key: string; label: string; children: ReactNode }

const OrderHead = ({ order }: { order: SaleOrderDetail }) => {
  const label = useFieldLabel('saleOrder')
  const dictText = useDictText()
  const fields = saleOrderResource.fields as Record<string, (typeof saleOrderResource.fields)['orderNo']>
  const value = (name: (typeof HEAD)[number]): ReactNode => {
    if (name === 'status') return <OrderStatusTag status={order.status} />
    if (name === 'certificateTypes')
      return order.certificateTypes.map((c) => dictText('certificate_type', c)).join(', ')
    return <FieldValue meta={fields[name]} value={(order as Record<string, unknown>)[name]} full />
  }
  return (
    <Descriptions
      bordered
      size="small"
      column={{ xs: 1, md: 2, xl: 4 }}
      items={HEAD.map((name) => ({
        key: name,
        label: label(name),
        children: value(name),
        span: name === 'remark' ? 'filled' : 1,
      }))}
    />
  )
}

type Props = {
  /** The order to show; null keeps the modal closed. */
  orderId: string | null
  open: boolean
  onClose: () => void
  afterClose?: () => void
  /** Shown in the title while the order loads (e.g. from a message). */
  orderNo?: string
}

const FOOTER_ACTIONS: { action: OrderAction; perm: string; key: string; danger?: boolean }[] = [
  { action: 'edit', perm: 'edit', key: 'common.actions.edit' },
  { action: 'audit', perm: 'audit', key: 'sales.actions.audit' },
  { action: 'reviewAdjust', perm: 'audit', key: 'sales.actions.reviewAdjust' },
  { action: 'subApply', perm: 'subApply', key: 'sales.actions.subApply' },
  { action: 'applyDelete', perm: 'applyDelete', key: 'sales.actions.applyDelete', danger: true },
  { action: 'delete', perm: 'delete', key: 'common.actions.delete', danger: true },
  { action: 'preview', perm: 'view', key: 'sales.actions.preview' },
]

/**
 * An order in full (SPEC 2 'detail'): head, lines with ordered and delivered quantities, totals,
 * attachments and the review progress; the footer offers what the caller may do now. Exported
 * so that other screens (a message, a delivery) can open an order by id.
 */
export const OrderDetailModal = ({ orderId, open, onClose, afterClose, orderNo }: Props) => {
  const { t } = useTranslation()
  const id = orderId ?? ''
  // the order, its review and its deliveries in one call (the tabs below show parts of it)
  const view = useOrderView(id, open)
  const abilities = useQuery({
    queryKey: salesKeys.abilities(id),
    queryFn: () => salesApi.abilities(id),
    enabled: open && Boolean(id),
    staleTime: 0,
  })
  const actions = useOrderActions({ onDeleted: onClose })
  const seesAdjustments = useHasMenu('sale_apply_modify')
  const order = view.data?.order
  const progress = view.data?.progress

  const sections: Section[] = order
    ? [
        {
          key: 'order',
          label: t('sales.detail.order'),
          children: (
            <Flex vertical gap={16}>
              <OrderHead order={order} />
              <OrderLinesView order={order} />
              <Flex vertical gap={4} data-testid="order-detail-attachments">
                <Typography.Text strong>{t('sales.detail.attachments')}</Typography.Text>
                {order.attachments.length === 0 ? (
                  <Typography.Text type="secondary">{t('sales.detail.noAttachments')}</Typography.Text>
                ) : (
                  <Space wrap>
                    {order.attachments.map((a) => (
                      <AttachmentLink key={a.id} file={{ id: a.id, name: a.name, size: a.size }} />
                    ))}
                  </Space>
                )}
              </Flex>
            </Flex>
          ),
        },
        {
          key: 'deliveries',
          label: t('sales.detail.deliveries'),
          children: (
            <OrderDeliveries
              orderId={order.id}
              deliveries={view.data?.deliveries}
              lines={order.lines.map((l) => ({
                id: l.id,
                productName: l.productName,
                productNameEn: l.productNameEn,
                unit: l.unit,
              }))}
            />
          ),
        },
        // the adjustments only to those who have their screen (the tab would be empty)
        ...(seesAdjustments
          ? [
              {
                key: 'adjustments',
                label: t('sales.detail.adjustments'),
                children: <OrderAdjustments orderId={order.id} orderNo={order.orderNo} />,
              },
            ]
          : []),
        {
          key: 'sync',
          label: t('sales.detail.sync'),
          children: <OrderSync orderId={order.id} syncStatus={order.syncStatus} />,
        },
        {
          key: 'review',
          label: t('sales.detail.review'),
          children: progress ? (
            <ReviewProgressView progress={progress} />
          ) : (
            <Empty description={t('approval.progress.notSubmitted')} />
          ),
        },
      ]
    : []

  const can = abilities.data
  const footer = (
    <Flex justify="space-between" wrap gap={8}>
      <Space wrap>
        {order &&
          FOOTER_ACTIONS.map((a) => {
            const ability = ABILITY_OF[a.action]
            const refused = ability !== undefined && !can?.[ability]
            // a disabled action says why: the order model's refusal, as the server would answer it
            return (
              <Tooltip key={a.action} title={ability && refused ? refusalReason(can?.refusals[ability]) : undefined}>
                <AuthButton
                  perm={`${MENU}:${a.perm}`}
                  danger={a.danger}
                  disabled={refused}
                  onClick={() => void actions.run(a.action, { id: order.id, orderNo: order.orderNo })}
                  data-testid={`detail-${a.action}`}
                >
                  {t(a.key as 'common.actions.edit')}
                </AuthButton>
              </Tooltip>
            )
          })}
      </Space>
      <Button onClick={onClose}>{t('common.actions.close')}</Button>
    </Flex>
  )

  return (
    <Modal
      open={open}
      title={t('sales.detail.title', { orderNo: order?.orderNo ?? orderNo ?? '' })}
      width={modalWidth()}
      onCancel={onClose}
      afterClose={afterClose}
      footer={footer}
      destroyOnHidden
      data-testid="order-detail-modal"
    >
      <Spin spinning={view.isLoading}>{order ? <Tabs items={sections} /> : !view.isLoading && <Empty />}</Spin>
      {actions.element}
    </Modal>
  )
}
