import { randomUUID } from 'node:crypto'
import { AuditBusiness, type Lang, type NotifyOutboxEvent, RoleCode } from '@app/contracts'
import { and, eq, inArray } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { reusable } from '../../db/reusable.ts'
import { notifyPrefs, notifyRobots, notifyRoleDefaults } from '../../db/schema/index.ts'
import type { EventBus } from '../../platform/events.ts'
import { enqueue, type OutboxItem } from '../../platform/outbox/index.ts'
import type { ChatPayload, MailPayload } from './channels.ts'
import type { NotifyConfig } from './config.ts'
import {
  type OrderSummary,
  orderIdByNo,
  orderSummaryOf,
  type Recipient,
  readOrderSummary,
  readRecipients,
  readReviewState,
  usersWithRole,
} from './facts.ts'
import type { Links } from './links.ts'
import { chatContent, type MailContent, renderMail } from './render.ts'
import { lead, type NotifyEvent, productLink, T } from './texts.ts'

export const DECISION_PATH = '/api/notify/decision'

/**
 * What names reviews started together (an import's) in the outbox's keys: their business,
 * submitter and start, which each of them still holds while at its first step. Their one "waiting
 * for you" mail and their one reminder are keyed by it.
 */
export const startedTogether = (r: { business: string; submitterId: string | null; stepStartedAt: Date }) =>
  `together:${r.business}:${r.submitterId ?? ''}:${r.stepStartedAt.getTime()}`

/** The channels a user wants for an event: their own choice, else their roles' defaults, else all. */
export const wantsMail = async (db: DbOrTx, recipients: Recipient[], event: NotifyEvent) => {
  if (recipients.length === 0) return recipients
  const own = new Map(
    (
      await db
        .select({ userId: notifyPrefs.userId, channels: notifyPrefs.channels })
        .from(notifyPrefs)
        .where(
          and(
            inArray(
              notifyPrefs.userId,
              recipients.map((r) => r.id),
            ),
            eq(notifyPrefs.event, event),
          ),
        )
    ).map((r) => [r.userId, r.channels]),
  )
  const roleCodes = [...new Set(recipients.flatMap((r) => r.roleCodes))]
  const defaults = new Map(
    roleCodes.length
      ? (
          await db
            .select({ roleCode: notifyRoleDefaults.roleCode, channels: notifyRoleDefaults.channels })
            .from(notifyRoleDefaults)
            .where(and(inArray(notifyRoleDefaults.roleCode, roleCodes), eq(notifyRoleDefaults.event, event)))
        ).map((r) => [r.roleCode, r.channels])
      : [],
  )
  return recipients.filter((r) => {
    const mine = own.get(r.id)
    if (mine) return mine.includes('mail')
    const byRole = r.roleCodes.filter((c) => defaults.has(c))
    if (byRole.length === 0) return true
    return byRole.some((c) => defaults.get(c)!.includes('mail'))
  })
}

/** The enabled robots, built once (read on every decision). */
const enabledRobots = reusable('notify_robots_enabled', (db) =>
  db
    .select({ id: notifyRobots.id, orgCode: notifyRobots.orgCode, lang: notifyRobots.lang })
    .from(notifyRobots)
    .where(eq(notifyRobots.status, '1')),
)

type Robot = Awaited<ReturnType<typeof enabledRobots>>[number]

/** The enabled robot of a department, or of the nearest department above it that has one. */
const robotOf = (robots: readonly Robot[], orgCode: string | null) =>
  orgCode
    ? (robots.filter((r) => orgCode.startsWith(r.orgCode)).sort((a, b) => b.orgCode.length - a.orgCode.length)[0] ??
      null)
    : null

type Told = {
  /** What happened: a preference's event, or a reminder ('deadlineNear', 'expired'). */
  event: NotifyOutboxEvent
  /** The preference that decides whether it is mailed (default: the event's own). */
  pref?: NotifyEvent
  /** What the keys are made of: the same event for the same thing is queued once per recipient and channel. */
  ref: string
  business: string
  objectNo: string | null
  order: OrderSummary | null
  texts: (lang: Lang) => { subject: string; paragraphs: string[] }
  /** The users it is mailed to (if they want it). */
  to: string[]
  /** A recipient's one-click decision, if any. */
  decision?: (r: Recipient) => Promise<MailContent['decision']>
}

