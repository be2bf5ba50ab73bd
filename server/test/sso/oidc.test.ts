import { createServer } from 'node:net'
import { Errors, errorText, type LoginResult, RoleCode } from '@app/contracts'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { departments, roles, sessions, userRoles, users } from '../../src/db/schema/index.ts'
import { DEMO_PASSWORD } from '../../src/db/seed/demo/organisation.ts'
import { productUris, SIM_CLIENT, simAccounts } from '../../src/modules/sso/sim-accounts.ts'
import { createIdpSimulator, type IdpSimulator } from '../../src/modules/sso/simulator.ts'
import { client, createTestApp, login, passwordOf, signedIn, type TestApp } from '../helpers/app.ts'

/** The product's address as the provider knows it (the app is reached through inject). */
const PRODUCT = 'http://127.0.0.1:3999'
const CALLBACK = `${PRODUCT}/api/sys/sso/callback`

let idp: IdpSimulator
let t: TestApp

const oidcEnv = (issuer: string, extra: Record<string, string> = {}) => ({
  OIDC_ISSUER: issuer,
  OIDC_CLIENT_ID: SIM_CLIENT.clientId,
  OIDC_CLIENT_SECRET: SIM_CLIENT.clientSecret,
  OIDC_DISPLAY_NAME: 'Group IdP',
  OIDC_REDIRECT_URI: CALLBACK,
  OIDC_POST_LOGOUT_REDIRECT_URI: `${PRODUCT}/user/login`,
  ...extra,
})

beforeAll(async () => {
  idp = await createIdpSimulator({
    ...SIM_CLIENT,
    ...productUris([PRODUCT]),
    accounts: [
      ...simAccounts(),
      { username: 'stranger', password: DEMO_PASSWORD, name: '陌生人', email: 'x@example.com', groups: ['staff'] },
      { username: 'mapped_one', password: DEMO_PASSWORD, name: '映射', email: 'm@example.com', groups: ['sso-sales'] },
      {
        username: 'overseas_one',
        password: DEMO_PASSWORD,
        name: 'Olga Ivanova',
        email: 'olga@example.com',
        groups: ['staff'],
        locale: 'ru-RU',
      },
      {
        username: 'domestic_one',
        password: DEMO_PASSWORD,
        name: '张敏',
        email: 'zhang@example.com',
        groups: ['staff'],
        locale: 'zh-CN',
      },
    ],
  })
  t = await createTestApp(oidcEnv(idp.issuer))
})
afterAll(async () => {
  await t?.close()
  await idp?.close()
})

/** A browser at the provider: its cookies, redirects followed by hand. */
const browser = () => {
  const jar = new Map<string, string>()
  const go = async (url: string, init: RequestInit = {}) => {
    const res = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: {
        ...(init.headers as Record<string, string>),
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
      },
    })
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';')
      const at = pair?.indexOf('=') ?? -1
      if (pair && at > 0) jar.set(pair.slice(0, at), pair.slice(at + 1))
    }
    return res
  }
  /** Signs in on the provider's page and answers the address it sends the browser back to. */
  const signInAt = async (authorizeUrl: string, username: string, password = DEMO_PASSWORD) => {
    let res = await go(authorizeUrl)
    for (let step = 0; step < 12; step++) {
      const location = res.headers.get('location')
      if (location) {
        const next = new URL(location, idp.issuer).href
        if (next.startsWith(PRODUCT)) return next
        res = await go(next)
        continue
      }
      const html = await res.text()
      const action = /action="([^"]+)"/.exec(html)?.[1]
      if (!action || res.status !== 200) throw new Error(`provider page ${res.status}: ${html.slice(0, 300)}`)
      const body = new URLSearchParams({ login: username, password })
      res = await go(new URL(action, idp.issuer).href, {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      })
      if (res.status === 200) throw new Error('the provider refused the password')
    }
    throw new Error('no way back to the product')
  }
  return { go, signInAt }
}

const product = (lang?: 'zh' | 'en') => client(t.app, undefined, lang)

/** The cookies the product set in the browser that signs in (one per sign-in started). */
const productCookies = new Map<string, string>()

