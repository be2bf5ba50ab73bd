import { DeleteOutlined, PlusOutlined } from '@ant-design/icons'
import { localName, ModifyType, type SaleOrderLine } from '@app/contracts'
import { Button, Flex, InputNumber, Select, Table, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { formatMoney } from '../../i18n/money.ts'
import { qty } from '../delivery/delivery-form.ts'
import { useDictText } from '../list/useDict.ts'
import { type AdjustProblem, type AppendedLine, type LineChange, maxReduce } from './adjust-form.ts'

type Problems = readonly AdjustProblem[]

/** The problem of one row, worded. */
const useProblemText = (problems: Problems) => {
  const { t } = useTranslation()
  return (at: string) => {
    const p = problems.find((x) => x.at === at)
    return p ? t(`delivery.modify.add.${p.key}`, { ...p.values }) : null
  }
}

type LinesProps = {
  lines: readonly SaleOrderLine[]
  currency: string | null
  changes: Readonly<Record<string, LineChange | undefined>>
  onChange: (lineId: string, change: LineChange) => void
  problems: Problems
}

/** The order's lines: per line keep, add or reduce (at most what has not shipped), and by how much. */
export const ExistingLinesEditor = ({ lines, currency, changes, onChange, problems }: LinesProps) => {
  const { t, i18n } = useTranslation()
  const dictText = useDictText()
  const problemAt = useProblemText(problems)
  const name = (l: SaleOrderLine) => localName(l, i18n.language, 'productName')
  const typeOptions = [
    { value: 'keep', label: t('delivery.modify.add.keep') },
    { value: ModifyType.Add, label: t('delivery.modify.types.add') },
    { value: ModifyType.Reduce, label: t('delivery.modify.types.reduce') },
  ]
  return (
    <Table<SaleOrderLine>
      size="small"
      rowKey="id"
      pagination={false}
      dataSource={[...lines]}
      data-testid="adjust-lines"
      columns={[
        { title: '#', dataIndex: 'lineNo', width: 48 },
        { title: t('delivery.line.product'), render: (_, l) => name(l) },
        { title: t('delivery.line.unit'), width: 80, render: (_, l) => dictText('product_unit', l.unit) },
        { title: t('delivery.line.ordered'), width: 100, align: 'right', render: (_, l) => qty(l.quantity) },
        { title: t('delivery.line.delivered'), width: 100, align: 'right', render: (_, l) => qty(l.deliveredQuantity) },
        {
          title: t('delivery.modify.add.price'),
          width: 120,
          align: 'right',
          render: (_, l) => formatMoney(l.price, currency, i18n.language),
        },
        {
          title: t('delivery.modify.add.change'),
          width: 140,
          render: (_, l) => (
            <Select
              style={{ width: '100%' }}
              value={changes[l.id]?.type ?? 'keep'}
              options={typeOptions.filter((o) => o.value !== ModifyType.Reduce || maxReduce(l) > 0)}
              onChange={(type: LineChange['type']) => onChange(l.id, { type, quantity: changes[l.id]?.quantity })}
              aria-label={t('delivery.modify.add.changeOf', { name: name(l) })}
              data-testid="adjust-type"
            />
          ),
        },
        {
          title: t('delivery.modify.add.quantity'),
          width: 170,
          render: (_, l) => {
            const c = changes[l.id]
            const problem = problemAt(l.id)
            const reducing = c?.type === ModifyType.Reduce
            return (
              <Flex vertical gap={2}>
                <InputNumber
                  style={{ width: '100%' }}
                  min={0}
                  disabled={!c || c.type === 'keep'}
                  value={c && c.type !== 'keep' ? c.quantity : null}
                  status={problem ? 'error' : undefined}
                  onChange={(v) => onChange(l.id, { type: c?.type ?? 'keep', quantity: v })}
                  aria-label={t('delivery.modify.add.quantityOf', { name: name(l) })}
                  data-testid="adjust-quantity"
                />
                {problem ? (
                  <Typography.Text type="danger">{problem}</Typography.Text>
                ) : (
                  reducing && (
                    <Typography.Text type="secondary">
                      {t('delivery.modify.add.maxReduce', { max: qty(maxReduce(l)) })}
                    </Typography.Text>
                  )
                )}
              </Flex>
            )
          },
        },
      ]}
    />
  )
}

type AppendedProps = {
  appended: readonly AppendedLine[]
  onChange: (next: AppendedLine[]) => void
  onPick: () => void
  canPick: boolean
  problems: Problems
}

/** Products appended to the order: unit, quantity, price for the branch; added through the product select. */
export const AppendedLinesEditor = ({ appended, onChange, onPick, canPick, problems }: AppendedProps) => {
  const { t, i18n } = useTranslation()
  const dictText = useDictText()
  const problemAt = useProblemText(problems)
  const name = (a: AppendedLine) => localName(a.product, i18n.language)
  const update = (productId: string, patch: Partial<AppendedLine>) =>
    onChange(appended.map((a) => (a.product.productId === productId ? { ...a, ...patch } : a)))
  return (
    <Flex vertical gap={8}>
      <Flex justify="space-between" align="center">
        <Typography.Text strong>{t('delivery.modify.add.appendTitle')}</Typography.Text>
        <Button icon={<PlusOutlined />} onClick={onPick} disabled={!canPick} data-testid="adjust-append">
          {t('delivery.modify.add.appendButton')}
        </Button>
      </Flex>
      <Table<AppendedLine>
        size="small"
        rowKey={(a) => a.product.productId}
        pagination={false}
        dataSource={[...appended]}
        locale={{ emptyText: t('delivery.modify.add.appendEmpty') }}
        data-testid="adjust-appended"
        columns={[
          { title: t('delivery.line.product'), render: (_, a) => name(a) },
          {
            title: t('delivery.line.unit'),
            width: 140,
            render: (_, a) => (
              <Select
                style={{ width: '100%' }}
                value={a.unitId}
                options={a.product.units.map((u) => ({ value: u.id, label: dictText('product_unit', u.unit) }))}
                onChange={(unitId: string) => update(a.product.productId, { unitId })}
                aria-label={t('delivery.modify.add.unitOf', { name: name(a) })}
              />
            ),
          },
          {
            title: t('delivery.modify.add.quantity'),
            width: 170,
            render: (_, a) => {
              const problem = problemAt(a.product.productId)
              return (
                <Flex vertical gap={2}>
                  <InputNumber
                    style={{ width: '100%' }}
                    min={0}
                    value={a.quantity}
                    status={problem ? 'error' : undefined}
                    onChange={(quantity) => update(a.product.productId, { quantity })}
                    aria-label={t('delivery.modify.add.quantityOf', { name: name(a) })}
                    data-testid="append-quantity"
                  />
                  {problem && <Typography.Text type="danger">{problem}</Typography.Text>}
                </Flex>
              )
            },
          },
          {
            title: t('delivery.modify.add.price'),
            width: 140,
            align: 'right',
            render: (_, a) => formatMoney(a.product.price, a.product.currency, i18n.language),
          },
          {
            title: '',
            width: 56,
            render: (_, a) => (
              <Button
                type="text"
                danger
                icon={<DeleteOutlined />}
                onClick={() => onChange(appended.filter((x) => x !== a))}
                aria-label={t('delivery.modify.add.remove', { name: name(a) })}
              />
            ),
          },
        ]}
      />
    </Flex>
  )
}
