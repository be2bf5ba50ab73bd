import {
  ReviewDecisionResultSchema,
  SaleOrderAuditSchema,
  SaleOrderReviewAdjustSchema,
  SaleOrderSchema,
} from '@app/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { okResponse } from '../../platform/envelope.ts'
import { writes } from '../../platform/route-write.ts'
import type { OrderReview } from './order.review.ts'

/** The order's reviewers (DESIGN 3a): decide the current step, lower quantities where the step allows. */
export const orderReviewRoutes =
  (deps: { review: OrderReview }): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = app.deps.database
    const { review } = deps
    const tags = ['sales']

    app.post(
      '/sale/order/audit',
      {
        config: { permission: 'sale_order:audit' },
        schema: {
          tags,
          summary: "Approve or reject the order's current step (the current reviewer; note required)",
          body: SaleOrderAuditSchema,
          response: okResponse(ReviewDecisionResultSchema),
        },
      },
      writes(db, review.audit, (result) => ({ ...result, id: result.reviewId })),
    )

    app.post(
      '/sale/order/reviewAdjust',
      {
        config: { permission: 'sale_order:audit' },
        schema: {
          tags,
          summary: 'The current reviewer, on a step that allows it, lowers quantities or removes lines',
          body: SaleOrderReviewAdjustSchema,
          response: okResponse(SaleOrderSchema),
        },
      },
      writes(db, review.reviewAdjust),
    )
  }