/** The login page's button: the product's redirect to the provider. */
const authorize = async (redirect?: string, app = t.app) => {
  const res = await client(app).get('/api/sys/sso/authorize', { lang: 'zh', ...(redirect ? { redirect } : {}) })
  expect(res.status).toBe(302)
  for (const c of [res.headers['set-cookie'] ?? []].flat()) {
    const [pair = ''] = String(c).split(';')
    const [name = '', value = ''] = pair.split('=')
    productCookies.set(name, value)
  }
  return String(res.headers.location)
}

/** The provider's answer arriving at the product (in the browser that started it, unless told): where the product sends the browser. */
const callback = async (url: string, app = t.app, sameBrowser = true) => {
  const u = new URL(url)
  const cookie = [...productCookies].map(([k, v]) => `${k}=${v}`).join('; ')
  const res = await client(app).get(`${u.pathname}${u.search}`, undefined, sameBrowser && cookie ? { cookie } : {})
  expect(res.status).toBe(302)
  return String(res.headers.location)
}

const refusalOf = (location: string) => Number(new URL(location, PRODUCT).searchParams.get('ssoError'))
const ticketOf = (location: string) => new URL(location, PRODUCT).searchParams.get('ticket') ?? ''
const exchange = (ticket: string, lang?: 'zh' | 'en') =>
  product(lang).post<LoginResult & { redirect: string | null }>('/api/sys/sso/exchange', { ticket })

/** A whole sign-in: the product's token, or the refusal's code. */
const signInThrough = async (username: string, redirect?: string) => {
  const back = await callback(await browser().signInAt(await authorize(redirect), username))
  if (!ticketOf(back)) return { refused: refusalOf(back) }
  const res = await exchange(ticketOf(back))
  expect(res.status).toBe(200)
  return { result: res.body.result }
}

const countSessions = async () =>
  Number((await t.database.db.select({ n: sql<number>`count(*)` }).from(sessions))[0]?.n ?? 0)
const countUsers = async () => Number((await t.database.db.select({ n: sql<number>`count(*)` }).from(users))[0]?.n ?? 0)
const roleCodesOf = async (username: string) =>
  (
    await t.database.db
      .select({ code: roles.roleCode })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .innerJoin(users, eq(users.id, userRoles.userId))
      .where(eq(users.username, username))
  )
    .map((r) => r.code)
    .sort()

