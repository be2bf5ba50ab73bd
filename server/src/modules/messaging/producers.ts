import { type Lang, parseLang } from '@app/contracts'
import { eq, inArray } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { notices, users } from '../../db/schema/index.ts'
import type { EventBus } from '../../platform/events.ts'
import { sendMessages } from './message.writer.ts'
import { plainText } from './notice.sanitize.ts'
import { approvalTexts, menuOfBusiness } from './texts.ts'

type Person = { id: string; realname: string; lang: Lang }

const people = async (tx: DbOrTx, ids: readonly (string | null)[]): Promise<Map<string, Person>> => {
  const wanted = [...new Set(ids.filter((id): id is string => Boolean(id)))]
  if (wanted.length === 0) return new Map()
  const rows = await tx
    .select({ id: users.id, realname: users.realname, lang: users.lang })
    .from(users)
    .where(inArray(users.id, wanted))
  return new Map(rows.map((r) => [r.id, { ...r, lang: parseLang(r.lang) }]))
}

/** How long the plain-text excerpt of a notice in its message may be. */
const EXCERPT = 200

/**
 * Domain events that become messages, written in the event's own transaction (so they commit
 * with it) and announced with NOTIFY. Answers a function that unsubscribes them all.
 */
export const subscribeMessageProducers = (events: EventBus) => {
  const offs = [
    events.on('approval.reviewNeeded', async (tx, e) => {
      const found = await people(tx, [...e.reviewerIds, e.submitterId])
      const submitter = e.submitterId ? found.get(e.submitterId) : undefined
      await sendMessages(
        tx,
        [...new Set(e.reviewerIds)].flatMap((id) => {
          const reviewer = found.get(id)
          if (!reviewer) return []
          return [
            {
              recipientIds: [id],
              ...approvalTexts.reviewNeeded(reviewer.lang, e),
              creator: submitter?.realname ?? null,
              creatorId: submitter?.id ?? null,
              menuId: menuOfBusiness(e.business),
              params: e.objectNo ? { busObjNo: e.objectNo } : null,
              source: e.type,
            },
          ]
        }),
      )
    }),
    ...(['approval.approved', 'approval.rejected'] as const).map((type) =>
      events.on(type, async (tx, e) => {
        if (!e.submitterId) return
        const found = await people(tx, [e.submitterId, e.decidedBy])
        const submitter = found.get(e.submitterId)
        if (!submitter) return
        const texts =
          e.type === 'approval.approved'
            ? approvalTexts.approved(submitter.lang, e)
            : approvalTexts.rejected(submitter.lang, e)
        const decider = found.get(e.decidedBy)
        await sendMessages(tx, [
          {
            recipientIds: [submitter.id],
            ...texts,
            creator: decider?.realname ?? null,
            creatorId: decider?.id ?? null,
            menuId: menuOfBusiness(e.business),
            params: e.objectNo ? { busObjNo: e.objectNo } : null,
            source: e.type,
          },
        ])
      }),
    ),
    events.on('business.notify', async (tx, e) => {
      const found = await people(tx, [...e.recipientIds, e.creatorId])
      const creator = e.creatorId ? found.get(e.creatorId) : undefined
      await sendMessages(
        tx,
        [...new Set(e.recipientIds)].flatMap((id) => {
          const recipient = found.get(id)
          if (!recipient) return []
          return [
            {
              recipientIds: [id],
              ...e.texts[recipient.lang],
              creator: creator?.realname ?? null,
              creatorId: creator?.id ?? null,
              menuId: e.menuId,
              params: e.objectNo ? { busObjNo: e.objectNo } : null,
              source: e.type,
            },
          ]
        }),
      )
    }),
    events.on('notice.published', async (tx, e) => {
      const [notice] = await tx
        .select({ content: notices.content, senderName: notices.senderName })
        .from(notices)
        .where(eq(notices.id, e.noticeId))
      const excerpt = plainText(notice?.content ?? '', EXCERPT)
      // one draft for all recipients: the same text, written in one statement
      await sendMessages(tx, [
        {
          recipientIds: e.recipientIds,
          title: e.title,
          content: excerpt,
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
