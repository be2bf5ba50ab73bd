import { randomBytes } from 'node:crypto'
import { Errors, type Lang, type LoginResult } from '@app/contracts'
import { and, desc, eq, gt, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm'
import type { OidcConfig } from '../../config.ts'
import type { Db, DbOrTx } from '../../db/client.ts'
import {
  departments,
  ssoGroups,
  ssoLogins,
  ssoUserRoles,
  userDepartments,
  userRoles,
  users,
} from '../../db/schema/index.ts'
import { hashPassword } from '../../platform/auth/password.ts'
import type { SessionMeta } from '../../platform/auth/session.ts'
import { hashToken } from '../../platform/auth/tokens.ts'
import { AppError, fail } from '../../platform/errors.ts'
import { disabledRefusal } from '../system/auth.service.ts'
import type { OidcClient } from './oidc-client.ts'

/** From the redirect to the provider until its answer: longer than anyone takes to type a password. */
const ANSWER_WITHIN_MS = 10 * 60_000
/** From the answer until the browser exchanges its ticket (one redirect). */
const TICKET_WITHIN_MS = 60_000

/** A claim's value as text, if it is one. */
const textClaim = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined)

/**
 * A new person's own language (their mails') from the OpenID `locale` claim: Chinese for a Chinese
 * locale, English for any other (the product's other language); the default when none is sent.
 */
export const langOfLocale = (locale: string | undefined): Lang | undefined =>
  locale === undefined ? undefined : /^zh\b/i.test(locale) ? 'zh' : 'en'

/** The groups claim: a list of names (or one name). */
export const groupsOf = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.filter((g): g is string => typeof g === 'string' && g.length > 0)
    : typeof value === 'string' && value
      ? [value]
      : []

/** Where the browser goes after a sign-in: a product path only, never another site. */
export const safeRedirect = (value: unknown) =>
  typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/user/')
    ? value.slice(0, 512)
    : null

export type SsoIdentity = {
  /** The product user the provider's person is, with what changed on the way in. */
  userId: string
  username: string
  created: boolean
  rolesBefore: string[]
  rolesAfter: string[]
}

/**
 * Single sign-on's rules (issue 39): a sign-in started and answered once, the person matched to a
 * user by the configured claim (created when unknown), roles following the mapped groups, the
 * SPEC 8 refusals of disabled and deleted users, a one-time ticket for the product's own token.
 */