/**
 * Queues a told event: a mail per recipient who wants it, and the order department's robot message.
 * What is told is read (`build`) only when it can reach someone: mail is set up, or it goes to group
 * chat and a robot is enabled; otherwise a decision sends no statement for it but the robots' read.
 */
export const createTeller = (deps: { config: NotifyConfig; queued: () => void }) => {
  const { config } = deps
  const mail = !!config.smtpUrl
  return async (tx: DbOrTx, opts: { chat?: boolean }, build: () => Promise<Told | null>) => {
    const robots = opts.chat ? await enabledRobots(tx, {}) : []
    if (!mail && robots.length === 0) return
    const told = await build()
    if (!told) return
    const items: OutboxItem[] = []
    const link = productLink(config.appUrl, told.business, told.order?.orderNo ?? told.objectNo)
    if (mail) {
      const recipients = (
        await wantsMail(tx, await readRecipients(tx, told.to), told.pref ?? (told.event as NotifyEvent))
      ).filter((r) => r.email)
      for (const r of recipients) {
        const { subject, paragraphs } = told.texts(r.lang)
        const decision = await told.decision?.(r)
        const key = `mail:${told.event}:${told.ref}:${r.id}`
        const { html, text } = renderMail({ lang: r.lang, subject, paragraphs, order: told.order, link, decision })
        items.push({
          topic: 'mail',
          key,
          recipient: r.email!,
          subject,
          event: told.event,
          userId: r.id,
          payload: {
            to: r.email!,
            subject,
            html,
            text,
            messageId: `<${key.replace(/[^A-Za-z0-9.-]/g, '.')}@backoffice>`,
          } satisfies MailPayload,
        })
      }
    }
    if (told.order) {
      const robot = robotOf(robots, told.order.orgCode)
      if (robot) {
        const lang: Lang = robot.lang === 'en' ? 'en' : 'zh'
        const { subject, paragraphs } = told.texts(lang)
        items.push({
          topic: 'chat',
          key: `chat:${told.event}:${told.ref}:${robot.id}`,
          recipient: robot.orgCode,
          subject,
          event: told.event,
          payload: {
            robotId: robot.id,
            content: chatContent(lang, subject, paragraphs, told.order, link),
          } satisfies ChatPayload,
        })
      }
    }
    if ((await enqueue(tx, items)) > 0) deps.queued()
  }
}

export type { Told }

/**
 * Domain events become mails (per recipient, in their language, if they want them) and group-chat
 * messages (to the order's department's robot), queued in the outbox in the event's transaction.
 */
