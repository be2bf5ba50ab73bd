import type { AdjustLimits } from '@app/contracts'
import type { Db } from '../../db/client.ts'
import { createApprovalEngine } from '../../platform/approval/index.ts'
import type { EventBus } from '../../platform/events.ts'
import { createStockDocService } from '../stock/index.ts'
import { createApplyModifies } from './apply-modify.ts'
import { createDeliveries } from './delivery.service.ts'
import { createOrderFacts } from './order.facts.ts'
import { createOrderReview } from './order.review.ts'
import { createOrderService } from './order.service.ts'
import { createOrderDeletes } from './order-delete.ts'
import { createSubApplies } from './sub-apply.ts'

/**
 * The sales services on one event bus, each given what it uses: the module's routes and the demo
 * seed (which writes its orders, deliveries and adjustments through them) build them here.
 */
export const createSalesServices = (deps: { db: Db; events: EventBus; limits: () => AdjustLimits }) => {
  const { events, limits } = deps
  const engine = createApprovalEngine({ events })
  const facts = createOrderFacts(engine)
  const orders = createOrderService({ engine, facts })
  const stock = createStockDocService({ db: deps.db })
  return {
    engine,
    stock,
    orders,
    review: createOrderReview({ engine, events, facts, limits }),
    deletes: createOrderDeletes({ engine, events, orders, facts }),
    subApplies: createSubApplies({ engine, events, facts }),
    deliveries: createDeliveries({ stock, events, facts }),
    adjustments: createApplyModifies({ engine, events, facts, limits }),
  }
}

export type SalesServices = ReturnType<typeof createSalesServices>
