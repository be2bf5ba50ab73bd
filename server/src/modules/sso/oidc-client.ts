import { Errors } from '@app/contracts'
import * as oidc from 'openid-client'
import type { OidcConfig } from '../../config.ts'
import { AppError } from '../../platform/errors.ts'

/** How long the provider's metadata is kept before it is discovered again (keys are fetched as needed). */
const DISCOVERY_TTL_MS = 10 * 60_000
/** Seconds a call to the provider may take. */
const TIMEOUT_S = 10

/** Whether an error is the provider out of reach (refused, reset, timed out) rather than a bad answer. */
export const isUnreachable = (error: unknown): boolean => {
  for (let e: unknown = error, depth = 0; e && depth < 6; e = (e as { cause?: unknown }).cause, depth++) {
    const { name, message, code } = e as { name?: string; message?: string; code?: string }
    if (name === 'AbortError' || name === 'TimeoutError') return true
    if (name === 'TypeError' && message === 'fetch failed') return true
    if (
      code &&
      ['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'EHOSTUNREACH', 'ETIMEDOUT', 'UND_ERR_CONNECT_TIMEOUT'].includes(code)
    )
      return true
  }
  return false
}

export type SignInStart = { url: string; state: string; nonce: string; codeVerifier: string }

/**
 * The relying party (openid-client, certified): discovery, the authorization request with PKCE,
 * state and nonce, the code's exchange with every check of the ID token (signature against the
 * provider's keys, issuer, audience, expiry, nonce), and the provider's logout URL.
 */
export const createOidcClient = (settings: OidcConfig, log: { warn: (o: object, m: string) => void }) => {
  let kept: { config: Promise<oidc.Configuration>; at: number } | undefined

  const configuration = async (): Promise<oidc.Configuration> => {
    if (!kept || Date.now() - kept.at > DISCOVERY_TTL_MS) {
      const issuer = new URL(settings.issuer)
      const config = oidc.discovery(
        issuer,
        settings.clientId,
        settings.clientSecret,
        settings.clientSecret ? oidc.ClientSecretPost(settings.clientSecret) : oidc.None(),
        {
          timeout: TIMEOUT_S,
          // plain http is for a provider on this machine or a closed network (the simulator)
          execute: [
            oidc.enableNonRepudiationChecks,
            ...(issuer.protocol === 'http:' ? [oidc.allowInsecureRequests] : []),
          ],
        },
      )
      kept = { config, at: Date.now() }
      // a failed discovery is tried again by the next sign-in
      config.catch(() => {
        if (kept?.config === config) kept = undefined
      })
    }
    try {
      return await kept.config
    } catch (error) {
      log.warn({ err: error, issuer: settings.issuer }, 'OpenID provider discovery failed')
      throw new AppError(Errors.SsoUnavailable)
    }
  }

  return {
    configuration,

    async start(redirectUri: string, uiLocale: string): Promise<SignInStart> {
      const config = await configuration()
      const codeVerifier = oidc.randomPKCECodeVerifier()
      const state = oidc.randomState()
      const nonce = oidc.randomNonce()
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: settings.scopes,
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
        ui_locales: uiLocale,
      })
      return { url: url.href, state, nonce, codeVerifier }
    },

    /** The checked ID token's claims and the token itself (kept server-side for the logout). */
    async finish(
      callbackUrl: URL,
      checks: { state: string; nonce: string; codeVerifier: string },
    ): Promise<{ claims: Record<string, unknown>; idToken: string }> {
      const config = await configuration()
      try {
        const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
          expectedState: checks.state,
          expectedNonce: checks.nonce,
          pkceCodeVerifier: checks.codeVerifier,
          idTokenExpected: true,
        })
        const claims = tokens.claims()
        if (!claims || !tokens.id_token) throw new AppError(Errors.SsoAnswerInvalid)
        return { claims: { ...claims }, idToken: tokens.id_token }
      } catch (error) {
        if (error instanceof AppError) throw error
        if (error instanceof oidc.AuthorizationResponseError && error.error === 'access_denied') {
          throw new AppError(Errors.SsoCancelled)
        }
        log.warn({ err: error, issuer: settings.issuer }, 'OpenID sign-in refused')
        throw new AppError(isUnreachable(error) ? Errors.SsoUnavailable : Errors.SsoAnswerInvalid)
      }
    },

    /** RP-initiated logout, when the provider offers it. */
    async endSessionUrl(idToken: string, postLogoutRedirectUri: string): Promise<string | null> {
      let config: oidc.Configuration
      try {
        config = await configuration()
      } catch {
        return null // the product's token ends whatever the provider's state
      }
      if (!config.serverMetadata().end_session_endpoint) return null
      return oidc.buildEndSessionUrl(config, {
        id_token_hint: idToken,
        post_logout_redirect_uri: postLogoutRedirectUri,
      }).href
    },
  }
}

export type OidcClient = ReturnType<typeof createOidcClient>
