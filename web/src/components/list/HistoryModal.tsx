import { useQuery } from '@tanstack/react-query'
import { App, Button, Space, Table } from 'antd'
import dayjs from 'dayjs'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { keys } from '../../api/queries.ts'
import { AuthButton } from '../../auth/permissions.tsx'
import { DATETIME_FORMAT } from '../../config/constants.ts'
import { CompareView } from './CompareView.tsx'
import { type Version, versionsOf } from './diff.ts'
import { checkSelection } from './selection.ts'
import type { ListModalProps } from './types.ts'
import { useLooseT } from './useFieldLabel.ts'
import { ViewModal } from './ViewModal.tsx'

type Props = ListModalProps & { id: string | undefined }

/** A record's modify history: its versions, and a field-by-field compare of any two (SPEC 5: exactly two). */
export const HistoryModal = ({ list, api, id, open, title, label, onClose, afterClose }: Props) => {
  const { t } = useTranslation()
  const loose = useLooseT()
  const { message } = App.useApp()
  const [selected, setSelected] = useState<string[]>([])
  const [comparing, setComparing] = useState<readonly [Version, Version] | null>(null)
  const history = useQuery({
    queryKey: keys.resource.history(list.resource.name, id ?? ''),
    queryFn: () => api.history(id as string),
    enabled: Boolean(id),
    staleTime: 0,
  })
  const versions = useMemo(() => versionsOf(history.data ?? []), [history.data])

  const compare = () => {
    const refusal = checkSelection('two', selected.length)
    if (refusal) {
      void message.warning(loose(refusal))
      return
    }
    const pair = versions.filter((v) => selected.includes(v.key))
    setComparing([pair[0] as Version, pair[1] as Version])
  }

  return (
    <ViewModal open={open} title={title} onClose={onClose} afterClose={afterClose} data-testid="history-modal">
      {comparing ? (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Button onClick={() => setComparing(null)} data-testid="compare-back">
            {t('common.actions.back')}
          </Button>
          <CompareView fields={list.resource.fields} label={label} versions={comparing} />
        </Space>
      ) : (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <AuthButton perm={`${list.resource.menu}:compare`} type="primary" onClick={compare} data-testid="compare">
            {t('list.history.compare')}
          </AuthButton>
          <Table<Version>
            rowKey="key"
            size="small"
            loading={history.isFetching}
            dataSource={versions}
            pagination={false}
            rowSelection={{ selectedRowKeys: selected, onChange: (k) => setSelected(k.map(String)) }}
            columns={[
              {
                key: 'version',
                title: t('list.history.versionColumn'),
                render: (_, v) => t('list.history.version', { version: v.version ?? '-' }),
              },
              {
                key: 'operation',
                title: t('list.history.operation'),
                render: (_, v) => loose(`list.history.operations.${v.operation}`),
              },
              { key: 'user', title: t('list.history.user'), render: (_, v) => v.username ?? '' },
              {
                key: 'at',
                title: t('list.history.at'),
                render: (_, v) => (v.at ? dayjs(v.at).format(DATETIME_FORMAT) : ''),
              },
            ]}
          />
        </Space>
      )}
    </ViewModal>
  )
}
