import type { ErpMessageKind } from '@app/contracts'
import type { Db } from '../../db/client.ts'
import type { EventBus } from '../../platform/events.ts'
import {
  createOutboxWorker,
  type OutboxLog,
  type OutboxTopic,
  type OutboxWorkerSettings,
} from '../../platform/outbox/index.ts'
import { ERP_TOPIC } from './messages.ts'
import { settleSyncStatus } from './outbox.ts'
import type { U8Client } from './u8-client.ts'
import { ERP_PATHS } from './u8-mapping.ts'

/**
 * What the outbox does with the ERP's documents (topic 'erp'): a message takes its U8 trade id
 * before its first send and keeps it, so a send repeated after a timeout or a crash is the same
 * write to the ERP, which answers it once; the ERP's document id is kept as the row's receipt.
 * Every recorded try settles the order's sync status in the same transaction, and the last failed
 * one says so ('erp.syncFailed') there too.
 */
const erpTopic = (client: U8Client, events?: EventBus): OutboxTopic => ({
  receiverKey: () => client.tradeId(),
  send: (m) => client.write(ERP_PATHS[m.event as ErpMessageKind], m.recipient, m.receiverKey ?? '', m.payload),
  settled: async (tx, m, outcome) => {
    if (!m.chain) return
    await settleSyncStatus(tx, [m.chain], true)
    if (!outcome.sent && outcome.final)
      await events?.emit(tx, { type: 'erp.syncFailed', orderId: m.chain, messageId: m.id, reason: outcome.reason })
  },
})

/**
 * The sync worker, one in every instance (issue 17): the platform outbox's worker for the topic
 * 'erp'. An order's documents are one chain, so they reach the ERP in the order they were made and
 * a failed one holds the later ones back; two instances never claim one message; failures wait
 * longer each time, and after the last try the message and its order say 'sync failed' with the
 * ERP's words.
 */
export const createErpWorker = (deps: {
  db: Db
  client: U8Client
  settings: OutboxWorkerSettings
  log: OutboxLog
  /** Told of a message's last failed try ('erp.syncFailed'), in the transaction recording it. */
  events?: EventBus
}) =>
  createOutboxWorker({
    db: deps.db,
    topics: { [ERP_TOPIC]: erpTopic(deps.client, deps.events) },
    settings: deps.settings,
    log: deps.log,
  })
