import {
  SaleOrderApplyDeleteSchema,
  SaleOrderEditSchema,
  SaleOrderIdQuerySchema,
  SaleOrderInputSchema,
  SaleOrderRefSchema,
  SaleOrderSchema,
} from '@app/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { emptyResponse, okResponse } from '../../platform/envelope.ts'
import { writes, writesQuery } from '../../platform/route-write.ts'
import type { OrderService } from './order.service.ts'
import type { OrderDeletes } from './order-delete.ts'

/** The order's own writes (DESIGN 3a): save, change, delete, ask to delete. */
export const orderWriteRoutes =
  (deps: { orders: OrderService; deletes: OrderDeletes }): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = app.deps.database
    const { orders, deletes } = deps
    const tags = ['sales']

    app.post(
      '/sale/order/add',
      {
        config: { permission: 'sale_order:add' },
        schema: {
          tags,
          summary: 'Save an order: numbered, pending review, its review started',
          body: SaleOrderInputSchema,
          response: okResponse(SaleOrderRefSchema),
        },
      },
      writes(db, orders.add),
    )

    app.post(
      '/sale/order/edit',
      {
        config: { permission: 'sale_order:edit' },
        schema: {
          tags,
          summary: 'Change an order (SPEC 4 rules); an approved one needs confirmReview and is reviewed again',
          body: SaleOrderEditSchema,
          response: okResponse(SaleOrderSchema),
        },
      },
      writes(db, orders.edit),
    )

    app.delete(
      '/sale/order/delete',
      {
        config: { permission: 'sale_order:delete' },
        schema: {
          tags,
          summary: 'Delete an order nobody has decided on, or a rejected one',
          querystring: SaleOrderIdQuerySchema,
          response: emptyResponse,
        },
      },
      writesQuery(
        db,
        (tx, principal, query: { id: string }, req) => orders.remove(tx, principal, query.id, req),
        () => null,
      ),
    )

    app.post(
      '/sale/order/applyDelete',
      {
        config: { permission: 'sale_order:applyDelete' },
        schema: {
          tags,
          summary: 'Ask to delete an approved order none of which has shipped (order_delete flow)',
          body: SaleOrderApplyDeleteSchema,
          response: okResponse(SaleOrderRefSchema),
        },
      },
      writes(db, deletes.apply, (row) => ({ id: row.id, orderNo: row.orderNo })),
    )
  }
