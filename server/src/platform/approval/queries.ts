import {
  ApprovalStatus,
  deriveCurrentStepIndex,
  type Lang,
  type Page,
  type ReviewDecision,
  type ReviewItem,
  type ReviewProgress,
} from '@app/contracts'
import { and, asc, desc, eq, ilike, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { DbOrTx } from '../../db/client.ts'
import { departments, reviewDecisions, reviewSteps, reviews, roles, users } from '../../db/schema/index.ts'
import { deadlineOf, stepsOf } from './decide.ts'
import { candidatesOf, excludedAt, membershipsOf } from './reviewers.ts'
import { OPEN_STATUSES, refWhere } from './start.ts'
import type { ReviewRef } from './types.ts'

export type ReviewListFilter = { business?: string; objectNo?: string; pageNo: number; pageSize: number }

const cur = alias(reviewSteps, 'cur')
const prev = alias(reviewSteps, 'prev')
const submitter = alias(users, 'submitter')

const pick = (lang: Lang, zh: string | null, en: string | null) => (lang === 'en' ? (en ?? zh) : zh)
const iso = (d: Date | null) => (d ? d.toISOString() : null)
const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`)

/** The columns of a list row: the review, its current step with names, the submitter. */
const itemColumns = {
  review: reviews,
  stepName: cur.stepName,
  deptCode: cur.deptCode,
  roleCode: cur.roleCode,
  timeLimitHours: cur.timeLimitHours,
  departName: departments.departName,
  departNameEn: departments.departNameEn,
  roleName: roles.roleName,
  roleNameEn: roles.roleNameEn,
  submitterName: submitter.realname,
}

type ItemRow = {
  review: typeof reviews.$inferSelect
  stepName: string | null
  deptCode: string | null
  roleCode: string | null
  timeLimitHours: number | null
  departName: string | null
  departNameEn: string | null
  roleName: string | null
  roleNameEn: string | null
  submitterName: string | null
  myDecision?: string | null
  myDecidedAt?: Date | string | null
}

const toItem = (row: ItemRow, lang: Lang, now: Date): ReviewItem => {
  const r = row.review
  const open = OPEN_STATUSES.includes(r.status)
  const deadline = open ? deadlineOf(r.stepStartedAt, row.timeLimitHours) : null
  return {
    id: r.id,
    business: r.business,
    objectId: r.objectId,
    objectNo: r.objectNo,
    status: r.status as ApprovalStatus,
    currentStep: r.currentStep,
    stepCount: r.stepCount,
    stepName: row.stepName,
    deptCode: row.deptCode,
    departName: pick(lang, row.departName, row.departNameEn),
    roleCode: row.roleCode,
    roleName: pick(lang, row.roleName, row.roleNameEn),
    submitterId: r.submitterId,
    submitterName: row.submitterName,
    startedAt: r.startedAt.toISOString(),
    stepStartedAt: r.stepStartedAt.toISOString(),
    deadline: iso(deadline),
    expired: deadline !== null && now > deadline,
    myDecision: (row.myDecision ?? null) as ReviewDecision | null,
    // an aggregate comes back as text from some drivers
    myDecidedAt: row.myDecidedAt ? new Date(row.myDecidedAt).toISOString() : null,
    version: r.version,
  }
}

const pageOf = <T>(records: T[], total: number, f: ReviewListFilter): Page<T> => ({
  records,
  total,
  size: f.pageSize,
  current: f.pageNo,
  pages: Math.ceil(total / f.pageSize),
})

const commonFilters = (f: ReviewListFilter): (SQL | undefined)[] => [
  f.business ? eq(reviews.business, f.business) : undefined,
  f.objectNo ? ilike(reviews.objectNo, `%${escapeLike(f.objectNo)}%`) : undefined,
]

/**
 * What puts a review in the user's inbox (joined with `cur` and `prev` as `listTodo` joins them);
 * undefined when the user holds no role in any department.
 */
const todoWhere = async (db: DbOrTx, userId: string): Promise<SQL | undefined> => {
  const m = await membershipsOf(db, userId)
  if (m.roleCodes.length === 0 || m.orgCodes.length === 0) return undefined
  return and(
    inArray(reviews.status, [...OPEN_STATUSES]),
    // an open review's current step is undecided: this reads the inbox from sys_review_step_open_idx
    eq(cur.isAudit, 0),
    inArray(cur.roleCode, m.roleCodes),
    inArray(cur.deptCode, m.orgCodes),
    or(eq(reviews.forbidSelfApproval, false), isNull(reviews.submitterId), ne(reviews.submitterId, userId)),
    // the previous step, when there is one, is approved: its approver may not take the next one
    or(eq(reviews.repeatAudit, true), isNull(prev.userId), ne(prev.userId, userId)),
  )
}

/** The inbox's size, and how many of its reviews are past their current step's time limit. */
export const countTodo = async (db: DbOrTx, userId: string): Promise<{ waiting: number; overdue: number }> => {
  const where = await todoWhere(db, userId)
  if (!where) return { waiting: 0, overdue: 0 }
  const [row] = await db
    .select({
      waiting: sql<number>`count(*)::int`,
      overdue: sql<number>`(count(*) filter (where ${cur.timeLimitHours} is not null and ${reviews.stepStartedAt} + ${cur.timeLimitHours} * interval '1 hour' < now()))::int`,
    })
    .from(reviews)
    .innerJoin(cur, and(eq(cur.reviewId, reviews.id), eq(cur.stepNo, reviews.currentStep)))
    .leftJoin(prev, and(eq(prev.reviewId, reviews.id), eq(prev.stepNo, sql`${reviews.currentStep} - 1`)))
    .where(where)
  return { waiting: row?.waiting ?? 0, overdue: row?.overdue ?? 0 }
}

/**
 * The inbox: open reviews whose current step the user may decide now — holding the step's role in
 * its department, and not kept away by the self-approval or repeat-audit rules.
 */
export const listTodo = async (
  db: DbOrTx,
  userId: string,
  f: ReviewListFilter,
  lang: Lang,
): Promise<Page<ReviewItem>> => {
  const inbox = await todoWhere(db, userId)
  if (!inbox) return pageOf([], 0, f)
  const where = and(inbox, ...commonFilters(f))
  const base = () =>
    db
      .select(itemColumns)
      .from(reviews)
      .innerJoin(cur, and(eq(cur.reviewId, reviews.id), eq(cur.stepNo, reviews.currentStep)))
      .leftJoin(prev, and(eq(prev.reviewId, reviews.id), eq(prev.stepNo, sql`${reviews.currentStep} - 1`)))
      .leftJoin(departments, eq(departments.orgCode, cur.deptCode))
      .leftJoin(roles, eq(roles.roleCode, cur.roleCode))
      .leftJoin(submitter, eq(submitter.id, reviews.submitterId))
      .where(where)
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(reviews)
    .innerJoin(cur, and(eq(cur.reviewId, reviews.id), eq(cur.stepNo, reviews.currentStep)))
    .leftJoin(prev, and(eq(prev.reviewId, reviews.id), eq(prev.stepNo, sql`${reviews.currentStep} - 1`)))
    .where(where)
  const rows = await base()
    .orderBy(desc(reviews.stepStartedAt), asc(reviews.id))
    .limit(f.pageSize)
    .offset((f.pageNo - 1) * f.pageSize)
  const now = new Date()
  return pageOf(
    rows.map((r) => toItem(r, lang, now)),
    count?.n ?? 0,
    f,
  )
}

/** Reviews the user has decided at least once, latest decision first, with that decision. */
export const listDone = async (
  db: DbOrTx,
  userId: string,
  f: ReviewListFilter,
  lang: Lang,
): Promise<Page<ReviewItem>> => {
  const mine = db
    .select({
      reviewId: reviewDecisions.reviewId,
      lastAt: sql<Date>`max(${reviewDecisions.createAt})`.as('last_at'),
      lastDecision:
        sql<string>`(array_agg(${reviewDecisions.decision} order by ${reviewDecisions.createAt} desc))[1]`.as(
          'last_decision',
        ),
    })
    .from(reviewDecisions)
    .where(eq(reviewDecisions.userId, userId))
    .groupBy(reviewDecisions.reviewId)
    .as('mine')
  const where = and(...commonFilters(f))
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(reviews)
    .innerJoin(mine, eq(mine.reviewId, reviews.id))
    .where(where)
  const rows = await db
    .select({ ...itemColumns, myDecision: mine.lastDecision, myDecidedAt: mine.lastAt })
    .from(reviews)
    .innerJoin(mine, eq(mine.reviewId, reviews.id))
    .leftJoin(cur, and(eq(cur.reviewId, reviews.id), eq(cur.stepNo, reviews.currentStep)))
    .leftJoin(departments, eq(departments.orgCode, cur.deptCode))
    .leftJoin(roles, eq(roles.roleCode, cur.roleCode))
    .leftJoin(submitter, eq(submitter.id, reviews.submitterId))
    .where(where)
    .orderBy(desc(mine.lastAt), asc(reviews.id))
    .limit(f.pageSize)
    .offset((f.pageNo - 1) * f.pageSize)
  const now = new Date()
  return pageOf(
    rows.map((r) => toItem(r, lang, now)),
    count?.n ?? 0,
    f,
  )
}

export const findReview = async (db: DbOrTx, ref: ReviewRef) => {
  const [review] = await db.select().from(reviews).where(refWhere(ref))
  return review ?? null
}

/** Who may decide the review's current step now; empty once the review is finished. */
export const reviewersOf = async (db: DbOrTx, ref: ReviewRef): Promise<string[]> => {
  const review = await findReview(db, ref)
  if (!review || !OPEN_STATUSES.includes(review.status)) return []
  const steps = await stepsOf(db, review.id)
  const current = steps.find((s) => s.stepNo === review.currentStep)
  if (!current) return []
  return candidatesOf(
    db,
    current,
    excludedAt(
      review,
      steps.find((s) => s.stepNo === review.currentStep - 1),
    ),
  )
}

const decider = alias(users, 'decider')

/** A review's steps with their decisions, the step to highlight (SPEC 4) and every decision taken. */
export const getProgress = async (db: DbOrTx, ref: ReviewRef, lang: Lang): Promise<ReviewProgress | null> => {
  const review = await findReview(db, ref)
  if (!review) return null
  const steps = await db
    .select({
      step: reviewSteps,
      departName: departments.departName,
      departNameEn: departments.departNameEn,
      roleName: roles.roleName,
      roleNameEn: roles.roleNameEn,
      realname: decider.realname,
    })
    .from(reviewSteps)
    .leftJoin(departments, eq(departments.orgCode, reviewSteps.deptCode))
    .leftJoin(roles, eq(roles.roleCode, reviewSteps.roleCode))
    .leftJoin(decider, eq(decider.id, reviewSteps.userId))
    .where(eq(reviewSteps.reviewId, review.id))
    .orderBy(asc(reviewSteps.stepNo))
  const history = await db
    .select({ d: reviewDecisions, realname: decider.realname })
    .from(reviewDecisions)
    .leftJoin(decider, eq(decider.id, reviewDecisions.userId))
    .where(eq(reviewDecisions.reviewId, review.id))
    .orderBy(asc(reviewDecisions.createAt), asc(reviewDecisions.id))
  const index = deriveCurrentStepIndex(
    steps.map((s) => s.step),
    review.status === ApprovalStatus.Rejected,
  )
  return {
    id: review.id,
    business: review.business,
    objectId: review.objectId,
    objectNo: review.objectNo,
    status: review.status as ApprovalStatus,
    round: review.round,
    currentStep: steps[index]?.step.stepNo ?? 1,
    steps: steps.map(({ step: s, ...names }) => ({
      stepNo: s.stepNo,
      stepName: s.stepName,
      deptCode: s.deptCode,
      departName: pick(lang, names.departName, names.departNameEn),
      roleCode: s.roleCode,
      roleName: pick(lang, names.roleName, names.roleNameEn),
      timeLimitHours: s.timeLimitHours,
      allowAdjust: s.allowAdjust,
      isAudit: s.isAudit === 1 ? 1 : 0,
      decision: s.decision as ReviewDecision | null,
      userId: s.userId,
      realname: names.realname,
      decidedAt: iso(s.decidedAt),
      note: s.note,
    })),
    history: history.map(({ d, realname }) => ({
      round: d.round,
      stepNo: d.stepNo,
      deptCode: d.deptCode,
      roleCode: d.roleCode,
      decision: d.decision as ReviewDecision,
      userId: d.userId,
      realname,
      note: d.note,
      decidedAt: d.createAt.toISOString(),
    })),
    version: review.version,
  }
}
