import type { ApplyModify } from '@app/contracts'
import { useQuery } from '@tanstack/react-query'
import { Button, Empty, Spin, Table, Typography } from 'antd'
import dayjs from 'dayjs'
import { useTranslation } from 'react-i18next'
import { deliveryApi, deliveryKeys } from '../../api/delivery.ts'
import { DATETIME_FORMAT } from '../../config/constants.ts'
import { useHasMenu } from '../delivery/useHasMenu.ts'
import { useFieldLabel } from '../list/useFieldLabel.ts'
import { useShown } from '../list/useShown.ts'
import { ApplyModifyCompareModal } from './ApplyModifyCompare.tsx'
import { ModifyTypeTags, RequestStatusTag } from './ModifyTags.tsx'

type Props = { orderId: string; orderNo: string }

/**
 * An order's adjustment requests (issue 16) with their review status; each opens as a diff
 * against the order with its review progress. A section any screen can mount inside an order's
 * detail; shown to those who have the adjustment screen (the list is read through it).
 */
export const OrderAdjustments = ({ orderId, orderNo }: Props) => {
  const { t } = useTranslation()
  const label = useFieldLabel('applyModify')
  const allowed = useHasMenu('sale_apply_modify')
  const compare = useShown<string>()
  const requests = useQuery({
    queryKey: deliveryKeys.ofOrder(orderId),
    queryFn: () => deliveryApi.adjustmentsOf(orderId, orderNo),
    enabled: allowed && Boolean(orderId && orderNo),
    staleTime: 0,
  })
  if (!allowed) return null
  const rows = (requests.data ?? []) as unknown as ApplyModify[]
  return (
    <Spin spinning={requests.isLoading}>
      {rows.length === 0 ? (
        !requests.isLoading && <Empty description={t('delivery.sections.noAdjustments')} />
      ) : (
        <Table<ApplyModify>
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={rows}
          data-testid="order-adjustments"
          columns={[
            {
              title: label('createAt'),
              width: 170,
              render: (_, r) => dayjs(r.createAt).format(DATETIME_FORMAT),
            },
            { title: label('modifyTypes'), width: 220, render: (_, r) => <ModifyTypeTags types={r.modifyTypes} /> },
            {
              title: label('reason'),
              render: (_, r) => <Typography.Text ellipsis={{ tooltip: r.reason }}>{r.reason}</Typography.Text>,
            },
            { title: label('requesterName'), width: 120, dataIndex: 'requesterName' },
            { title: label('status'), width: 110, render: (_, r) => <RequestStatusTag status={r.status} /> },
            {
              title: t('common.fields.actions'),
              width: 110,
              render: (_, r) => (
                <Button
                  type="link"
                  size="small"
                  onClick={() => compare.show(r.id)}
                  data-testid="order-adjustment-compare"
                >
                  {t('delivery.modify.actions.compare')}
                </Button>
              ),
            },
          ]}
        />
      )}
      {compare.shown && (
        <ApplyModifyCompareModal
          id={compare.shown.target}
          orderNo={orderNo}
          open={compare.shown.open}
          onClose={compare.hide}
          afterClose={compare.gone}
          withProgress
        />
      )}
    </Spin>
  )
}
