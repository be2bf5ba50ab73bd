import { logResource } from '@app/contracts'
import { useQuery } from '@tanstack/react-query'
import { Descriptions, Select, Typography } from 'antd'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { adminApi, adminKeys } from '../../api/admin.ts'
import type { ResourceRecord } from '../../api/resources.ts'
import { ActionLink } from '../../components/ActionLink.tsx'
import { FieldValue } from '../../components/list/FieldValue.tsx'
import { ListPage } from '../../components/list/ListPage.tsx'
import { ScreenSelect } from '../../components/list/ScreenSelect.tsx'
import { defineList } from '../../components/list/types.ts'
import { useFieldLabel } from '../../components/list/useFieldLabel.ts'
import { useOperationText } from '../../components/list/useOperationText.ts'
import { ViewModal } from '../../components/list/ViewModal.tsx'

const Json = ({ value }: { value: unknown }) => {
  const { t } = useTranslation()
  if (value === null || value === undefined)
    return <Typography.Text type="secondary">{t('admin.log.none')}</Typography.Text>
  return (
    <pre style={{ margin: 0, maxHeight: 320, overflow: 'auto', fontSize: 12, whiteSpace: 'pre-wrap' }}>
      {JSON.stringify(value, null, 2)}
    </pre>
  )
}

/**
 * The operations the log holds, by the names the list shows them with, in that order and
 * searchable by that name; the value is the logged key.
 */
const OperationSelect = (props: { value?: string; onChange?: (value: string | undefined) => void }) => {
  const { t } = useTranslation()
  const label = useFieldLabel(logResource.name)
  const { operationText } = useOperationText()
  const logged = useQuery({ queryKey: adminKeys.logOperations, queryFn: adminApi.logOperations })
  const options = useMemo(
    () =>
      (logged.data ?? [])
        .map((key) => ({ value: key, label: operationText(key) }))
        .sort((a, b) => a.label.localeCompare(b.label)),
    [logged.data, operationText],
  )
  return (
    <Select
      {...props}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      options={options}
      loading={logged.isFetching}
      placeholder={t('list.search.choose')}
      aria-label={label('operation')}
      style={{ width: '100%' }}
    />
  )
}

/**
 * The operation log (SPEC 2, issue 5): who, when, what, where from (IP) and how long; filters by
 * type, user, time, operation and object; export. Read-only. The operation opens the entry with
 * the record as it was before and after.
 */
export const LogList = () => {
  const { t } = useTranslation()
  const label = useFieldLabel(logResource.name)
  const { operationText, objectText } = useOperationText()
  const [shown, setShown] = useState<ResourceRecord | null>(null)
  /** The fields the list and the entry's detail show as words rather than as stored. */
  const worded = useMemo<Partial<Record<keyof typeof logResource.fields, (entry: ResourceRecord) => string>>>(
    () => ({
      operation: (entry) => operationText(String(entry.operation ?? '')),
      resource: (entry) => objectText(String(entry.object ?? entry.resource ?? '')),
      costMs: (entry) => t('admin.log.ms', { ms: entry.costMs ?? 0 }),
    }),
    [operationText, objectText, t],
  )
  const list = useMemo(
    () =>
      defineList({
        resource: logResource,
        input: z.object({}),
        without: ['add', 'edit', 'delete', 'batchDelete', 'status', 'import', 'history'],
        columnOrder: ['createAt', 'logType', 'username', 'operation', 'resource', 'ip', 'costMs'],
        columns: {
          operation: {
            render: (_, entry) => (
              <ActionLink onClick={() => setShown(entry)} data-testid="log-operation">
                {worded.operation?.(entry)}
              </ActionLink>
            ),
          },
          // an address of at most 15 characters: the row keeps to the page at 1366 px in either language
          ip: { width: 120 },
          resource: { render: (_, entry) => worded.resource?.(entry) },
          costMs: { render: (_, entry) => worded.costMs?.(entry) },
        },
        search: {
          operation: { render: () => <OperationSelect /> },
          resource: {
            render: () => (
              <ScreenSelect
                screens={{ queryKey: adminKeys.logObjects, queryFn: adminApi.logObjects }}
                name={objectText}
                label={label('resource')}
              />
            ),
          },
        },
      }),
    [worded, objectText, label],
  )
  return (
    <>
      <ListPage list={list} />
      <ViewModal open={shown !== null} title={t('admin.log.detail')} onClose={() => setShown(null)}>
        {shown && (
          <Descriptions
            bordered
            size="small"
            column={{ xs: 1, md: 2 }}
            items={[
              ...Object.entries(logResource.fields).map(([name, meta]) => ({
                key: name,
                label: label(name),
                children: worded[name as keyof typeof worded]?.(shown) ?? (
                  <FieldValue meta={meta} value={shown[name]} full />
                ),
              })),
              { key: 'before', label: t('admin.log.before'), span: 2, children: <Json value={shown.before} /> },
              { key: 'after', label: t('admin.log.after'), span: 2, children: <Json value={shown.after} /> },
            ]}
          />
        )}
      </ViewModal>
    </>
  )
}
export default LogList
