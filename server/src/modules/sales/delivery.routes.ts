import {
  DeliveriesQuerySchema,
  DeliveryAddSchema,
  DeliveryCompleteSchema,
  DeliveryDataEditSchema,
  DeliverySchema,
  DeliveryStockSchema,
  SaleOrderSchema,
} from '@app/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { principalOf } from '../../platform/access.ts'
import { ok, okResponse } from '../../platform/envelope.ts'
import { writes } from '../../platform/route-write.ts'
import type { Deliveries } from './delivery.service.ts'
import type { OrderReview } from './order.review.ts'

/** Deliveries (issue 16; DESIGN 3a): ship a part or the rest, complete, change the delivery data, list them. */
export const deliveryRoutes =
  (deps: { deliveries: Deliveries; review: OrderReview }): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = app.deps.database
    const { deliveries, review } = deps
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
      writes(db, deliveries.deliver),
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
      writes(db, deliveries.complete),
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
      writes(db, deliveries.editDeliveryData),
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

    app.get(
      '/sale/delivery/stock',
      {
        config: { permission: 'sale_delivery:deliver' },
        schema: {
          tags,
          summary:
            "What the finished-goods warehouses hold of the order's products, batch by batch (before delivering)",
          querystring: DeliveriesQuerySchema,
          response: okResponse(DeliveryStockSchema),
        },
      },
      async (req) => {
        await review.assertMayRead(db, principalOf(req), req.query.orderId)
        return ok(await deliveries.stockFor(db, req.query.orderId))
      },
    )
  }
