import { type ApplyModifyDetail, localName, ModifyType, q } from '@app/contracts'
import { useQuery } from '@tanstack/react-query'
import { Alert, Descriptions, Divider, Empty, Flex, Spin, Table, Typography } from 'antd'
import dayjs from 'dayjs'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { deliveryApi, deliveryKeys } from '../../api/delivery.ts'
import { DATETIME_FORMAT } from '../../config/constants.ts'
import { formatMoney } from '../../i18n/money.ts'
import { ReviewProgressView } from '../approval/ReviewProgress.tsx'
import { qty } from '../delivery/delivery-form.ts'
import { useDictText } from '../list/useDict.ts'
import { useFieldLabel } from '../list/useFieldLabel.ts'
import { useRefOptions } from '../list/useRefOptions.ts'
import { ViewModal } from '../list/ViewModal.tsx'
import { compareOf, type Totals } from './compare.ts'
import { ModifyTypeTag, ModifyTypeTags, RequestStatusTag } from './ModifyTags.tsx'

type Line = ApplyModifyDetail['lines'][number]

/** A value that changed, coloured by direction: up green, down red, unchanged plain. */
const Changed = ({ before, after, text }: { before: number | null; after: number; text: string }) => {
  const up = before === null || q(after) > q(before)
  const down = before !== null && q(after) < q(before)
  if (!up && !down) return <span>{text}</span>
  return (
    <Typography.Text strong type={up ? 'success' : 'danger'} data-testid="changed-value">
      {text}
    </Typography.Text>
  )
}

/**
 * An adjustment request as a diff against its order (SPEC 2 'compare modal'): per line the change
 * asked, quantity and amount before and after, appended products marked; the order's totals
 * before and after.
 */
export const ApplyModifyCompareView = ({ detail }: { detail: ApplyModifyDetail }) => {
  const { t, i18n } = useTranslation()
  const dictText = useDictText()
  const cur = detail.currency
  const money = (amount: number) => formatMoney(amount, cur, i18n.language)
  const { lines, totals, reading } = compareOf(detail)
  const total = (key: keyof Totals, text: (n: number) => string) => {
    const was = totals.before[key]
    const now = totals.after[key]
    if (was === null || now === null) return <span>{text((was ?? now) as number)}</span>
    return (
      <span>
        {text(was)} → <Changed before={was} after={now} text={text(now)} />
      </span>
    )
  }
  return (
    <Flex vertical gap={12} data-testid="modify-compare">
      {reading !== 'open' && (
        <Alert
          type="info"
          showIcon
          title={t(`delivery.modify.compare.${reading}`)}
          data-testid="modify-compare-reading"
        />
      )}
      <Table<Line>
        size="small"
        rowKey={(l) => `${l.type}-${l.orderLineId ?? l.productId}`}
        pagination={false}
        dataSource={lines}
        scroll={{ x: 960 }}
        onRow={(l) => (l.type === ModifyType.Append ? { style: { background: 'rgba(114, 46, 209, 0.06)' } } : {})}
        columns={[
          {
            title: t('delivery.line.product'),
            render: (_, l) => localName(l, i18n.language, 'productName'),
          },
          {
            title: t('delivery.line.unit'),
            width: 80,
            render: (_, l) => (l.unit ? dictText('product_unit', l.unit) : ''),
          },
          { title: t('delivery.modify.compare.type'), width: 120, render: (_, l) => <ModifyTypeTag type={l.type} /> },
          {
            title: t('delivery.modify.compare.change'),
            width: 100,
            align: 'right',
            render: (_, l) => `${l.type === ModifyType.Reduce ? '−' : '+'}${qty(l.quantity)}`,
          },
          {
            title: t('delivery.modify.compare.before'),
            children: [
              {
                title: t('delivery.modify.compare.quantity'),
                width: 110,
                align: 'right',
                render: (_, l) => (l.before ? qty(l.before.quantity) : '—'),
              },
              {
                title: t('delivery.modify.compare.amount'),
                width: 140,
                align: 'right',
                render: (_, l) => (l.before ? money(l.before.amount) : '—'),
              },
            ],
          },
          {
            title: t('delivery.modify.compare.after'),
            children: [
              {
                title: t('delivery.modify.compare.quantity'),
                width: 110,
                align: 'right',
                render: (_, l) =>
                  l.after ? (
                    <Changed
                      before={l.before?.quantity ?? null}
                      after={l.after.quantity}
                      text={qty(l.after.quantity)}
                    />
                  ) : (
                    '—'
                  ),
              },
              {
                title: t('delivery.modify.compare.amount'),
                width: 140,
                align: 'right',
                render: (_, l) =>
                  l.after ? (
                    <Changed before={l.before?.amount ?? null} after={l.after.amount} text={money(l.after.amount)} />
                  ) : (
                    '—'
                  ),
              },
            ],
          },
        ]}
      />
      <Descriptions
        bordered
        size="small"
        title={t('delivery.modify.compare.totals')}
        column={{ xs: 1, md: 2 }}
        data-testid="modify-compare-totals"
        items={[
          {
            key: 'amount',
            label: t('delivery.modify.compare.amount'),
            children: total('amount', money),
          },
          {
            key: 'boxes',
            label: t('delivery.modify.compare.boxes'),
            children: total('boxes', qty),
          },
        ]}
      />
    </Flex>
  )
}

