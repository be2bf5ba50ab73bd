import {
  type AuditConfig,
  type AuditConfigEditSchema,
  type AuditConfigInputSchema,
  type AuditStep,
  Errors,
  type Lang,
  type RejectFlow,
  type StepDeptType,
  StepDeptType as StepDeptTypes,
} from '@app/contracts'
import { and, asc, desc, eq, exists, inArray, ne, or, type SQL, sql } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import type { z } from 'zod'
import type { Db, DbOrTx } from '../../db/client.ts'
import { auditConfigSteps, auditConfigs, departments, reviews, roles, users } from '../../db/schema/index.ts'
import { type ApprovalEngine, nameIn, OPEN_STATUSES } from '../../platform/approval/index.ts'
import { recordOperation } from '../../platform/audit-log.ts'
import { fail, notFound, staleVersion } from '../../platform/errors.ts'
import { escapeLike, textLike } from '../../platform/list-query.ts'

type ConfigInput = z.output<typeof AuditConfigInputSchema>
type ConfigEdit = z.output<typeof AuditConfigEditSchema>
type ConfigRow = typeof auditConfigs.$inferSelect

const RESOURCE = 'sys_audit_config'

/** Steps of the given configs, with department and role names in `lang`. */
const stepsOf = async (db: DbOrTx, configIds: string[], lang: Lang): Promise<Map<string, AuditStep[]>> => {
  const out = new Map<string, AuditStep[]>(configIds.map((id) => [id, []]))
  if (configIds.length === 0) return out
  const rows = await db
    .select({
      step: auditConfigSteps,
      departName: departments.departName,
      departNameEn: departments.departNameEn,
      roleName: roles.roleName,
      roleNameEn: roles.roleNameEn,
    })
    .from(auditConfigSteps)
    .leftJoin(departments, eq(departments.orgCode, auditConfigSteps.orgCode))
    .leftJoin(roles, eq(roles.roleCode, auditConfigSteps.roleCode))
    .where(inArray(auditConfigSteps.configId, configIds))
    .orderBy(asc(auditConfigSteps.configId), asc(auditConfigSteps.stepNo))
  for (const { step: s, ...names } of rows) {
    out.get(s.configId)?.push({
      id: s.id,
      stepNo: s.stepNo,
      stepName: s.stepName,
      stepNameEn: s.stepNameEn,
      deptType: s.deptType as StepDeptType,
      orgCode: s.orgCode,
      departName: nameIn(names, lang, 'departName'),
      roleCode: s.roleCode,
      roleName: nameIn(names, lang, 'roleName'),
      timeLimitHours: s.timeLimitHours,
      allowAdjust: s.allowAdjust,
    })
  }
  return out
}

const toConfig = (c: ConfigRow, steps: AuditStep[]): AuditConfig => ({
  id: c.id,
  business: c.business,
  name: c.name,
  nameEn: c.nameEn,
  repeatAudit: c.repeatAudit,
  rejectFlow: c.rejectFlow as RejectFlow,
  forbidSelfApproval: c.forbidSelfApproval,
  status: c.status === '1' ? '1' : '0',
  description: c.description,
  version: c.version,
  createAt: c.createAt.toISOString(),
  updateAt: c.updateAt?.toISOString() ?? null,
  steps,
})

/** Every role and department a flow names must exist: a typo would leave a step nobody can decide. */
const assertReferences = async (db: DbOrTx, steps: ConfigInput['steps']) => {
  const roleCodes = [...new Set(steps.map((s) => s.roleCode))]
  const orgCodes = [...new Set(steps.filter((s) => s.deptType === StepDeptTypes.Fixed).map((s) => s.orgCode as string))]
  const knownRoles = new Set(
    (await db.select({ c: roles.roleCode }).from(roles).where(inArray(roles.roleCode, roleCodes))).map((r) => r.c),
  )
  const knownDepts = new Set(
    orgCodes.length === 0
      ? []
      : (
          await db.select({ c: departments.orgCode }).from(departments).where(inArray(departments.orgCode, orgCodes))
        ).map((r) => r.c),
  )
  const unknownRoles = roleCodes.filter((c) => !knownRoles.has(c))
  const unknownDepartments = orgCodes.filter((c) => !knownDepts.has(c))
  if (unknownRoles.length > 0 || unknownDepartments.length > 0) {
    fail(Errors.ParameterError, { unknownRoles, unknownDepartments })
  }
}

