import {
  type ErpMessage,
  ErpMessageSchema,
  SaleOrderIdQuerySchema,
  SaleOrderSyncResultSchema,
  SaleOrderSyncSchema,
} from '@app/contracts'
import { and, eq, inArray } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { DbOrTx } from '../../db/client.ts'
import { saleOrders } from '../../db/schema/index.ts'
import { principalOf } from '../../platform/access.ts'
import type { Principal } from '../../platform/auth/principal.ts'
import { ok, okResponse } from '../../platform/envelope.ts'
import { inScope, ownerColumns } from '../sales/order.status.ts'
import type { ErpOutbox } from './outbox.ts'

/** The sync button and an order's sync history (DESIGN 3a `POST /sale/order/sync`). */
export const erpRoutes =
  (deps: {
    outbox: ErpOutbox
    /** The order, if the caller may read it ('order not found' else). */
    assertReadable: (db: DbOrTx, principal: Principal, orderId: string) => Promise<unknown>
  }): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = app.deps.database
    const { outbox, assertReadable } = deps
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
        const rows = await db
          .select(ownerColumns)
          .from(saleOrders)
          .where(and(inArray(saleOrders.id, ids), eq(saleOrders.delFlag, false)))
        const mine = new Set(rows.filter((o) => inScope(principal, o)).map((o) => o.id))
        for (const id of ids) if (!mine.has(id)) await assertReadable(db, principal, id)
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
        await assertReadable(db, principalOf(req), req.query.id)
        // kind and status are written from the same lists the schema names
        return ok((await outbox.history(db, req.query.id)) as ErpMessage[])
      },
    )
  }
