import type { LiveFrame, PushedMessage } from '@app/contracts'
import { and, eq, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Database, Unlisten } from '../../db/client.ts'
import { messages } from '../../db/schema/index.ts'
import type { ConnectionRegistry } from '../../platform/realtime/connections.ts'
import { MESSAGE_CHANNEL, type MessageNotification } from './message.writer.ts'

const parse = (payload: string): MessageNotification | null => {
  try {
    const value = JSON.parse(payload) as Partial<MessageNotification>
    if (typeof value.batch !== 'string' || !/^[0-9a-f-]{36}$/i.test(value.batch)) return null
    return Number.isSafeInteger(value.count) ? { batch: value.batch, count: value.count } : { batch: value.batch }
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
 * Every instance LISTENs on the message channel; on a notification it reads the announced
 * messages of the users connected *here* and pushes them to their sockets (SPEC 7 'msgTxt').
 * One query, grouped by content: a notice to thousands comes back as one row with its message
 * ids and recipients as lists, and its frame is serialised once (5 000 frames serialised one by
 * one, from 5 000 mapped rows, were a tenth of a second of the event loop). A batch no larger than the users
 * connected here is read whole (by its index) and filtered here; a larger one (a notice to
 * everyone) only for them, their ids as one array parameter.
 */
export const createLiveDelivery = (deps: {
  database: Database
  registry: ConnectionRegistry
  log: FastifyBaseLogger
}) => {
  const { database, registry, log } = deps

  const deliver = async (note: MessageNotification) => {
    const connected = registry.userIds()
    const ofBatch = eq(messages.batchId, note.batch)
    const where =
      note.count !== undefined && note.count <= connected.length
        ? ofBatch
        : and(ofBatch, sql`${messages.recipientId} = any(${`{${connected.join(',')}}`}::uuid[])`)
    const content = {
      title: messages.title,
      content: messages.content,
      createTime: messages.createTime,
      creator: messages.creator,
      menuId: messages.menuId,
      params: messages.params,
      noticeId: messages.noticeId,
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
      const frame = framesOf({ ...rest, createTime: createTime.toISOString(), params })
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
        deliver(note).catch((err) => log.error({ err }, 'live delivery failed'))
      })
    },
    async stop() {
      await unlisten?.()
      unlisten = null
    },
  }
}
