import { LockOutlined, UserOutlined } from '@ant-design/icons'
import { RoleCode } from '@app/contracts'
import { useQuery } from '@tanstack/react-query'
import { Alert, Button, Card, Form, Input, Space, Table, Typography } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { failureText } from '../api/http.ts'
import { queryClient, settingsQuery } from '../api/queries.ts'
import { systemApi } from '../api/system.ts'
import { HOME_PATH } from '../config/constants.ts'
import { useDocumentTitle } from '../layout/useSystemTitle.ts'
import { session } from './session.ts'

const DEMO_PASSWORD = 'Demo@2026'
const DEMO_USERS = ['admin', ...Object.values(RoleCode)] as const

type LoginForm = { username: string; password: string }

/** Only a same-site path is followed after login (never an absolute URL from the query). */
const safeRedirect = (value: string | null) =>
  value?.startsWith('/') && !value.startsWith('//') && !value.startsWith('/user/') ? value : HOME_PATH

export const Login = () => {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const [form] = Form.useForm<LoginForm>()
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const { data: settings } = useQuery(settingsQuery)
  useDocumentTitle(t('auth.login.title'))

  const submit = async ({ username, password }: LoginForm) => {
    setBusy(true)
    setError(null)
    try {
      const result = await systemApi.login(username.trim(), password)
      queryClient.clear()
      session.signIn(result)
      navigate(safeRedirect(params.get('redirect')), { replace: true })
    } catch (e) {
      setError(failureText(e))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <Card title={t('auth.login.title')}>
        <Form form={form} layout="vertical" onFinish={submit} requiredMark={false} size="large">
          {error && (
            <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} data-testid="login-error" />
          )}
          <Form.Item
            name="username"
            label={t('auth.login.username')}
            rules={[{ required: true, whitespace: true, message: t('auth.login.usernameRequired') }]}
          >
            <Input prefix={<UserOutlined />} autoComplete="username" autoFocus />
          </Form.Item>
          <Form.Item
            name="password"
            label={t('auth.login.password')}
            rules={[{ required: true, message: t('auth.login.passwordRequired') }]}
          >
            <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={busy}>
            {t('auth.login.submit')}
          </Button>
          <div style={{ marginTop: 12, textAlign: 'right' }}>
            <Link to="/user/register">{t('auth.login.register')}</Link>
          </div>
        </Form>
      </Card>
      {settings?.demoMode && (
        <Card size="small" title={t('auth.login.demoTitle')} data-testid="demo-accounts">
          <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
            {t('auth.login.demoHint', { password: DEMO_PASSWORD })}
          </Typography.Paragraph>
          <Table
            size="small"
            pagination={false}
            rowKey="username"
            dataSource={DEMO_USERS.map((username) => ({ username }))}
            columns={[
              {
                title: t('auth.login.demoAccount'),
                dataIndex: 'username',
                render: (username: string) => (
                  <Typography.Link onClick={() => form.setFieldsValue({ username, password: DEMO_PASSWORD })}>
                    {username}
                  </Typography.Link>
                ),
              },
              {
                title: t('auth.login.demoRole'),
                dataIndex: 'username',
                key: 'role',
                render: (username: (typeof DEMO_USERS)[number]) => t(`auth.demoRoles.${username}`),
              },
            ]}
          />
        </Card>
      )}
    </Space>
  )
}
