import {
  ApprovalStatus,
  deriveCurrentStepIndex,
  type Lang,
  localName,
  type Page,
  type ReviewDecision,
  type ReviewItem,
  type ReviewProgress,
} from '@app/contracts'
import { and, asc, desc, eq, ilike, type SQL, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { DbOrTx } from '../../db/client.ts'
import { departments, reviewDecisions, reviewSteps, reviews, roles, users } from '../../db/schema/index.ts'
import { escapeLike } from '../list-query.ts'
import { deadlineOf, stepsOf } from './decide.ts'
import { candidatesOf, excludedAt } from './reviewers.ts'
import { OPEN_STATUSES, refWhere, reusableByRef } from './start.ts'
import type { ReviewRef, ReviewRow } from './types.ts'

export type ReviewListFilter = { business?: string; objectNo?: string; pageNo: number; pageSize: number }

/** A review's current step, joined as `cur`. */
export const cur = alias(reviewSteps, 'cur')
export const curOfReview = and(eq(cur.reviewId, reviews.id), eq(cur.stepNo, reviews.currentStep))
export const submitter = alias(users, 'submitter')

/** A name of a step, department or role in `lang` (null when the step or its join has none). */
export const nameIn = <F extends string>(row: { [K in F | `${F}En`]: string | null }, lang: Lang, field: F) =>
  row[field] === null ? null : localName(row, lang, field)
const iso = (d: Date | null) => (d ? d.toISOString() : null)

/** The columns of a list row: the review, its current step with names, the submitter. */
export const itemColumns = {
  review: reviews,
  stepName: cur.stepName,
  stepNameEn: cur.stepNameEn,
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
  stepNameEn: string | null
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

export const toItem = (row: ItemRow, lang: Lang, now: Date): ReviewItem => {
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
    stepName: nameIn(row, lang, 'stepName'),
    deptCode: row.deptCode,
    departName: nameIn(row, lang, 'departName'),
    roleCode: row.roleCode,
    roleName: nameIn(row, lang, 'roleName'),
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

export const pageOf = <T>(records: T[], total: number, f: ReviewListFilter): Page<T> => ({
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
    .leftJoin(cur, curOfReview)
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

/** A step of `getProgress`'s read, with the names it shows (JSON: a time comes as text). */
type ProgressStep = {
  stepNo: number
  stepName: string | null
  stepNameEn: string | null
  deptCode: string | null
  roleCode: string
  timeLimitHours: number | null
  allowAdjust: boolean
  isAudit: number
  decision: string | null
  userId: string | null
  decidedAt: string | null
  note: string | null
  departName: string | null
  departNameEn: string | null
  roleName: string | null
  roleNameEn: string | null
  realname: string | null
}
type ProgressDecision = {
  round: number
  stepNo: number
  deptCode: string | null
  roleCode: string
  decision: string
  userId: string | null
  realname: string | null
  note: string | null
  decidedAt: string
}

/**
 * A review with its steps (and the names they show) and its decisions (with their deciders), as
 * the columns of one select from `reviews` (or a select that joins it): `toProgress` reads them.
 */
export const progressColumns = {
  // what the progress shows of the review (its twenty columns are described and parsed on every read)
  review: {
    id: reviews.id,
    business: reviews.business,
    objectId: reviews.objectId,
    objectNo: reviews.objectNo,
    status: reviews.status,
    round: reviews.round,
    version: reviews.version,
  },
  // written out: drizzle leaves a one-table select's columns unqualified, and these name the outer row
  steps: sql<ProgressStep[]>`(
        select coalesce(json_agg(json_build_object('stepNo', s.step_no, 'stepName', s.step_name,
          'stepNameEn', s.step_name_en, 'deptCode', s.dept_code, 'roleCode', s.role_code, 'timeLimitHours', s.time_limit_hours,
          'allowAdjust', s.allow_adjust, 'isAudit', s.is_audit, 'decision', s.decision, 'userId', s.user_id,
          'decidedAt', s.decided_at, 'note', s.note, 'departName', dp.depart_name, 'departNameEn', dp.depart_name_en,
          'roleName', ro.role_name, 'roleNameEn', ro.role_name_en, 'realname', u.realname) order by s.step_no), '[]')
        from ${reviewSteps} s
        left join ${departments} dp on dp.org_code = s.dept_code
        left join ${roles} ro on ro.role_code = s.role_code
        left join ${users} u on u.id = s.user_id
        where s.review_id = ${reviews}.id)`,
  history: sql<ProgressDecision[]>`(
        select coalesce(json_agg(json_build_object('round', h.round, 'stepNo', h.step_no, 'deptCode', h.dept_code,
          'roleCode', h.role_code, 'decision', h.decision, 'userId', h.user_id, 'realname', u.realname,
          'note', h.note, 'decidedAt', h.create_at) order by h.create_at, h.id), '[]')
        from ${reviewDecisions} h
        left join ${users} u on u.id = h.user_id
        where h.review_id = ${reviews}.id)`,
}

const progressRead = reusableByRef('sys_review_progress', (db, where) =>
  db.select(progressColumns).from(reviews).where(where),
)

/** A row of `progressColumns` (its review null: none was joined) as the progress it shows. */
type ProgressRow = {
  review: Pick<ReviewRow, keyof typeof progressColumns.review> | null
  steps: ProgressStep[]
  history: ProgressDecision[]
}

/** A review's steps with their decisions, the step to highlight (SPEC 4) and every decision taken; null without a review. */
export const toProgress = ({ review, steps, history }: ProgressRow, lang: Lang): ReviewProgress | null => {
  if (!review) return null
  const at = (text: string | null) => (text ? new Date(text).toISOString() : null)
  const index = deriveCurrentStepIndex(steps, review.status === ApprovalStatus.Rejected)
  return {
    id: review.id,
    business: review.business,
    objectId: review.objectId,
    objectNo: review.objectNo,
    status: review.status as ApprovalStatus,
    round: review.round,
    currentStep: steps[index]?.stepNo ?? 1,
    steps: steps.map((s) => ({
      stepNo: s.stepNo,
      stepName: nameIn(s, lang, 'stepName'),
      deptCode: s.deptCode,
      departName: nameIn(s, lang, 'departName'),
      roleCode: s.roleCode,
      roleName: nameIn(s, lang, 'roleName'),
      timeLimitHours: s.timeLimitHours,
      allowAdjust: s.allowAdjust,
      isAudit: s.isAudit === 1 ? 1 : 0,
      decision: s.decision as ReviewDecision | null,
      userId: s.userId,
      realname: s.realname,
      decidedAt: at(s.decidedAt),
      note: s.note,
    })),
    history: history.map((d) => ({
      round: d.round,
      stepNo: d.stepNo,
      deptCode: d.deptCode,
      roleCode: d.roleCode,
      decision: d.decision as ReviewDecision,
      userId: d.userId,
      realname: d.realname,
      note: d.note,
      decidedAt: at(d.decidedAt)!,
    })),
    version: review.version,
  }
}

export const getProgress = async (db: DbOrTx, ref: ReviewRef, lang: Lang): Promise<ReviewProgress | null> => {
  const [row] = await progressRead(db, ref)
  return row ? toProgress(row, lang) : null
}
