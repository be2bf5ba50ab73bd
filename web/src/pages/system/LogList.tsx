import { logResource } from '@app/contracts'
import { Descriptions, Typography } from 'antd'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import type { ResourceRecord } from '../../api/resources.ts'
import { ActionLink } from '../../components/ActionLink.tsx'
import { FieldValue } from '../../components/list/FieldValue.tsx'
import { ListPage } from '../../components/list/ListPage.tsx'
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
 * The operation log (SPEC 2, issue 5): who, when, what, where from (IP) and how long; filters by
 * type, user, time, operation and object; export. Read-only. The operation opens the entry with
 * the record as it was before and after.
 */
export const LogList = () => {
  const { t } = useTranslation()
  const label = useFieldLabel(logResource.name)
  const { operationText } = useOperationText()
  const [shown, setShown] = useState<ResourceRecord | null>(null)
  const list = useMemo(
    () =>
      defineList({
        resource: logResource,
        input: z.object({}),
        without: ['add', 'edit', 'delete', 'batchDelete', 'status', 'import', 'history'],
        columnOrder: ['createAt', 'logType', 'username', 'operation', 'resource', 'ip', 'costMs'],
        columns: {
          operation: {
            render: (value, record) => (
              <ActionLink onClick={() => setShown(record)} data-testid="log-operation">
                {operationText(String(value ?? ''))}
              </ActionLink>
            ),
          },
          costMs: { render: (value) => t('admin.log.ms', { ms: value ?? 0 }) },
        },
      }),
    [operationText, t],
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
                children:
                  name === 'operation' ? (
                    operationText(String(shown[name] ?? ''))
                  ) : (
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
