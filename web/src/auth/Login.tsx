import { CloseCircleFilled, LockOutlined, UserOutlined } from '@ant-design/icons'
import { RoleCode } from '@app/contracts'
import { theme } from 'antd'
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { failureText } from '../api/http.ts'
import { useSettings } from '../api/settings.ts'
import { systemApi } from '../api/system.ts'
import { HOME_PATH } from '../config/constants.ts'
import { prefetchSignedIn } from '../layout/shell-loader.ts'
import { useDocumentTitle } from '../layout/useSystemTitle.ts'
import { LoginInput } from './LoginInput.tsx'
import { PublicCard } from './PublicCard.tsx'
import { session } from './session.ts'
import { ssoAuthorizeHref, ssoErrorText } from './sso.ts'

const DEMO_PASSWORD = 'Demo@2026'
const DEMO_USERS = ['admin', ...Object.values(RoleCode)] as const

type LoginForm = { username: string; password: string }

/** Only a same-site path is followed after login (never an absolute URL from the query). */
const safeRedirect = (value: string | null) =>
  value?.startsWith('/') && !value.startsWith('//') && !value.startsWith('/user/') ? value : HOME_PATH

type Field = keyof LoginForm

/** A labelled field with its message below, laid out like antd's vertical form. */
const LoginField = ({
  id,
  label,
  error,
  children,
}: {
  id: string
  label: string
  error?: string
  children: ReactNode
}) => {
  const { token } = theme.useToken()
  return (
    <div style={{ marginBottom: token.marginLG }}>
      <label htmlFor={id} style={{ display: 'block', paddingBottom: token.paddingXS, fontSize: token.fontSizeLG }}>
        {label}
      </label>
      {children}
      {error && (
        <div role="alert" style={{ color: token.colorError, marginTop: 2 }}>
          {error}
        </div>
      )}
    </div>
  )
}

/** A refusal above the form (the server's text, or single sign-on's in the user's language). */
const LoginError = ({ text }: { text: string }) => {
  const { token } = theme.useToken()
  return (
    <div
      role="alert"
      data-testid="login-error"
      style={{
        display: 'flex',
        gap: token.marginXS,
        alignItems: 'baseline',
        marginBottom: token.margin,
        padding: `${token.paddingXS}px ${token.paddingSM}px`,
        background: token.colorErrorBg,
        border: `1px solid ${token.colorErrorBorder}`,
        borderRadius: token.borderRadiusLG,
      }}
    >
      <CloseCircleFilled style={{ color: token.colorError }} />
      {text}
    </div>
  )
}

/**
 * SPEC 5 sign-in: a plain form of two required fields. antd's Form, Input and Alert would bring
 * the form store, validators and popups: the login page would pass its budget (scripts/web-budget.mjs).
 */
export const Login = () => {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const [values, setValues] = useState<LoginForm>({ username: '', password: '' })
  const [missing, setMissing] = useState<Partial<Record<Field, string>>>({})
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const settings = useSettings()
  const sso = settings?.sso
  // a refusal the server sent back from single sign-on, until the next attempt
  const [ssoShown, setSsoShown] = useState(true)
  const ssoError = ssoShown ? ssoErrorText(params.get('ssoError')) : null
  const shownError = error ?? ssoError
  const { token } = theme.useToken()
  useDocumentTitle(t('auth.login.title'))
  // the password hash, fetched once the form shows: ready by the time it is sent
  useEffect(() => void import('../api/hash.ts'), [])

  const required: Record<Field, string> = {
    username: t('auth.login.usernameRequired'),
    password: t('auth.login.passwordRequired'),
  }
  const check = (next: LoginForm) => ({
    ...(next.username.trim() ? {} : { username: required.username }),
    ...(next.password ? {} : { password: required.password }),
  })
  // the first keystroke (or demo account) fetches what signing in opens next
  const prefetched = useRef(false)
  const prefetch = () => {
    if (prefetched.current) return
    prefetched.current = true
    void prefetchSignedIn()
  }
  const change = (field: Field, value: string) => {
    prefetch()
    const next = { ...values, [field]: value }
    setValues(next)
    setMissing((was) => ({ ...was, [field]: check(next)[field] }))
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const problems = check(values)
    setMissing(problems)
    if (Object.keys(problems).length > 0) return
    setBusy(true)
    setError(null)
    setSsoShown(false)
    try {
      const result = await systemApi.login(values.username.trim(), values.password)
      // nothing of a previous user's stays cached (the query client comes with the signed-in app)
      ;(await import('../api/queries.ts')).queryClient.clear()
      session.signIn(result)
      navigate(safeRedirect(params.get('redirect')), { replace: true })
    } catch (e) {
      setError(failureText(e))
    } finally {
      setBusy(false)
    }
  }

  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: token.marginLG }}>
      <PublicCard title={t('auth.login.title')}>
        {sso?.only && shownError && <LoginError text={shownError} />}
        {!sso?.only && (
          <form onSubmit={submit} noValidate>
            {shownError && <LoginError text={shownError} />}
            <LoginField id="login-username" label={t('auth.login.username')} error={missing.username}>
              <LoginInput
                id="login-username"
                prefix={<UserOutlined />}
                autoComplete="username"
                autoFocus
                value={values.username}
                invalid={Boolean(missing.username)}
                onChange={(e) => change('username', e.target.value)}
              />
            </LoginField>
            <LoginField id="login-password" label={t('auth.login.password')} error={missing.password}>
              <LoginInput
                id="login-password"
                secret
                prefix={<LockOutlined />}
                autoComplete="current-password"
                value={values.password}
                invalid={Boolean(missing.password)}
                onChange={(e) => change('password', e.target.value)}
              />
            </LoginField>
            <button type="submit" className="primary-button" disabled={busy} aria-busy={busy}>
              {busy && <span className="page-spinner small" aria-hidden="true" />}
              {t('auth.login.submit')}
            </button>
            <div style={{ marginTop: 12, textAlign: 'right' }}>
              <Link to="/user/register">{t('auth.login.register')}</Link>
            </div>
          </form>
        )}
        {sso && (
          <>
            {!sso.only && <div className="login-or">{t('auth.login.or')}</div>}
            {/* a navigation, not a call: the server answers it with a redirect to the provider */}
            <a className="sso-button" data-testid="sso-login" href={ssoAuthorizeHref(params.get('redirect'))}>
              {t('auth.login.sso', { name: sso.displayName })}
            </a>
          </>
        )}
      </PublicCard>
      {settings?.demoMode && !sso?.only && (
        <PublicCard small title={t('auth.login.demoTitle')} data-testid="demo-accounts">
          <p style={{ margin: '0 0 8px', color: token.colorTextSecondary }}>
            {t('auth.login.demoHint', { password: DEMO_PASSWORD })}
          </p>
          {/* a plain table: antd's Table (sorting, paging, selection) would weigh more than the whole login page */}
          <table className="demo-accounts">
            <thead>
              <tr>
                <th>{t('auth.login.demoAccount')}</th>
                <th>{t('auth.login.demoRole')}</th>
              </tr>
            </thead>
            <tbody>
              {DEMO_USERS.map((username) => (
                <tr key={username}>
                  <td>
                    <button
                      type="button"
                      className="link-button"
                      onClick={() => {
                        prefetch()
                        setValues({ username, password: DEMO_PASSWORD })
                        setMissing({})
                      }}
                    >
                      {username}
                    </button>
                  </td>
                  <td>{t(`auth.demoRoles.${username}`)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </PublicCard>
      )}
    </div>
  )
}
