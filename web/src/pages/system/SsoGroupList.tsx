import { SsoGroupInputSchema, ssoGroupResource } from '@app/contracts'
import { Alert } from 'antd'
import { useTranslation } from 'react-i18next'
// roles are referenced by name: the administration resources' registry
import '../../api/admin.ts'
import { ListPage } from '../../components/list/ListPage.tsx'
import { defineList } from '../../components/list/types.ts'

/**
 * Single sign-on groups (issue 39): the identity provider's groups mapped to a role and/or a
 * department. A person with a mapped group is created enabled with them at their first sign-in,
 * and the roles the groups gave follow the groups at each sign-in.
 */
const list = defineList({
  resource: ssoGroupResource,
  input: SsoGroupInputSchema,
  table: 'sys_sso_group',
  without: ['import', 'history'],
  defaultSort: { column: 'groupName', order: 'asc' },
  form: { description: { span: 24 } },
})

export const SsoGroupList = () => {
  const { t } = useTranslation()
  return (
    <>
      <Alert type="info" showIcon title={t('admin.ssoGroup.hint')} style={{ marginBottom: 12 }} />
      <ListPage list={list} />
    </>
  )
}
export default SsoGroupList
