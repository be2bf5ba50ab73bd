import { UserInputSchema, userResource } from '@app/contracts'
import { App } from 'antd'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { adminApi } from '../../api/admin.ts'
import { repeatsRule } from '../../auth/password-rules.ts'
import { ListPage } from '../../components/list/ListPage.tsx'
import { defineList, type FormFieldOverride } from '../../components/list/types.ts'
import { DepartsTreeSelect, PasswordHashInput, passwordLengthRule, RefMultiSelect } from './UserFields.tsx'

/**
 * Users (SPEC 3, issue 5): login account, name, position, roles, phone, managed branches, email,
 * gender, birthday, hire date, departments; the password with its confirmation on add only (an
 * administrator resets it afterwards); enable/disable and delete (never yourself, the server says);
 * reset password to the configured default after confirmation. Registered accounts wait here,
 * disabled, to be enabled.
 */
export const UserList = () => {
  const { t } = useTranslation()
  const { modal, message } = App.useApp()

  const list = useMemo(
    () =>
      defineList({
        resource: userResource,
        input: UserInputSchema,
        table: 'sys_user',
        without: ['import'],
        columnOrder: ['username', 'realname', 'positionId', 'phone', 'gender', 'hireDate', 'status'],
        // the link lists and the password pair are form fields without a list column
        form: {
          username: { editable: false },
          // beside the status, a third of the row each
          roleIds: {
            span: 8,
            render: () => <RefMultiSelect resource="role" label="roleName" placeholder={t('admin.user.chooseRoles')} />,
          },
          departIds: {
            span: 8,
            render: () => <DepartsTreeSelect placeholder={t('admin.user.chooseDeparts')} />,
          },
          // the branches across the form, the password and its confirmation side by side under them
          branchIds: {
            span: 24,
            render: () => (
              <RefMultiSelect resource="branch" label="name" placeholder={t('admin.user.chooseBranches')} />
            ),
          },
          password: {
            hidden: 'edit',
            span: 12,
            render: () => <PasswordHashInput placeholder={t('admin.user.passwordPlaceholder')} />,
            rules: [passwordLengthRule(t)],
          },
          confirmPassword: {
            hidden: 'edit',
            span: 12,
            render: () => <PasswordHashInput placeholder={t('admin.user.confirmPlaceholder')} />,
            rules: [repeatsRule('password', t('admin.user.passwordMismatch'))],
            dependencies: ['password'],
          },
        } as Partial<Record<string, FormFieldOverride>>,
        toolbar: [
          {
            key: 'resetPassword',
            perm: 'resetPassword',
            label: t('admin.user.resetPassword'),
            selection: 'one',
            onClick: ([user]) =>
              new Promise<void>((resolve) => {
                modal.confirm({
                  title: t('admin.user.resetPassword'),
                  content: t('admin.user.resetConfirm', { name: String(user?.realname ?? '') }),
                  okText: t('common.actions.ok'),
                  okButtonProps: { danger: true },
                  cancelText: t('common.actions.cancel'),
                  onOk: async () => {
                    await adminApi.resetPassword(String(user?.id))
                    void message.success(t('admin.user.resetDone'))
                  },
                  afterClose: resolve,
                })
              }),
          },
        ],
      }),
    [t, modal, message],
  )

  return <ListPage list={list} />
}
export default UserList
