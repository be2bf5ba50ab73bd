import { DeleteOutlined, PlusOutlined } from '@ant-design/icons'
import { localName } from '@app/contracts'
import { Button, Flex, InputNumber, Select, Table, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { formatMeasure, formatThousands } from '../../config/constants.ts'
import { formatMoney } from '../../i18n/money.ts'
import { useDictText } from '../list/useDict.ts'
import { type LineAttributes, type LineValue, lineAmount, type OrderTotals, withUnit } from './order-form.ts'

type Props = {
  value?: LineValue[]
  onChange?: (lines: LineValue[]) => void
  attributes: ReadonlyMap<string, LineAttributes>
  totals: OrderTotals
  calculating: boolean
  /** Quantities were checked and refused: empty or non-positive ones are marked. */
  showErrors: boolean
  onAddProducts: () => void
  addDisabledReason: string | null
}

/**
 * The order's lines as a form field: product (picked in the sellable-product modal), its sale
 * unit, quantity (> 0), price, amount, and the boxes, weights and volume the server calculated;
 * the totals below.
 */
export const OrderLinesEditor = ({
  value,
  onChange,
  attributes,
  totals,
  calculating,
  showErrors,
  onAddProducts,
  addDisabledReason,
}: Props) => {
  const { t, i18n } = useTranslation()
  const dictText = useDictText()
  const lines = value ?? []
  const name = (l: LineValue) => localName(l, i18n.language, 'productName')
  const update = (key: string, change: (l: LineValue) => LineValue) =>
    onChange?.(lines.map((l) => (l.key === key ? change(l) : l)))
  const attr = (l: LineValue, pick: (a: LineAttributes) => number, digits = 3) => {
    const a = attributes.get(l.key)
    return a ? formatMeasure(pick(a), digits) : ''
  }

  return (
    <Flex vertical gap={8} data-testid="order-lines">
      <Flex justify="space-between" align="center">
        <Button
          icon={<PlusOutlined />}
          onClick={onAddProducts}
          disabled={addDisabledReason !== null}
          title={addDisabledReason ?? undefined}
          data-testid="add-products"
        >
          {t('sales.line.addProducts')}
        </Button>
        {addDisabledReason && <Typography.Text type="secondary">{addDisabledReason}</Typography.Text>}
      </Flex>
      <Table<LineValue>
        size="small"
        rowKey="key"
        pagination={false}
        dataSource={lines}
        scroll={{ x: 1200 }}
        locale={{ emptyText: t('sales.line.empty') }}
        columns={[
          { title: '#', width: 48, render: (_, __, i) => i + 1 },
          { title: t('sales.line.productCode'), dataIndex: 'productCode', width: 130 },
          {
            title: t('sales.line.productName'),
            render: (_, l) => (
              <Flex vertical>
                <span>{name(l)}</span>
                {l.spec && <Typography.Text type="secondary">{localName(l, i18n.language, 'spec')}</Typography.Text>}
              </Flex>
            ),
          },
          {
            title: t('sales.line.unit'),
            width: 120,
            render: (_, l) => (
              <Select
                style={{ width: '100%' }}
                value={l.unitId}
                options={l.units.map((u) => ({ value: u.id, label: dictText('product_unit', u.unit) }))}
                onChange={(unitId: string) => update(l.key, (x) => withUnit(x, unitId))}
                aria-label={t('sales.line.unitOf', { name: name(l) })}
              />
            ),
          },
          {
            title: t('sales.line.quantity'),
            width: 130,
            render: (_, l) => (
              <InputNumber<number>
                style={{ width: '100%' }}
                min={0}
                max={1e8}
                value={l.quantity}
                status={showErrors && !((l.quantity ?? 0) > 0) ? 'error' : undefined}
                onChange={(q) => update(l.key, (x) => ({ ...x, quantity: q ?? null }))}
                aria-label={t('sales.line.quantityOf', { name: name(l) })}
                data-testid={`line-quantity-${l.productCode}`}
              />
            ),
          },
          {
            title: t('sales.line.price'),
            width: 110,
            align: 'right',
            render: (_, l) => formatThousands(l.price),
          },
          {
            title: t('sales.line.amount'),
            width: 130,
            align: 'right',
            render: (_, l) => formatThousands(lineAmount(l).toFixed(2)),
          },
          { title: t('sales.line.boxes'), width: 90, align: 'right', render: (_, l) => attr(l, (a) => a.boxes) },
          {
            title: t('sales.line.grossWeight'),
            width: 110,
            align: 'right',
            render: (_, l) => attr(l, (a) => a.grossWeightKg),
          },
          {
            title: t('sales.line.netWeight'),
            width: 110,
            align: 'right',
            render: (_, l) => attr(l, (a) => a.netWeightKg),
          },
          {
            title: t('sales.line.volume'),
            width: 110,
            align: 'right',
            render: (_, l) => attr(l, (a) => a.volumeM3, 4),
          },
          {
            width: 56,
            render: (_, l) => (
              <Button
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('sales.line.remove', { name: name(l) })}
                onClick={() => onChange?.(lines.filter((x) => x.key !== l.key))}
              />
            ),
          },
        ]}
        summary={() =>
          lines.length > 0 && (
            <Table.Summary.Row data-testid="order-totals">
              <Table.Summary.Cell index={0} colSpan={4}>
                <Typography.Text strong>{t('sales.line.totals')}</Typography.Text>
                {calculating && <Typography.Text type="secondary"> {t('sales.line.calculating')}</Typography.Text>}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={4} />
              <Table.Summary.Cell index={5} />
              <Table.Summary.Cell index={6} align="right">
                <Typography.Text strong data-testid="order-total-amount">
                  {formatMoney(totals.amount, totals.currency, i18n.language)}
                </Typography.Text>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={7} align="right">
                {formatMeasure(totals.boxes)}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={8} align="right">
                {formatMeasure(totals.grossWeightKg)}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={9} align="right">
                {formatMeasure(totals.netWeightKg)}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={10} align="right">
                {formatMeasure(totals.volumeM3, 4)}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={11} />
            </Table.Summary.Row>
          )
        }
      />
    </Flex>
  )
}