export const createSsoService = ({
  db,
  settings,
  client,
  sessionTtlMs,
}: {
  db: Db
  settings: OidcConfig
  client: OidcClient
  sessionTtlMs: number
}) => {
  /** The live user the claim names; a deleted one only when no live one matches. */
  const findUser = async (tx: DbOrTx, identity: string) => {
    const column = settings.userClaim === 'email' ? users.email : users.username
    const [row] = await tx
      .select()
      .from(users)
      .where(sql`lower(${column}) = lower(${identity})`)
      .orderBy(users.delFlag, desc(users.createAt))
      .limit(1)
    return row
  }

  /** The roles and departments the administrator mapped the person's groups to. */
  const mappingsOf = async (tx: DbOrTx, groups: string[]) => {
    const mine = groups.length
      ? await tx
          .select({ roleId: ssoGroups.roleId, departId: ssoGroups.departId })
          .from(ssoGroups)
          .where(inArray(ssoGroups.groupName, groups.slice(0, 500)))
      : []
    const ids = (values: (string | null)[]) => [...new Set(values.filter((v): v is string => Boolean(v)))]
    return {
      matched: mine.length > 0,
      roles: ids(mine.map((m) => m.roleId)),
      departs: ids(mine.map((m) => m.departId)),
    }
  }

  const rolesOf = async (tx: DbOrTx, userId: string) =>
    (await tx.select({ roleId: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, userId)))
      .map((r) => r.roleId)
      .sort()

  return {
    /** A new sign-in: its checks kept here, the browser sent to the provider. */
    async start(redirectUri: string, redirect: unknown, uiLocale: string) {
      const begun = await client.start(redirectUri, uiLocale)
      // sign-ins never answered, and those whose session is long over, are of no further use
      await db
        .delete(ssoLogins)
        .where(lt(ssoLogins.createAt, new Date(Date.now() - Math.max(sessionTtlMs, ANSWER_WITHIN_MS) - 3600_000)))
      await db.insert(ssoLogins).values({
        state: begun.state,
        nonce: begun.nonce,
        codeVerifier: begun.codeVerifier,
        redirect: safeRedirect(redirect),
      })
      return { url: begun.url, state: begun.state }
    },

    /**
     * The provider's answer: its state taken once (a second answer, a replayed code or an unknown
     * state is refused before the provider is asked), the code exchanged and the ID token checked.
     */
    async answer(callbackUrl: URL) {
      const state = callbackUrl.searchParams.get('state')
      if (!state || state.length > 128) fail(Errors.SsoRequestInvalid)
      const [login] = await db
        .update(ssoLogins)
        .set({ answeredAt: new Date() })
        .where(
          and(
            eq(ssoLogins.state, state),
            isNull(ssoLogins.answeredAt),
            gt(ssoLogins.createAt, new Date(Date.now() - ANSWER_WITHIN_MS)),
          ),
        )
        .returning()
      if (!login) fail(Errors.SsoRequestInvalid)
      const { claims, idToken } = await client.finish(callbackUrl, login)
      return { login, claims, idToken }
    },

    /**
     * Who the person is: matched by the configured claim, or created (disabled and without roles
     * unless their groups are mapped). Roles the groups gave follow them; roles given by hand stay.
     */
    async identify(
      claims: Record<string, unknown>,
    ): Promise<SsoIdentity | { refused: AppError; created?: SsoIdentity }> {
      const identity = textClaim(claims[settings.userClaim])
      // a login account holds 64 characters, an e-mail 128: a longer value could never be matched again
      if (!identity || identity.length > (settings.userClaim === 'email' ? 128 : 64)) fail(Errors.SsoNoIdentity)
      const groups = groupsOf(claims[settings.groupsClaim])
      return db.transaction(async (tx) => {
        const mapped = await mappingsOf(tx, groups)
        const user = await findUser(tx, identity)
        if (!user) {
          const [depart] = mapped.departs.length
            ? await tx
                .select({ orgCode: departments.orgCode })
                .from(departments)
                .where(inArray(departments.id, mapped.departs))
                .limit(1)
            : []
          const [created] = await tx
            .insert(users)
            .values({
              username: identity.slice(0, 64),
              realname: (textClaim(claims.name) ?? identity).slice(0, 64),
              email: textClaim(claims.email)?.slice(0, 128),
              lang: langOfLocale(textClaim(claims.locale)),
              // no password: an administrator may set one (reset password)
              passwordHash: await hashPassword(randomBytes(32).toString('hex')),
              status: mapped.matched ? '1' : '2',
              orgCode: depart?.orgCode,
            })
            // matched by e-mail, the login account it would take may be another live user's
            .onConflictDoNothing()
            .returning({ id: users.id, username: users.username })
          if (!created) fail(Errors.LoginAccountExists)
          if (mapped.roles.length) {
            const rows = mapped.roles.map((roleId) => ({ userId: created.id, roleId }))
            await tx.insert(userRoles).values(rows)
            await tx.insert(ssoUserRoles).values(rows)
          }
          if (mapped.departs.length)
            await tx
              .insert(userDepartments)
              .values(mapped.departs.map((departId) => ({ userId: created.id, departId })))
          const identityOf: SsoIdentity = {
            userId: created.id,
            username: created.username,
            created: true,
            rolesBefore: [],
            rolesAfter: [...mapped.roles].sort(),
          }
          // an account waiting for an administrator, as a registered one does
          return mapped.matched
            ? identityOf
            : { refused: new AppError(Errors.AccountPendingApproval), created: identityOf }
        }
        if (user.delFlag) return { refused: new AppError(Errors.AccountDeleted) }
        if (user.status !== '1') return { refused: new AppError(disabledRefusal(user)) }
        const before = await rolesOf(tx, user.id)
        const given = (
          await tx.select({ roleId: ssoUserRoles.roleId }).from(ssoUserRoles).where(eq(ssoUserRoles.userId, user.id))
        ).map((r) => r.roleId)
        // what the groups gave and no longer give goes; what they give and the person lacks comes
        const drop = given.filter((r) => !mapped.roles.includes(r))
        const add = mapped.roles.filter((r) => !before.includes(r))
        if (drop.length) {
          await tx.delete(userRoles).where(and(eq(userRoles.userId, user.id), inArray(userRoles.roleId, drop)))
          await tx.delete(ssoUserRoles).where(and(eq(ssoUserRoles.userId, user.id), inArray(ssoUserRoles.roleId, drop)))
        }
        if (add.length) {
          const rows = add.map((roleId) => ({ userId: user.id, roleId }))
          await tx.insert(userRoles).values(rows)
          await tx.insert(ssoUserRoles).values(rows).onConflictDoNothing()
        }
        if (mapped.departs.length)
          await tx
            .insert(userDepartments)
            .values(mapped.departs.map((departId) => ({ userId: user.id, departId })))
            .onConflictDoNothing()
        const after = drop.length || add.length ? await rolesOf(tx, user.id) : before
        return { userId: user.id, username: user.username, created: false, rolesBefore: before, rolesAfter: after }
      })
    },

    /** The sign-in's one-time ticket, and the ID token kept for the provider's logout. */
    async issueTicket(loginId: string, userId: string, idToken: string) {
      const ticket = randomBytes(32).toString('base64url')
      await db
        .update(ssoLogins)
        .set({ userId, idToken, ticketHash: hashToken(ticket) })
        .where(eq(ssoLogins.id, loginId))
      return ticket
    },

    /** The ticket, once and shortly after the answer, for the product's own token. */
    async exchange(
      ticket: string,
      meta: SessionMeta,
      openSession: (userId: string, meta: SessionMeta) => Promise<LoginResult & { userId: string }>,
    ) {
      const [login] = await db
        .update(ssoLogins)
        .set({ ticketHash: null })
        .where(
          and(
            eq(ssoLogins.ticketHash, hashToken(ticket)),
            isNotNull(ssoLogins.userId),
            gt(ssoLogins.answeredAt, new Date(Date.now() - TICKET_WITHIN_MS)),
          ),
        )
        .returning({ id: ssoLogins.id, userId: ssoLogins.userId, redirect: ssoLogins.redirect })
      if (!login?.userId) fail(Errors.SsoRequestInvalid)
      // disabled or deleted in the meantime
      const [user] = await db
        .select({ status: users.status, delFlag: users.delFlag })
        .from(users)
        .where(eq(users.id, login.userId))
      if (!user || user.delFlag) fail(Errors.AccountDeleted)
      if (user.status !== '1') fail(Errors.AccountDisabled)
      const result = await openSession(login.userId, meta)
      await db
        .update(ssoLogins)
        .set({ tokenHash: hashToken(result.token) })
        .where(eq(ssoLogins.id, login.id))
      return { ...result, redirect: login.redirect }
    },

    /** The provider's logout address for the session of this token, if it came from a sign-in there. */
    async endSessionUrl(tokenHash: string, postLogoutRedirectUri: string) {
      const [login] = await db
        .select({ idToken: ssoLogins.idToken })
        .from(ssoLogins)
        .where(eq(ssoLogins.tokenHash, tokenHash))
        .limit(1)
      if (!login?.idToken) return null
      return client.endSessionUrl(login.idToken, postLogoutRedirectUri)
    },
  }
}

export type SsoService = ReturnType<typeof createSsoService>
