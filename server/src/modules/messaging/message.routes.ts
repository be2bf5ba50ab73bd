import { IdBodySchema, IdQuerySchema, MessageListQuerySchema, MessageSchema, pageOf } from '@app/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { principalOf } from '../../platform/access.ts'
import { recordOperation } from '../../platform/audit-log.ts'
import { emptyResponse, ok, okResponse } from '../../platform/envelope.ts'
import { createMessageService } from './message.service.ts'

const tags = ['messaging']

/** SPEC 7 message calls: every one acts on the caller's own messages only. */
export const messageRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database
  const service = createMessageService(db)

  app.get(
    '/sys/messages/unReadCount',
    {
      config: { permission: 'authenticated' },
      schema: { tags, summary: "How many of the caller's messages are unread", response: okResponse(z.number().int()) },
    },
    async (req) => ok(await service.unreadCount(principalOf(req).userId)),
  )

  app.get(
    '/sys/messages/list',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        summary: "The caller's messages, newest first (readFlag=0: unread only)",
        querystring: MessageListQuerySchema,
        response: okResponse(pageOf(MessageSchema)),
      },
    },
    async (req) => ok(await service.list(principalOf(req).userId, req.query)),
  )

  app.post(
    '/sys/messages/read',
    {
      config: { permission: 'authenticated' },
      schema: { tags, summary: 'Mark one of your messages read', body: IdBodySchema, response: emptyResponse },
    },
    async (req) => {
      await service.markRead(principalOf(req).userId, req.body.id)
      return ok(null)
    },
  )

  app.post(
    '/sys/messages/allRead',
    {
      config: { permission: 'authenticated' },
      schema: { tags, summary: 'Mark all of your messages read', response: okResponse(z.number().int()) },
    },
    async (req) => ok(await service.markAllRead(principalOf(req).userId)),
  )

  app.delete(
    '/sys/messages/delete',
    {
      config: { permission: 'authenticated' },
      schema: { tags, summary: 'Delete one of your messages', querystring: IdQuerySchema, response: emptyResponse },
    },
    async (req) => {
      const userId = principalOf(req).userId
      await db.transaction(async (tx) => {
        await createMessageService(tx).remove(userId, req.query.id)
        await recordOperation(tx, req, { operation: 'deleteMessage', resource: 'sys_message', objectId: req.query.id })
      })
      return ok(null)
    },
  )

  app.post(
    '/sys/messages/deleteAll',
    {
      config: { permission: 'authenticated' },
      schema: { tags, summary: 'Delete all of your messages', response: okResponse(z.number().int()) },
    },
    async (req) => {
      const userId = principalOf(req).userId
      const removed = await db.transaction(async (tx) => {
        const n = await createMessageService(tx).removeAll(userId)
        await recordOperation(tx, req, {
          operation: 'deleteAllMessages',
          resource: 'sys_message',
          after: { removed: n },
        })
        return n
      })
      return ok(removed)
    },
  )
}