export const subscribeNotifyProducers = (deps: {
  events: EventBus
  config: NotifyConfig
  links: Links
  /** Rows were queued: the local worker may look now. */
  queued: () => void
}) => {
  const { events, config, links } = deps
  const tell = createTeller(deps)

  const reviewNeeded = async (
    tx: DbOrTx,
    e: {
      reviewId?: string
      business: string
      objectId: string
      objectNo: string | null
      stepNo: number
      reviewerIds: string[]
    },
  ) => {
    const reviewId = e.reviewId
    if (!reviewId || e.reviewerIds.length === 0) return
    await tell(tx, { chat: true }, async () => {
      const review = await readReviewState(tx, reviewId)
      if (!review) return null
      const order = await orderSummaryOf(tx, e.business, e.objectId)
      const until = new Date(
        Math.min(Date.now() + config.linkMs, review.deadline?.getTime() ?? Number.POSITIVE_INFINITY),
      )
      const decidable = e.business === AuditBusiness.SaleOrder && order && until.getTime() > Date.now()
      return {
        event: 'reviewNeeded',
        to: e.reviewerIds,
        ref: `${review.id}:v${review.version}`,
        business: e.business,
        objectNo: e.objectNo,
        order,
        texts: (lang) => {
          const l = lead.reviewNeeded(lang, e)
          return { subject: l.subject, paragraphs: [l.text] }
        },
        decision: decidable
          ? async (r) => {
              const token = await links.create(tx, {
                userId: r.id,
                reviewId: review.id,
                business: e.business,
                objectId: e.objectId,
                stepNo: review.currentStep,
                reviewVersion: review.version,
                objectVersion: order.version,
                expiresAt: until,
              })
              const base = `${config.appUrl}${DECISION_PATH}/${token}`
              return { approve: `${base}?d=approve`, reject: `${base}?d=reject`, until }
            }
          : undefined,
      }
    })
  }

  const offs = [
    events.on('approval.reviewNeeded', reviewNeeded),
    // an import's reviews: one mail per reviewer for all of them, linking to the screen
    events.on('approval.reviewsNeeded', async (tx, e) => {
      if (e.reviewerIds.length === 0) return
      await tell(tx, {}, async () => ({
        event: 'reviewNeeded',
        to: e.reviewerIds,
        ref: startedTogether({ business: e.business, submitterId: e.submitterId, stepStartedAt: e.startedAt }),
        business: e.business,
        objectNo: null,
        order: null,
        texts: (lang) => {
          const l = lead.reviewsNeeded(lang, { ...e, objectNos: e.reviews.map((r) => r.objectNo) })
          return { subject: l.subject, paragraphs: [l.text] }
        },
      }))
    }),
    ...(['approval.approved', 'approval.rejected'] as const).map((type) =>
      events.on(type, async (tx, e) => {
        const { submitterId, reviewId } = e
        if (e.final && submitterId && reviewId) {
          await tell(tx, { chat: true }, async () => {
            const review = await readReviewState(tx, reviewId)
            const order = await orderSummaryOf(tx, e.business, e.objectId)
            const approved = e.type === 'approval.approved'
            return {
              event: approved ? 'approved' : 'rejected',
              to: [submitterId],
              ref: `${reviewId}:v${review?.version ?? 0}`,
              business: e.business,
              objectNo: e.objectNo,
              order,
              texts: (lang) => {
                const l = approved ? lead.approved(lang, e) : lead.rejected(lang, e)
                return {
                  subject: l.subject,
                  paragraphs: [l.text, ...(e.note && !approved ? [`${T.reason[lang]}: ${e.note}`] : [])],
                }
              },
            }
          })
        }
        if (e.next) await reviewNeeded(tx, { ...e, ...e.next })
      }),
    ),
    events.on('business.notify', async (tx, e) => {
      await tell(tx, {}, async () => {
        const orderId = e.objectNo && e.menuId.startsWith('sale_') ? await orderIdByNo(tx, e.objectNo) : null
        return {
          event: 'business',
          to: e.recipientIds,
          ref: randomUUID(),
          business: e.menuId,
          objectNo: e.objectNo,
          order: orderId ? await readOrderSummary(tx, orderId) : null,
          texts: (lang) => ({ subject: e.texts[lang].title, paragraphs: [e.texts[lang].content] }),
        }
      })
    }),
    events.on('erp.syncFailed', async (tx, e) => {
      await tell(tx, { chat: true }, async () => {
        const order = await readOrderSummary(tx, e.orderId)
        if (!order) return null
        return {
          event: 'erpFailed',
          to: [
            ...(await usersWithRole(tx, RoleCode.LogisticsChief)),
            ...(await usersWithRole(tx, RoleCode.LogisticsAdmin)),
          ],
          ref: e.messageId,
          business: AuditBusiness.SaleOrder,
          objectNo: order.orderNo,
          order,
          texts: (lang) => {
            const l = lead.erpFailed(lang, order)
            return { subject: l.subject, paragraphs: [l.text, `${T.reason[lang]}: ${e.reason}`] }
          },
        }
      })
    }),
  ]
  return () => {
    for (const off of offs) off()
  }
}
