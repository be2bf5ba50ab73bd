import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Db, DbOrTx } from '../../db/client.ts'
import {
  departments,
  notifyKeys,
  notifyLinks,
  roles,
  userDepartments,
  userRoles,
  users,
} from '../../db/schema/index.ts'
import { loadPermissionCodes, type Principal, widestScope } from '../../platform/auth/principal.ts'

export type LinkRow = typeof notifyLinks.$inferSelect
export type LinkBinding = Omit<LinkRow, 'id' | 'usedAt' | 'usedDecision' | 'createAt'>

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

/** What a signature covers: everything the link is bound to. */
const signed = (l: Pick<LinkRow, 'id' | keyof LinkBinding>) =>
  [
    l.id,
    l.userId,
    l.reviewId,
    l.business,
    l.objectId,
    l.stepNo,
    l.reviewVersion,
    l.objectVersion,
    l.expiresAt.toISOString(),
  ].join('|')

/**
 * Mailed decision links (issue 38): `<link id>.<signature>`, the signature an HMAC over the link's
 * row (user, review, step, review version, order version, expiry) with a key every instance shares:
 * NOTIFY_LINK_SECRET, or one made at the first start and kept in `notify_key`.
 */
export const createLinks = (deps: { db: Db; secret: string | undefined }) => {
  let key: Promise<string> | null = deps.secret ? Promise.resolve(deps.secret) : null

  const keyOf = () => {
    key ??= (async () => {
      await deps.db
        .insert(notifyKeys)
        .values({ id: 1, secret: randomBytes(32).toString('base64url') })
        .onConflictDoNothing()
      const [row] = await deps.db.select({ secret: notifyKeys.secret }).from(notifyKeys).where(eq(notifyKeys.id, 1))
      return row!.secret
    })().catch((e) => {
      key = null
      throw e
    })
    return key
  }

  const sign = async (l: Pick<LinkRow, 'id' | keyof LinkBinding>) =>
    createHmac('sha256', await keyOf())
      .update(signed(l))
      .digest('base64url')

  return {
    keyOf,

    /** A link for one reviewer, written in the transaction of the mail: answers its token. */
    async create(tx: DbOrTx, binding: LinkBinding) {
      const [row] = await tx.insert(notifyLinks).values(binding).returning()
      return `${row!.id}.${await sign(row!)}`
    },

    /** The link a token names, if its signature holds (null: unknown or altered). */
    async verify(db: DbOrTx, token: string, lock = false): Promise<LinkRow | null> {
      const [id, signature, ...rest] = token.split('.')
      if (!id || !signature || rest.length > 0 || !UUID.test(id)) return null
      const q = db.select().from(notifyLinks).where(eq(notifyLinks.id, id))
      const [row] = lock ? await q.for('update') : await q
      if (!row) return null
      const expected = Buffer.from(await sign(row))
      const given = Buffer.from(signature)
      return expected.length === given.length && timingSafeEqual(expected, given) ? row : null
    },

    /** The link has decided: it never decides again. */
    markUsed: (tx: DbOrTx, id: string, decision: string) =>
      tx.update(notifyLinks).set({ usedAt: new Date(), usedDecision: decision }).where(eq(notifyLinks.id, id)),
  }
}

export type Links = ReturnType<typeof createLinks>

/**
 * The link's user as the approval path sees a signed-in caller: their roles, departments and
 * granted codes, read now (a user disabled or stripped of the role since the mail decides nothing).
 * Null for a user who can no longer sign in.
 */
export const principalOfUser = async (db: DbOrTx, userId: string, until: Date): Promise<Principal | null> => {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), eq(users.delFlag, false), eq(users.status, '1')))
  if (!user) return null
  const roleRows = await db
    .select({ id: roles.id, code: roles.roleCode, dataScope: roles.dataScope })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(userRoles.userId, userId))
  const depts = await db
    .select({ code: departments.orgCode })
    .from(userDepartments)
    .innerJoin(departments, eq(departments.id, userDepartments.departId))
    .where(eq(userDepartments.userId, userId))
  const roleIds = roleRows.map((r) => r.id)
  return {
    userId: user.id,
    username: user.username,
    realname: user.realname,
    orgCode: user.orgCode,
    deptCodes: depts.map((d) => d.code).sort(),
    lang: user.lang === 'en' ? 'en' : 'zh',
    roleCodes: roleRows.map((r) => r.code),
    roleIds,
    dataScope: widestScope(roleRows.map((r) => r.dataScope)),
    permissions: await loadPermissionCodes(db, roleIds),
    tokenHash: '',
    sessionExpiresAt: until,
  }
}

/** Links of these reviews not used yet (for tests and the administrators' view). */
export const openLinksOf = (db: DbOrTx, reviewIds: string[]) =>
  db
    .select()
    .from(notifyLinks)
    .where(and(inArray(notifyLinks.reviewId, reviewIds), sql`${notifyLinks.usedAt} is null`))
