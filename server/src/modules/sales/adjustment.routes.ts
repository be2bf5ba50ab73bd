import {
  ApplyModifyAddSchema,
  ApplyModifyAuditSchema,
  ApplyModifyDetailSchema,
  ApplyModifySchema,
  ReviewDecisionResultSchema,
  ReviewProgressSchema,
  SaleOrderIdQuerySchema,
} from '@app/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { principalOf } from '../../platform/access.ts'
import { ok, okResponse } from '../../platform/envelope.ts'
import { requestLang } from '../../platform/i18n.ts'
import { writes } from '../../platform/route-write.ts'
import type { ApplyModifies } from './apply-modify.ts'

/** Adjustment requests of an order (issue 16; DESIGN 3a `/sale/applyModify/*`): ask, decide, read. */
export const adjustmentRoutes =
  (deps: { adjustments: ApplyModifies }): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = app.deps.database
    const { adjustments } = deps
    const tags = ['sales']

    app.post(
      '/sale/applyModify/add',
      {
        config: { permission: ['sale_apply_modify:add', 'sale_order:applyModify'] },
        schema: {
          tags,
          summary: 'Ask to append products, add to or reduce lines of an order pending delivery or partly delivered',
          body: ApplyModifyAddSchema,
          response: okResponse(ApplyModifySchema),
        },
      },
      writes(db, adjustments.add),
    )

    app.post(
      '/sale/applyModify/audit',
      {
        config: { permission: 'sale_apply_modify:audit' },
        schema: {
          tags,
          summary: "Approve or reject an adjustment's current step; the last approval changes the order",
          body: ApplyModifyAuditSchema,
          response: okResponse(ReviewDecisionResultSchema),
        },
      },
      writes(db, adjustments.audit, (result) => ({ ...result, id: result.reviewId })),
    )

    app.get(
      '/sale/applyModify/queryById',
      {
        config: { permission: 'sale_apply_modify' },
        schema: {
          tags,
          summary: 'An adjustment request as a diff against its order (per line before and after, totals)',
          querystring: SaleOrderIdQuerySchema,
          response: okResponse(ApplyModifyDetailSchema),
        },
      },
      async (req) => ok(await adjustments.detail(db, principalOf(req), req.query.id)),
    )

    app.get(
      '/sale/applyModify/progress',
      {
        config: { permission: 'sale_apply_modify' },
        schema: {
          tags,
          summary: "An adjustment request's review: steps, decisions, the step to show",
          querystring: SaleOrderIdQuerySchema,
          response: okResponse(ReviewProgressSchema.nullable()),
        },
      },
      async (req) => ok(await adjustments.progress(db, principalOf(req), req.query.id, requestLang(req))),
    )
  }
