import { DatePicker, Input, InputNumber, Select, TreeSelect } from 'antd'
import { useTranslation } from 'react-i18next'
import { DATE_FORMAT, DATETIME_FORMAT, formatThousands, parseThousands } from '../../config/constants.ts'
import type { FormFieldSpec } from './form-spec.ts'
import { useDict } from './useDict.ts'
import { NAME_SEARCH, TREE_NAME_SEARCH, useRefOptions } from './useRefOptions.ts'

type Props = {
  spec: FormFieldSpec
  disabled: boolean
  /** The record being edited: a tree's parent select must not offer the record itself. */
  recordId?: string
  id?: string
  value?: unknown
  onChange?: (value: unknown) => void
}

const full = { width: '100%' }

/** The generated widget of one form field (antd Form.Item passes id, value and onChange). */
export const FieldWidget = ({ spec, disabled, recordId, ...control }: Props) => {
  const { t } = useTranslation()
  const meta = spec.meta
  const dict = useDict(meta?.type === 'dict' ? meta.dict : undefined)
  const ref = useRefOptions(meta?.ref?.resource, meta?.ref?.label, meta?.ref?.key)
  const common = { id: control.id, disabled }
  const value = control.value ?? undefined
  const onChange = (v: unknown) => control.onChange?.(v ?? null)

  switch (spec.widget) {
    case 'textarea':
      return (
        <Input.TextArea
          {...common}
          rows={3}
          maxLength={spec.maxLength}
          showCount={Boolean(spec.maxLength)}
          value={(value as string | undefined) ?? ''}
          onChange={(e) => onChange(e.target.value)}
        />
      )
    case 'number':
      return (
        <InputNumber<number>
          {...common}
          style={full}
          min={spec.min}
          max={spec.max}
          precision={spec.integer ? 0 : undefined}
          formatter={meta?.code ? undefined : (v) => formatThousands(v)}
          parser={meta?.code ? undefined : (v) => parseThousands(v) as unknown as number}
          value={(value as number | undefined) ?? null}
          onChange={onChange}
        />
      )
    case 'date':
    case 'datetime':
      return (
        <DatePicker
          {...common}
          style={full}
          showTime={spec.widget === 'datetime'}
          format={spec.widget === 'datetime' ? DATETIME_FORMAT : DATE_FORMAT}
          value={(value as never) ?? null}
          onChange={onChange}
        />
      )
    case 'treeSelect': {
      const withoutSelf = (nodes: typeof ref.tree): typeof ref.tree =>
        nodes
          .filter((n) => n.value !== recordId)
          .map((n) => ({ ...n, children: n.children ? withoutSelf(n.children) : undefined }))
      return (
        <TreeSelect
          {...common}
          style={full}
          allowClear
          showSearch={TREE_NAME_SEARCH}
          treeDefaultExpandAll
          treeData={withoutSelf(ref.tree)}
          placeholder={t('list.search.choose')}
          value={value as string | undefined}
          onChange={onChange}
        />
      )
    }
    case 'select': {
      const fromDict = meta?.type === 'dict' ? dict : null
      const all = meta?.ref
        ? ref.options
        : fromDict
          ? fromDict.filter((o) => !spec.options || spec.options.includes(o.value))
          : (spec.options ?? []).map((o) => ({ value: o, label: o }))
      const offers = disabled ? undefined : spec.override?.offers
      const options = offers ? all.filter(offers) : all
      return (
        <Select
          {...common}
          style={full}
          allowClear={!spec.required}
          showSearch={NAME_SEARCH}
          options={options}
          placeholder={t('list.search.choose')}
          value={value as string | undefined}
          onChange={onChange}
        />
      )
    }
    default:
      return (
        <Input
          {...common}
          maxLength={spec.maxLength}
          value={(value as string | undefined) ?? ''}
          onChange={(e) => onChange(e.target.value)}
        />
      )
  }
}
