import type { FastifyInstance } from 'fastify'
import { keepsPrincipals } from '../../platform/access.ts'
import { registerResource } from '../../platform/crud/routes.ts'
import { erpSync } from '../erp/index.ts'
import { adjustmentRoutes } from './adjustment.routes.ts'
import { applyModifyCrud } from './apply-modify.ts'
import { deliveryOrderCrud } from './delivery.resource.ts'
import { deliveryRoutes } from './delivery.routes.ts'
import { orderCrud } from './order.resource.ts'
import { orderRoutes } from './order.routes.ts'
import { inScope } from './order.status.ts'
import { orderDeleteCrud } from './order-delete.ts'
import { orderFormRoutes } from './order-form.routes.ts'
import { orderReviewRoutes } from './order-review.routes.ts'
import { orderWriteRoutes } from './order-write.routes.ts'
import { reviewRequestRoutes } from './review-requests.routes.ts'
import { saleFlowRoutes } from './sale-flows.routes.ts'
import { createSalesServices } from './services.ts'
import { subApplyCrud } from './sub-apply.ts'

/**
 * Sales (issue 15): orders with their lines, reviewed on the `sale_order` flow; sub-flow requests
 * of a step; deletion requests on the `order_delete` flow; the draft box. Order lines live in
 * order.lines.ts and status transitions in order.status.ts, for deliveries and adjustments too.
 */
export { createSalesServices }

export const salesModule = async (app: FastifyInstance) => {
  // no route of sales changes sessions, users, roles or grants
  keepsPrincipals(app)
  const { review, deletes, adjustments, orders, subApplies, deliveries, engine } = createSalesServices({
    db: app.deps.database.db,
    events: app.deps.events,
    limits: () => ({
      maxModifications: app.deps.config.orderMaxModifications,
      modifyDeadlineDays: app.deps.config.orderModifyDeadlineDays,
    }),
  })
  const offs = [review.subscribe(), deletes.subscribe(), adjustments.subscribe()]
  app.addHook('onClose', async () => {
    for (const off of offs) off()
  })

  for (const resource of [orderCrud(review), subApplyCrud, deliveryOrderCrud, applyModifyCrud])
    registerResource(app, resource)
  const deleteRequests = registerResource(app, orderDeleteCrud)
  await app.register(orderRoutes({ review }))
  await app.register(orderFormRoutes)
  await app.register(orderWriteRoutes({ orders, deletes }))
  await app.register(orderReviewRoutes({ review }))
  await app.register(saleFlowRoutes({ engine }))
  await app.register(reviewRequestRoutes({ subApplies, deletes, deleteRequests }))
  await app.register(deliveryRoutes({ deliveries, review }))
  await app.register(adjustmentRoutes({ adjustments }))
  await erpSync(app, { assertReadable: review.assertMayRead, inScope })
}
