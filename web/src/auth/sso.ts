import { errorText, type LoginResult, type SsoEndSession } from '@app/contracts'
import { http } from '../api/http.ts'
import { currentLang } from '../i18n/index.ts'

/**
 * Single sign-on through the group's identity provider (issue 39). The login page's button is a
 * plain link: the server answers it with a redirect to the provider, and the provider's answer
 * comes back to the server, which sends the browser to `/user/sso?ticket=...` (or back to the login
 * page with `ssoError`, a catalogue code). The ticket is good once, for the product's own token;
 * nothing of the provider's tokens reaches the browser.
 */
export const ssoAuthorizeHref = (redirect: string | null) => {
  const query = new URLSearchParams({ lang: currentLang() })
  if (redirect) query.set('redirect', redirect)
  return `/api/sys/sso/authorize?${query}`
}

/** The refusal the server sent the browser back with, in the user's language. */
export const ssoErrorText = (code: string | null) => {
  if (!code) return null
  return errorText(Number(code), currentLang()) ?? null
}

export const ssoApi = {
  exchange: (ticket: string) =>
    http.post<LoginResult & { redirect: string | null }>('/sys/sso/exchange', { ticket }, { silent: true }),
  /** The provider's logout address for this session (null after a password sign-in). */
  endSession: () => http.get<SsoEndSession>('/sys/sso/endSession', undefined, { silent: true, signingOut: true }),
}
