import type { FieldMeta } from '@app/contracts'
import { Space, Switch, Table, Tag, theme } from 'antd'
import dayjs from 'dayjs'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { DATETIME_FORMAT } from '../../config/constants.ts'
import { type DiffRow, diffRecords, type Version } from './diff.ts'
import { FieldValue } from './FieldValue.tsx'

type Props = {
  fields: Record<string, FieldMeta>
  label: (field: string) => string
  /** Two versions; the older one is shown on the left. */
  versions: readonly [Version, Version]
}

const heading = (v: Version, versionText: string) =>
  `${v.title ?? versionText}${v.at ? ` · ${dayjs(v.at).format(DATETIME_FORMAT)}` : ''}`

/** A field's value; child records (no field meta) one per line. */
const Cell = ({ meta, value }: { meta: FieldMeta | undefined; value: unknown }) =>
  !meta && Array.isArray(value) ? (
    <Space orientation="vertical" size={0}>
      {value.map((line, i) => (
        // the same line text may repeat; its position is its identity here
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <span key={i}>{String(line)}</span>
      ))}
    </Space>
  ) : (
    <FieldValue meta={meta} value={value} full />
  )

/** Two versions of a record side by side, field by field, the differing fields marked. */
export const CompareView = ({ fields, label, versions }: Props) => {
  const { t } = useTranslation()
  const { token } = theme.useToken()
  const [onlyChanges, setOnlyChanges] = useState(false)
  const [left, right] = useMemo(
    () => [...versions].sort((a, b) => (a.at ?? '').localeCompare(b.at ?? '')) as [Version, Version],
    [versions],
  )
  const rows = useMemo(() => diffRecords(Object.keys(fields), left.record, right.record), [fields, left, right])
  const changed = rows.filter((r) => r.changed).length
  const versionText = (v: Version) => t('list.history.version', { version: v.version ?? '-' })
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="compare-view">
      <Space>
        <span data-testid="compare-summary">{t('list.history.changedCount', { count: changed })}</span>
        <Switch
          checked={onlyChanges}
          onChange={setOnlyChanges}
          size="small"
          aria-label={t('list.history.onlyChanges')}
        />
        <span>{t('list.history.onlyChanges')}</span>
      </Space>
      <Table<DiffRow>
        rowKey="field"
        size="small"
        pagination={false}
        dataSource={onlyChanges ? rows.filter((r) => r.changed) : rows}
        onRow={(r) => ({
          'data-changed': r.changed ? 'true' : 'false',
          style: r.changed ? { background: token.colorWarningBg } : undefined,
        })}
        columns={[
          {
            key: 'field',
            title: t('list.history.field'),
            width: 200,
            render: (_, r) => (
              <Space>
                {label(r.field)}
                {r.changed && <Tag color="orange">{t('list.history.changed')}</Tag>}
              </Space>
            ),
          },
          {
            key: 'left',
            title: heading(left, versionText(left)),
            render: (_, r) => <Cell meta={fields[r.field]} value={r.left} />,
          },
          {
            key: 'right',
            title: heading(right, versionText(right)),
            render: (_, r) => <Cell meta={fields[r.field]} value={r.right} />,
          },
        ]}
      />
    </Space>
  )
}
