import type { ErpMessage } from '@app/contracts'
import { useQuery } from '@tanstack/react-query'
import { Empty, Flex, Table, Tag, Typography } from 'antd'
import dayjs from 'dayjs'
import { useTranslation } from 'react-i18next'
import { salesApi, salesKeys } from '../../api/sales.ts'
import { DATETIME_FORMAT } from '../../config/constants.ts'
import { SyncStatusTag } from './OrderStatusTag.tsx'

const STATE_COLOURS: Record<ErpMessage['status'], string> = { pending: 'processing', sent: 'success', failed: 'error' }
const at = (d: Date | string | null) => (d ? dayjs(d).format(DATETIME_FORMAT) : '')

/**
 * The order's ERP sync (issue 17): its status, and each document sent or waiting, oldest first,
 * with the ERP's document number or its reason for refusing.
 */
export const OrderSync = ({ orderId, syncStatus }: { orderId: string; syncStatus: string }) => {
  const { t } = useTranslation()
  const history = useQuery({
    queryKey: salesKeys.sync(orderId),
    queryFn: () => salesApi.syncHistory(orderId),
    staleTime: 0,
  })
  return (
    <Flex vertical gap={12} data-testid="order-sync">
      <Flex gap={8} align="center">
        <Typography.Text strong>{t('sales.sync.status')}</Typography.Text>
        <SyncStatusTag status={syncStatus} />
      </Flex>
      {history.data && history.data.length === 0 ? (
        <Empty description={t('sales.sync.none')} />
      ) : (
        <Table<ErpMessage>
          size="small"
          rowKey="id"
          loading={history.isLoading}
          dataSource={history.data ?? []}
          pagination={false}
          scroll={{ x: true }}
          data-testid="order-sync-history"
          columns={[
            {
              key: 'kind',
              title: t('sales.sync.columns.kind'),
              render: (_, m) => t(`sales.sync.kind.${m.kind}`),
            },
            {
              key: 'state',
              title: t('sales.sync.columns.state'),
              render: (_, m) => (
                <Tag color={STATE_COLOURS[m.status]} data-testid="sync-message-state">
                  {t(`sales.sync.state.${m.status}`)}
                </Tag>
              ),
            },
            { key: 'attempts', dataIndex: 'attempts', title: t('sales.sync.columns.attempts'), align: 'right' },
            { key: 'createAt', title: t('sales.sync.columns.createAt'), render: (_, m) => at(m.createAt) },
            {
              key: 'sentAt',
              title: t('sales.sync.columns.sentAt'),
              render: (_, m) =>
                m.sentAt
                  ? at(m.sentAt)
                  : m.status === 'pending'
                    ? t('sales.sync.nextAttempt', { time: at(m.nextAttemptAt) })
                    : '',
            },
            { key: 'erpDocId', dataIndex: 'erpDocId', title: t('sales.sync.columns.erpDocId') },
            {
              key: 'lastError',
              title: t('sales.sync.columns.lastError'),
              render: (_, m) =>
                m.status === 'sent' ? null : (
                  <Typography.Text type="danger" data-testid="sync-message-error">
                    {m.lastError}
                  </Typography.Text>
                ),
            },
          ]}
        />
      )}
    </Flex>
  )
}
