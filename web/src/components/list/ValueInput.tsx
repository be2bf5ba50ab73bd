import type { FieldMeta } from '@app/contracts'
import { DatePicker, Input, InputNumber, Select, Space } from 'antd'
import type { Dayjs } from 'dayjs'
import { useTranslation } from 'react-i18next'
import { DATE_FORMAT, DATETIME_FORMAT, formatThousands, parseThousands } from '../../config/constants.ts'
import type { ValueShape } from './super-query.ts'
import { useDict } from './useDict.ts'
import { NAME_SEARCH, useRefOptions } from './useRefOptions.ts'

type Props = {
  meta: FieldMeta
  shape: ValueShape
  value?: unknown
  onChange?: (value: unknown) => void
  /** Date-times picked as whole days (the search form); the super query picks times too. */
  daysOnly?: boolean
  id?: string
  'aria-label'?: string
}

const full = { width: '100%' }

/** Options of a dictionary or a reference, for selects. */
const useChoices = (meta: FieldMeta) => {
  const dict = useDict(meta.type === 'dict' ? meta.dict : undefined)
  const ref = useRefOptions(meta.ref?.resource, meta.ref?.label, meta.ref?.key)
  if (meta.ref) return ref.options
  if (meta.type === 'dict') return dict
  return null
}

const numberProps = {
  formatter: (v: number | string | undefined) => formatThousands(v),
  parser: (v: string | undefined) => parseThousands(v) as unknown as number,
}

/**
 * The input for a field's value by its type: text, number (thousands separators), date, date-time,
 * a select of dictionary texts or reference labels; a list of values for in / not in, two bounds for
 * a range, nothing for empty / not empty. Used by the search form and the super-query builder.
 */
export const ValueInput = ({ meta, shape, value, onChange, daysOnly, id, ...rest }: Props) => {
  const { t } = useTranslation()
  const choices = useChoices(meta)
  const label = rest['aria-label']
  const isDate = meta.type === 'date' || meta.type === 'datetime'
  const withTime = meta.type === 'datetime' && !daysOnly
  const format = withTime ? DATETIME_FORMAT : DATE_FORMAT
  if (shape === 'none') return null

  if (shape === 'range') {
    if (isDate) {
      return (
        <DatePicker.RangePicker
          id={id}
          style={full}
          showTime={withTime}
          format={format}
          value={(value as [Dayjs, Dayjs] | undefined) ?? null}
          onChange={(v) => onChange?.(v ?? undefined)}
          aria-label={label}
        />
      )
    }
    const [from, to] = Array.isArray(value) ? (value as (number | null)[]) : []
    return (
      <Space.Compact style={full}>
        <InputNumber<number>
          id={id}
          {...numberProps}
          style={full}
          placeholder={t('list.search.from')}
          value={from ?? null}
          onChange={(v) => onChange?.([v, to ?? null])}
          aria-label={label}
        />
        <InputNumber<number>
          {...numberProps}
          style={full}
          placeholder={t('list.search.to')}
          value={to ?? null}
          onChange={(v) => onChange?.([from ?? null, v])}
        />
      </Space.Compact>
    )
  }

  if (choices) {
    return (
      <Select
        id={id}
        style={full}
        allowClear
        showSearch={NAME_SEARCH}
        mode={shape === 'list' ? 'multiple' : undefined}
        options={choices}
        value={value as string | string[] | undefined}
        onChange={(v) => onChange?.(v)}
        placeholder={t('list.search.choose')}
        aria-label={label}
      />
    )
  }
  if (shape === 'list') {
    return (
      <Select
        id={id}
        style={full}
        mode="tags"
        tokenSeparators={[',', '，']}
        open={false}
        value={value as string[] | undefined}
        onChange={(v) => onChange?.(v)}
        placeholder={t('list.search.values')}
        aria-label={label}
      />
    )
  }
  if (isDate) {
    return (
      <DatePicker
        id={id}
        style={full}
        showTime={withTime}
        format={format}
        value={(value as Dayjs | undefined) ?? null}
        onChange={(v) => onChange?.(v ?? undefined)}
        aria-label={label}
      />
    )
  }
  if (meta.type === 'number') {
    return (
      <InputNumber<number>
        id={id}
        {...numberProps}
        style={full}
        value={(value as number | undefined) ?? null}
        onChange={(v) => onChange?.(v ?? undefined)}
        aria-label={label}
      />
    )
  }
  return (
    <Input
      id={id}
      allowClear
      value={(value as string | undefined) ?? ''}
      onChange={(e) => onChange?.(e.target.value)}
      placeholder={t('list.search.input')}
      aria-label={label}
    />
  )
}
