import { randomUUID } from 'node:crypto'
import { ApprovalStatus, RejectFlow, ReviewDecision, StepDeptType } from '@app/contracts'
import { eq } from 'drizzle-orm'
import { holdersOf } from '../../../platform/approval/reviewers.ts'
import { activeConfigOf, holderOf } from '../../../platform/approval/start.ts'
import { eventRequest, LogType, type RequestInfo } from '../../../platform/audit-log.ts'
import { loadPermissionCodes, type Principal, widestScope } from '../../../platform/auth/principal.ts'
import type { DbOrTx } from '../../client.ts'
import {
  departments,
  type operationLogs,
  type reviewDecisions,
  type reviewSteps,
  type reviews,
  roles,
  userDepartments,
  userRoles,
} from '../../schema/index.ts'
import { APPROVE_NOTES, type OrderKind, type Random, REJECT_REASONS } from './sales-data.ts'

/**
 * Reviews of the demo orders written as the approval engine writes them (platform/approval
 * start.ts and decide.ts): the review with its rules and steps copied from the flow in force,
 * the standing decision on each step of the current round, every decision ever taken, and the
 * operation-log entries the audit routes record.
 */

export type Person = { id: string; username: string; realname: string; orgCode: string | null }
export type ReviewRow = typeof reviews.$inferInsert
export type StepRow = typeof reviewSteps.$inferInsert
export type DecisionRow = typeof reviewDecisions.$inferInsert
export type LogRow = typeof operationLogs.$inferInsert

const HOUR = 3_600_000
const DAY = 24 * HOUR

type Config = NonNullable<Awaited<ReturnType<typeof activeConfigOf>>>
type FlowStep = Config['steps'][number]

/** One decision of a story: the step, approve or reject, when, by whom, with what note. */
export type Decision = { stepNo: number; decision: ReviewDecision; at: Date; by: Person; note: string }

/** A round of a review: when it was (re)started and what was decided in it, in order. */
export type Round = { startedAt: Date; decisions: Decision[] }

/** The flow in force for a business, with each step's reviewer (the first holder, as a demo has one). */
export const loadFlow = async (
  db: DbOrTx,
  business: string,
  people: ReadonlyMap<string, Person>,
  { storied = true } = {},
) => {
  const config = await activeConfigOf(db, business)
  if (!config || config.steps.length === 0) throw new Error(`seed sales: no ${business} flow in force`)
  // the order stories below end a review at a rejection (back to the submitter)
  if (storied && config.rejectFlow !== RejectFlow.ToSubmitter)
    throw new Error(`seed sales: ${business} must reject to submitter`)
  // and every step has its own department (none takes the submitter's)
  if (config.steps.some((s) => s.deptType !== StepDeptType.Fixed))
    throw new Error(`seed sales: ${business} steps fixed`)
  const reviewers = new Map<number, Person[]>()
  for (const step of config.steps) {
    const ids = step.orgCode ? await holdersOf(db, step.roleCode, step.orgCode) : []
    const found = [...people.values()].filter((p) => ids.includes(p.id))
    if (found.length === 0) throw new Error(`seed sales: nobody holds step ${step.stepNo} of ${business}`)
    reviewers.set(step.stepNo, found)
  }
  /** Who decides a step: a holder who is neither the submitter nor the previous step's approver. */
  const reviewerOf = (stepNo: number, submitterId: string, previous?: Person) => {
    const who = reviewers.get(stepNo)?.find((p) => p.id !== submitterId && p.id !== previous?.id)
    if (!who) throw new Error(`seed sales: no reviewer for step ${stepNo} of ${business}`)
    return who
  }
  return { config, reviewerOf }
}

export type Flow = Awaited<ReturnType<typeof loadFlow>>

/** Times spread from `from` towards `to`: a fraction `lo..hi` of the way. */
export const between = (rand: Random, from: Date, to: Date, lo: number, hi: number) =>
  new Date(from.getTime() + (to.getTime() - from.getTime()) * (lo + (hi - lo) * rand.next()))

/**
 * The decisions of one round: steps 1.. approved up to `approvedSteps`, then the next one
 * rejected with `rejectNote` when given; times spread over `from..to`.
 */
