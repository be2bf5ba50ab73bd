import {
  BellOutlined,
  CommentOutlined,
  KeyOutlined,
  SettingOutlined,
  SwapOutlined,
  UserOutlined,
} from '@ant-design/icons'
import { localName } from '@app/contracts'
import { App, Avatar, Dropdown, type MenuProps } from 'antd'
import { useState } from 'react'
import { Trans, useTranslation } from 'react-i18next'
import { useCatalogueRefresh } from '../api/admin.ts'
import { session, useSession } from '../auth/session.ts'
import { FeedbackModal } from '../components/feedback/FeedbackModal.tsx'
import { NotifyPrefsModal } from '../components/notify/NotifyPrefsModal.tsx'
import { ChangePasswordModal } from '../components/shell/ChangePasswordModal.tsx'
import { DepartSwitchModal } from '../components/shell/DepartSwitchModal.tsx'
import { SettingsDrawer } from '../components/shell/SettingsDrawer.tsx'
import { greetingKey } from './greeting.ts'

type Dialog = 'settings' | 'password' | 'depart' | 'feedback' | 'notify' | null

/**
 * Greeting by the hour, the welcome line with department and name, and a dropdown with interface
 * settings, change password and department switch (SPEC 2 header). `compact` keeps only the avatar.
 */
export const UserMenu = ({ compact = false }: { compact?: boolean }) => {
  const { t, i18n } = useTranslation()
  const { message } = App.useApp()
  const { userInfo } = useSession()
  const [dialog, setDialog] = useState<Dialog>(null)
  // the shell keeps the code table, dictionaries and permissions fresh while signed in
  useCatalogueRefresh()
  const dept = userInfo ? localName(userInfo, i18n.language, 'departName') : ''
  const greeting = t(`layout.greeting.${greetingKey(new Date().getHours())}`)
  const welcome = t('layout.welcome', { dept, name: userInfo?.realname ?? '' })

  const open = (which: Exclude<Dialog, null>) => {
    // SPEC 5: the password dialog will not open when no user is known
    if (which === 'password' && !session.get().userInfo) {
      void message.warning(t('shell.password.noUser'))
      return
    }
    setDialog(which)
  }

  const items: MenuProps['items'] = [
    ...(compact
      ? [
          {
            key: 'welcome',
            label: t('layout.greetingLine', { greeting, welcome }).replace(/<\/?w>/g, ''),
            disabled: true,
          },
          { key: 'timeZone', label: t('layout.timeZone'), disabled: true },
          { type: 'divider' as const },
        ]
      : []),
    { key: 'settings', icon: <SettingOutlined />, label: t('shell.userMenu.settings') },
    { key: 'password', icon: <KeyOutlined />, label: t('shell.userMenu.password') },
    { key: 'depart', icon: <SwapOutlined />, label: t('shell.userMenu.depart') },
    { key: 'notify', icon: <BellOutlined />, label: t('notify.prefs.menu') },
    { key: 'feedback', icon: <CommentOutlined />, label: t('admin.feedback.entry') },
  ]

  return (
    <>
      <Dropdown
        trigger={['hover', 'click']}
        menu={{
          items,
          onClick: ({ key }) => {
            if (key === 'settings' || key === 'password' || key === 'depart' || key === 'feedback' || key === 'notify')
              open(key)
          },
        }}
      >
        <button type="button" className="shell-user" data-testid="user-menu" aria-label={compact ? welcome : undefined}>
          <Avatar size="small" icon={<UserOutlined />} />
          {!compact && (
            <span className="shell-user-text" title={`${greeting} ${welcome}`}>
              <Trans
                i18nKey="layout.greetingLine"
                values={{ greeting, welcome }}
                components={{ w: <span data-testid="welcome" /> }}
              />
            </span>
          )}
        </button>
      </Dropdown>
      <SettingsDrawer open={dialog === 'settings'} onClose={() => setDialog(null)} />
      <ChangePasswordModal open={dialog === 'password'} onClose={() => setDialog(null)} />
      <DepartSwitchModal open={dialog === 'depart'} onClose={() => setDialog(null)} />
      <FeedbackModal open={dialog === 'feedback'} onClose={() => setDialog(null)} />
      <NotifyPrefsModal open={dialog === 'notify'} onClose={() => setDialog(null)} />
    </>
  )
}
