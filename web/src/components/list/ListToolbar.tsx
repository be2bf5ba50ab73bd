import { DownOutlined, FilterOutlined, PlusOutlined } from '@ant-design/icons'
import { Badge, Button, Dropdown, Flex, type MenuProps, Space, Typography } from 'antd'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { AuthButton, useButtonPermissions } from '../../auth/permissions.tsx'
import type { DictOption } from './useDict.ts'

type Props = {
  menu: string
  without: ReadonlySet<string>
  selectedCount: number
  superQueryCount: number
  /** Status values a batch can set (the resource's status dictionary), if it has a status. */
  statuses: readonly DictOption[] | null
  onAdd: () => void
  onBatchDelete: () => void
  onBatchStatus: (status: string) => void
  onSuperQuery: () => void
  onClearSelection: () => void
  /** Export, import and the screen's own buttons. */
  children?: ReactNode
}

/** The buttons above a list, each behind its permission key `<menu>:<button>`. */
export const ListToolbar = (p: Props) => {
  const { t } = useTranslation()
  const { state } = useButtonPermissions()
  const batch: { key: string; perm: string; label: string; danger?: boolean }[] = [
    ...(p.without.has('batchDelete')
      ? []
      : [{ key: 'delete', perm: `${p.menu}:batchDelete`, label: t('list.actions.batchDelete'), danger: true }]),
    ...(p.statuses && !p.without.has('status')
      ? p.statuses.map((s) => ({
          key: `status:${s.value}`,
          perm: `${p.menu}:status`,
          label: t('list.actions.setStatus', { status: s.label }),
        }))
      : []),
  ].filter((i) => state(i.perm) !== 'hidden')
  const items: MenuProps['items'] = batch.map(({ perm, ...i }) => ({ ...i, disabled: state(perm) === 'disabled' }))
  const onBatch: MenuProps['onClick'] = ({ key }) =>
    key === 'delete' ? p.onBatchDelete() : p.onBatchStatus(key.slice('status:'.length))

  return (
    <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 12 }} data-testid="list-toolbar">
      <Space wrap>
        {!p.without.has('add') && (
          <AuthButton perm={`${p.menu}:add`} type="primary" icon={<PlusOutlined />} onClick={p.onAdd} data-testid="add">
            {t('common.actions.add')}
          </AuthButton>
        )}
        {p.children}
        <Badge count={p.superQueryCount} size="small">
          <Button icon={<FilterOutlined />} onClick={p.onSuperQuery} data-testid="super-query">
            {t('list.superQuery.title')}
          </Button>
        </Badge>
        {batch.length > 0 && (
          <Dropdown menu={{ items, onClick: onBatch }} trigger={['click']}>
            <Button data-testid="batch">
              {t('list.actions.batch')} <DownOutlined />
            </Button>
          </Dropdown>
        )}
      </Space>
      {p.selectedCount > 0 && (
        <Space data-testid="selection-info">
          <Typography.Text>{t('list.selection.count', { count: p.selectedCount })}</Typography.Text>
          <Button type="link" size="small" onClick={p.onClearSelection}>
            {t('list.selection.clear')}
          </Button>
        </Space>
      )}
    </Flex>
  )
}