export const roundOf = (
  rand: Random,
  flow: Flow,
  submitterId: string,
  from: Date,
  to: Date,
  approvedSteps: number,
  rejectNote?: string,
): Round => {
  const decisions: Decision[] = []
  const count = approvedSteps + (rejectNote ? 1 : 0)
  let previous: Person | undefined
  for (let i = 0; i < count; i++) {
    const stepNo = i + 1
    const at = new Date(from.getTime() + ((to.getTime() - from.getTime()) * (i + 0.15 + 0.7 * rand.next())) / count)
    const by = flow.reviewerOf(stepNo, submitterId, previous)
    const reject = i === approvedSteps
    decisions.push({
      stepNo,
      decision: reject ? ReviewDecision.Reject : ReviewDecision.Approve,
      at,
      by,
      note: reject ? rejectNote! : rand.pick(APPROVE_NOTES),
    })
    previous = reject ? undefined : by
  }
  return { startedAt: from, decisions }
}

/** What the engine's decide leaves on the review after each decision of a round. */
const afterDecision = (d: Decision, stepCount: number) => {
  const approve = d.decision === ReviewDecision.Approve
  if (!approve) return { status: ApprovalStatus.Rejected, currentStep: d.stepNo, outcome: 'rejected' as const }
  if (d.stepNo === stepCount) return { status: ApprovalStatus.Approved, currentStep: d.stepNo, outcome: 'approved' }
  return { status: ApprovalStatus.UnderReview, currentStep: d.stepNo + 1, outcome: 'advanced' as const }
}

/** Where a log entry came from: the route and the user, at a time. */
export type LogAt = { path: string; by: Person; at: Date }

export const logRow = (
  where: LogAt,
  entry: Pick<LogRow, 'operation' | 'resource' | 'objectId' | 'objectLabel' | 'before' | 'after'> & {
    logType?: number
  },
): LogRow => ({
  logType: entry.logType ?? LogType.Operation,
  userId: where.by.id,
  username: where.by.username,
  ip: null,
  method: 'POST',
  path: where.path,
  operation: entry.operation,
  resource: entry.resource ?? null,
  objectId: entry.objectId ?? null,
  objectLabel: entry.objectLabel ?? null,
  before: entry.before ?? null,
  after: entry.after ?? null,
  costMs: null,
  requestId: null,
  createAt: where.at,
})

/**
 * The rows of one object's review after its rounds (the last one is current): the review, the
 * steps as they stand, every decision, and the log entries of each start (`starts[i]` says from
 * which route round i began) and each decision (`decidePath`).
 */
export const reviewRows = (
  flow: Flow,
  about: { business: string; objectId: string; objectNo: string; submitter: Person },
  rounds: readonly Round[],
  starts: readonly LogAt[],
  decidePath: string,
) => {
  const { config } = flow
  const stepCount = config.steps.length
  const id = randomUUID()
  const logs: LogRow[] = []
  const decisions: DecisionRow[] = []
  let version = 1
  let state: { status: string; currentStep: number; stepStartedAt: Date; finishedAt: Date | null } = {
    status: ApprovalStatus.Pending,
    currentStep: 1,
    stepStartedAt: rounds[0]!.startedAt,
    finishedAt: null,
  }
  let last = { at: rounds[0]!.startedAt, by: about.submitter }
  for (const [r, round] of rounds.entries()) {
    if (r > 0) {
      version += 1
      last = { at: round.startedAt, by: about.submitter }
    }
    state = { status: ApprovalStatus.Pending, currentStep: 1, stepStartedAt: round.startedAt, finishedAt: null }
    logs.push(
      logRow(starts[r]!, {
        logType: LogType.Review,
        operation: 'approval:start',
        resource: about.business,
        objectId: about.objectId,
        after: { reviewId: id, round: r + 1, steps: stepCount },
      }),
    )
    for (const d of round.decisions) {
      const step = config.steps.find((s) => s.stepNo === d.stepNo)!
      const next = afterDecision(d, stepCount)
      decisions.push({
        id: randomUUID(),
        reviewId: id,
        round: r + 1,
        stepNo: d.stepNo,
        deptCode: step.orgCode,
        roleCode: step.roleCode,
        decision: d.decision,
        userId: d.by.id,
        note: d.note,
        createAt: d.at,
      })
      logs.push(
        logRow(
          { path: decidePath, by: d.by, at: d.at },
          {
            logType: LogType.Review,
            operation: `approval:${d.decision}`,
            resource: about.business,
            objectId: about.objectId,
            before: { reviewId: id, status: state.status, currentStep: state.currentStep },
            after: { status: next.status, currentStep: next.currentStep, outcome: next.outcome, note: d.note },
          },
        ),
      )
      state = {
        status: next.status,
        currentStep: next.currentStep,
        stepStartedAt: next.outcome === 'advanced' ? d.at : state.stepStartedAt,
        finishedAt: next.outcome === 'advanced' ? null : d.at,
      }
      version += 1
      last = { at: d.at, by: d.by }
    }
  }
  const current = rounds[rounds.length - 1]!
  const steps: StepRow[] = config.steps.map((s: FlowStep) => {
    const d = current.decisions.find((x) => x.stepNo === s.stepNo)
    return {
      id: randomUUID(),
      reviewId: id,
      stepNo: s.stepNo,
      stepName: s.stepName,
      stepNameEn: s.stepNameEn,
      deptCode: s.orgCode,
      roleCode: s.roleCode,
      timeLimitHours: s.timeLimitHours,
      allowAdjust: s.allowAdjust,
      isAudit: d ? 1 : 0,
      decision: d?.decision ?? null,
      userId: d?.by.id ?? null,
      decidedAt: d?.at ?? null,
      note: d?.note ?? null,
    }
  })
  const review: ReviewRow = {
    id,
    business: about.business,
    objectId: about.objectId,
    objectNo: about.objectNo,
    configId: config.id,
    round: rounds.length,
    repeatAudit: config.repeatAudit,
    rejectFlow: config.rejectFlow,
    forbidSelfApproval: config.forbidSelfApproval,
    submitterId: about.submitter.id,
    submitterOrgCode: about.submitter.orgCode,
    stepCount,
    currentStep: state.currentStep,
    ...holderOf(steps.find((s) => s.stepNo === state.currentStep)!),
    status: state.status,
    startedAt: current.startedAt,
    stepStartedAt: state.stepStartedAt,
    finishedAt: state.finishedAt,
    createAt: rounds[0]!.startedAt,
    createBy: about.submitter.id,
    updateAt: version > 1 ? last.at : null,
    updateBy: version > 1 ? last.by.id : null,
    version,
  }
  return { review, steps, decisions, logs }
}

