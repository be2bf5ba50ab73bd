import { NOTIFY_EVENTS, type NotifyEventName, type NotifyPrefs, type NotifyPrefsInput } from '@app/contracts'
import { useQuery } from '@tanstack/react-query'
import { Alert, App, Checkbox, Form, Modal, Radio, Spin } from 'antd'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { http } from '../../api/http.ts'

type Values = { lang: 'zh' | 'en'; mail: NotifyEventName[] }

/**
 * The user's notification settings (issue 38): which events also reach them by mail (the in-app
 * message always comes), and the language their mails are written in.
 */
export const NotifyPrefsModal = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const [form] = Form.useForm<Values>()
  const [saving, setSaving] = useState(false)
  const prefs = useQuery({
    queryKey: ['notify', 'prefs'],
    queryFn: () => http.get<NotifyPrefs>('/sys/notify/prefs'),
    enabled: open,
    staleTime: 0,
  })

  useEffect(() => {
    if (open && prefs.data)
      form.setFieldsValue({
        lang: prefs.data.lang,
        mail: prefs.data.prefs.filter((p) => p.channels.includes('mail')).map((p) => p.event),
      })
  }, [open, prefs.data, form])

  const submit = async () => {
    const { lang, mail } = await form.validateFields()
    setSaving(true)
    try {
      const body: NotifyPrefsInput = {
        lang,
        prefs: NOTIFY_EVENTS.map((event) => ({ event, channels: mail.includes(event) ? ['mail'] : [] })),
      }
      await http.post('/sys/notify/prefs', body)
      void message.success(t('notify.prefs.saved'))
      onClose()
    } catch {
      // the http client has shown the server's refusal
    } finally {
      setSaving(false)
    }
  }

  return (
    <Modal
      open={open}
      title={t('notify.prefs.title')}
      okText={t('common.actions.ok')}
      cancelText={t('common.actions.cancel')}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      okButtonProps={{ disabled: !prefs.isSuccess, loading: saving }}
      destroyOnHidden
    >
      <Spin spinning={prefs.isLoading}>
        {prefs.data && !prefs.data.mailConfigured && (
          <Alert type="warning" showIcon title={t('notify.prefs.noMail')} style={{ marginBottom: 12 }} />
        )}
        <Form form={form} layout="vertical" data-testid="notify-prefs">
          <Form.Item name="mail" label={t('notify.prefs.intro')}>
            <Checkbox.Group
              style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
              options={NOTIFY_EVENTS.map((e) => ({ value: e, label: t(`notify.prefs.events.${e}`) }))}
            />
          </Form.Item>
          <Form.Item name="lang" label={t('notify.prefs.lang')}>
            <Radio.Group
              options={[
                { value: 'zh', label: '中文' },
                { value: 'en', label: 'English' },
              ]}
            />
          </Form.Item>
        </Form>
      </Spin>
    </Modal>
  )
}
