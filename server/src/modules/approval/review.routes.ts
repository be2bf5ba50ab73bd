import {
  BatchApproveResultSchema,
  BatchApproveSchema,
  ReviewDecideSchema,
  ReviewDecisionResultSchema,
  ReviewListQuerySchema,
  ReviewPageSchema,
  ReviewProgressSchema,
  ReviewRefQuerySchema,
  TodoListQuerySchema,
} from '@app/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { principalOf } from '../../platform/access.ts'
import { createApprovalEngine, type ReviewRef } from '../../platform/approval/index.ts'
import { ok, okResponse } from '../../platform/envelope.ts'
import { requestLang } from '../../platform/i18n.ts'
import { FLOW_READERS } from './audit-config.routes.ts'
import { createReviewService } from './review.service.ts'

/** Reviews: the inbox (/sys/todo), the audit detail list with decisions and bulk approve, progress. */
export const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database
  const engine = createApprovalEngine({ events: app.deps.events })
  const service = createReviewService({ db, engine })
  const tags = ['approval']

  app.get(
    '/sys/todo/list',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        summary: "The caller's pending reviews across businesses",
        querystring: TodoListQuerySchema,
        response: okResponse(ReviewPageSchema),
      },
    },
    async (req) => ok(await engine.listTodo(db, principalOf(req), req.query, requestLang(req))),
  )

  app.get(
    '/audit/detail/list',
    {
      config: { permission: 'audit_detail:view' },
      schema: {
        tags,
        summary: 'Audit detail list: reviews waiting for the caller (todo) or decided by them (done)',
        querystring: ReviewListQuerySchema,
        response: okResponse(ReviewPageSchema),
      },
    },
    async (req) => {
      const { tab, ...filter } = req.query
      const principal = principalOf(req)
      const lang = requestLang(req)
      return ok(
        tab === 'done'
          ? await engine.listDone(db, principal.userId, filter, lang)
          : await engine.listTodo(db, principal, filter, lang),
      )
    },
  )

  app.post(
    '/audit/detail/audit',
    {
      config: { permission: 'audit_detail:audit' },
      schema: {
        tags,
        summary: 'Approve or reject the current step of a review (note required)',
        body: ReviewDecideSchema,
        response: okResponse(ReviewDecisionResultSchema),
      },
    },
    async (req) => {
      const { id, ...input } = req.body
      const result = await db.transaction((tx) =>
        engine.decide(tx, { reviewId: id, ...input, actor: principalOf(req) }, { req }),
      )
      const { reviewId, ...rest } = result
      return ok({ id: reviewId, ...rest })
    },
  )

  app.post(
    '/audit/detail/batchApprove',
    {
      config: { permission: 'audit_detail:batchApprove' },
      schema: {
        tags,
        summary: 'Approve several reviews (ids comma-joined); each is decided on its own',
        body: BatchApproveSchema,
        response: okResponse(BatchApproveResultSchema),
      },
    },
    async (req) => ok(await service.batchApprove(req, principalOf(req), req.body.ids, req.body.note)),
  )

  app.get(
    '/audit/detail/progress',
    {
      config: { permission: FLOW_READERS },
      schema: {
        tags,
        summary: "A review's steps, decisions and the step to show; null when never submitted",
        querystring: ReviewRefQuerySchema,
        response: okResponse(ReviewProgressSchema.nullable()),
      },
    },
    async (req) => {
      const q = req.query
      const ref: ReviewRef = q.id ? { reviewId: q.id } : { business: q.business!, objectId: q.objectId! }
      return ok(await service.progress(principalOf(req), ref, requestLang(req)))
    },
  )

  app.post(
    '/audit/detail/renewDeadline',
    {
      config: { permission: 'sys_audit_config:edit' },
      schema: {
        tags,
        summary: "Restart the current step's time limit of a review that has expired",
        body: z.object({ id: z.string().uuid() }),
        response: okResponse(z.object({ id: z.string(), stepStartedAt: z.string(), version: z.number().int() })),
      },
    },
    async (req) => {
      const r = await db.transaction((tx) =>
        engine.renewDeadline(tx, { reviewId: req.body.id }, principalOf(req), { req }),
      )
      return ok({ id: r.reviewId, stepStartedAt: r.stepStartedAt.toISOString(), version: r.version })
    },
  )
}