const stepValues = (configId: string, steps: ConfigInput['steps']) =>
  steps.map((s, i) => ({
    configId,
    stepNo: i + 1,
    stepName: s.stepName || null,
    stepNameEn: s.stepNameEn || null,
    deptType: s.deptType,
    orgCode: s.deptType === StepDeptTypes.Fixed ? (s.orgCode ?? null) : null,
    roleCode: s.roleCode,
    timeLimitHours: s.timeLimitHours ?? null,
    allowAdjust: s.allowAdjust ?? false,
  }))

const configValues = (input: ConfigInput) => ({
  business: input.business,
  name: input.name,
  nameEn: input.nameEn || null,
  repeatAudit: input.repeatAudit,
  rejectFlow: input.rejectFlow,
  forbidSelfApproval: input.forbidSelfApproval,
  status: input.status,
  description: input.description ?? null,
})

/**
 * One config per business is in force: putting one in force sets the business's other one aside
 * (reviews under way keep the flow they started with).
 */
const setOthersAside = async (tx: DbOrTx, input: ConfigInput, keepId: string | null, req: FastifyRequest) => {
  if (input.status !== '1') return
  const aside = await tx
    .update(auditConfigs)
    .set({
      status: '0',
      version: sql`${auditConfigs.version} + 1`,
      updateAt: new Date(),
      updateBy: req.principal?.userId ?? null,
    })
    .where(
      and(
        eq(auditConfigs.business, input.business),
        eq(auditConfigs.status, '1'),
        keepId ? ne(auditConfigs.id, keepId) : undefined,
      ),
    )
    .returning({ id: auditConfigs.id })
  for (const row of aside) {
    await recordOperation(tx, req, {
      operation: `${RESOURCE}:edit`,
      resource: RESOURCE,
      objectId: row.id,
      before: { status: '1' },
      after: { status: '0' },
    })
  }
}

/**
 * Flows whose name, or one of whose steps' names, contains the keyword, in either language and any
 * case (`textLike`, as list searches match a name and its English twin).
 */
const namedLike = (db: DbOrTx, keyword: string) => {
  const pattern = sql.param(`%${escapeLike(keyword)}%`)
  const step = textLike({ column: auditConfigSteps.stepName, twins: [auditConfigSteps.stepNameEn] }, pattern)
  return or(
    textLike({ column: auditConfigs.name, twins: [auditConfigs.nameEn] }, pattern),
    exists(
      db
        .select({ one: sql`1` })
        .from(auditConfigSteps)
        .where(and(eq(auditConfigSteps.configId, auditConfigs.id), step)),
    ),
  )
}