describe('signing in through the identity provider', () => {
  it('matches a known person by preferred_username and gives the product its own token, never the provider tokens', async () => {
    const location = await authorize('/sale/orderList')
    const asked = new URL(location)
    expect(asked.origin).toBe(idp.issuer)
    expect(asked.searchParams.get('code_challenge_method')).toBe('S256')
    for (const p of ['state', 'nonce', 'code_challenge']) expect(asked.searchParams.get(p)?.length).toBeGreaterThan(20)
    expect(asked.searchParams.get('redirect_uri')).toBe(CALLBACK)

    const back = await callback(await browser().signInAt(location, 'region_president'))
    expect(back).toMatch(/^\/user\/sso\?ticket=/)
    const res = await exchange(ticketOf(back))
    expect(res.status).toBe(200)
    const { token, userInfo, redirect } = res.body.result
    expect(userInfo).toMatchObject({ username: 'region_president', roles: ['region_president'] })
    expect(redirect).toBe('/sale/orderList')
    // the product's opaque token works as a password sign-in's does
    const me = await client(t.app, token).get('/api/sys/user/getCurrentUserDeparts')
    expect(me.status).toBe(200)
    // nothing of the provider's answer reaches the browser
    expect(JSON.stringify(res.body)).not.toMatch(/eyJ[\w-]+\.eyJ/)
    expect(token).not.toContain('.')

    // the ticket is good once
    const again = await exchange(ticketOf(back), 'en')
    expect(again.body).toMatchObject({
      success: false,
      code: Errors.SsoRequestInvalid.code,
      message: 'The sign-in request is not valid or has expired, please sign in again',
    })
  })

  it('ends the product token and offers the provider logout on sign-out', async () => {
    const { result } = await signInThrough('finance_admin')
    const signedInClient = client(t.app, result!.token)
    const end = await signedInClient.get<{ url: string | null }>('/api/sys/sso/endSession')
    const url = new URL(end.body.result.url ?? '')
    expect(`${url.origin}${url.pathname}`).toBe(`${idp.issuer}/session/end`)
    expect(url.searchParams.get('id_token_hint')).toMatch(/^eyJ/)
    expect(url.searchParams.get('post_logout_redirect_uri')).toBe(`${PRODUCT}/user/login`)
    expect((await signedInClient.get('/api/user/logout')).status).toBe(200)
    expect((await signedInClient.get('/api/sys/user/getCurrentUserDeparts')).status).toBe(401)

    // a password session has no provider to sign out of
    const password = await signedIn(t.app, 'finance_admin')
    expect((await password.get<{ url: string | null }>('/api/sys/sso/endSession')).body.result.url).toBeNull()
  })

  it('creates an unknown person disabled and without roles, waiting for an administrator', async () => {
    const before = await countSessions()
    expect(await signInThrough('stranger')).toEqual({ refused: Errors.AccountPendingApproval.code })
    const [created] = await t.database.db.select().from(users).where(eq(users.username, 'stranger'))
    // without a locale claim, the default language
    expect(created).toMatchObject({ status: '2', realname: '陌生人', email: 'x@example.com', lang: 'zh' })
    expect(await roleCodesOf('stranger')).toEqual([])
    // the next try still waits for an administrator, and makes no second account
    const usersNow = await countUsers()
    expect(await signInThrough('stranger')).toEqual({ refused: Errors.AccountPendingApproval.code })
    expect(await countUsers()).toBe(usersNow)
    expect(await countSessions()).toBe(before)
  })

  it("creates a person in the language of the provider's locale claim: Chinese for a Chinese one, English for any other", async () => {
    for (const username of ['overseas_one', 'domestic_one'])
      expect(await signInThrough(username)).toEqual({ refused: Errors.AccountPendingApproval.code })
    const langOf = async (username: string) =>
      (await t.database.db.select({ lang: users.lang }).from(users).where(eq(users.username, username)))[0]?.lang
    expect(await langOf('overseas_one')).toBe('en')
    expect(await langOf('domestic_one')).toBe('zh')
  })

  it('creates a person of a mapped group with its role and department, and roles follow the groups', async () => {
    const admin = await signedIn(t.app, 'admin')
    const roleId = async (code: string) =>
      (await t.database.db.select({ id: roles.id }).from(roles).where(eq(roles.roleCode, code)))[0]!.id
    const [dept] = await t.database.db.select().from(departments).where(eq(departments.orgCode, 'A01A02'))
    const added = await admin.post<{ id: string; version: number }>('/api/sys/ssoGroup/add', {
      groupName: 'sso-sales',
      roleId: await roleId(RoleCode.BranchAdmin),
      departId: dept!.id,
    })
    expect(added.status).toBe(200)
    const list = await admin.get<{ records: { groupName: string }[] }>('/api/sys/ssoGroup/list')
    expect(list.body.result.records.map((r) => r.groupName)).toContain('sso-sales')

    const first = await signInThrough('mapped_one')
    expect(first.result?.userInfo).toMatchObject({ username: 'mapped_one', roles: [RoleCode.BranchAdmin] })
    expect(first.result?.departs.map((d) => d.orgCode)).toEqual(['A01A02'])

    // the administrator maps the group to another role: the next sign-in follows it
    const edited = await admin.put('/api/sys/ssoGroup/edit', {
      id: added.body.result.id,
      version: added.body.result.version,
      roleId: await roleId(RoleCode.BranchFinance),
    })
    expect(edited.status).toBe(200)
    // a role given by hand stays
    const [mapped] = await t.database.db.select().from(users).where(eq(users.username, 'mapped_one'))
    await t.database.db.insert(userRoles).values({ userId: mapped!.id, roleId: await roleId(RoleCode.RegionPresident) })
    const second = await signInThrough('mapped_one')
    expect(second.result?.userInfo.roles?.slice().sort()).toEqual(
      [RoleCode.BranchFinance, RoleCode.RegionPresident].sort(),
    )
    expect(await roleCodesOf('mapped_one')).toEqual([RoleCode.BranchFinance, RoleCode.RegionPresident].sort())

    // the mapping removed: its role goes at the next sign-in, the hand-given one stays
    const removed = await admin.delete('/api/sys/ssoGroup/delete', { id: added.body.result.id })
    expect(removed.status).toBe(200)
    await signInThrough('mapped_one')
    expect(await roleCodesOf('mapped_one')).toEqual([RoleCode.RegionPresident])
  })

  it('refuses disabled and deleted users with the SPEC texts, changing nothing', async () => {
    // disabled by an administrator
    await t.database.db
      .update(users)
      .set({ status: '2', updateBy: sql`(select id from sys_user where username = 'admin')` })
      .where(eq(users.username, 'logistics_admin'))
    const before = await countSessions()
    expect(await signInThrough('logistics_admin')).toEqual({ refused: Errors.AccountDisabled.code })
    await t.database.db.update(users).set({ delFlag: true }).where(eq(users.username, 'logistics_admin'))
    expect(await signInThrough('logistics_admin')).toEqual({ refused: Errors.AccountDeleted.code })
    expect(await countSessions()).toBe(before)
    expect(errorText(Errors.AccountDeleted.code, 'en')).toBe('The account has been deleted')
  })
})

