import { LogoutOutlined, UserOutlined } from '@ant-design/icons'
import { App, Dropdown, Space } from 'antd'
import { useTranslation } from 'react-i18next'
import { signOut } from '../auth/actions.ts'
import { useSession } from '../auth/session.ts'
import { greetingKey } from './greeting.ts'

/** Greeting, welcome line with department and name, and logout with confirmation (SPEC 2 header). */
export const UserMenu = () => {
  const { t, i18n } = useTranslation()
  const { modal } = App.useApp()
  const { userInfo } = useSession()
  const dept = (i18n.language === 'en' ? userInfo?.departNameEn : userInfo?.departName) ?? userInfo?.departName ?? ''
  const confirmLogout = () =>
    modal.confirm({
      title: t('auth.logout.title'),
      content: t('auth.logout.content'),
      okText: t('common.actions.ok'),
      cancelText: t('common.actions.cancel'),
      onOk: signOut,
    })
  return (
    <Dropdown
      menu={{
        items: [{ key: 'logout', icon: <LogoutOutlined />, label: t('common.actions.logout'), onClick: confirmLogout }],
      }}
    >
      <Space style={{ cursor: 'pointer' }} data-testid="user-menu">
        <UserOutlined />
        <span>
          {t(`layout.greeting.${greetingKey(new Date().getHours())}`)},{' '}
          <span data-testid="welcome">{t('layout.welcome', { dept, name: userInfo?.realname ?? '' })}</span>
        </span>
      </Space>
    </Dropdown>
  )
}
