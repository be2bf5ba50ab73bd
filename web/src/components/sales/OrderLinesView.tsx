import { localName, type SaleOrderDetail, type SaleOrderLine } from '@app/contracts'
import { Table, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { formatMeasure, formatThousands } from '../../config/constants.ts'
import { formatMoney } from '../../i18n/money.ts'
import { useDictText } from '../list/useDict.ts'

/** A saved order's lines, read-only: ordered and delivered quantities, amounts, boxes, weights, volume, totals. */
export const OrderLinesView = ({ order }: { order: SaleOrderDetail }) => {
  const { t, i18n } = useTranslation()
  const dictText = useDictText()
  return (
    <Table<SaleOrderLine>
      size="small"
      rowKey="id"
      pagination={false}
      dataSource={order.lines}
      scroll={{ x: 1200 }}
      data-testid="order-detail-lines"
      columns={[
        { title: '#', dataIndex: 'lineNo', width: 48 },
        { title: t('sales.line.productCode'), dataIndex: 'productCode', width: 130 },
        {
          title: t('sales.line.productName'),
          render: (_, l) => localName(l, i18n.language, 'productName'),
        },
        { title: t('sales.line.spec'), width: 140, render: (_, l) => localName(l, i18n.language, 'spec') },
        { title: t('sales.line.unit'), width: 80, render: (_, l) => dictText('product_unit', l.unit) },
        { title: t('sales.line.quantity'), width: 100, align: 'right', render: (_, l) => formatMeasure(l.quantity) },
        {
          title: t('sales.line.delivered'),
          width: 100,
          align: 'right',
          render: (_, l) => formatMeasure(l.deliveredQuantity),
        },
        { title: t('sales.line.price'), width: 100, align: 'right', render: (_, l) => formatThousands(l.price) },
        {
          title: t('sales.line.amount'),
          width: 120,
          align: 'right',
          render: (_, l) => formatThousands(l.amount.toFixed(2)),
        },
        { title: t('sales.line.boxes'), width: 80, align: 'right', render: (_, l) => formatMeasure(l.boxes) },
        {
          title: t('sales.line.grossWeight'),
          width: 100,
          align: 'right',
          render: (_, l) => formatMeasure(l.grossWeightKg),
        },
        {
          title: t('sales.line.netWeight'),
          width: 100,
          align: 'right',
          render: (_, l) => formatMeasure(l.netWeightKg),
        },
        { title: t('sales.line.volume'), width: 100, align: 'right', render: (_, l) => formatMeasure(l.volumeM3, 4) },
      ]}
      summary={() => (
        <Table.Summary.Row>
          <Table.Summary.Cell index={0} colSpan={8}>
            <Typography.Text strong>{t('sales.line.totals')}</Typography.Text>
          </Table.Summary.Cell>
          <Table.Summary.Cell index={8} align="right">
            <Typography.Text strong>{formatMoney(order.totalAmount, order.currency, i18n.language)}</Typography.Text>
          </Table.Summary.Cell>
          <Table.Summary.Cell index={9} align="right">
            {formatMeasure(order.totalBoxes)}
          </Table.Summary.Cell>
          <Table.Summary.Cell index={10} align="right">
            {formatMeasure(order.totalGrossWeightKg)}
          </Table.Summary.Cell>
          <Table.Summary.Cell index={11} align="right">
            {formatMeasure(order.totalNetWeightKg)}
          </Table.Summary.Cell>
          <Table.Summary.Cell index={12} align="right">
            {formatMeasure(order.totalVolumeM3, 4)}
          </Table.Summary.Cell>
        </Table.Summary.Row>
      )}
    />
  )
}
