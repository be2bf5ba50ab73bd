import { localName } from '@app/contracts'
import { useQuery } from '@tanstack/react-query'
import { Card, Col, Empty, Input, Menu, Row, Spin } from 'antd'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { adminApi, adminKeys } from '../../api/admin.ts'
import { PermissionEditor } from './PermissionEditor.tsx'

/**
 * Role permissions (/sys/rolePermission): the roles on the left, the chosen role's
 * menu-and-button tree on the right, saved with `sys_role_permission:save`.
 */
export const RolePermission = () => {
  const { t, i18n } = useTranslation()
  const [search, setSearch] = useState('')
  const [roleId, setRoleId] = useState<string | null>(null)
  const { data, isLoading } = useQuery({ queryKey: adminKeys.roles, queryFn: adminApi.roles })
  const items = useMemo(() => {
    const needle = search.trim().toLowerCase()
    return (data ?? [])
      .map((r) => ({ id: r.id, label: localName(r, i18n.language, 'roleName'), code: r.roleCode }))
      .filter((r) => !needle || r.label.toLowerCase().includes(needle) || r.code.toLowerCase().includes(needle))
      .map((r) => ({ key: r.id, label: r.label, title: r.code }))
  }, [data, search, i18n.language])

  return (
    <Row gutter={16} data-testid="role-permission">
      <Col xs={24} md={8} xl={6}>
        <Card title={t('admin.permission.roles')} size="small">
          <Input.Search
            allowClear
            placeholder={t('admin.permission.searchRole')}
            onChange={(e) => setSearch(e.target.value)}
            style={{ marginBottom: 8 }}
          />
          <Spin spinning={isLoading}>
            <Menu
              mode="inline"
              items={items}
              selectedKeys={roleId ? [roleId] : []}
              onClick={({ key }) => setRoleId(key)}
              style={{ borderInlineEnd: 'none' }}
            />
          </Spin>
        </Card>
      </Col>
      <Col xs={24} md={16} xl={18}>
        <Card title={t('admin.permission.title')} size="small">
          {roleId ? (
            <PermissionEditor key={roleId} roleId={roleId} savePerm="sys_role_permission:save" />
          ) : (
            <Empty description={t('admin.permission.chooseRole')} />
          )}
        </Card>
      </Col>
    </Row>
  )
}
export default RolePermission
