import { LogoutOutlined } from '@ant-design/icons'
import { App, Button } from 'antd'
import { useTranslation } from 'react-i18next'
import { signOut } from '../auth/actions.ts'

/** The header's logout link; asks first (SPEC 2). `compact` shows the icon only. */
export const LogoutLink = ({ compact = false }: { compact?: boolean }) => {
  const { t } = useTranslation()
  const { modal } = App.useApp()
  const confirm = () =>
    modal.confirm({
      title: t('auth.logout.title'),
      content: t('auth.logout.content'),
      okText: t('common.actions.ok'),
      cancelText: t('common.actions.cancel'),
      onOk: signOut,
    })
  return (
    <Button
      type="text"
      icon={<LogoutOutlined />}
      onClick={confirm}
      aria-label={t('common.actions.logout')}
      className="shell-header-button"
      data-testid="logout"
    >
      {compact ? null : t('common.actions.logout')}
    </Button>
  )
}