export const createAuditConfigService = (db: Db) => {
  const load = async (where: SQL | undefined, lang: Lang) => {
    const rows = await db
      .select()
      .from(auditConfigs)
      .where(where)
      .orderBy(asc(auditConfigs.business), desc(auditConfigs.status), desc(auditConfigs.createAt))
    const steps = await stepsOf(
      db,
      rows.map((r) => r.id),
      lang,
    )
    return rows.map((r) => toConfig(r, steps.get(r.id) ?? []))
  }

  const byId = async (id: string, lang: Lang) => {
    const [config] = await load(eq(auditConfigs.id, id), lang)
    if (!config) notFound()
    return config
  }

  return {
    /** The configs of one business, the one in force first. */
    listByBusiness: (business: string, lang: Lang) => load(eq(auditConfigs.business, business), lang),

    listAll: (filter: { business?: string; status?: string; keyword?: string }, lang: Lang) =>
      load(
        and(
          filter.business ? eq(auditConfigs.business, filter.business) : undefined,
          filter.status ? eq(auditConfigs.status, filter.status) : undefined,
          filter.keyword ? namedLike(db, filter.keyword) : undefined,
        ),
        lang,
      ),

    byId,

    async add(input: ConfigInput, req: FastifyRequest, lang: Lang) {
      const id = await db.transaction(async (tx) => {
        await assertReferences(tx, input.steps)
        await setOthersAside(tx, input, null, req)
        const [row] = await tx
          .insert(auditConfigs)
          .values({ ...configValues(input), createBy: req.principal?.userId ?? null })
          .returning()
        if (!row) fail(Errors.OperationFailed)
        await tx.insert(auditConfigSteps).values(stepValues(row.id, input.steps))
        await recordOperation(tx, req, {
          operation: `${RESOURCE}:add`,
          resource: RESOURCE,
          objectId: row.id,
          after: input,
        })
        return row.id
      })
      return byId(id, lang)
    },

    async edit(input: ConfigEdit, req: FastifyRequest, lang: Lang) {
      const before = await byId(input.id, lang)
      await db.transaction(async (tx) => {
        const [locked] = await tx.select().from(auditConfigs).where(eq(auditConfigs.id, input.id)).for('update')
        if (!locked) notFound()
        if (locked.version !== input.version) staleVersion()
        await assertReferences(tx, input.steps)
        await setOthersAside(tx, input, input.id, req)
        await tx
          .update(auditConfigs)
          .set({
            ...configValues(input),
            version: locked.version + 1,
            updateAt: new Date(),
            updateBy: req.principal?.userId ?? null,
          })
          .where(eq(auditConfigs.id, input.id))
        await tx.delete(auditConfigSteps).where(eq(auditConfigSteps.configId, input.id))
        await tx.insert(auditConfigSteps).values(stepValues(input.id, input.steps))
        await recordOperation(tx, req, {
          operation: `${RESOURCE}:edit`,
          resource: RESOURCE,
          objectId: input.id,
          before,
          after: input,
        })
      })
      return byId(input.id, lang)
    },

    /** Refused while reviews under way run on it; finished reviews keep their own copy of the flow. */
    async remove(id: string, req: FastifyRequest, lang: Lang) {
      const before = await byId(id, lang)
      await db.transaction(async (tx) => {
        const [locked] = await tx.select().from(auditConfigs).where(eq(auditConfigs.id, id)).for('update')
        if (!locked) notFound()
        const [open] = await tx
          .select({ id: reviews.id })
          .from(reviews)
          .where(and(eq(reviews.configId, id), inArray(reviews.status, [...OPEN_STATUSES])))
          .limit(1)
        if (open) fail(Errors.InUseCannotDelete)
        await tx.delete(auditConfigs).where(eq(auditConfigs.id, id))
        await recordOperation(tx, req, {
          operation: `${RESOURCE}:delete`,
          resource: RESOURCE,
          objectId: id,
          before,
        })
      })
    },
  }
}

export type AuditConfigService = ReturnType<typeof createAuditConfigService>

/**
 * The flows in force of these businesses, each step with the people who may decide it now (a step
 * of the submitter's department names nobody: who decides depends on who submits).
 */
export const flowsWithReviewers = async (
  db: Db,
  engine: Pick<ApprovalEngine, 'holdersOf'>,
  businesses: readonly string[],
  lang: Lang,
) => {
  const flows = (await createAuditConfigService(db).listAll({ status: '1' }, lang)).filter((c) =>
    businesses.includes(c.business),
  )
  const out = []
  for (const flow of flows) {
    const steps = []
    for (const step of flow.steps) {
      const ids =
        step.deptType === StepDeptTypes.Submitter ? [] : await engine.holdersOf(db, step.roleCode, step.orgCode)
      const people = ids.length
        ? await db
            .select({ userId: users.id, realname: users.realname, username: users.username })
            .from(users)
            .where(inArray(users.id, ids))
        : []
      steps.push({ ...step, reviewers: people.map((p) => ({ ...p, realname: p.realname ?? p.username })) })
    }
    out.push({ ...flow, steps })
  }
  return out
}