/** The review rounds of an order of a kind, placed at `placedAt`. */
export const storyOf = (rand: Random, kind: OrderKind, flow: Flow, submitterId: string, placedAt: Date, now: Date) => {
  // a finished review took up to six days
  const done = new Date(Math.min(placedAt.getTime() + 6 * DAY, now.getTime() - 2 * HOUR))
  const open = (approved: number) =>
    roundOf(rand, flow, submitterId, placedAt, between(rand, placedAt, now, 0.5, 0.9), approved)
  const steps = flow.config.steps.length
  switch (kind) {
    case 'new':
      return { rounds: [{ startedAt: placedAt, decisions: [] }] }
    case 'atStep2':
      return { rounds: [open(1)] }
    case 'atStep3':
      return { rounds: [open(2)] }
    case 'rejected':
      return {
        rounds: [roundOf(rand, flow, submitterId, placedAt, done, rand.int(0, steps - 1), rand.pick(REJECT_REASONS))],
      }
    case 'resubmitted': {
      const first = roundOf(rand, flow, submitterId, placedAt, done, rand.int(0, steps - 1), REJECT_REASONS[1])
      const rejectedAt = first.decisions[first.decisions.length - 1]!.at
      return { rounds: [first, { startedAt: between(rand, rejectedAt, now, 0.3, 0.8), decisions: [] }] }
    }
    default:
      return { rounds: [roundOf(rand, flow, submitterId, placedAt, done, steps)] }
  }
}

/** Who a seeded request is made or decided by: the person's principal as a sign-in would resolve it. */
export const principalOf = async (db: DbOrTx, person: Person, now: Date): Promise<Principal> => {
  const held = await db
    .select({ id: roles.id, code: roles.roleCode, dataScope: roles.dataScope })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(userRoles.userId, person.id))
  const belongs = await db
    .select({ code: departments.orgCode })
    .from(userDepartments)
    .innerJoin(departments, eq(departments.id, userDepartments.departId))
    .where(eq(userDepartments.userId, person.id))
  return {
    userId: person.id,
    username: person.username,
    realname: person.realname,
    orgCode: person.orgCode,
    deptCodes: belongs.map((d) => d.code).sort(),
    lang: 'zh',
    roleCodes: held.map((r) => r.code),
    roleIds: held.map((r) => r.id),
    dataScope: widestScope(held.map((r) => r.dataScope)),
    permissions: await loadPermissionCodes(
      db,
      held.map((r) => r.id),
    ),
    tokenHash: '',
    sessionExpiresAt: now,
  }
}

/** A request's path, made as `principal` (the log names them). */
export const requestAs = (principal: Principal, path: string): RequestInfo => ({
  ...eventRequest(path),
  method: 'POST',
  principal,
})
