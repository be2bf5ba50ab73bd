import { DeleteOutlined, PlusOutlined } from '@ant-design/icons'
import { type UnitLine, type UnitLineProblem, unitLineProblems } from '@app/contracts'
import { Button, Form, type FormRule, InputNumber, Select, Space, Table, Typography } from 'antd'
import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import { useDict } from '../list/useDict.ts'
import { useFieldLabel } from '../list/useFieldLabel.ts'
import { NAME_SEARCH, useRefOptions } from '../list/useRefOptions.ts'

type Line = UnitLine & { key?: string }
type Props = { value?: Line[] | null; onChange?: (lines: Line[]) => void; disabled?: boolean }

/** Each line's fields with a problem (contracts' `unitLineProblems`), by the line's index. */
const problemFields = (problems: readonly UnitLineProblem[]) => {
  const out = new Map<number, Set<string>>()
  for (const p of problems) out.set(p.index, (out.get(p.index) ?? new Set()).add(p.field))
  return out
}

/**
 * The product form's check of its units (SPEC 5, the base unit at 1): a save waits until every
 * line is right; each problem is said with its line, as the server would refuse it.
 */
export const unitsRules = (t: TFunction): FormRule[] => [
  ({ getFieldValue }) => ({
    validator: async (_, value: UnitLine[] | undefined) => {
      const problems = unitLineProblems(value ?? [], getFieldValue('unit'))
      if (problems.length === 0) return
      throw new Error(
        problems
          .map((p) => t('common.messages.onLine', { line: p.index + 1, message: t(`product.units.${p.reason}`) }))
          .join('; '),
      )
    },
  }),
]

/**
 * A product's units in the product form: per use (purchase, sale, stock) a unit, how many base
 * units it holds, and the box spec it packs into. The server enforces SPEC 5 as well.
 */
export const UnitsEditor = ({ value, onChange, disabled }: Props) => {
  const { t } = useTranslation()
  const label = useFieldLabel('productUnit')
  const uses = useDict('unit_use')
  const units = useDict('product_unit')
  const boxSpecs = useRefOptions('boxSpec', 'name')
  const baseUnit = Form.useWatch('unit', Form.useFormInstance())
  const lines = value ?? []
  const wrong = problemFields(unitLineProblems(lines, baseUnit))
  const status = (i: number, field: UnitLineProblem['field']) => (wrong.get(i)?.has(field) ? 'error' : undefined)
  const set = (i: number, patch: Partial<Line>) => onChange?.(lines.map((l, j) => (j === i ? { ...l, ...patch } : l)))

  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="units-editor">
      {/* the field's error marks the cells it concerns (`status`), not every input of the list */}
      <Form.Item noStyle validateStatus="">
        <Table<Line>
          size="small"
          pagination={false}
          rowKey={(_, i) => String(i)}
          dataSource={lines}
          locale={{ emptyText: t('product.units.empty') }}
          columns={[
            {
              title: label('useCase'),
              width: 130,
              render: (_, l, i) => (
                <Select
                  style={{ width: '100%' }}
                  disabled={disabled}
                  options={uses}
                  value={l.useCase}
                  status={status(i, 'unit')}
                  onChange={(v) => set(i, { useCase: v as UnitLine['useCase'] })}
                  data-testid={`unit-use-${i}`}
                />
              ),
            },
            {
              title: label('unit'),
              width: 130,
              render: (_, l, i) => (
                <Select
                  style={{ width: '100%' }}
                  disabled={disabled}
                  showSearch={{ optionFilterProp: 'label' }}
                  options={units}
                  value={l.unit}
                  status={status(i, 'unit')}
                  onChange={(v) => set(i, { unit: v as UnitLine['unit'] })}
                  data-testid={`unit-unit-${i}`}
                />
              ),
            },
            {
              title: label('conversionRate'),
              width: 150,
              render: (_, l, i) => (
                <InputNumber<number>
                  style={{ width: '100%' }}
                  disabled={disabled}
                  min={0.0001}
                  status={status(i, 'conversionRate')}
                  value={l.conversionRate as number}
                  onChange={(v) => set(i, { conversionRate: v ?? 1 })}
                  data-testid={`unit-rate-${i}`}
                />
              ),
            },
            {
              title: label('boxSpecId'),
              render: (_, l, i) => (
                <Select
                  style={{ width: '100%' }}
                  disabled={disabled}
                  allowClear
                  showSearch={NAME_SEARCH}
                  options={boxSpecs.options}
                  value={l.boxSpecId ?? undefined}
                  onChange={(v) => set(i, { boxSpecId: v ?? null })}
                />
              ),
            },
            {
              title: label('perBox'),
              width: 110,
              render: (_, l, i) => (
                <InputNumber<number>
                  style={{ width: '100%' }}
                  disabled={disabled}
                  min={1}
                  precision={0}
                  value={(l.perBox as number | null) ?? null}
                  onChange={(v) => set(i, { perBox: v ?? null })}
                />
              ),
            },
            {
              width: 48,
              render: (_, _l, i) =>
                disabled ? null : (
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('product.actions.removeLine')}
                    onClick={() => onChange?.(lines.filter((_, j) => j !== i))}
                  />
                ),
            },
          ]}
        />
      </Form.Item>
      {!disabled && (
        <Button
          icon={<PlusOutlined />}
          onClick={() => onChange?.([...lines, { useCase: 'sale', unit: 'box', conversionRate: 1 }])}
          data-testid="unit-add"
        >
          {t('product.actions.addLine')}
        </Button>
      )}
      <Typography.Text type="secondary">{t('product.units.hint')}</Typography.Text>
    </Space>
  )
}
