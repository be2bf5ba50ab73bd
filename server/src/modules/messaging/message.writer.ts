import { randomUUID } from 'node:crypto'
import type { DbOrTx } from '../../db/client.ts'
import { messages } from '../../db/schema/index.ts'
import { notifyInTransaction } from '../../platform/realtime/notify.ts'

/** The NOTIFY channel every server instance listens on for new messages. */
export const MESSAGE_CHANNEL = 'sys_message'

/** What NOTIFY carries: a reference to the rows, which each instance reads for its own sockets. */
export type MessageNotification = { batch: string }

export type MessageDraft = {
  recipientId: string
  title: string
  content: string
  creator: string | null
  creatorId?: string | null
  menuId?: string | null
  params?: Record<string, unknown> | null
  noticeId?: string | null
  source: string
}

const CHUNK = 1000

/**
 * Writes messages in the caller's transaction and announces them with one NOTIFY, which
 * PostgreSQL delivers to every instance when (and only if) the transaction commits.
 */
export const sendMessages = async (tx: DbOrTx, drafts: readonly MessageDraft[]): Promise<string | null> => {
  if (drafts.length === 0) return null
  const batchId = randomUUID()
  const createTime = new Date()
  for (let i = 0; i < drafts.length; i += CHUNK) {
    await tx.insert(messages).values(
      drafts.slice(i, i + CHUNK).map((d) => ({
        recipientId: d.recipientId,
        title: d.title.slice(0, 255),
        content: d.content,
        creator: d.creator?.slice(0, 64) ?? null,
        creatorId: d.creatorId ?? null,
        menuId: d.menuId ?? null,
        params: d.params ?? null,
        noticeId: d.noticeId ?? null,
        source: d.source,
        batchId,
        createTime,
      })),
    )
  }
  const payload: MessageNotification = { batch: batchId }
  await notifyInTransaction(tx, MESSAGE_CHANNEL, JSON.stringify(payload))
  return batchId
}
