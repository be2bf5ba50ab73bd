import { ErpSyncStatus } from '@app/contracts'
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { DbOrTx } from '../../db/client.ts'
import { saleOrders } from '../../db/schema/index.ts'
import type { Principal } from '../../platform/auth/principal.ts'
import { leaseOwner } from '../../platform/outbox/index.ts'
import { createErpOutbox } from './outbox.ts'
import { erpRoutes } from './routes.ts'
import { createU8Client, RESULT_POLL_MS, RESULT_POLLS } from './u8-client.ts'
import { createErpWorker } from './worker.ts'

/**
 * What the ERP's routes need to know of an order's reader, given by the sales module (which
 * depends on this one, never the other way round).
 */
export type OrderReaders = {
  /** The order, if the caller may read it ('order not found' else). */
  assertReadable: (db: DbOrTx, principal: Principal, orderId: string) => Promise<unknown>
  /** Whether an order of this department and placer is in the caller's data scope (no read). */
  inScope: (principal: Principal, order: { orgCode: string | null; createBy: string | null }) => boolean
}

/**
 * The ERP sync (issue 17), wired by the sales module: the outbox follows `erp.changed` events,
 * the routes offer the sync button, history and mapping, and with ERP_URL set this instance
 * runs a sync worker until it closes.
 */
export const erpSync = async (app: FastifyInstance, readers: OrderReaders) => {
  const { config, events, database } = app.deps
  const settings = config.erp
  const outbox = createErpOutbox({ events, configured: !!settings.url })
  const off = outbox.subscribe()
  app.addHook('onClose', async () => off())
  await app.register(erpRoutes({ outbox, readers }))
  if (!settings.url) return
  const worker = createErpWorker({
    db: database.db,
    client: createU8Client({ ...settings, url: settings.url }),
    settings: {
      owner: leaseOwner(),
      pollMs: settings.pollMs,
      maxAttempts: settings.maxAttempts,
      retryBaseMs: settings.retryBaseMs,
      // longer than a send may take: its calls, and the polls of a write answered with a url
      leaseMs: settings.timeoutMs * 3 + (settings.timeoutMs + RESULT_POLL_MS) * RESULT_POLLS,
      batch: 20,
    },
    log: app.log,
    events,
  })
  app.addHook('onReady', async () => {
    // the ERP is there now: orders that waited for it are on their way
    await database.db
      .update(saleOrders)
      .set({ syncStatus: ErpSyncStatus.Syncing })
      .where(eq(saleOrders.syncStatus, ErpSyncStatus.NotConfigured))
    worker.start()
  })
  app.addHook('onClose', async () => worker.stop())
}
