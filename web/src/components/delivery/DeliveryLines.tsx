import { type DeliveryLineState, localName, q } from '@app/contracts'
import { Button, Popover, Table, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { useDictText } from '../list/useDict.ts'
import { progressOf, qty } from './delivery-form.ts'

/** An order's lines as logistics sees them: ordered, delivered and what remains. */
export const DeliveryLinesTable = ({ lines }: { lines: readonly DeliveryLineState[] }) => {
  const { t, i18n } = useTranslation()
  const dictText = useDictText()
  return (
    <Table<DeliveryLineState>
      size="small"
      rowKey="id"
      pagination={false}
      dataSource={[...lines]}
      data-testid="delivery-lines"
      columns={[
        { title: '#', dataIndex: 'lineNo', width: 48 },
        {
          title: t('delivery.line.product'),
          render: (_, l) => localName(l, i18n.language, 'productName'),
        },
        { title: t('delivery.line.unit'), width: 80, render: (_, l) => dictText('product_unit', l.unit) },
        { title: t('delivery.line.ordered'), width: 110, align: 'right', render: (_, l) => qty(l.quantity) },
        { title: t('delivery.line.delivered'), width: 110, align: 'right', render: (_, l) => qty(l.deliveredQuantity) },
        {
          title: t('delivery.line.remaining'),
          width: 110,
          align: 'right',
          render: (_, l) =>
            q(l.remaining) > 0 ? (
              <Typography.Text strong type="warning">
                {qty(l.remaining)}
              </Typography.Text>
            ) : (
              <Typography.Text type="success">0</Typography.Text>
            ),
        },
      ]}
    />
  )
}

/** The list's compact progress ('2/3 lines delivered'); the lines open in a popover. */
export const DeliveryProgress = ({ orderNo, lines }: { orderNo: string; lines: readonly DeliveryLineState[] }) => {
  const { t } = useTranslation()
  const { done, total } = progressOf(lines)
  if (total === 0) return null
  return (
    <Popover
      trigger={['hover', 'click']}
      title={t('delivery.line.progressTitle', { orderNo })}
      content={
        <div style={{ width: 640, maxWidth: '80vw' }}>
          <DeliveryLinesTable lines={lines} />
        </div>
      }
    >
      <Button type="link" size="small" style={{ padding: 0 }} data-testid="delivery-progress">
        {t('delivery.line.progress', { done, total })}
      </Button>
    </Popover>
  )
}
