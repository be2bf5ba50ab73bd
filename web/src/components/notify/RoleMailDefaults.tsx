import {
  localName,
  NOTIFY_EVENTS,
  type NotifyEventName,
  type NotifyRoleDefaults,
  type RoleOption,
} from '@app/contracts'
import { useQuery } from '@tanstack/react-query'
import { App, Card, Checkbox, Flex, Select } from 'antd'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { http } from '../../api/http.ts'
import { AuthButton } from '../../auth/permissions.tsx'

/**
 * The administrator's defaults per role (issue 38): which events reach a role's people by mail
 * when they have not chosen for themselves.
 */
export const RoleMailDefaults = () => {
  const { t, i18n } = useTranslation()
  const { message } = App.useApp()
  const [roleCode, setRoleCode] = useState<string>()
  const [mail, setMail] = useState<NotifyEventName[]>([])
  const [saving, setSaving] = useState(false)
  const roles = useQuery({
    queryKey: ['notify', 'roles'],
    queryFn: () => http.get<RoleOption[]>('/sys/role/getListAll'),
  })
  const defaults = useQuery({
    queryKey: ['notify', 'roleDefaults', roleCode],
    queryFn: () => http.get<NotifyRoleDefaults>('/sys/notify/roleDefaults', { roleCode: roleCode! }),
    enabled: !!roleCode,
    staleTime: 0,
  })
  useEffect(() => {
    if (defaults.data) setMail(defaults.data.prefs.filter((p) => p.channels.includes('mail')).map((p) => p.event))
  }, [defaults.data])

  const save = async () => {
    if (!roleCode) return
    setSaving(true)
    try {
      const body: NotifyRoleDefaults = {
        roleCode,
        prefs: NOTIFY_EVENTS.map((event) => ({ event, channels: mail.includes(event) ? ['mail'] : [] })),
      }
      await http.post('/sys/notify/roleDefaults', body)
      void message.success(t('notify.roleDefaults.saved'))
    } catch {
      // the http client has shown the server's refusal
    } finally {
      setSaving(false)
    }
  }

  return (
    <Card
      size="small"
      title={t('notify.roleDefaults.title')}
      style={{ marginTop: 16 }}
      data-testid="role-mail-defaults"
    >
      <Flex vertical gap={12}>
        <Select
          style={{ width: 320 }}
          placeholder={t('notify.roleDefaults.role')}
          aria-label={t('notify.roleDefaults.role')}
          value={roleCode}
          onChange={setRoleCode}
          loading={roles.isLoading}
          options={(roles.data ?? []).map((r) => ({
            value: r.roleCode,
            label: localName(r, i18n.language, 'roleName'),
          }))}
        />
        <Checkbox.Group
          disabled={!defaults.data}
          value={mail}
          onChange={(v) => setMail(v as NotifyEventName[])}
          options={NOTIFY_EVENTS.map((e) => ({ value: e, label: t(`notify.prefs.events.${e}`) }))}
        />
        <div>
          <AuthButton
            perm="sys_notify_robot:save"
            type="primary"
            disabled={!defaults.data}
            loading={saving}
            onClick={() => void save()}
          >
            {t('common.actions.save')}
          </AuthButton>
        </div>
      </Flex>
    </Card>
  )
}
