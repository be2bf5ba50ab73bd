import { randomUUID } from 'node:crypto'
import type { AuditConfig, AuditConfigInput, AuditStepInput, ReviewDecisionResult } from '@app/contracts'
import { eq, inArray } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { DbOrTx } from '../../src/db/client.ts'
import { departments, roles, userDepartments, userRoles, users } from '../../src/db/schema/index.ts'
import { createApprovalEngine } from '../../src/platform/approval/index.ts'
import type { DomainEvent } from '../../src/platform/events.ts'
import { client, login } from '../helpers/app.ts'

export type Api = ReturnType<typeof client>

export const userIdOf = async (db: DbOrTx, username: string): Promise<string> => {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.username, username))
  if (!row) throw new Error(`no user ${username}`)
  return row.id
}

/**
 * A user holding the given roles and departments, who signs in with the demo password (the
 * password hash is copied from `admin`, so no slow hashing per user).
 */
export const addUser = async (
  db: DbOrTx,
  username: string,
  roleCodes: readonly string[],
  orgCodes: readonly string[],
): Promise<string> => {
  const [admin] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.username, 'admin'))
  const [row] = await db
    .insert(users)
    .values({ username, realname: username, passwordHash: admin!.hash, orgCode: orgCodes[0] ?? null })
    .returning({ id: users.id })
  const roleRows = await db
    .select({ id: roles.id })
    .from(roles)
    .where(inArray(roles.roleCode, [...roleCodes]))
  const deptRows = await db
    .select({ id: departments.id })
    .from(departments)
    .where(inArray(departments.orgCode, [...orgCodes]))
  if (roleRows.length !== roleCodes.length || deptRows.length !== orgCodes.length) throw new Error('unknown role/dept')
  if (roleRows.length) await db.insert(userRoles).values(roleRows.map((r) => ({ userId: row!.id, roleId: r.id })))
  if (deptRows.length) {
    await db.insert(userDepartments).values(deptRows.map((d) => ({ userId: row!.id, departId: d.id })))
  }
  return row!.id
}

export const signIn = async (app: FastifyInstance, username: string, lang: 'zh' | 'en' = 'en') =>
  client(app, await login(app, username), lang)

export const step = (roleCode: string, orgCode: string, extra: Partial<AuditStepInput> = {}): AuditStepInput => ({
  roleCode,
  orgCode,
  ...extra,
})

/** Puts a flow in force for a business through the real API (as `admin`). */
export const putFlowInForce = async (
  admin: Api,
  business: AuditConfigInput['business'],
  steps: AuditStepInput[],
  rules: Partial<AuditConfigInput> = {},
): Promise<AuditConfig> => {
  const res = await admin.post<AuditConfig>('/api/sys/auditConfig/add', {
    business,
    name: `flow ${randomUUID().slice(0, 8)}`,
    steps,
    ...rules,
  })
  if (res.status !== 200) throw new Error(`add config: ${res.status} ${JSON.stringify(res.body)}`)
  return res.body.result
}

/** Submits an object for review the way a business module does: the engine, in a transaction. */
export const submit = async (
  app: FastifyInstance,
  business: string,
  submitter: { userId: string; orgCode: string | null },
  objectId: string = randomUUID(),
) => {
  const engine = createApprovalEngine({ events: app.deps.events })
  const state = await app.deps.database.db.transaction((tx) =>
    engine.start(tx, { business, objectId, objectNo: `NO-${objectId.slice(0, 6)}`, submitter }),
  )
  return { ...state, objectId }
}

export const decide = (
  api: Api,
  body: { id: string; decision: 'approve' | 'reject'; note?: string; stepNo?: number; version?: number },
) => api.post<ReviewDecisionResult>('/api/audit/detail/audit', { note: 'ok', ...body })

/** Records every approval event the app emits from now on. */
export const recordEvents = (app: FastifyInstance) => {
  const seen: DomainEvent[] = []
  const offs = (['approval.reviewNeeded', 'approval.approved', 'approval.rejected'] as const).map((type) =>
    app.deps.events.on(type, async (_tx, e) => {
      seen.push(e)
    }),
  )
  return {
    seen,
    stop: () => {
      for (const off of offs) off()
    },
  }
}
