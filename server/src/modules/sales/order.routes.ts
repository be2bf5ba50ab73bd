import {
  ReviewProgressSchema,
  SaleOrderAbilitiesSchema,
  SaleOrderDetailSchema,
  SaleOrderIdQuerySchema,
  SaleOrderViewSchema,
} from '@app/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { principalOf } from '../../platform/access.ts'
import { ok, okResponse } from '../../platform/envelope.ts'
import { requestLang } from '../../platform/i18n.ts'
import { readOrderDetail, readOrderView } from './order.detail.ts'
import type { OrderReview } from './order.review.ts'

/** One order as its reader sees it (DESIGN 3a): detail, view, what they may do, the review's progress. */
export const orderRoutes =
  (deps: { review: OrderReview }): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = app.deps.database
    const { review } = deps
    const tags = ['sales']
    const permission = 'sale_order'

    app.get(
      '/sale/order/queryById',
      {
        config: { permission },
        schema: {
          tags,
          summary: 'An order with its lines, attachments and totals',
          querystring: SaleOrderIdQuerySchema,
          response: okResponse(SaleOrderDetailSchema),
        },
      },
      async (req) => {
        // the order comes with whose it is; it is answered only if the caller may read it
        const { owner, detail } = await readOrderDetail(db, req.query.id)
        await review.assertOwnerReadable(db, principalOf(req), owner)
        return ok(detail)
      },
    )

    app.get(
      '/sale/order/view',
      {
        config: { permission },
        schema: {
          tags,
          summary: 'An order as its detail opens: the order with lines and attachments, its review, its deliveries',
          querystring: SaleOrderIdQuerySchema,
          response: okResponse(SaleOrderViewSchema),
        },
      },
      async (req) => {
        // one statement; the view is answered only if the caller may read the order
        const { owner, view } = await readOrderView(db, req.query.id, requestLang(req))
        await review.assertOwnerReadable(db, principalOf(req), owner)
        return ok(view)
      },
    )

    app.get(
      '/sale/order/abilities',
      {
        config: { permission: ['sale_order', 'sale_delivery'] },
        schema: {
          tags,
          summary: "What the caller may do with the order now, and each refusal's code (the order model)",
          querystring: SaleOrderIdQuerySchema,
          response: okResponse(SaleOrderAbilitiesSchema),
        },
      },
      async (req) => {
        const principal = principalOf(req)
        await review.assertMayRead(db, principal, req.query.id)
        return ok(await review.abilities(db, principal, req.query.id))
      },
    )

    app.get(
      '/sale/order/progress',
      {
        config: { permission },
        schema: {
          tags,
          summary: "The order's review: steps, decisions, the step to show",
          querystring: SaleOrderIdQuerySchema,
          response: okResponse(ReviewProgressSchema.nullable()),
        },
      },
      async (req) => {
        const { owner, progress } = await review.progress(db, req.query.id, requestLang(req))
        await review.assertOwnerReadable(db, principalOf(req), owner)
        return ok(progress)
      },
    )
  }
