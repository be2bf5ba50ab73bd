import { createPrivateKey, createSign, generateKeyPairSync, type KeyObject, randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import Provider from 'oidc-provider'

/**
 * A local OpenID provider (oidc-provider, certified) for trying single sign-on and for the tests
 * (`npm run idp:sim`): its own login page in Chinese or English (`ui_locales`), the accounts it is
 * given, one confidential client, consent taken as given, RP-initiated logout, and the profile,
 * e-mail, groups and locale claims in the ID token. `tamper` rewrites the ID tokens its token endpoint
 * answers, for tests of what the product must refuse.
 */
export type SimAccount = {
  /** The account's `sub` and `preferred_username`. */
  username: string
  password: string
  name: string
  email: string
  groups: string[]
  /** The OpenID `locale` claim (`en-GB`, `zh-CN`), sent when set. */
  locale?: string
}

export type Tamper = (payload: Record<string, unknown>) => { payload: Record<string, unknown>; foreignKey?: boolean }

export type IdpSimOptions = {
  port?: number
  host?: string
  clientId: string
  clientSecret: string
  redirectUris: string[]
  postLogoutRedirectUris: string[]
  accounts: SimAccount[]
}

const texts = {
  zh: {
    title: '演示身份提供方',
    login: '登录账号',
    password: '密码',
    submit: '登录',
    wrong: '账号或密码错误',
    logout: '要退出演示身份提供方吗？',
    logoutYes: '退出',
    done: '已退出',
  },
  en: {
    title: 'Demo identity provider',
    login: 'Username',
    password: 'Password',
    submit: 'Sign in',
    wrong: 'Wrong username or password',
    logout: 'Sign out of the demo identity provider?',
    logoutYes: 'Sign out',
    done: 'Signed out',
  },
}
type Texts = (typeof texts)['en']

const langOf = (locales: unknown) => (typeof locales === 'string' && locales.startsWith('en') ? 'en' : 'zh')
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
const page = (t: Texts, lang: string, body: string) =>
  `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>${t.title}</title><style>body{font-family:sans-serif;background:#f0f2f5}main{width:320px;margin:80px auto;padding:24px;background:#fff;border-radius:8px}label{display:block;margin:12px 0 4px}input{width:100%;box-sizing:border-box;padding:6px}button{margin-top:16px;width:100%;padding:8px}.error{color:#c00}</style></head><body><main><h1>${t.title}</h1>${body}</main></body></html>`

const readForm = async (req: IncomingMessage) => {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'))
}

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
const signRs256 = (header: Record<string, unknown>, payload: Record<string, unknown>, key: KeyObject) => {
  const data = `${b64url(header)}.${b64url(payload)}`
  return `${data}.${createSign('RSA-SHA256').update(data).sign(key).toString('base64url')}`
}

export const createIdpSimulator = async (options: IdpSimOptions) => {
  const host = options.host ?? '127.0.0.1'
  const server: Server = createServer()
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, host, resolve))
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  const issuer = `http://${host}:${port}`

  const signing = generateKeyPairSync('rsa', { modulusLength: 2048 })
  const jwk = { ...signing.privateKey.export({ format: 'jwk' }), kid: 'sim-1', alg: 'RS256', use: 'sig' }
  const foreign = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey
  const accounts = new Map(options.accounts.map((a) => [a.username.toLowerCase(), a]))
  let tamper: Tamper | undefined

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: options.redirectUris,
        post_logout_redirect_uris: options.postLogoutRedirectUris,
        token_endpoint_auth_method: 'client_secret_post',
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    jwks: { keys: [jwk] },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    pkce: { required: () => true },
    scopes: ['openid', 'profile', 'email'],
    // the groups come with the profile, so the product's default scopes carry them
    claims: {
      openid: ['sub'],
      profile: ['name', 'preferred_username', 'groups', 'locale'],
      email: ['email', 'email_verified'],
    },
    // the claims in the ID token too, as Entra ID and Keycloak send them
    conformIdTokenClaims: false,
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx: { body: string; oidc: { params?: { ui_locales?: string } } }, form: string) => {
          const lang = langOf(ctx.oidc.params?.ui_locales)
          const t = texts[lang]
          ctx.body = page(
            t,
            lang,
            `<p>${t.logout}</p>${form}<button type="submit" form="op.logoutForm" name="logout" value="yes" autofocus>${t.logoutYes}</button>`,
          )
        },
        postLogoutSuccessSource: async (ctx: { body: string }) => {
          ctx.body = page(texts.zh, 'zh', `<p>${texts.zh.done} / ${texts.en.done}</p>`)
        },
      },
    },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    findAccount: async (_ctx: unknown, id: string) => {
      const account = accounts.get(id.toLowerCase())
      if (!account) return undefined
      return {
        accountId: account.username,
        claims: async () => ({
          sub: account.username,
          preferred_username: account.username,
          name: account.name,
          email: account.email,
          email_verified: true,
          groups: account.groups,
          ...(account.locale ? { locale: account.locale } : {}),
        }),
      }
    },
    ttl: { Session: 3600, Interaction: 600, Grant: 3600, IdToken: 600, AccessToken: 600, AuthorizationCode: 60 },
  })
  provider.proxy = false
  const callback = provider.callback()

  const loginForm = (uid: string, lang: 'zh' | 'en', login = '', error = '') => {
    const t = texts[lang]
    return page(
      t,
      lang,
      `${error ? `<p class="error" role="alert">${t.wrong}</p>` : ''}<form method="post" action="/interaction/${esc(uid)}/login"><label for="login">${t.login}</label><input id="login" name="login" autocomplete="username" value="${esc(login)}" autofocus><label for="password">${t.password}</label><input id="password" name="password" type="password" autocomplete="current-password"><button type="submit">${t.submit}</button></form>`,
    )
  }

  const send = (res: ServerResponse, status: number, html: string) => {
    res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
    res.end(html)
  }

  const interaction = async (req: IncomingMessage, res: ServerResponse, uid: string, action: string | undefined) => {
    const details = await provider.interactionDetails(req, res)
    const lang = langOf(details.params.ui_locales)
    if (details.prompt.name === 'login') {
      if (action !== 'login' || req.method !== 'POST') return send(res, 200, loginForm(uid, lang))
      const form = await readForm(req)
      const login = form.get('login') ?? ''
      const account = accounts.get(login.toLowerCase())
      if (!account || account.password !== form.get('password'))
        return send(res, 200, loginForm(uid, lang, login, 'wrong'))
      return provider.interactionFinished(
        req,
        res,
        { login: { accountId: account.username } },
        { mergeWithLastSubmission: false },
      )
    }
    // consent: the product is the group's own application, so what it asks for is granted
    const { prompt, params, session, grantId } = details
    const grant = grantId
      ? await provider.Grant.find(grantId)
      : new provider.Grant({ accountId: session.accountId, clientId: params.client_id })
    if (prompt.details.missingOIDCScope) grant.addOIDCScope(prompt.details.missingOIDCScope.join(' '))
    if (prompt.details.missingOIDCClaims) grant.addOIDCClaims(prompt.details.missingOIDCClaims)
    return provider.interactionFinished(
      req,
      res,
      { consent: { grantId: await grant.save() } },
      { mergeWithLastSubmission: true },
    )
  }

  /** The token endpoint's answer with its ID token rewritten (and signed again) by `tamper`. */
  const tampered = (res: ServerResponse) => {
    const end = res.end.bind(res) as (chunk?: unknown, ...rest: unknown[]) => ServerResponse
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      if (tamper && chunk && res.statusCode === 200) {
        const body = JSON.parse(String(chunk)) as { id_token?: string }
        if (body.id_token) {
          const [header, payload] = body.id_token.split('.')
          const changed = tamper(JSON.parse(Buffer.from(payload ?? '', 'base64url').toString('utf8')))
          const key = changed.foreignKey ? foreign : createPrivateKey({ key: jwk, format: 'jwk' })
          body.id_token = signRs256(
            JSON.parse(Buffer.from(header ?? '', 'base64url').toString('utf8')),
            changed.payload,
            key,
          )
          const text = JSON.stringify(body)
          res.setHeader('content-length', Buffer.byteLength(text))
          return end(text, ...rest)
        }
      }
      return end(chunk, ...rest)
    }) as typeof res.end
  }

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/'
    const match = /^\/interaction\/([^/]+)(?:\/(login))?$/.exec(path)
    if (match?.[1]) {
      interaction(req, res, match[1], match[2]).catch((error: unknown) => {
        if (!res.headersSent) send(res, 400, page(texts.en, 'en', `<p class="error">${esc(String(error))}</p>`))
      })
      return
    }
    if (path === '/token') tampered(res)
    callback(req, res)
  })

  return {
    issuer,
    port,
    /** Rewrites the ID tokens answered from now on (undefined: as issued). */
    setTamper(next: Tamper | undefined) {
      tamper = next
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

export type IdpSimulator = Awaited<ReturnType<typeof createIdpSimulator>>
