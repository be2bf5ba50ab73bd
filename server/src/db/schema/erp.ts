import { sql } from 'drizzle-orm'
import { bigserial, index, integer, jsonb, pgTable, text, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core'
import { id, ts } from './columns.ts'
import { saleOrders } from './sales.ts'

/**
 * The ERP outbox (issue 17): one row per document the ERP must receive, written in the same
 * transaction as the change it reports (an approved order, an approved change, a deletion, a
 * delivery). The sync worker of any instance claims a due row with a lease, takes a U8 trade id
 * before the first send and keeps it for every retry, so a row sent twice makes one document.
 * Rows of one order go in `seq` order: a row waits while an earlier one of its order is unsent.
 */
export const erpOutbox = pgTable(
  'erp_outbox',
  {
    id: id(),
    seq: bigserial({ mode: 'number' }).notNull(),
    orderId: uuid()
      .notNull()
      .references(() => saleOrders.id),
    /** ErpMessageKind (contracts) */
    kind: varchar({ length: 24 }).notNull(),
    /** The order or the delivery the document is of. */
    objectId: uuid().notNull(),
    /** Ours: the same change always has the same key (order id + version, delivery id). */
    idempotencyKey: varchar({ length: 96 }).notNull(),
    /** The U8 account set the document goes to (`to_account`): the order's company. */
    accountSet: varchar({ length: 16 }).notNull(),
    payload: jsonb().notNull(),
    /** ErpMessageStatus (contracts): 'pending' | 'sent' | 'failed' */
    status: varchar({ length: 8 }).notNull().default('pending'),
    attempts: integer().notNull().default(0),
    nextAttemptAt: ts().notNull().defaultNow(),
    leaseOwner: varchar({ length: 64 }),
    leaseUntil: ts(),
    tradeId: varchar({ length: 64 }),
    erpDocId: varchar({ length: 64 }),
    lastError: text(),
    createAt: ts().notNull().defaultNow(),
    sentAt: ts(),
  },
  (t) => [
    uniqueIndex('erp_outbox_key_uq').on(t.idempotencyKey),
    index('erp_outbox_order_idx').on(t.orderId, t.seq),
    index('erp_outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
  ],
)
