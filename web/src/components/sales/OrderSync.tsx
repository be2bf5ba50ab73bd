import type { ErpMessage, ErpOrderMapping } from '@app/contracts'
import { useQuery } from '@tanstack/react-query'
import { Descriptions, Empty, Flex, Table, Tag, Typography } from 'antd'
import dayjs from 'dayjs'
import { useTranslation } from 'react-i18next'
import { http } from '../../api/http.ts'
import { salesApi, salesKeys } from '../../api/sales.ts'
import { DATETIME_FORMAT } from '../../config/constants.ts'
import { useDictText } from '../list/useDict.ts'
import { SyncStatusTag } from './OrderStatusTag.tsx'

const STATE_COLOURS: Record<ErpMessage['status'], string> = { pending: 'processing', sent: 'success', failed: 'error' }
const at = (d: Date | string | null) => (d ? dayjs(d).format(DATETIME_FORMAT) : '')

type MappedLine = ErpOrderMapping['lines'][number]
/** The columns of the mapped lines, as the i18n resources name them. */
type MappedColumn =
  | 'rowno'
  | 'inventorycode'
  | 'product'
  | 'ordered'
  | 'quantity'
  | 'taxrate'
  | 'taxunitprice'
  | 'unitprice'
  | 'money'
  | 'tax'
  | 'sum'
const codeAndName = (code: string | null, name: string | null) => [code, name].filter(Boolean).join(' · ')

/**
 * How the order reaches U8 (issue 41): the header fields and where they come from (the branch,
 * its department, whoever placed the order), and each line in the base unit with its taxes.
 */
const OrderMapping = ({ orderId }: { orderId: string }) => {
  const { t } = useTranslation()
  const dictText = useDictText()
  const mapping = useQuery({
    queryKey: [...salesKeys.sync(orderId), 'mapping'],
    queryFn: () => http.get<ErpOrderMapping>('/sale/order/erpMapping', { id: orderId }, { silent: true }),
    staleTime: 0,
  })
  const m = mapping.data
  if (!m) return null
  const unit = (u: string) => dictText('product_unit', u)
  const col = (key: MappedColumn, render?: (l: MappedLine) => React.ReactNode) => ({
    key,
    title: t(`sales.sync.mapping.columns.${key}`),
    render: (_: unknown, l: MappedLine) => (render ? render(l) : l[key]),
  })
  return (
    <Flex vertical gap={8} data-testid="order-erp-mapping">
      <Typography.Text strong>{t('sales.sync.mapping.title')}</Typography.Text>
      <Descriptions size="small" bordered column={{ xs: 1, md: 2 }}>
        <Descriptions.Item label={t('sales.sync.mapping.toAccount')}>{m.toAccount}</Descriptions.Item>
        <Descriptions.Item label={t('sales.sync.mapping.custcode')}>
          {codeAndName(m.custcode, m.customer)}
        </Descriptions.Item>
        <Descriptions.Item label={t('sales.sync.mapping.deptcode')}>
          <span data-testid="erp-deptcode">
            {m.deptcode ? (
              codeAndName(m.deptcode, m.deptName)
            ) : (
              <Typography.Text type="danger">{t('sales.sync.mapping.noDept')}</Typography.Text>
            )}
          </span>
        </Descriptions.Item>
        <Descriptions.Item label={t('sales.sync.mapping.personcode')}>
          <span data-testid="erp-personcode">{codeAndName(m.personcode, m.personName)}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('sales.sync.mapping.sendaddress')} span={2}>
          <span data-testid="erp-sendaddress">{m.sendaddress}</span>
        </Descriptions.Item>
      </Descriptions>
      <Table<MappedLine>
        size="small"
        rowKey="rowno"
        dataSource={m.lines}
        pagination={false}
        scroll={{ x: true }}
        data-testid="order-erp-lines"
        columns={[
          col('rowno'),
          col('inventorycode'),
          col('product'),
          col('ordered', (l) => `${l.ordered} ${unit(l.unit)}`),
          col('quantity', (l) => `${l.quantity} ${unit(l.unitcode)}`),
          col('taxrate'),
          col('taxunitprice'),
          col('unitprice'),
          col('money'),
          col('tax'),
          col('sum'),
        ].map((c, i) => (i >= 3 ? { ...c, align: 'right' as const } : c))}
      />
    </Flex>
  )
}

/**
 * The order's ERP sync (issue 17): its status, how the order maps to U8, and each document sent
 * or waiting, oldest first, with the ERP's document number or its reason for refusing.
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
      <OrderMapping orderId={orderId} />
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