/** The request's head: order, branch, status, types, who asked, when, why. */
const RequestHead = ({ detail, orderLink }: { detail: ApplyModifyDetail; orderLink?: ReactNode }) => {
  const label = useFieldLabel('applyModify')
  const branches = useRefOptions('branch', 'name')
  return (
    <Descriptions
      bordered
      size="small"
      column={{ xs: 1, md: 2, xl: 3 }}
      items={[
        {
          key: 'orderNo',
          label: label('orderNo'),
          children: orderLink ?? <Typography.Text strong>{detail.orderNo}</Typography.Text>,
        },
        { key: 'branchId', label: label('branchId'), children: branches.byId.get(detail.branchId) ?? '' },
        { key: 'status', label: label('status'), children: <RequestStatusTag status={detail.status} /> },
        { key: 'modifyTypes', label: label('modifyTypes'), children: <ModifyTypeTags types={detail.modifyTypes} /> },
        { key: 'requesterName', label: label('requesterName'), children: detail.requesterName ?? '' },
        {
          key: 'createAt',
          label: label('createAt'),
          children: dayjs(detail.createAt).format(DATETIME_FORMAT),
        },
        {
          key: 'reason',
          label: label('reason'),
          span: 'filled',
          children: (
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{detail.reason}</Typography.Paragraph>
          ),
        },
      ]}
    />
  )
}

type ModalProps = {
  /** The request; null keeps the modal closed. */
  id: string | null
  /** Shown in the title while the request loads. */
  orderNo?: string
  open?: boolean
  onClose: () => void
  afterClose?: () => void
  /** The order number as a link into the order (the screen's choice). */
  orderLink?: ReactNode
  /** Show the review progress below the diff. */
  withProgress?: boolean
}

/** One request in a modal: its head, the diff against its order and (optionally) its review. */
export const ApplyModifyCompareModal = ({
  id,
  orderNo,
  open,
  onClose,
  afterClose,
  orderLink,
  withProgress,
}: ModalProps) => {
  const { t } = useTranslation()
  const detail = useQuery({
    queryKey: deliveryKeys.modifyDetail(id ?? ''),
    queryFn: () => deliveryApi.modifyDetail(id as string),
    enabled: id !== null,
    staleTime: 0,
  })
  const progress = useQuery({
    queryKey: deliveryKeys.modifyProgress(id ?? ''),
    queryFn: () => deliveryApi.modifyProgress(id as string),
    enabled: id !== null && Boolean(withProgress),
    staleTime: 0,
  })
  const data = detail.data
  return (
    <ViewModal
      open={open ?? id !== null}
      title={t('delivery.modify.compare.title', { orderNo: data?.orderNo ?? orderNo ?? '' })}
      onClose={onClose}
      afterClose={afterClose}
      data-testid="modify-compare-modal"
    >
      <Spin spinning={detail.isLoading}>
        {data ? (
          <Flex vertical gap={16}>
            <RequestHead detail={data} orderLink={orderLink} />
            <ApplyModifyCompareView detail={data} />
            {withProgress && progress.data && (
              <>
                <Divider style={{ margin: 0 }} />
                <ReviewProgressView progress={progress.data} />
              </>
            )}
          </Flex>
        ) : (
          !detail.isLoading && <Empty />
        )}
      </Spin>
    </ViewModal>
  )
}
