import type { LiveFrame } from '@app/contracts'
import { and, eq, inArray } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Database, Unlisten } from '../../db/client.ts'
import { messages } from '../../db/schema/index.ts'
import type { ConnectionRegistry } from '../../platform/realtime/connections.ts'
import { toMessage } from './message.service.ts'
import { MESSAGE_CHANNEL, type MessageNotification } from './message.writer.ts'

const parse = (payload: string): MessageNotification | null => {
  try {
    const value = JSON.parse(payload) as Partial<MessageNotification>
    return typeof value.batch === 'string' && /^[0-9a-f-]{36}$/i.test(value.batch) ? { batch: value.batch } : null
  } catch {
    return null
  }
}

/** Asks the database for at most this many recipients at once. */
const USERS_PER_QUERY = 2000

/**
 * Every instance LISTENs on the message channel; on a notification it reads the announced rows
 * of the users connected *here* and pushes them to their sockets (SPEC 7 'msgTxt').
 */
export const createLiveDelivery = (deps: {
  database: Database
  registry: ConnectionRegistry
  log: FastifyBaseLogger
}) => {
  const { database, registry, log } = deps

  const deliver = async (batch: string) => {
    const connected = registry.userIds()
    for (let i = 0; i < connected.length; i += USERS_PER_QUERY) {
      const rows = await database.db
        .select()
        .from(messages)
        .where(and(eq(messages.batchId, batch), inArray(messages.recipientId, connected.slice(i, i + USERS_PER_QUERY))))
      for (const row of rows) {
        const { readFlag: _read, ...msgTxt } = toMessage(row)
        const frame: LiveFrame = { type: 'message', msgTxt }
        registry.send(row.recipientId, JSON.stringify(frame))
      }
    }
  }

  let unlisten: Unlisten | null = null
  return {
    async start() {
      unlisten = await database.listen(MESSAGE_CHANNEL, (payload) => {
        const note = parse(payload)
        if (!note || registry.size === 0) return
        deliver(note.batch).catch((err) => log.error({ err }, 'live delivery failed'))
      })
    },
    async stop() {
      await unlisten?.()
      unlisten = null
    },
  }
}
