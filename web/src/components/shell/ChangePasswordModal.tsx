import { PASSWORD_MIN_LENGTH } from '@app/contracts'
import { Alert, App, Form, Input, Modal } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { failureText } from '../../api/http.ts'
import { systemApi } from '../../api/system.ts'
import { repeatsRule } from '../../auth/password-rules.ts'

type Values = { oldPassword: string; newPassword: string; confirmPassword: string }

/**
 * Change password (SPEC 5): old, new and confirmation required; the confirmation must equal the new
 * one ('Inconsistent passwords', 400146); both are sent hashed. Server refusals (old password wrong,
 * same as the old one) show inside the dialog.
 */
export const ChangePasswordModal = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const [form] = Form.useForm<Values>()
  const [saving, setSaving] = useState(false)
  const [error, setError] = useState<string | null>(null)

  const close = () => {
    form.resetFields()
    setError(null)
    onClose()
  }

  const submit = async () => {
    const values = await form.validateFields()
    setSaving(true)
    setError(null)
    try {
      await systemApi.editPassword(values.oldPassword, values.newPassword)
      void message.success(t('shell.password.changed'))
      close()
    } catch (e) {
      setError(failureText(e))
    } finally {
      setSaving(false)
    }
  }

  return (
    <Modal
      open={open}
      title={t('shell.password.title')}
      okText={t('common.actions.ok')}
      cancelText={t('common.actions.cancel')}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={close}
      confirmLoading={saving}
      data-testid="password-dialog"
    >
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid="password-error" />}
      <Form form={form} layout="vertical" requiredMark onFinish={() => void submit()}>
        <Form.Item
          name="oldPassword"
          label={t('shell.password.old')}
          rules={[{ required: true, message: t('shell.password.oldRequired') }]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          name="newPassword"
          label={t('shell.password.new')}
          rules={[
            { required: true, message: t('shell.password.newRequired') },
            { min: PASSWORD_MIN_LENGTH, message: t('shell.password.newRule', { min: PASSWORD_MIN_LENGTH }) },
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          label={t('shell.password.confirm')}
          dependencies={['newPassword']}
          rules={[
            { required: true, message: t('shell.password.confirmRequired') },
            repeatsRule('newPassword', t('shell.password.mismatch')),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  )
}
