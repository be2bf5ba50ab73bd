import { NotifyOutboxSchema, notifyOutboxResource } from '@app/contracts'
import { Alert, App } from 'antd'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { http } from '../../api/http.ts'
import { ListPage } from '../../components/list/ListPage.tsx'
import { RefLabel } from '../../components/list/RefLabel.tsx'
import { defineList, type ListDeclaration } from '../../components/list/types.ts'

/**
 * What the product sent by mail and group chat (issue 38), newest first: a failure shows its
 * reason; selected failures are sent again.
 */
export const NotifyOutboxList = () => {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const list = useMemo(
    () =>
      defineList({
        resource: notifyOutboxResource,
        input: NotifyOutboxSchema,
        table: 'sys_outbox',
        without: ['add', 'edit', 'delete', 'batchDelete', 'status', 'import', 'history'],
        defaultSort: { column: 'createAt', order: 'desc' },
        columns: {
          // a group-chat message goes to a department's robot, named by the department as the robots' list names it
          recipient: {
            render: (value, row) =>
              row.topic === 'chat' ? (
                <RefLabel resource="department" label="departName" by="orgCode" id={value} />
              ) : (
                String(value ?? '')
              ),
          },
        },
        toolbar: [
          {
            key: 'retry',
            perm: 'retry',
            label: t('notify.retry'),
            selection: 'any',
            changes: true,
            onClick: async (rows) => {
              const { count } = await http.post<{ count: number }>('/sys/notifyOutbox/retry', {
                ids: rows.map((r) => r.id),
              })
              message.info(t('notify.retried', { count }))
            },
          },
        ],
      }),
    [t, message],
  )
  return (
    <>
      <Alert type="info" showIcon title={t('notify.outboxHint')} style={{ marginBottom: 12 }} />
      <ListPage list={list as ListDeclaration} />
    </>
  )
}
export default NotifyOutboxList
