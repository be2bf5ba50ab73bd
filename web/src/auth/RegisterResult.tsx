import { Button, Card, Result } from 'antd'
import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import { useDocumentTitle } from '../layout/useSystemTitle.ts'

/** Tells a new account that it waits, disabled, for an administrator. */
export const RegisterResult = () => {
  const { t } = useTranslation()
  const [params] = useSearchParams()
  const username = params.get('username') ?? ''
  useDocumentTitle(t('auth.register.title'))
  return (
    <Card>
      <Result
        status="success"
        title={t('auth.registerResult.title', { username })}
        subTitle={t('auth.registerResult.pending')}
        extra={
          <Link to="/user/login">
            <Button type="primary">{t('auth.registerResult.toLogin')}</Button>
          </Link>
        }
      />
    </Card>
  )
}
