import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons'
import { type InputHTMLAttributes, type ReactNode, useState } from 'react'
import { useTranslation } from 'react-i18next'

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'prefix'> & {
  prefix: ReactNode
  invalid?: boolean
  /** A password: typed as dots, with a button to show it. */
  secret?: boolean
}

/**
 * A large input with an icon, drawn like antd's (styles.css, `.login-input`). antd's Input brings
 * its form context, the form store and popups with it: a third of the login page's bytes.
 */
export const LoginInput = ({ prefix, invalid = false, secret = false, ...input }: Props) => {
  const { t } = useTranslation()
  const [shown, setShown] = useState(false)
  return (
    <span className={invalid ? 'login-input is-error' : 'login-input'}>
      {prefix}
      <input {...input} type={secret && !shown ? 'password' : 'text'} aria-invalid={invalid} />
      {secret && (
        <button type="button" aria-label={t('auth.login.reveal')} onClick={() => setShown((s) => !s)}>
          {shown ? <EyeOutlined /> : <EyeInvisibleOutlined />}
        </button>
      )}
    </span>
  )
}
