import { OPEN_APPROVAL } from '@app/contracts'
import { and, eq, inArray, isNotNull, like, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { outbox, reviewSteps, reviews } from '../../db/schema/index.ts'
import { orderSummaryOf } from './facts.ts'
import type { createTeller } from './producers.ts'
import { lead } from './texts.ts'

const HOUR_MS = 3600_000
/** An expiry older than this is not announced (a first start on old data mails nobody about its past). */
const EXPIRED_NOTICE_WITHIN_MS = 24 * HOUR_MS

/**
 * Deadlines of review steps (issue 38), looked at by every instance now and then: the reviewers a
 * step's "waiting for you" mail went to are reminded `remindBeforeMs` before it expires, and told
 * with the submitter once it has expired. The outbox's keys make each reminder once per step and
 * person however many instances look.
 */
export const createDeadlineWatch = (deps: {
  db: Db
  tell: ReturnType<typeof createTeller>
  remindBeforeMs: number
}) => {
  const { db, tell, remindBeforeMs } = deps

  /** Open reviews whose current step's deadline is within the reminder time, or passed within a day. */
  const due = () =>
    db
      .select({
        id: reviews.id,
        business: reviews.business,
        objectId: reviews.objectId,
        objectNo: reviews.objectNo,
        version: reviews.version,
        submitterId: reviews.submitterId,
        deadline: sql<Date>`${reviews.stepStartedAt} + ${reviewSteps.timeLimitHours} * interval '1 hour'`.mapWith(
          (v: string | Date) => new Date(v),
        ),
      })
      .from(reviews)
      .innerJoin(reviewSteps, and(eq(reviewSteps.reviewId, reviews.id), eq(reviewSteps.stepNo, reviews.currentStep)))
      .where(
        and(
          inArray(reviews.status, [...OPEN_APPROVAL]),
          isNotNull(reviewSteps.timeLimitHours),
          sql`${reviews.stepStartedAt} + ${reviewSteps.timeLimitHours} * interval '1 hour'
            between now() - ${EXPIRED_NOTICE_WITHIN_MS} * interval '1 millisecond'
            and now() + ${remindBeforeMs} * interval '1 millisecond'`,
        ),
      )
      .limit(200)

  /** Who the step's "waiting for you" mail went to. */
  const mailedReviewers = async (reviewId: string, version: number) =>
    (
      await db
        .selectDistinct({ userId: outbox.userId })
        .from(outbox)
        .where(and(eq(outbox.event, 'reviewNeeded'), like(outbox.key, `mail:reviewNeeded:${reviewId}:v${version}:%`)))
    )
      .map((r) => r.userId)
      .filter((id): id is string => !!id)

  /** One look: queues what is due. */
  const tick = async (now = new Date()) => {
    for (const r of await due()) {
      const reviewers = await mailedReviewers(r.id, r.version)
      const expired = r.deadline.getTime() <= now.getTime()
      if (reviewers.length === 0 && !expired) continue
      await db.transaction(async (tx) => {
        const about = { business: r.business, objectNo: r.objectNo, deadline: r.deadline }
        await tell(tx, {}, async () => ({
          event: expired ? 'expired' : 'deadlineNear',
          pref: 'reviewNeeded',
          to: expired && r.submitterId ? [...reviewers, r.submitterId] : reviewers,
          ref: `${r.id}:v${r.version}`,
          business: r.business,
          objectNo: r.objectNo,
          order: await orderSummaryOf(tx, r.business, r.objectId),
          texts: (lang) => {
            const l = expired ? lead.expired(lang, about) : lead.deadlineNear(lang, about)
            return { subject: l.subject, paragraphs: [l.text] }
          },
        }))
      })
    }
  }

  let timer: NodeJS.Timeout | null = null
  return {
    tick,
    start(everyMs: number) {
      timer = setInterval(() => void tick().catch(() => undefined), everyMs)
    },
    stop() {
      if (timer) clearInterval(timer)
    },
  }
}
