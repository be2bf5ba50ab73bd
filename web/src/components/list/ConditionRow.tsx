import { DeleteOutlined } from '@ant-design/icons'
import type { FieldMeta, QueryRule } from '@app/contracts'
import { Button, Col, Row, Select } from 'antd'
import { useTranslation } from 'react-i18next'
import { type ConditionDraft, changeField, changeRule, rulesFor, valueShape } from './super-query.ts'
import { useLooseT } from './useFieldLabel.ts'
import { ValueInput } from './ValueInput.tsx'

type Props = {
  draft: ConditionDraft
  fields: readonly (readonly [string, FieldMeta])[]
  label: (field: string) => string
  onChange: (draft: ConditionDraft) => void
  onRemove: () => void
}

/** One condition of the super query: field, then the rules its type allows, then a value widget. */
export const ConditionRow = ({ draft, fields, label, onChange, onRemove }: Props) => {
  const { t } = useTranslation()
  const loose = useLooseT()
  const meta = fields.find(([name]) => name === draft.field)?.[1]
  return (
    <Row gutter={8} align="middle" wrap={false} data-testid="condition-row">
      <Col flex="200px">
        <Select
          style={{ width: '100%' }}
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('list.superQuery.field')}
          aria-label={t('list.superQuery.field')}
          value={draft.field}
          options={fields.map(([name]) => ({ value: name, label: label(name) }))}
          onChange={(field: string) => {
            const m = fields.find(([name]) => name === field)?.[1]
            if (m) onChange(changeField(draft, field, m))
          }}
        />
      </Col>
      <Col flex="160px">
        <Select
          style={{ width: '100%' }}
          placeholder={t('list.superQuery.rule')}
          aria-label={t('list.superQuery.rule')}
          disabled={!meta}
          value={draft.rule}
          options={(meta ? rulesFor(meta) : []).map((r) => ({ value: r, label: loose(`list.rules.${r}`) }))}
          onChange={(rule: QueryRule) => onChange(changeRule(draft, rule))}
        />
      </Col>
      <Col flex="auto">
        {meta && (
          <ValueInput
            key={`${draft.field}:${valueShape(draft.rule)}`}
            meta={meta}
            shape={valueShape(draft.rule)}
            value={draft.value}
            onChange={(value) => onChange({ ...draft, value })}
            aria-label={t('list.superQuery.value')}
          />
        )}
      </Col>
      <Col flex="32px">
        <Button
          type="text"
          icon={<DeleteOutlined />}
          onClick={onRemove}
          aria-label={t('common.actions.delete')}
          data-testid="condition-remove"
        />
      </Col>
    </Row>
  )
}
