import { DownOutlined, SearchOutlined, UpOutlined } from '@ant-design/icons'
import type { FieldMeta } from '@app/contracts'
import { Button, Col, Form, Row, Space } from 'antd'
import dayjs from 'dayjs'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { DATE_FORMAT } from '../../config/constants.ts'
import type { ValueShape } from './super-query.ts'
import type { SearchFieldOverride } from './types.ts'
import { formValuesOf } from './url-search.ts'
import { ValueInput } from './ValueInput.tsx'

/** Fields shown before 'expand'. */
const COLLAPSED_COUNT = 3

const shapeOf = (meta: FieldMeta): ValueShape =>
  meta.search === 'range' ? 'range' : meta.search === 'in' ? 'list' : 'single'

/** The search form's values as the list contract's `search` object (dates as instants, whole days). */
export const toSearch = (fields: Record<string, FieldMeta>, values: Record<string, unknown>) => {
  const out: Record<string, unknown> = {}
  for (const [name, value] of Object.entries(values)) {
    const meta = fields[name]
    if (!meta || value === undefined || value === null || value === '') continue
    if (meta.search === 'range' && Array.isArray(value)) {
      const [from, to] = value as unknown[]
      if (dayjs.isDayjs(from) || dayjs.isDayjs(to)) {
        const day = (d: unknown, end: boolean) => {
          if (!dayjs.isDayjs(d)) return ''
          if (meta.type === 'date') return d.format(DATE_FORMAT)
          return (end ? d.endOf('day') : d.startOf('day')).toISOString()
        }
        out[name] = [day(from, false), day(to, true)]
      } else if ((from ?? '') !== '' || (to ?? '') !== '') out[name] = [from ?? '', to ?? '']
      continue
    }
    if (typeof value === 'string') {
      if (value.trim()) out[name] = value.trim()
      continue
    }
    out[name] = value
  }
  return out
}

type Props = {
  /** Names the form: field ids are `<name>_<field>`, unique on the page (tabs keep screens mounted). */
  name: string
  fields: Record<string, FieldMeta>
  label: (field: string) => string
  /** A screen's own inputs for some fields (ListDeclaration `search`). */
  overrides?: Partial<Record<string, SearchFieldOverride>>
  onSearch: (search: Record<string, unknown>) => void
  /** The search the list started with (from its URL), shown in the form. */
  initial?: Record<string, unknown>
}

/** The search form of a list: the meta's search fields, collapsible past the first three. */
export const SearchForm = ({ name, fields, label, overrides, onSearch, initial }: Props) => {
  const { t } = useTranslation()
  const [form] = Form.useForm()
  const searchable = Object.entries(fields).filter(([, m]) => m.search)
  // a field searched from the URL beyond the first ones is shown, so a search keeps it
  const [expanded, setExpanded] = useState(() =>
    searchable.slice(COLLAPSED_COUNT).some(([f]) => initial?.[f] !== undefined),
  )
  if (searchable.length === 0) return null
  const shown = expanded ? searchable : searchable.slice(0, COLLAPSED_COUNT)
  const reset = () => {
    form.resetFields()
    onSearch({})
  }
  return (
    <Form
      form={form}
      name={name}
      layout="horizontal"
      initialValues={initial ? formValuesOf(fields, initial) : undefined}
      onFinish={(values: Record<string, unknown>) => onSearch(toSearch(fields, values))}
      data-testid="search-form"
      style={{ marginBottom: 16 }}
    >
      <Row gutter={[16, 12]}>
        {shown.map(([field, meta]) => (
          <Col key={field} xs={24} md={12} xl={6}>
            <Form.Item name={field} label={label(field)} style={{ marginBottom: 0 }}>
              {overrides?.[field]?.render() ?? (
                <ValueInput meta={meta} shape={shapeOf(meta)} daysOnly aria-label={label(field)} />
              )}
            </Form.Item>
          </Col>
        ))}
        <Col xs={24} md={12} xl={6} style={{ marginLeft: 'auto' }}>
          <Space wrap style={{ width: '100%', justifyContent: 'flex-end' }}>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid="search-submit">
              {t('common.actions.search')}
            </Button>
            <Button onClick={reset} data-testid="search-reset">
              {t('common.actions.reset')}
            </Button>
            {searchable.length > COLLAPSED_COUNT && (
              <Button type="link" onClick={() => setExpanded((e) => !e)} data-testid="search-toggle">
                {expanded ? t('list.search.collapse') : t('list.search.expand')}
                {expanded ? <UpOutlined /> : <DownOutlined />}
              </Button>
            )}
          </Space>
        </Col>
      </Row>
    </Form>
  )
}
