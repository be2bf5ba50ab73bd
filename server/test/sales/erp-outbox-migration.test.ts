import { ErpSyncStatus } from '@app/contracts'
import { asc, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../src/db/client.ts'
import { outbox, saleOrders } from '../../src/db/schema/index.ts'
import { erpMessagesOf } from '../../src/modules/erp/messages.ts'
import { createErpOutbox } from '../../src/modules/erp/outbox.ts'
import type { U8Client } from '../../src/modules/erp/u8-client.ts'
import { createErpWorker } from '../../src/modules/erp/worker.ts'
import { createEventBus } from '../../src/platform/events.ts'
import { openUpgradedDatabase } from '../helpers/database.ts'

/**
 * An installation upgraded with ERP messages in its own table (erp_outbox): they move into the one
 * outbox as they stood, and the sync goes on from there: the failed document still holds its
 * order's later one back, and sent again it keeps its trade id (the ERP answers it once).
 */

/** The first migration of the ERP's move into the platform outbox. */
const FIRST_OF_THE_MOVE = '0029_outbox_chains'

const ORDER = '6f1c1d2e-0000-4000-8000-000000000001'
const DELIVERY = '6f1c1d2e-0000-4000-8000-000000000002'
const [SENT, FAILED, WAITING] = [1, 2, 3].map((i) => `6f1c1d2e-0000-4000-8000-00000000001${i}`) as [
  string,
  string,
  string,
]

let database: Database

beforeAll(async () => {
  // an approved order whose first document was sent, whose edit failed, and whose delivery waits
  // behind it, its lease run out (an instance killed while sending it)
  const statements = `
    insert into md_branch (id, code, name, branch_type)
      values ('6f1c1d2e-0000-4000-8000-000000000003', 'RU-MOW', 'Moscow', 'overseas');
    insert into sale_order (id, order_no, branch_id, company_code, order_date, expected_delivery_date, status, sync_status)
      values ('${ORDER}', 'SO-MIGRATED-1', '6f1c1d2e-0000-4000-8000-000000000003', '002', '2026-11-01', '2026-12-01',
        100803, '${ErpSyncStatus.Failed}');
    insert into erp_outbox (id, order_id, kind, object_id, idempotency_key, account_set, payload, status, attempts,
        next_attempt_at, lease_owner, lease_until, trade_id, erp_doc_id, last_error, create_at, sent_at)
      values
      ('${SENT}', '${ORDER}', 'saleorder.add', '${ORDER}', 'saleorder:${ORDER}:v3', '002',
        '{"saleorder":{"code":"SO-MIGRATED-1","define1":"saleorder:${ORDER}:v3"}}', 'sent', 1,
        now() - interval '2 days', null, null, 'T-1', 'U8-100', null, now() - interval '2 days', now() - interval '2 days'),
      ('${FAILED}', '${ORDER}', 'saleorder.edit', '${ORDER}', 'saleorder:${ORDER}:v4', '002',
        '{"saleorder":{"code":"SO-MIGRATED-1","define1":"saleorder:${ORDER}:v4"}}', 'failed', 5,
        now() - interval '1 day', null, null, 'T-2', null, 'ERP /api/saleorder/edit: account period closed (2001)',
        now() - interval '1 day', null),
      ('${WAITING}', '${ORDER}', 'consignment.add', '${DELIVERY}', 'consignment:${DELIVERY}', '002',
        '{"consignment":{"code":"DN-MIGRATED-1","define1":"consignment:${DELIVERY}"}}', 'pending', 0,
        now() - interval '1 hour', 'killed-instance', now() - interval '1 minute', null, null, null,
        now() - interval '1 hour', null)`
  database = await openUpgradedDatabase(FIRST_OF_THE_MOVE, statements.split(';'))
})
afterAll(async () => database?.close())

describe('the ERP outbox moved into the platform outbox', () => {
  it('keeps every message as it stood: status, tries, reason, trade id, document id, order of the chain', async () => {
    const rows = await database.db.select().from(outbox).where(erpMessagesOf(ORDER)).orderBy(asc(outbox.seq))
    expect(
      rows.map((r) => [r.id, r.event, r.status, r.attempts, r.receiverKey, r.receipt, r.recipient, r.subject, r.key]),
    ).toEqual([
      [SENT, 'saleorder.add', 'sent', 1, 'T-1', 'U8-100', '002', 'SO-MIGRATED-1', `saleorder:${ORDER}:v3`],
      [FAILED, 'saleorder.edit', 'failed', 5, 'T-2', null, '002', 'SO-MIGRATED-1', `saleorder:${ORDER}:v4`],
      [WAITING, 'consignment.add', 'pending', 0, null, null, '002', 'DN-MIGRATED-1', `consignment:${DELIVERY}`],
    ])
    expect(rows[1]!.lastError).toContain('account period closed')
    expect(rows[0]!.sentAt).not.toBeNull()
    expect(rows[2]!.payload).toEqual({ consignment: { code: 'DN-MIGRATED-1', define1: `consignment:${DELIVERY}` } })
    // and its own table is gone
    const left = (await database.db.execute(sql`select to_regclass('erp_outbox')::text as t`)) as unknown as {
      rows: { t: string | null }[]
    }
    expect(left.rows).toEqual([{ t: null }])
  })

  it('the sync goes on: the failed edit holds the delivery back; sent again, it keeps its trade id', async () => {
    const writes: { path: string; tradeId: string }[] = []
    let trades = 0
    const client: U8Client = {
      tradeId: async () => `T-NEW-${++trades}`,
      write: async (p, _account, tradeId) => {
        writes.push({ path: p, tradeId })
        return `U8-${writes.length}`
      },
    }
    const quiet = { info: () => undefined, warn: () => undefined }
    const settings = {
      owner: 'upgraded',
      pollMs: 3_600_000,
      maxAttempts: 5,
      retryBaseMs: 1,
      leaseMs: 30_000,
      batch: 20,
    }
    const worker = createErpWorker({ db: database.db, client, settings, log: quiet })
    expect(await worker.tick()).toBe(0)
    expect(writes).toEqual([])

    // the sync button
    const erp = createErpOutbox({ events: createEventBus(), configured: true })
    await database.db.transaction((tx) => erp.syncAgain(tx, [ORDER]))
    const [order] = await database.db
      .select({ syncStatus: saleOrders.syncStatus })
      .from(saleOrders)
      .where(eq(saleOrders.id, ORDER))
    expect(order!.syncStatus).toBe(ErpSyncStatus.Syncing)
    for (let i = 0; i < 3; i++) await worker.tick()
    expect(writes).toEqual([
      { path: '/api/saleorder/edit', tradeId: 'T-2' },
      { path: '/api/consignment/add', tradeId: 'T-NEW-1' },
    ])
    const [synced] = await database.db
      .select({ syncStatus: saleOrders.syncStatus })
      .from(saleOrders)
      .where(eq(saleOrders.id, ORDER))
    expect(synced!.syncStatus).toBe(ErpSyncStatus.Synced)
  })
})
