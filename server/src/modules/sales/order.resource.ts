import { SaleOrderSchema, saleOrderResource } from '@app/contracts'
import { z } from 'zod'
import { saleOrders } from '../../db/schema/index.ts'
import type { CrudResource } from '../../platform/crud/resource.ts'
import type { OrderReview } from './order.review.ts'

/**
 * The order list, its export and each order's modify history on the generic mechanism; writes
 * have routes of their own (order.routes.ts). Scoped by the branch's department and the person
 * who placed it; reviewers of an order may read it by id beyond that scope.
 */
export const orderCrud = (review: OrderReview): CrudResource => ({
  meta: saleOrderResource,
  table: saleOrders,
  record: SaleOrderSchema,
  input: z.object({}),
  verbs: ['history', 'export'],
  ownReadById: true,
  scope: { org: saleOrders.orgCode, owner: saleOrders.createBy },
  softDelete: saleOrders.delFlag,
  readableBeyondScope: (db, principal, id) => review.readableByReviewer(db, principal, id),
})
