import {
  type ErpMessage,
  ErpMessageSchema,
  type ErpOrderMapping,
  ErpOrderMappingSchema,
  Errors,
  maySync,
  SaleOrderIdQuerySchema,
  SaleOrderSyncResultSchema,
  SaleOrderSyncSchema,
} from '@app/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { principalOf } from '../../platform/access.ts'
import { ok, okResponse } from '../../platform/envelope.ts'
import { fail, refuse } from '../../platform/errors.ts'
import type { OrderReaders } from './index.ts'
import type { ErpOutbox } from './outbox.ts'
import { orderMapping } from './u8-mapping.ts'

/** The sync button, an order's sync history and its mapping to U8 (DESIGN 3a `POST /sale/order/sync`). */
export const erpRoutes =
  (deps: { outbox: ErpOutbox; readers: OrderReaders }): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = app.deps.database
    const { outbox, readers } = deps
    const tags = ['sales']

    app.post(
      '/sale/order/sync',
      {
        config: { permission: 'sale_order:sync' },
        schema: {
          tags,
          summary: 'Send orders to the ERP again: failed messages retried, never-sent approved orders queued',
          body: SaleOrderSyncSchema,
          response: okResponse(SaleOrderSyncResultSchema),
        },
      },
      async (req) => {
        const principal = principalOf(req)
        const ids = [...new Set(req.body.ids)]
        // the caller's own orders in one read; any other must be one they may read as its reviewer
        const owners = await outbox.owners(db, ids)
        const mine = new Set(owners.filter((o) => readers.inScope(principal, o)).map((o) => o.id))
        for (const id of ids) if (!mine.has(id)) await readers.assertReadable(db, principal, id)
        // only what the ERP should have goes (the order model's rule), else the order is named
        for (const o of owners) refuse(maySync(o), { orderNo: o.orderNo })
        const queued = await db.transaction((tx) => outbox.syncAgain(tx, ids))
        return ok({ queued })
      },
    )

    app.get(
      '/sale/order/syncHistory',
      {
        config: { permission: 'sale_order' },
        schema: {
          tags,
          summary: "The order's ERP messages, oldest first: sent, waiting or failed with the ERP's reason",
          querystring: SaleOrderIdQuerySchema,
          response: okResponse(z.array(ErpMessageSchema)),
        },
      },
      async (req) => {
        await readers.assertReadable(db, principalOf(req), req.query.id)
        // kind and status are written from the same lists the schema names
        return ok((await outbox.history(db, req.query.id)) as ErpMessage[])
      },
    )

    app.get(
      '/sale/order/erpMapping',
      {
        config: { permission: 'sale_order' },
        schema: {
          tags,
          summary: 'How the order reaches U8: its header fields and their sources, its lines in the base unit',
          querystring: SaleOrderIdQuerySchema,
          response: okResponse(ErpOrderMappingSchema),
        },
      },
      async (req) => {
        await readers.assertReadable(db, principalOf(req), req.query.id)
        const mapping = (await orderMapping(db, req.query.id)) ?? fail(Errors.OrderNotFound)
        return ok(mapping as ErpOrderMapping)
      },
    )
  }
