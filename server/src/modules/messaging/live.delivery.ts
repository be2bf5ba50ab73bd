import { type LiveFrame, type PushedMessage, ReadFlag } from '@app/contracts'
import { and, eq, sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import type { FastifyBaseLogger } from 'fastify'
import type { Database, Unlisten } from '../../db/client.ts'
import { messages, noticeRecipients, notices } from '../../db/schema/index.ts'
import type { ConnectionRegistry } from '../../platform/realtime/connections.ts'
import { noticeMessage, noticeMessageColumns } from './message.service.ts'
import { MESSAGE_CHANNEL, type MessageNotification } from './message.writer.ts'

const UUID = /^[0-9a-f-]{36}$/i

const parse = (payload: string): MessageNotification | null => {
  try {
    const value = JSON.parse(payload) as { batch?: unknown; notice?: unknown; count?: unknown }
    const count = Number.isSafeInteger(value.count) ? (value.count as number) : undefined
    if (typeof value.notice === 'string' && UUID.test(value.notice))
      return { notice: value.notice, count: count ?? Number.MAX_SAFE_INTEGER }
    if (typeof value.batch !== 'string' || !UUID.test(value.batch)) return null
    return count === undefined ? { batch: value.batch } : { batch: value.batch, count }
  } catch {
    return null
  }
}

/** Stands for the message id in a frame serialised once for many messages (ids are uuids). */
const ID_MARK = '\u0000id\u0000'

/**
 * The frames of messages that differ only by id: the message serialised once, each id put in
 * its place. `id` is msgTxt's first key, so the mark's first occurrence is the id's.
 */
export const framesOf = (m: Omit<PushedMessage, 'id'>) => {
  const msgTxt: PushedMessage = {
    id: ID_MARK,
    title: m.title,
    content: m.content,
    titleEn: m.titleEn,
    contentEn: m.contentEn,
    createTime: m.createTime,
    creator: m.creator,
    menuId: m.menuId,
    params: m.params,
    noticeId: m.noticeId,
  }
  const frame: LiveFrame = { type: 'message', msgTxt }
  const text = JSON.stringify(frame)
  const mark = JSON.stringify(ID_MARK)
  const at = text.indexOf(mark)
  const head = text.slice(0, at)
  const tail = text.slice(at + mark.length)
  return (id: string) => `${head}${JSON.stringify(id)}${tail}`
}

/**
 * The frame of a notice's message, the same for every reader, encoded once (ws would encode a
 * string again for each socket it is sent to).
 */
export const noticeFrame = (notice: Parameters<typeof noticeMessage>[0]): Buffer => {
  const { readFlag: _, ...msgTxt } = noticeMessage(notice, ReadFlag.Unread)
  const frame: LiveFrame = { type: 'message', msgTxt }
  return Buffer.from(JSON.stringify(frame))
}

/**
 * Every instance LISTENs on the message channel; on a notification it reads the announced
 * messages of the users connected *here* and pushes them to their sockets (SPEC 7 'msgTxt').
 * A batch: one query, grouped by content, so messages that differ only by id and recipient come
 * back as one row with both as lists, and their frame is serialised once (5 000 frames
 * serialised one by one, from 5 000 mapped rows, take a tenth of a second of the event loop). A
 * notice: every reader's message is the notice, so the notice and its readers connected here
 * are read, and one frame, encoded once, goes to all of them. Announced rows up to three times
 * the users connected here are read whole (by their index) and filtered here; more only for
 * them, their ids as one array parameter: reading a notice's 10 000 readers took 6-8 ms,
 * reading 5 000 of them by their ids 11-16 ms.
 */
export const createLiveDelivery = (deps: {
  database: Database
  registry: ConnectionRegistry
  log: FastifyBaseLogger
}) => {
  const { database, registry, log } = deps

  /** `column` in the users connected here, unless the announced rows are few enough to read whole. */
  const connectedOnes = (column: AnyPgColumn, count: number | undefined) => {
    const connected = registry.userIds()
    return count !== undefined && count <= 3 * connected.length
      ? undefined
      : sql`${column} = any(${`{${connected.join(',')}}`}::uuid[])`
  }

  const deliverNotice = async (noticeId: string, count: number) => {
    const reading = database.db
      .select(noticeMessageColumns)
      .from(notices)
      .where(and(eq(notices.id, noticeId), eq(notices.status, 'published')))
    const readers = database.db
      .select({ userId: noticeRecipients.userId })
      .from(noticeRecipients)
      .where(and(eq(noticeRecipients.noticeId, noticeId), connectedOnes(noticeRecipients.userId, count)))
    // the two at once, on two of the pool's connections
    const [[notice], connected] = await Promise.all([reading, readers])
    if (!notice) return
    const data = noticeFrame(notice)
    for (const { userId } of connected) registry.send(userId, data)
  }

  const deliverBatch = async (note: { batch: string; count?: number }) => {
    const where = and(eq(messages.batchId, note.batch), connectedOnes(messages.recipientId, note.count))
    const content = {
      title: messages.title,
      content: messages.content,
      titleEn: messages.titleEn,
      contentEn: messages.contentEn,
      createTime: messages.createTime,
      creator: messages.creator,
      menuId: messages.menuId,
      params: messages.params,
    }
    const groups = await database.db
      .select({
        ...content,
        // as text, split here: parsing a uuid[] of thousands costs more than the split
        ids: sql<string>`string_agg(${messages.id}::text, ',' order by ${messages.id})`,
        recipients: sql<string>`string_agg(${messages.recipientId}::text, ',' order by ${messages.id})`,
      })
      .from(messages)
      .where(where)
      .groupBy(...Object.values(content))
    for (const { ids, recipients, createTime, params, ...rest } of groups) {
      const frame = framesOf({ ...rest, createTime: createTime.toISOString(), params, noticeId: null })
      const messageIds = ids.split(',')
      for (const [i, recipientId] of recipients.split(',').entries()) {
        if (registry.has(recipientId)) registry.send(recipientId, frame(messageIds[i]!))
      }
    }
  }

  let unlisten: Unlisten | null = null
  return {
    async start() {
      unlisten = await database.listen(MESSAGE_CHANNEL, (payload) => {
        const note = parse(payload)
        if (!note || registry.size === 0) return
        const delivered = 'notice' in note ? deliverNotice(note.notice, note.count) : deliverBatch(note)
        delivered.catch((err) => log.error({ err }, 'live delivery failed'))
      })
    },
    async stop() {
      await unlisten?.()
      unlisten = null
    },
  }
}
