import { localName, RoleInputSchema, roleResource } from '@app/contracts'
import { Drawer } from 'antd'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ListPage } from '../../components/list/ListPage.tsx'
import { defineList } from '../../components/list/types.ts'
import { drawerWidth } from './layout.ts'
import { PermissionEditor } from './PermissionEditor.tsx'

type Target = { id: string; name: string }

/**
 * Roles (SPEC 3, issue 5): name and code (unique), data permission all / department / personal;
 * 'Permissions' opens the role's menu-and-button tree. The code is fixed once created.
 */
export const RoleList = () => {
  const { t, i18n } = useTranslation()
  const [target, setTarget] = useState<Target | null>(null)
  const list = useMemo(
    () =>
      defineList({
        resource: roleResource,
        input: RoleInputSchema,
        table: 'sys_role',
        without: ['import'],
        defaultSort: { column: 'createAt', order: 'asc' },
        form: { roleCode: { editable: false }, description: { span: 24 } },
        toolbar: [
          {
            key: 'permission',
            perm: 'permission',
            label: t('admin.role.permission'),
            selection: 'one',
            onClick: ([role]) => {
              setTarget({ id: String(role?.id), name: role ? localName(role, i18n.language, 'roleName') : '' })
            },
          },
        ],
      }),
    [t, i18n.language],
  )
  return (
    <>
      <ListPage list={list} />
      <Drawer
        open={target !== null}
        size={drawerWidth()}
        title={target ? t('admin.role.permissionTitle', { name: target.name }) : ''}
        onClose={() => setTarget(null)}
        destroyOnHidden
      >
        {target && <PermissionEditor roleId={target.id} savePerm="sys_role:permission" />}
      </Drawer>
    </>
  )
}
export default RoleList
