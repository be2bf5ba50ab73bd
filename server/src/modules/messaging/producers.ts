import type { EventBus } from '../../platform/events.ts'
import { announceNotice, type MessageDraft, sendMessages } from './message.writer.ts'
import { approvalTexts, menuOfBusiness } from './texts.ts'

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
    // an import's reviews: one message per reviewer for all of them, opening the screen
    events.on('approval.reviewsNeeded', async (tx, e) => {
      const about = { ...e, objectNos: e.reviews.map((r) => r.objectNo) }
      await sendMessages(tx, [
        {
          recipientIds: e.reviewerIds,
          texts: { zh: approvalTexts.reviewsNeeded('zh', about), en: approvalTexts.reviewsNeeded('en', about) },
          creatorId: e.submitterId,
          menuId: menuOfBusiness(e.business),
          params: null,
          source: e.type,
        },
      ])
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
    // a notice's readers' message is the notice itself: only the announcement is sent
    events.on('notice.published', (tx, e) => announceNotice(tx, e.noticeId, e.recipients)),
  ]
  return () => {
    for (const off of offs) off()
  }
}
