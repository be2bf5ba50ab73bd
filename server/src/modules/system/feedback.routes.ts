import {
  FeedbackReplySchema,
  FeedbackSchema,
  FeedbackSubmitSchema,
  MyFeedbackQuerySchema,
  pageOf,
} from '@app/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { principalOf } from '../../platform/access.ts'
import { registerResource } from '../../platform/crud/routes.ts'
import { ok, okResponse } from '../../platform/envelope.ts'
import { feedbackCrud } from './feedback.resource.ts'
import { createFeedbackService } from './feedback.service.ts'

/**
 * Feedback: the administrators' list (generic verbs under /sys/feedback), submitting and one's own
 * list for every signed-in user, and the reply (sys_feedback:reply).
 */
export const feedbackRoutes: FastifyPluginAsyncZod = async (app) => {
  registerResource(app, feedbackCrud)
  const service = createFeedbackService(app.deps.database.db)
  const tags = ['feedback']

  app.post(
    '/sys/feedback/submit',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        summary: 'Submit feedback (any signed-in user)',
        body: FeedbackSubmitSchema,
        response: okResponse(FeedbackSchema),
      },
    },
    async (req) => ok(await service.submit(req, principalOf(req), req.body)),
  )

  app.get(
    '/sys/feedback/my',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        summary: 'Your own feedback with the replies, newest first',
        querystring: MyFeedbackQuerySchema,
        response: okResponse(pageOf(FeedbackSchema)),
      },
    },
    async (req) => ok(await service.mine(principalOf(req), req.query.pageNo, req.query.pageSize)),
  )

  app.post(
    '/sys/feedback/reply',
    {
      config: { permission: 'sys_feedback:reply' },
      schema: {
        tags,
        summary: 'Reply to feedback (or correct the reply); a stale version answers 409',
        body: FeedbackReplySchema,
        response: okResponse(FeedbackSchema),
      },
    },
    async (req) => ok(await service.reply(req, principalOf(req), req.body)),
  )
}
