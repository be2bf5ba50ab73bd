import { Errors, type Lang, type LoginRequest, type LoginResult, type RegisterRequest } from '@app/contracts'
import { and, desc, eq, sql } from 'drizzle-orm'
import type { Config } from '../../config.ts'
import type { Db } from '../../db/client.ts'
import { users } from '../../db/schema/index.ts'
import { hashPassword, verifyPassword } from '../../platform/auth/password.ts'
import { type Principal, resolvePrincipal } from '../../platform/auth/principal.ts'
import { createSession, revokeSession, revokeUserSessions, type SessionMeta } from '../../platform/auth/session.ts'
import { assertNotThrottled, clearFailures, recordFailure } from '../../platform/auth/throttle.ts'
import { hashToken } from '../../platform/auth/tokens.ts'
import { AppError, fail } from '../../platform/errors.ts'
import { buildUserInfo, listDictItems, listUserDeparts } from './user-info.service.ts'

/** Sign-in, sign-out, registration and password change (SPEC 5, SPEC 8 login failures). */
/**
 * Why a disabled account may not sign in: one that registered itself (or single sign-on made) and
 * that no administrator has changed yet is waiting to be enabled; any other was deactivated.
 */
export const disabledRefusal = (user: { createBy: string | null; updateBy: string | null }) =>
  user.createBy === null && user.updateBy === null ? Errors.AccountPendingApproval : Errors.AccountDisabled

export const createAuthService = ({ db, config }: { db: Db; config: Pick<Config, 'sessionTtlMs' | 'oidc'> }) => {
  /** With OIDC_ONLY the identity provider is the one way in: no password sign-in, no registration. */
  const passwordOff = () => {
    if (config.oidc?.only) fail(Errors.PasswordLoginOff)
  }

  /** The live account of that name; a deleted one only when no live one exists. */
  const findAccount = async (username: string) => {
    const rows = await db
      .select()
      .from(users)
      .where(sql`lower(${users.username}) = lower(${username})`)
      .orderBy(users.delFlag, desc(users.createAt))
      .limit(1)
    return rows[0]
  }

  /** A new session of an enabled user and what the browser keeps of it (password or single sign-on). */
  const openSession = async (userId: string, meta: SessionMeta): Promise<LoginResult & { userId: string }> => {
    const token = await createSession(db, userId, config.sessionTtlMs, meta)
    const principal = await resolvePrincipal(db, hashToken(token))
    if (!principal) throw new AppError(Errors.SessionError)
    const departs = await listUserDeparts(db, userId)
    return {
      userId,
      token,
      userInfo: buildUserInfo(principal, departs),
      departs,
      dictList: await listDictItems(db, principal.lang),
    }
  }

  return {
    async login(input: LoginRequest, meta: SessionMeta): Promise<LoginResult & { userId: string }> {
      passwordOff()
      await assertNotThrottled(db, input.username)
      const user = await findAccount(input.username)
      if (!user) fail(Errors.UserNotFound)
      if (user.delFlag) fail(Errors.AccountDeleted)
      if (!(await verifyPassword(input.password, user.passwordHash))) {
        await recordFailure(db, input.username)
        fail(Errors.WrongPassword)
      }
      if (user.status !== '1') fail(disabledRefusal(user))
      await clearFailures(db, input.username)
      return openSession(user.id, meta)
    },

    openSession,

    logout: (principal: Principal) => revokeSession(db, principal.tokenHash),

    /**
     * A registered account waits, disabled, until an administrator enables it; its mails come in
     * the language it registered in.
     */
    async register(input: RegisterRequest, lang: Lang) {
      passwordOff()
      if (input.password !== input.confirmPassword) fail(Errors.PasswordsDiffer)
      const existing = await db
        .select({ id: users.id })
        .from(users)
        .where(and(sql`lower(${users.username}) = lower(${input.username})`, eq(users.delFlag, false)))
        .limit(1)
      if (existing.length > 0) fail(Errors.LoginAccountExists)
      const [created] = await db
        .insert(users)
        .values({
          username: input.username,
          realname: input.realname ?? input.username,
          passwordHash: await hashPassword(input.password),
          status: '2',
          lang,
        })
        .onConflictDoNothing()
        .returning({ id: users.id, username: users.username })
      if (!created) fail(Errors.LoginAccountExists)
      return created
    },

    async editPassword(principal: Principal, oldPassword: string, newPassword: string) {
      const [user] = await db.select().from(users).where(eq(users.id, principal.userId))
      if (!user) fail(Errors.UserNotFound)
      if (!(await verifyPassword(oldPassword, user.passwordHash))) fail(Errors.OldPasswordWrong)
      if (oldPassword === newPassword) fail(Errors.OldEqualsNewPassword)
      const passwordHash = await hashPassword(newPassword)
      await db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ passwordHash, updateAt: new Date(), updateBy: principal.userId })
          .where(eq(users.id, principal.userId))
        // other devices signed in with the old password are signed out
        await revokeUserSessions(tx, principal.userId, principal.tokenHash)
      })
    },
  }
}

export type AuthService = ReturnType<typeof createAuthService>
