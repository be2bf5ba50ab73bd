import { OPEN_APPROVAL, objectsTitle } from '@app/contracts'
import { and, eq, gt, inArray, isNotNull, isNull, like, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { outbox, reviews } from '../../db/schema/index.ts'
import { reviewDeadline } from '../../platform/approval/index.ts'
import { orderSummaryOf } from './facts.ts'
import { type createTeller, startedTogether } from './producers.ts'
import { lead } from './texts.ts'

const HOUR_MS = 3600_000
/** An expiry older than this is not announced (a first start on old data mails nobody about its past). */
const EXPIRED_NOTICE_WITHIN_MS = 24 * HOUR_MS
/** Due reviews read per statement. */
const DUE_PAGE = 200

/** A review whose current step's deadline is near or has just passed. */
type Due = {
  id: string
  business: string
  objectId: string
  objectNo: string | null
  version: number
  submitterId: string | null
  currentStep: number
  stepStartedAt: Date
  deadline: Date
  /** How many due reviews started with it (same business, submitter, start and step): 1 for one started alone. */
  startedWith: number
}

/**
 * Deadlines of review steps (issue 38), looked at by every instance now and then: the reviewers a
 * step's "waiting for you" mail went to are reminded `remindBeforeMs` before it expires, and told
 * with the submitter once it has expired; reviews started together (an import's), asked for in one
 * mail, in one mail for all of them. The outbox's keys make each reminder once per step (or reviews
 * started together) and person however many instances look.
 */
export const createDeadlineWatch = (deps: {
  db: Db
  tell: ReturnType<typeof createTeller>
  remindBeforeMs: number
}) => {
  const { db, tell, remindBeforeMs } = deps

  /**
   * Open reviews whose current step's deadline is within the reminder time, or passed within a
   * day: a page of them, by id after `after`.
   */
  const due = (after: string | null): Promise<Due[]> =>
    db
      .select({
        id: reviews.id,
        business: reviews.business,
        objectId: reviews.objectId,
        objectNo: reviews.objectNo,
        version: reviews.version,
        submitterId: reviews.submitterId,
        currentStep: reviews.currentStep,
        stepStartedAt: reviews.stepStartedAt,
        // wrapped: mapWith would set the shared expression's decoder
        deadline: sql<Date>`${reviewDeadline}`.mapWith((v: string | Date) => new Date(v)),
        // counted over every due review, not the page: a review started alone costs no further statement
        startedWith: sql<number>`count(*) over (partition by ${reviews.business}, ${reviews.submitterId},
          ${reviews.stepStartedAt}, ${reviews.currentStep})`.mapWith(Number),
      })
      .from(reviews)
      .where(
        and(
          inArray(reviews.status, [...OPEN_APPROVAL]),
          isNotNull(reviews.currentTimeLimitHours),
          sql`${reviewDeadline}
            between now() - ${EXPIRED_NOTICE_WITHIN_MS} * interval '1 millisecond'
            and now() + ${remindBeforeMs} * interval '1 millisecond'`,
          after ? gt(reviews.id, after) : undefined,
        ),
      )
      .orderBy(reviews.id)
      .limit(DUE_PAGE)

  /** Who a "waiting for you" mail went to, by what it was told about (`ref`). */
  const mailedReviewers = async (ref: string) =>
    (
      await db
        .selectDistinct({ userId: outbox.userId })
        .from(outbox)
        .where(and(eq(outbox.event, 'reviewNeeded'), like(outbox.key, `mail:reviewNeeded:${ref}:%`)))
    )
      .map((r) => r.userId)
      .filter((id): id is string => !!id)

  /** The numbers of the open reviews started together with this one (an import's), still at their first step. */
  const numbersStartedWith = async (r: Due) =>
    (
      await db
        .select({ objectNo: reviews.objectNo })
        .from(reviews)
        .where(
          and(
            eq(reviews.business, r.business),
            r.submitterId ? eq(reviews.submitterId, r.submitterId) : isNull(reviews.submitterId),
            eq(reviews.stepStartedAt, r.stepStartedAt),
            eq(reviews.currentStep, 1),
            inArray(reviews.status, [...OPEN_APPROVAL]),
          ),
        )
        .orderBy(reviews.objectNo)
    ).map((x) => x.objectNo)

  /** Queues what one due review needs; `together`: the reviews started together already seen. */
  const remind = async (r: Due, now: Date, together: Set<string>) => {
    let ref = `${r.id}:v${r.version}`
    let objectNos: (string | null)[] | undefined
    if (r.currentStep === 1 && r.startedWith > 1) {
      const key = startedTogether(r)
      if (together.has(key)) return
      together.add(key)
      ref = key
      objectNos = await numbersStartedWith(r)
    }
    const reviewers = await mailedReviewers(ref)
    const expired = r.deadline.getTime() <= now.getTime()
    if (reviewers.length === 0 && !expired) return
    await db.transaction(async (tx) => {
      const about = { business: r.business, objectNo: r.objectNo, objectNos, deadline: r.deadline }
      await tell(tx, {}, async () => ({
        event: expired ? 'expired' : 'deadlineNear',
        pref: 'reviewNeeded',
        to: expired && r.submitterId ? [...reviewers, r.submitterId] : reviewers,
        ref,
        business: r.business,
        objectNo: objectNos ? null : r.objectNo,
        order: objectNos ? null : await orderSummaryOf(tx, r.business, r.objectId),
        texts: (lang) => {
          const l = expired ? lead.expired(lang, about) : lead.deadlineNear(lang, about)
          const listed = objectNos ? [objectsTitle(r.business, objectNos, lang).listed] : []
          return { subject: l.subject, paragraphs: [l.text, ...listed] }
        },
      }))
    })
  }

  /**
   * One look: queues what is due. Reviews started together and still at their first step were
   * asked for in one mail: they are reminded, and told of their expiry, in one too.
   */
  const tick = async (now = new Date()) => {
    const together = new Set<string>()
    // every due review, page by page: a page of reviews already told of must not hide the others
    for (let after: string | null = null; ; ) {
      const page = await due(after)
      for (const r of page) await remind(r, now, together)
      if (page.length < DUE_PAGE) return
      after = page.at(-1)!.id
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