describe('the OpenAPI document', () => {
  it('lists the single sign-on routes with their inputs', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { parameters?: { name: string }[]; tags?: string[] }>>
    }
    for (const path of [
      '/api/sys/sso/authorize',
      '/api/sys/sso/callback',
      '/api/sys/sso/exchange',
      '/api/sys/sso/endSession',
    ])
      expect(doc.paths[path], path).toBeDefined()
    const callbackDoc = doc.paths['/api/sys/sso/callback']?.get
    expect(callbackDoc?.tags).toEqual(['sso'])
    expect(callbackDoc?.parameters?.map((p) => p.name)).toEqual(expect.arrayContaining(['code', 'state']))
    expect(doc.paths['/api/sys/ssoGroup/list']).toBeDefined()
  })
})

describe('matching by e-mail', () => {
  it('finds the user whose e-mail the provider sends, whatever their login account', async () => {
    const byEmail = await createTestApp(oidcEnv(idp.issuer, { OIDC_USER_CLAIM: 'email' }))
    try {
      const asked = await authorize(undefined, byEmail.app)
      const landed = await callback(await browser().signInAt(asked, 'finance_director'), byEmail.app)
      const ticket = ticketOf(landed)
      const res = await client(byEmail.app).post<LoginResult>('/api/sys/sso/exchange', { ticket })
      // the simulator's account sends finance_director@example.com, the seeded user's e-mail
      expect(res.body.result.userInfo.username).toBe('finance_director')
    } finally {
      await byEmail.close()
    }
  })
})

describe('bad answers are refused and change nothing', () => {
  let sessionsBefore = 0
  let usersBefore = 0
  beforeAll(async () => {
    sessionsBefore = await countSessions()
    usersBefore = await countUsers()
  })
  afterAll(async () => {
    idp.setTamper(undefined)
    expect(await countSessions()).toBe(sessionsBefore)
    expect(await countUsers()).toBe(usersBefore)
  })

  it('refuses a missing or unknown state', async () => {
    const url = new URL(await browser().signInAt(await authorize(), 'gm_president'))
    const code = url.searchParams.get('code') ?? ''
    expect(refusalOf(await callback(`${CALLBACK}?code=${code}`))).toBe(Errors.SsoRequestInvalid.code)
    expect(refusalOf(await callback(`${CALLBACK}?code=${code}&state=forged-state-value`))).toBe(
      Errors.SsoRequestInvalid.code,
    )
  })

  it('refuses a replayed answer and a replayed code', async () => {
    const answered = await browser().signInAt(await authorize(), 'gm_president')
    const first = await callback(answered)
    expect(ticketOf(first)).not.toBe('')
    // the same answer again: its state is used
    expect(refusalOf(await callback(answered))).toBe(Errors.SsoRequestInvalid.code)
    // the used code under a fresh sign-in's state: the provider refuses it
    const fresh = new URL(await authorize()).searchParams.get('state') ?? ''
    const replay = new URL(answered)
    replay.searchParams.set('state', fresh)
    expect(refusalOf(await callback(replay.href))).toBe(Errors.SsoAnswerInvalid.code)
    // (the first answer's ticket is never exchanged: no session)
  })

  it("refuses an answer arriving in a browser that did not start the sign-in (another person's callback link)", async () => {
    const answered = await browser().signInAt(await authorize(), 'gm_president')
    expect(refusalOf(await callback(answered, t.app, false))).toBe(Errors.SsoRequestInvalid.code)
  })

  it('refuses an ID token with another nonce', async () => {
    const asked = new URL(await authorize())
    asked.searchParams.set('nonce', 'a-nonce-this-sign-in-never-sent')
    const back = await browser().signInAt(asked.href, 'gm_president')
    expect(refusalOf(await callback(back))).toBe(Errors.SsoAnswerInvalid.code)
  })

  const tampered = async (change: Parameters<IdpSimulator['setTamper']>[0]) => {
    idp.setTamper(change)
    try {
      return refusalOf(await callback(await browser().signInAt(await authorize(), 'gm_president')))
    } finally {
      idp.setTamper(undefined)
    }
  }

  it('refuses an expired ID token', async () => {
    const now = Math.floor(Date.now() / 1000)
    expect(await tampered((p) => ({ payload: { ...p, iat: now - 7200, exp: now - 3600 } }))).toBe(
      Errors.SsoAnswerInvalid.code,
    )
  })

  it('refuses an ID token signed with another key', async () => {
    expect(await tampered((p) => ({ payload: p, foreignKey: true }))).toBe(Errors.SsoAnswerInvalid.code)
  })

  it('refuses an ID token of another issuer, or for another client', async () => {
    expect(await tampered((p) => ({ payload: { ...p, iss: 'http://127.0.0.1:1/other' } }))).toBe(
      Errors.SsoAnswerInvalid.code,
    )
    expect(await tampered((p) => ({ payload: { ...p, aud: 'another-client' } }))).toBe(Errors.SsoAnswerInvalid.code)
  })

  it('says so when the person cancels at the provider', async () => {
    const state = new URL(await authorize()).searchParams.get('state') ?? ''
    const back = await callback(`${CALLBACK}?error=access_denied&state=${state}&iss=${encodeURIComponent(idp.issuer)}`)
    expect(refusalOf(back)).toBe(Errors.SsoCancelled.code)
  })

  it('refuses an unknown ticket in the language asked', async () => {
    const res = await exchange('x'.repeat(43), 'zh')
    expect(res.body).toMatchObject({
      code: Errors.SsoRequestInvalid.code,
      message: '单点登录请求无效或已过期，请重新登录',
    })
  })
})

