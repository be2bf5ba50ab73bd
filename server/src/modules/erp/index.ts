import { randomUUID } from 'node:crypto'
import { ErpSyncStatus } from '@app/contracts'
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { DbOrTx } from '../../db/client.ts'
import { saleOrders } from '../../db/schema/index.ts'
import type { Principal } from '../../platform/auth/principal.ts'
import { createErpOutbox } from './outbox.ts'
import { erpRoutes } from './routes.ts'
import { createU8Client } from './u8-client.ts'
import { createErpWorker } from './worker.ts'

/**
 * The ERP sync (issue 17), wired by the sales module: the outbox follows `erp.changed` events,
 * the routes offer the sync button and history, and with ERP_URL set this instance runs a
 * sync worker until it closes.
 */
export const erpSync = async (
  app: FastifyInstance,
  assertReadable: (db: DbOrTx, principal: Principal, orderId: string) => Promise<unknown>,
) => {
  const { config, events, database } = app.deps
  const settings = config.erp
  const outbox = createErpOutbox({ events, configured: !!settings.url })
  const off = outbox.subscribe()
  app.addHook('onClose', async () => off())
  await app.register(erpRoutes({ outbox, assertReadable }))
  if (!settings.url) return
  const worker = createErpWorker({
    db: database.db,
    client: createU8Client({ ...settings, url: settings.url }),
    settings: {
      owner: `${process.pid}-${randomUUID().slice(0, 8)}`,
      pollMs: settings.pollMs,
      maxAttempts: settings.maxAttempts,
      retryBaseMs: settings.retryBaseMs,
      leaseMs: settings.timeoutMs * 3,
      batch: 20,
    },
    log: app.log,
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
