import { Errors } from '@app/contracts'
import { useEffect, useRef } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { ApiError } from '../api/http.ts'
import { HOME_PATH, LOGIN_PATH } from '../config/constants.ts'
import { PageLoading } from '../layout/PageLoading.tsx'
import { session } from './session.ts'
import { ssoApi } from './sso.ts'

/**
 * Where the server sends the browser after the identity provider: the one-time ticket becomes the
 * product's token, stored as a password sign-in stores it; a refusal goes back to the login page.
 */
export const SsoLanding = () => {
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const started = useRef(false)

  useEffect(() => {
    if (started.current) return
    started.current = true
    const ticket = params.get('ticket') ?? ''
    const refuse = (code: number) => navigate(`${LOGIN_PATH}?ssoError=${code}`, { replace: true })
    if (!ticket) {
      refuse(Errors.SsoRequestInvalid.code)
      return
    }
    ssoApi
      .exchange(ticket)
      .then(async ({ redirect, ...result }) => {
        ;(await import('../api/queries.ts')).queryClient.clear()
        session.signIn(result)
        navigate(redirect ?? HOME_PATH, { replace: true })
      })
      .catch((e: unknown) => refuse(e instanceof ApiError && e.code ? e.code : Errors.SsoRequestInvalid.code))
  }, [navigate, params])

  return <PageLoading />
}
