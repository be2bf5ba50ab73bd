import { eq } from 'drizzle-orm'
import { notices } from '../../db/schema/index.ts'
import type { EventBus } from '../../platform/events.ts'
import { type MessageDraft, sameText, sendMessages } from './message.writer.ts'
import { plainText } from './notice.sanitize.ts'
import { approvalTexts, menuOfBusiness } from './texts.ts'

/** How long the plain-text excerpt of a notice in its message may be. */
const EXCERPT = 200

/** The message asking a step's reviewers for their review. */
const reviewNeeded = (e: {
  business: string
  objectNo: string | null
  stepNo: number
  reviewerIds: string[]
  submitterId: string | null
}): MessageDraft => ({
  recipientIds: e.reviewerIds,
  texts: { zh: approvalTexts.reviewNeeded('zh', e), en: approvalTexts.reviewNeeded('en', e) },
  creatorId: e.submitterId,
  menuId: menuOfBusiness(e.business),
  params: e.objectNo ? { busObjNo: e.objectNo } : null,
  source: 'approval.reviewNeeded',
})

/**
 * Domain events that become messages, written in the event's own transaction (so they commit
 * with it) and announced with NOTIFY. Answers a function that unsubscribes them all.
 */
export const subscribeMessageProducers = (events: EventBus) => {
  const offs = [
    events.on('approval.reviewNeeded', async (tx, e) => {
      await sendMessages(tx, [reviewNeeded(e)])
    }),
    // the submitter told of the decision and the next step's reviewers asked: one statement
    ...(['approval.approved', 'approval.rejected'] as const).map((type) =>
      events.on(type, async (tx, e) => {
        const texts = e.type === 'approval.approved' ? approvalTexts.approved : approvalTexts.rejected
        const drafts: MessageDraft[] = []
        if (e.submitterId)
          drafts.push({
            recipientIds: [e.submitterId],
            texts: { zh: texts('zh', e), en: texts('en', e) },
            creatorId: e.decidedBy,
            menuId: menuOfBusiness(e.business),
            params: e.objectNo ? { busObjNo: e.objectNo } : null,
            source: e.type,
          })
        if (e.next) drafts.push(reviewNeeded({ ...e, ...e.next }))
        if (drafts.length > 0) await sendMessages(tx, drafts)
      }),
    ),
    events.on('business.notify', async (tx, e) => {
      await sendMessages(tx, [
        {
          recipientIds: e.recipientIds,
          texts: e.texts,
          creatorId: e.creatorId,
          menuId: e.menuId,
          params: e.objectNo ? { busObjNo: e.objectNo } : null,
          source: e.type,
        },
      ])
    }),
    events.on('notice.published', async (tx, e) => {
      const [notice] = await tx
        .select({ content: notices.content, senderName: notices.senderName })
        .from(notices)
        .where(eq(notices.id, e.noticeId))
      const excerpt = plainText(notice?.content ?? '', EXCERPT)
      // one draft for all recipients, read from the notice's recipient rows: one statement
      await sendMessages(tx, [
        {
          noticeRecipients: e.recipients,
          texts: sameText({ title: e.title, content: excerpt }),
          creator: notice?.senderName ?? null,
          creatorId: e.senderId,
          noticeId: e.noticeId,
          source: e.type,
        },
      ])
    }),
  ]
  return () => {
    for (const off of offs) off()
  }
}
