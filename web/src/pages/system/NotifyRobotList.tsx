import { NotifyRobotInputSchema, notifyRobotResource } from '@app/contracts'
import { Alert } from 'antd'
import { useTranslation } from 'react-i18next'
import { ListPage } from '../../components/list/ListPage.tsx'
import { defineList } from '../../components/list/types.ts'
import { RoleMailDefaults } from '../../components/notify/RoleMailDefaults.tsx'

/**
 * Group-chat robots (issue 38): one WeCom, DingTalk or Feishu robot per department, by its webhook
 * URL and signing secret. The secret is written, never read back.
 */
const list = defineList({
  resource: notifyRobotResource,
  input: NotifyRobotInputSchema,
  table: 'notify_robot',
  without: ['import', 'history', 'export'],
  defaultSort: { column: 'orgCode', order: 'asc' },
  // the address on one line across the form; secret, language and status in a row under it
  form: {
    orgCode: { span: 12 },
    provider: { span: 12 },
    webhookUrl: { span: 24, widget: 'input' },
    description: { span: 24 },
  },
})

export const NotifyRobotList = () => {
  const { t } = useTranslation()
  return (
    <>
      <Alert type="info" showIcon title={t('notify.robotHint')} style={{ marginBottom: 12 }} />
      <ListPage list={list} />
      <RoleMailDefaults />
    </>
  )
}
export default NotifyRobotList
