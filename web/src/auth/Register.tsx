import { PASSWORD_MIN_LENGTH, UsernameSchema } from '@app/contracts'
import { Alert, Button, Card, Form, Input } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router'
import { failureText } from '../api/http.ts'
import { systemApi } from '../api/system.ts'
import { useDocumentTitle } from '../layout/useSystemTitle.ts'
import { repeatsRule } from './password-rules.ts'

type RegisterForm = { username: string; realname?: string; password: string; confirmPassword: string }

/** SPEC 5: account, password and confirmation required; passwords must match ('密码不一致'). */
export const Register = () => {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  useDocumentTitle(t('auth.register.title'))

  const submit = async (values: RegisterForm) => {
    setBusy(true)
    setError(null)
    try {
      const created = await systemApi.register({ ...values, username: values.username.trim() })
      navigate(`/user/register-result?username=${encodeURIComponent(created.username)}`)
    } catch (e) {
      setError(failureText(e))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Card title={t('auth.register.title')}>
      <Form<RegisterForm> layout="vertical" onFinish={submit} size="large">
        {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
        <Form.Item
          name="username"
          label={t('auth.register.username')}
          rules={[
            { required: true, whitespace: true, message: t('auth.register.usernameRequired') },
            {
              validator: async (_, v?: string) => {
                if (v?.trim() && !UsernameSchema.safeParse(v).success) throw new Error(t('auth.register.usernameRule'))
              },
            },
          ]}
        >
          <Input autoComplete="username" />
        </Form.Item>
        <Form.Item name="realname" label={t('auth.register.realname')}>
          <Input autoComplete="name" maxLength={50} />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('auth.register.password')}
          rules={[
            { required: true, message: t('auth.register.passwordRequired') },
            { min: PASSWORD_MIN_LENGTH, message: t('auth.register.passwordRule', { min: PASSWORD_MIN_LENGTH }) },
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          label={t('auth.register.confirmPassword')}
          dependencies={['password']}
          rules={[
            { required: true, message: t('auth.register.confirmRequired') },
            repeatsRule('password', t('auth.register.mismatch')),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={busy}>
          {t('auth.register.submit')}
        </Button>
        <div style={{ marginTop: 12, textAlign: 'right' }}>
          <Link to="/user/login">{t('auth.register.toLogin')}</Link>
        </div>
      </Form>
    </Card>
  )
}
