import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons'
import { type Dashboard, type Money, OrderStatus } from '@app/contracts'
import { Card, Col, Flex, Row, Space, Statistic, Typography } from 'antd'
import type { KeyboardEvent, ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { formatThousands } from '../../config/constants.ts'
import { formatMoney } from '../../i18n/money.ts'
import { ActionLink } from '../ActionLink.tsx'
import { useDictText } from '../list/useDict.ts'
import { DELIVERY_LIST, listUrl, ORDER_LIST, STOCK_LIST, TODO_LIST } from './links.ts'
import { MoneyLines } from './MoneyLines.tsx'

/**
 * One figure in its grid cell: a card that opens the list it summarises, by a click or, once the
 * keyboard is on it, by Enter (it is a link to screen readers).
 */
const Tile = ({
  id,
  title,
  value,
  footer,
  onOpen,
}: {
  id: string
  title: string
  value: ReactNode
  footer?: ReactNode
  onOpen?: () => void
}) => (
  <Col xs={24} sm={12} xl={8}>
    <Card
      size="small"
      hoverable={!!onOpen}
      onClick={onOpen}
      {...(onOpen && {
        role: 'link',
        tabIndex: 0,
        onKeyDown: (e: KeyboardEvent) => {
          if (e.key === 'Enter') onOpen()
        },
      })}
      data-testid={`dashboard-tile-${id}`}
      style={{ height: '100%' }}
    >
      <Statistic title={title} valueRender={() => <span data-testid={`dashboard-value-${id}`}>{value}</span>} />
      {footer && <div style={{ marginTop: 8 }}>{footer}</div>}
    </Card>
  </Col>
)

/** Change against last month, as a percentage with an arrow (none when last month had nothing). */
const Trend = ({ now, before, format }: { now: number; before: number; format: (v: number) => string }) => {
  const { t } = useTranslation()
  if (before === 0)
    return (
      <Typography.Text type="secondary">{t('pages.dashboard.lastMonth', { value: format(before) })}</Typography.Text>
    )
  const pct = Math.round(((now - before) / before) * 100)
  const up = pct >= 0
  return (
    <Space size={4}>
      <Typography.Text type="secondary">{t('pages.dashboard.lastMonth', { value: format(before) })}</Typography.Text>
      <Typography.Text type={up ? 'success' : 'danger'}>
        {up ? <ArrowUpOutlined /> : <ArrowDownOutlined />} {Math.abs(pct)}%
      </Typography.Text>
    </Space>
  )
}

/** Last month's amount and the change, currency by currency (this month's and last month's currencies). */
const AmountTrends = ({ now, before }: { now: readonly Money[]; before: readonly Money[] }) => {
  const { i18n } = useTranslation()
  const currencies = [...new Set([...now, ...before].map((m) => m.currency))]
  const of = (list: readonly Money[], currency: string | null) => list.find((m) => m.currency === currency)?.amount ?? 0
  return (
    <Flex vertical>
      {currencies.map((c) => (
        <Trend key={c ?? ''} now={of(now, c)} before={of(before, c)} format={(v) => formatMoney(v, c, i18n.language)} />
      ))}
    </Flex>
  )
}

const firstOfMonth = (today: string) => `${today.slice(0, 7)}-01`

/** The headline figures: this month's orders and amount, deliveries due, reviews, expiry, ERP sync. */
export const FigureTiles = ({ data, open }: { data: Dashboard; open: (url: string) => void }) => {
  const { t } = useTranslation()
  const dictText = useDictText()
  const month = { orderDate: [firstOfMonth(data.today), data.byMonth.at(-1)?.to ?? data.today] }
  return (
    <Row gutter={[16, 16]}>
      <Tile
        id="month-orders"
        title={t('pages.dashboard.monthOrders')}
        value={formatThousands(data.thisMonth.count)}
        footer={<Trend now={data.thisMonth.count} before={data.lastMonth.count} format={formatThousands} />}
        onOpen={() => open(listUrl(ORDER_LIST, month))}
      />
      <Tile
        id="month-amount"
        title={t('pages.dashboard.monthAmount')}
        value={<MoneyLines amounts={data.thisMonth.amounts} />}
        footer={<AmountTrends now={data.thisMonth.amounts} before={data.lastMonth.amounts} />}
        onOpen={() => open(listUrl(ORDER_LIST, month))}
      />
      <Tile
        id="deliveries-due"
        title={t('pages.dashboard.deliveriesDue')}
        value={formatThousands(data.deliveriesDue.count)}
        footer={
          <Typography.Text type="secondary">
            {data.deliveriesDue.from} ~ {data.deliveriesDue.to}
          </Typography.Text>
        }
        onOpen={() =>
          open(
            listUrl(DELIVERY_LIST, {
              status: [String(OrderStatus.PendingDelivery), String(OrderStatus.PartlyDelivered)],
              expectedDeliveryDate: [data.deliveriesDue.from, data.deliveriesDue.to],
            }),
          )
        }
      />
      <Tile
        id="reviews"
        title={t('pages.dashboard.reviewsWaiting')}
        value={formatThousands(data.reviews.waiting)}
        footer={
          <Typography.Text type={data.reviews.overdue > 0 ? 'danger' : 'secondary'} data-testid="dashboard-overdue">
            {t('pages.dashboard.reviewsOverdue', { count: data.reviews.overdue })}
          </Typography.Text>
        }
        onOpen={() => open(TODO_LIST)}
      />
      <Tile
        id="expiry"
        title={t('pages.dashboard.expiry')}
        value={formatThousands(data.expiry.near + data.expiry.expired)}
        footer={
          <Typography.Text type={data.expiry.expired > 0 ? 'danger' : 'secondary'}>
            {t('pages.dashboard.expiryDetail', { near: data.expiry.near, expired: data.expiry.expired })}
          </Typography.Text>
        }
        onOpen={() => open(listUrl(STOCK_LIST, { expiryDate: ['', data.expiry.nearTo] }))}
      />
      <Tile
        id="unsynced"
        title={t('pages.dashboard.unsynced')}
        value={formatThousands(data.unsynced.count)}
        footer={
          <Space size={8} wrap>
            {data.unsynced.bySyncStatus.map((s) => (
              <ActionLink
                key={s.syncStatus}
                data-testid={`dashboard-sync-${s.syncStatus}`}
                onClick={() => open(listUrl(ORDER_LIST, { syncStatus: s.syncStatus }))}
              >
                {dictText('erp_sync_status', s.syncStatus)} {s.count}
              </ActionLink>
            ))}
          </Space>
        }
      />
    </Row>
  )
}
