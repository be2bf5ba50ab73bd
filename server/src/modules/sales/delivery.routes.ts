import {
  ApplyModifyAddSchema,
  ApplyModifyAuditSchema,
  ApplyModifyDetailSchema,
  ApplyModifySchema,
  DeliveriesQuerySchema,
  DeliveryAddSchema,
  DeliveryCompleteSchema,
  DeliveryDataEditSchema,
  DeliverySchema,
  ReviewDecisionResultSchema,
  ReviewProgressSchema,
  SaleOrderIdQuerySchema,
  SaleOrderSchema,
} from '@app/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { principalOf } from '../../platform/access.ts'
import { ok, okResponse } from '../../platform/envelope.ts'
import { requestLang } from '../../platform/i18n.ts'
import type { ApplyModifies } from './apply-modify.ts'
import type { Deliveries } from './delivery.service.ts'
import type { OrderReview } from './order.review.ts'

/** Deliveries and adjustments (issue 16; DESIGN 3a). */
export const deliveryRoutes =
  (deps: { deliveries: Deliveries; adjustments: ApplyModifies; review: OrderReview }): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = app.deps.database
    const { deliveries, adjustments, review } = deps
    const tags = ['sales']

    app.post(
      '/sale/delivery/add',
      {
        config: { permission: 'sale_delivery:deliver' },
        schema: {
          tags,
          summary:
            'A delivery: posts a sales-out from the depot (earliest expiry first), moves the order to 100805 or 100806',
          body: DeliveryAddSchema,
          response: okResponse(z.object({ id: z.string(), deliveryNo: z.string(), status: z.number().int() })),
        },
      },
      async (req) => ok(await db.transaction((tx) => deliveries.deliver(tx, principalOf(req), req.body, req))),
    )

    app.post(
      '/sale/delivery/complete',
      {
        config: { permission: 'sale_delivery:deliver' },
        schema: {
          tags,
          summary: 'Delivery complete: the actual delivery date, 100806 -> 100807',
          body: DeliveryCompleteSchema,
          response: okResponse(SaleOrderSchema),
        },
      },
      async (req) => ok(await db.transaction((tx) => deliveries.complete(tx, principalOf(req), req.body, req))),
    )

    app.post(
      '/sale/delivery/editDeliveryData',
      {
        config: { permission: ['sale_delivery:edit', 'sale_order:edit'] },
        schema: {
          tags,
          summary:
            "Change an order's delivery date, transport and container (SPEC 6: logistics only on the delivery day)",
          body: DeliveryDataEditSchema,
          response: okResponse(SaleOrderSchema),
        },
      },
      async (req) => ok(await db.transaction((tx) => deliveries.editDeliveryData(tx, principalOf(req), req.body, req))),
    )

    app.get(
      '/sale/delivery/deliveries',
      {
        config: { permission: ['sale_order', 'sale_delivery'] },
        schema: {
          tags,
          summary: "An order's deliveries with the batches each took",
          querystring: DeliveriesQuerySchema,
          response: okResponse(z.array(DeliverySchema)),
        },
      },
      async (req) => {
        // whose the order is comes with its deliveries, which are answered only if the caller may read it
        const { owner, deliveries: found } = await deliveries.ofOrder(db, req.query.orderId)
        await review.assertOwnerReadable(db, principalOf(req), owner)
        return ok(found)
      },
    )

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
      async (req) => ok(await db.transaction((tx) => adjustments.add(tx, principalOf(req), req.body, req))),
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
      async (req) => {
        const result = await db.transaction((tx) => adjustments.audit(tx, principalOf(req), req.body, req))
        return ok({ ...result, id: result.reviewId })
      },
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
