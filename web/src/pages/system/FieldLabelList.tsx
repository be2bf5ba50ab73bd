import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Alert, App, Checkbox, Input, Select, Space, Table, type TableColumnsType, Tag, Typography } from 'antd'
import { use, useCallback, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { adminApi, adminKeys } from '../../api/admin.ts'
import { keys } from '../../api/queries.ts'
import { useCodeOverrides } from '../../auth/code-table.ts'
import { AuthButton } from '../../auth/permissions.tsx'
import { bundledFieldLabel, useLooseT } from '../../components/list/useFieldLabel.ts'
import { loadTexts } from '../../i18n/index.ts'
import { FieldLabelModal } from './FieldLabelModal.tsx'
import { type FieldLabelRow, fieldLabelRows, filterFieldLabels } from './field-labels.ts'

const EDIT = 'sys_language:edit'

const Custom = ({ text }: { text: string | undefined }) =>
  text ? <Typography.Text strong>{text}</Typography.Text> : <Typography.Text type="secondary">—</Typography.Text>

let bothLanguages: Promise<unknown> | undefined
/** The bundled labels in both languages: the app holds only the current one's texts. */
const bundledLabelsOfBothLanguages = () =>
  (bothLanguages ??= Promise.all((['zh', 'en'] as const).map((lang) => loadTexts(lang, ['common', 'fields', 'list']))))

/**
 * The language screen's field labels (issue 5, SPEC 3 'code table ... field labels'): every field
 * of every resource with the labels the web bundles (read from i18next's store, both languages)
 * and its code-table override, if any. Editing saves both languages for every user; reset removes
 * the override. The code table is refetched at once, other browsers follow on their catalogue check.
 */
export const FieldLabelList = () => {
  use(bundledLabelsOfBothLanguages())
  const { t, i18n } = useTranslation()
  const loose = useLooseT()
  const { message, modal } = App.useApp()
  const queryClient = useQueryClient()
  const overrides = useCodeOverrides()
  const { data: resources, isLoading } = useQuery({
    queryKey: adminKeys.fieldLabelFields,
    queryFn: adminApi.fieldLabelFields,
    staleTime: Number.POSITIVE_INFINITY,
  })
  const [resource, setResource] = useState<string | undefined>()
  const [text, setText] = useState('')
  const [changedOnly, setChangedOnly] = useState(false)
  const [editing, setEditing] = useState<FieldLabelRow | null>(null)

  const resourceTitle = useCallback(
    (name: string) => (i18n.exists(`list.resources.${name}`) ? loose(`list.resources.${name}`) : name),
    [i18n, loose],
  )
  const rows = useMemo(
    () => fieldLabelRows(resources ?? [], overrides, (lang, name, field) => bundledFieldLabel(i18n, lang, name, field)),
    [resources, overrides, i18n],
  )
  const shown = useMemo(
    () => filterFieldLabels(rows, { resource, text, changedOnly }, resourceTitle),
    [rows, resource, text, changedOnly, resourceTitle],
  )
  const refetchTexts = useCallback(() => queryClient.invalidateQueries({ queryKey: keys.codeTable }), [queryClient])

  const reset = useCallback(
    (row: FieldLabelRow) =>
      modal.confirm({
        title: t('admin.language.resetToBundled'),
        content: t('admin.language.resetConfirm', { label: row.custom?.zh ?? '', bundled: row.bundled.zh }),
        okText: t('common.actions.ok'),
        cancelText: t('common.actions.cancel'),
        okButtonProps: { 'data-testid': 'field-label-reset-ok' } as never,
        onOk: async () => {
          await adminApi.resetFieldLabel(row.key)
          await refetchTexts()
          void message.success(t('admin.language.resetDone'))
        },
      }),
    [modal, message, t, refetchTexts],
  )

  const columns: TableColumnsType<FieldLabelRow> = [
    {
      key: 'resource',
      title: t('admin.language.resource'),
      width: 160,
      render: (_, row) => (
        <Space size={4} wrap>
          {resourceTitle(row.resource)}
          <Typography.Text type="secondary">{row.resource}</Typography.Text>
        </Space>
      ),
    },
    {
      key: 'field',
      title: t('admin.language.field'),
      width: 180,
      render: (_, row) => (
        <Space size={4} wrap>
          <Typography.Text code>{row.field}</Typography.Text>
          {row.custom && <Tag color="blue">{t('admin.language.changed')}</Tag>}
        </Space>
      ),
    },
    { key: 'bundledZh', title: t('admin.language.bundledZh'), render: (_, row) => row.bundled.zh },
    { key: 'bundledEn', title: t('admin.language.bundledEn'), render: (_, row) => row.bundled.en },
    { key: 'customZh', title: t('admin.language.customZh'), render: (_, row) => <Custom text={row.custom?.zh} /> },
    { key: 'customEn', title: t('admin.language.customEn'), render: (_, row) => <Custom text={row.custom?.en} /> },
    {
      key: 'actions',
      title: t('common.fields.actions'),
      width: 170,
      fixed: 'right',
      render: (_, row) => (
        <Space size={0}>
          <AuthButton
            perm={EDIT}
            type="link"
            size="small"
            data-testid="field-label-edit"
            onClick={() => setEditing(row)}
          >
            {t('common.actions.edit')}
          </AuthButton>
          {row.custom && (
            <AuthButton perm={EDIT} type="link" size="small" data-testid="field-label-reset" onClick={() => reset(row)}>
              {t('admin.language.resetToBundled')}
            </AuthButton>
          )}
        </Space>
      ),
    },
  ]

  return (
    <div data-testid="field-labels">
      <Alert type="info" showIcon title={t('admin.language.fieldHint')} style={{ marginBottom: 12 }} />
      <Space wrap style={{ marginBottom: 12 }}>
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('admin.language.allResources')}
          style={{ width: 220 }}
          value={resource}
          onChange={setResource}
          options={(resources ?? []).map((r) => ({
            value: r.resource,
            label: `${resourceTitle(r.resource)} (${r.resource})`,
          }))}
          data-testid="field-label-resource"
        />
        <Input.Search
          allowClear
          placeholder={t('admin.language.searchPlaceholder')}
          style={{ width: 260 }}
          onChange={(e) => setText(e.target.value)}
          data-testid="field-label-search"
        />
        <Checkbox checked={changedOnly} onChange={(e) => setChangedOnly(e.target.checked)}>
          {t('admin.language.changedOnly')}
        </Checkbox>
        <Typography.Text type="secondary">{t('admin.language.count', { count: shown.length })}</Typography.Text>
      </Space>
      <Table<FieldLabelRow>
        rowKey="key"
        size="small"
        loading={isLoading}
        columns={columns}
        dataSource={shown}
        scroll={{ x: 1100 }}
        pagination={{ defaultPageSize: 20, showSizeChanger: true, pageSizeOptions: [20, 50, 100] }}
        data-testid="field-label-table"
      />
      <FieldLabelModal
        row={editing}
        resourceTitle={resourceTitle}
        onClose={() => setEditing(null)}
        onSaved={refetchTexts}
      />
    </div>
  )
}
