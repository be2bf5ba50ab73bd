import type { Lang, Page, ReviewItem } from '@app/contracts'
import { and, asc, desc, eq, ilike, inArray, isNull, ne, or, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { type DbOrTx, rowsOf, textArray, uuidArray } from '../../db/client.ts'
import { rawStatement, reusable, reusableEach } from '../../db/reusable.ts'
import { departments, reviewSteps, reviews, roles } from '../../db/schema/index.ts'
import { escapeLike } from '../list-query.ts'
import { cur, curOfReview, itemColumns, pageOf, type ReviewListFilter, submitter, toItem } from './queries.ts'
import { type Member, membershipsOf, userIdOf } from './reviewers.ts'
import { OPEN_STATUSES, reviewDeadline } from './start.ts'

/**
 * The inbox: the open reviews whose current step waits for the user (`listTodo`), and its size
 * with what is overdue (`countTodo`, the home page's), read by who holds each review's current step.
 */

/** The step before a review's current one, left-joined as `prev` (`INBOX_FROM`). */
const prev = alias(reviewSteps, 'prev')

/** The inbox's filters a list may add: the business, part of the object's number. */
type TodoFilters = Pick<ReviewListFilter, 'business' | 'objectNo'>
/** Which of the inbox's filters a statement has ('' none, 'b' the business, 'n' the number, 'bn' both). */
type TodoShape = '' | 'b' | 'n' | 'bn'
const shapeOf = (f: TodoFilters): TodoShape => `${f.business ? 'b' : ''}${f.objectNo ? 'n' : ''}` as TodoShape

/**
 * What puts a review waiting for one holder (`holder.role`, `holder.dept`) in the user's inbox,
 * over `sys_review` joined with `prev` (`INBOX_FROM`), in placeholders: the user (`userId`) and the
 * filters of `shape` (`business`, `objectNo`). An open review's current step is undecided (a
 * decision either moves the review to another step or ends it), so its step is not read.
 */
const todoWhere = (shape: TodoShape) =>
  and(
    inArray(reviews.status, [...OPEN_STATUSES]),
    sql`${reviews.currentRoleCode} = holder.role and ${reviews.currentDeptCode} = holder.dept`,
    or(
      eq(reviews.forbidSelfApproval, false),
      isNull(reviews.submitterId),
      ne(reviews.submitterId, sql.placeholder('userId')),
    ),
    // the previous step, when there is one, is approved: its approver may not take the next one
    or(eq(reviews.repeatAudit, true), isNull(prev.userId), ne(prev.userId, sql.placeholder('userId'))),
    shape.includes('b') ? eq(reviews.business, sql.placeholder('business')) : undefined,
    shape.includes('n') ? ilike(reviews.objectNo, sql.placeholder('objectNo')) : undefined,
  )
/**
 * The open reviews and the step before each one's current step (`prev`, left-joined). At the first
 * step the number looked for is null, so PostgreSQL ends the index lookup before it starts: a
 * first-step reviewer's inbox of 20 000 reviews (the bench's regional president at 1 000 000
 * orders) makes no lookup for them.
 */
const INBOX_FROM = sql.raw(`sys_review
  left join sys_review_step prev on prev.review_id = sys_review.id and prev.step_no = nullif(sys_review.current_step - 1, 0)`)

/** The values of the inbox's placeholders; undefined when the user holds no role in any department. */
const todoValues = async (db: DbOrTx, who: Member, f: TodoFilters = {}) => {
  const m = await membershipsOf(db, who)
  if (m.roleCodes.length === 0 || m.orgCodes.length === 0) return undefined
  return {
    userId: userIdOf(who),
    roleCodes: textArray(m.roleCodes),
    orgCodes: textArray(m.orgCodes),
    business: f.business,
    objectNo: f.objectNo ? `%${escapeLike(f.objectNo)}%` : undefined,
  }
}

/**
 * The inbox's size, how many of it are past their step's time limit, and the ids of a page of it
 * (`limit` from `offset`, latest step first; none for a limit of 0), in one statement built once
 * for each shape of its filters. Each (role, department) the user holds is read on its own from
 * `sys_review_inbox_idx`: the page as an ordered scan that stops at the page's end, the count
 * over that holder's open reviews only. (All holders at once, `= any(...)`, made PostgreSQL sort
 * every waiting review for a page, or pick another index.)
 */
const todoTotals = reusableEach('sys_review_todo', (db, shape: TodoShape) => {
  const where = todoWhere(shape)
  const holders = sql`unnest(${sql.placeholder('roleCodes')}::text[]) as r (role)
    cross join unnest(${sql.placeholder('orgCodes')}::text[]) as d (dept)
    cross join lateral (select r.role, d.dept) as holder`
  const overdue = sql`${reviewDeadline} < now()`
  const end = sql`(${sql.placeholder('offset')}::int + ${sql.placeholder('limit')}::int)`
  return rawStatement(
    db,
    sql`select coalesce(sum(w.waiting), 0)::int as waiting, coalesce(sum(w.overdue), 0)::int as overdue,
        array(select p.id::text from ${holders} cross join lateral (
            select ${reviews.id} as id, ${reviews.stepStartedAt} as at from ${INBOX_FROM} where ${where}
            order by ${reviews.stepStartedAt} desc, ${reviews.id} limit ${end}) as p
          order by p.at desc, p.id limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')}) as ids
      from ${holders} cross join lateral (
        select count(*) as waiting, count(*) filter (where ${overdue}) as overdue from ${INBOX_FROM} where ${where}) as w`,
  )
})
type TodoTotals = { waiting: number; overdue: number; ids: string[] }

/** A page of the inbox by its ids, in its order, with the names its rows show. */
const todoRows = reusable('sys_review_todo_rows', (db) =>
  db
    .select(itemColumns)
    .from(reviews)
    .innerJoin(cur, curOfReview)
    .leftJoin(departments, eq(departments.orgCode, cur.deptCode))
    .leftJoin(roles, eq(roles.roleCode, cur.roleCode))
    .leftJoin(submitter, eq(submitter.id, reviews.submitterId))
    .where(sql`${reviews.id} = any(${sql.placeholder('ids')}::uuid[])`)
    .orderBy(desc(reviews.stepStartedAt), asc(reviews.id)),
)

/** The inbox's size, and how many of its reviews are past their current step's time limit. */
export const countTodo = async (db: DbOrTx, who: Member): Promise<{ waiting: number; overdue: number }> => {
  const values = await todoValues(db, who)
  if (!values) return { waiting: 0, overdue: 0 }
  const [row] = rowsOf<TodoTotals>(await todoTotals('')(db, { ...values, limit: 0, offset: 0 }))
  return { waiting: row?.waiting ?? 0, overdue: row?.overdue ?? 0 }
}

/**
 * The inbox: open reviews whose current step the user may decide now — holding the step's role in
 * its department, and not kept away by the self-approval or repeat-audit rules.
 */
export const listTodo = async (db: DbOrTx, who: Member, f: ReviewListFilter, lang: Lang): Promise<Page<ReviewItem>> => {
  const values = await todoValues(db, who, f)
  if (!values) return pageOf([], 0, f)
  const [totals] = rowsOf<TodoTotals>(
    await todoTotals(shapeOf(f))(db, { ...values, limit: f.pageSize, offset: (f.pageNo - 1) * f.pageSize }),
  )
  const ids = totals?.ids ?? []
  const rows = ids.length === 0 ? [] : await todoRows(db, { ids: uuidArray(ids) })
  const now = new Date()
  return pageOf(
    rows.map((r) => toItem(r, lang, now)),
    totals?.waiting ?? 0,
    f,
  )
}
