import { DownOutlined } from '@ant-design/icons'
import { Button, Dropdown, type MenuProps, Space } from 'antd'
import { useTranslation } from 'react-i18next'
import type { ResourceRecord } from '../../api/resources.ts'
import { AuthButton, useButtonPermissions } from '../../auth/permissions.tsx'

type Props = {
  menu: string
  record: ResourceRecord
  /** Standard actions this screen leaves out. */
  without: ReadonlySet<string>
  onEdit: (r: ResourceRecord) => void
  onView: (r: ResourceRecord) => void
  onDelete: (r: ResourceRecord) => void
  onHistory: (r: ResourceRecord) => void
}

/** Edit, view and a 'more' menu (delete, modify history) for one row, each behind its permission. */
export const RowActions = ({ menu, record, without, onEdit, onView, onDelete, onHistory }: Props) => {
  const { t } = useTranslation()
  const { state } = useButtonPermissions()
  const more: MenuProps['items'] = [
    { key: 'delete', perm: `${menu}:delete`, label: t('common.actions.delete'), danger: true },
    { key: 'history', perm: `${menu}:history`, label: t('list.actions.history') },
  ]
    .filter((i) => !without.has(i.key) && state(i.perm) !== 'hidden')
    .map(({ perm, ...i }) => ({ ...i, disabled: state(perm) === 'disabled' }))
  const onMore: MenuProps['onClick'] = ({ key }) => (key === 'delete' ? onDelete(record) : onHistory(record))
  return (
    <Space size={0} data-testid="row-actions">
      {!without.has('edit') && (
        <AuthButton perm={`${menu}:edit`} type="link" size="small" onClick={() => onEdit(record)}>
          {t('common.actions.edit')}
        </AuthButton>
      )}
      <AuthButton perm={`${menu}:view`} type="link" size="small" onClick={() => onView(record)}>
        {t('common.actions.view')}
      </AuthButton>
      {more.length > 0 && (
        <Dropdown menu={{ items: more, onClick: onMore }} trigger={['click']}>
          <Button type="link" size="small" data-testid="row-more">
            {t('common.actions.more')} <DownOutlined />
          </Button>
        </Dropdown>
      )}
    </Space>
  )
}