/** A loopback port nothing listens on. */
const closedPort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number }
      s.close(() => resolve(port))
    })
  })

describe('when the provider is down, and with OIDC_ONLY', () => {
  it('says the provider cannot be reached and the password form still works', async () => {
    const down = await createTestApp(oidcEnv(`http://127.0.0.1:${await closedPort()}`))
    try {
      const res = await client(down.app).get('/api/sys/sso/authorize', { lang: 'en' })
      expect(res.status).toBe(302)
      expect(refusalOf(String(res.headers.location))).toBe(Errors.SsoUnavailable.code)
      expect((await login(down.app, 'admin')).length).toBeGreaterThan(30)
      const settings = await client(down.app).get<{ sso: unknown }>('/api/sys/settings')
      expect(settings.body.result.sso).toEqual({ displayName: 'Group IdP', only: false })
    } finally {
      await down.close()
    }
  })

  it('refuses the password form and registration with OIDC_ONLY', async () => {
    const only = await createTestApp(oidcEnv(idp.issuer, { OIDC_ONLY: 'true' }))
    try {
      const res = await client(only.app, undefined, 'en').post('/api/sys/login', {
        username: 'admin',
        password: passwordOf(DEMO_PASSWORD),
      })
      expect(res.body).toMatchObject({
        code: Errors.PasswordLoginOff.code,
        message: 'Please sign in with single sign-on',
      })
      const reg = await client(only.app).post('/api/sys/user/register', {
        username: 'someone_new',
        password: passwordOf('Abcdef12'),
        confirmPassword: passwordOf('Abcdef12'),
      })
      expect(reg.body.code).toBe(Errors.PasswordLoginOff.code)
      expect((await client(only.app).get<{ sso: unknown }>('/api/sys/settings')).body.result.sso).toEqual({
        displayName: 'Group IdP',
        only: true,
      })
    } finally {
      await only.close()
    }
  })

  it('answers that single sign-on is not configured without OIDC_ISSUER', async () => {
    const res = await product().get('/api/sys/sso/authorize')
    expect(res.status).toBe(302) // configured here; the bare app below is not
    const bare = await createTestApp()
    try {
      const none = await client(bare.app).get('/api/sys/sso/authorize')
      expect(refusalOf(String(none.headers.location))).toBe(Errors.SsoNotConfigured.code)
      expect((await client(bare.app).get<{ sso: unknown }>('/api/sys/settings')).body.result.sso).toBeNull()
    } finally {
      await bare.close()
    }
  })
})
