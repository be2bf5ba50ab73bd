import type { PermissionNode } from '@app/contracts'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { App, Button, Empty, Flex, Space, Spin, Tag, Tree, Typography } from 'antd'
import type { DataNode } from 'antd/es/tree'
import { useEffect, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { adminApi, adminKeys } from '../../api/admin.ts'
import { keys } from '../../api/queries.ts'
import { AuthButton } from '../../auth/permissions.tsx'
import { indexTree, toggleNode } from './permission-tree.ts'

/**
 * A role's function permissions (issue 5): every menu and button as a tree of check boxes.
 * Checking a node checks its folders and everything under it; unchecking one unchecks what is
 * under it; what the role must keep stays checked. The server checks the list again on save.
 */
export const PermissionEditor = ({ roleId, savePerm }: { roleId: string; savePerm: string }) => {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const queryClient = useQueryClient()
  const { data, isLoading } = useQuery({
    queryKey: adminKeys.permissionTree(roleId),
    queryFn: () => adminApi.permissionTree(roleId),
  })
  const index = useMemo(() => indexTree(data?.tree ?? []), [data])
  const locked = useMemo(() => new Set(data?.locked ?? []), [data])
  const [checked, setChecked] = useState<Set<string>>(new Set())
  const [expanded, setExpanded] = useState<string[]>([])
  const [saving, setSaving] = useState(false)

  useEffect(() => {
    if (!data) return
    setChecked(new Set([...data.granted, ...data.locked]))
    setExpanded(data.tree.map((n) => n.id))
  }, [data])

  const toggle = (id: string, on: boolean) => setChecked((prev) => toggleNode(index, prev, locked, id, on))

  const treeData = useMemo(() => {
    const toNode = (n: PermissionNode): DataNode => ({
      key: n.id,
      disableCheckbox: locked.has(n.id),
      title: (
        <Space size={4} data-testid={`perm-${n.code}`}>
          <span>{n.title}</span>
          {n.menuType === 2 && <Tag variant="outlined">{t('admin.permission.button')}</Tag>}
          {locked.has(n.id) && <Tag color="gold">{t('admin.permission.locked')}</Tag>}
        </Space>
      ),
      children: n.children.length ? n.children.map(toNode) : undefined,
    })
    return (data?.tree ?? []).map(toNode)
  }, [data, locked, t])

  const save = async () => {
    setSaving(true)
    try {
      await adminApi.configPermission(roleId, [...checked])
      void message.success(t('admin.permission.saved'))
      await queryClient.invalidateQueries({ queryKey: adminKeys.permissionTree(roleId) })
      // the administrator may have changed a role of their own
      await queryClient.invalidateQueries({ queryKey: keys.permissions })
    } catch {
      // the http client has shown the refusal
    } finally {
      setSaving(false)
    }
  }

  if (isLoading) return <Spin style={{ display: 'block', margin: '48px auto' }} />
  if (!data) return <Empty />
  return (
    <Flex vertical gap={12} data-testid="permission-editor">
      <Flex justify="space-between" wrap gap={8}>
        <Space wrap>
          <Button size="small" onClick={() => setExpanded(index.folders)}>
            {t('admin.permission.expandAll')}
          </Button>
          <Button size="small" onClick={() => setExpanded([])}>
            {t('admin.permission.collapseAll')}
          </Button>
          <Button size="small" onClick={() => setChecked(new Set(index.all))}>
            {t('admin.permission.checkAll')}
          </Button>
          <Button size="small" onClick={() => setChecked(new Set(locked))}>
            {t('admin.permission.uncheckAll')}
          </Button>
        </Space>
        <Space>
          <Typography.Text type="secondary">{t('admin.permission.granted', { count: checked.size })}</Typography.Text>
          <AuthButton
            perm={savePerm}
            type="primary"
            loading={saving}
            onClick={() => void save()}
            data-testid="permission-save"
          >
            {t('common.actions.save')}
          </AuthButton>
        </Space>
      </Flex>
      <Typography.Text type="secondary">{t('admin.permission.hint')}</Typography.Text>
      <div style={{ maxHeight: 'calc(100vh - 230px)', minHeight: 240, overflow: 'auto' }}>
        <Tree
          checkable
          checkStrictly
          selectable={false}
          virtual={false}
          treeData={treeData}
          expandedKeys={expanded}
          onExpand={(k) => setExpanded(k as string[])}
          checkedKeys={[...checked]}
          onCheck={(_, info) => toggle(String(info.node.key), info.checked)}
        />
      </div>
    </Flex>
  )
}
