import { type ModifyHistoryEntry, menuOfKey, modifyHistoryResource } from '@app/contracts'
import { App } from 'antd'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { adminApi, adminKeys } from '../../api/admin.ts'
import type { ResourceRecord } from '../../api/resources.ts'
import { ListPage } from '../../components/list/ListPage.tsx'
import { ScreenSelect } from '../../components/list/ScreenSelect.tsx'
import { defineList, type RecordViewerProps } from '../../components/list/types.ts'
import { useOperationText } from '../../components/list/useOperationText.ts'
import { useShown } from '../../components/list/useShown.ts'
import { ChangeModal } from './ChangeModal.tsx'

type Field = keyof typeof modifyHistoryResource.fields

const entryOf = (row: ResourceRecord) => row as unknown as ModifyHistoryEntry

/** One change, before against after (the list's view). */
const ChangeViewer = ({ record, ...modal }: RecordViewerProps) => <ChangeModal entries={[entryOf(record)]} {...modal} />

/**
 * The modify-history list (SPEC 2 'Audit: modify-history list', /audit/modifyHistoryList): every
 * change to a record of the screens whose history the caller holds, within their data permission
 * (the server decides which), searchable by screen, record, person and time; a change opens field
 * by field, two versions of one record compare side by side (SPEC 5: exactly two); export.
 */
export const ModifyHistoryList = () => {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const { menuText, buttonText } = useOperationText()
  const compared = useShown<[ModifyHistoryEntry, ModifyHistoryEntry]>()
  const compare = compared.show
  const list = useMemo(
    () =>
      defineList<Field>({
        resource: modifyHistoryResource,
        input: z.object({}),
        without: ['add', 'edit', 'delete', 'batchDelete', 'status', 'import', 'history'],
        columnOrder: ['createAt', 'resource', 'objectLabel', 'operation', 'username'],
        columns: {
          resource: { render: (_, row) => menuText(menuOfKey(entryOf(row).operation)) },
          objectLabel: { render: (value, row) => String(value ?? row.objectId ?? '') },
          operation: { render: (value) => buttonText(String(value ?? '')) },
        },
        search: {
          resource: {
            render: () => (
              <ScreenSelect
                screens={{ queryKey: adminKeys.historyScreens, queryFn: adminApi.historyScreens }}
                name={menuText}
                label={t('fields.modifyHistory.resource')}
              />
            ),
          },
        },
        viewer: ChangeViewer,
        toolbar: [
          {
            key: 'compare',
            perm: 'compare',
            label: t('list.history.compare'),
            selection: 'two',
            onClick: (rows) => {
              const [a, b] = rows.map(entryOf)
              if (!a || !b || a.resource !== b.resource || a.objectId !== b.objectId) {
                void message.warning(t('list.history.sameRecord'))
                return
              }
              compare([a, b])
            },
          },
        ],
      }),
    [t, message, menuText, buttonText, compare],
  )
  return (
    <>
      <ListPage list={list} />
      {compared.shown && (
        <ChangeModal
          entries={compared.shown.target}
          open={compared.shown.open}
          title={t('list.history.compareTitle', {
            name: compared.shown.target[0].objectLabel ?? compared.shown.target[0].objectId,
          })}
          onClose={compared.hide}
          afterClose={compared.gone}
        />
      )}
    </>
  )
}
export default ModifyHistoryList
