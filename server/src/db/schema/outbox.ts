import { sql } from 'drizzle-orm'
import { bigserial, index, integer, jsonb, pgTable, text, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core'
import { id, ts } from './columns.ts'

/**
 * The durable outbox (platform/outbox): one row per thing to send to the outside world (a mail, a
 * group-chat message, a document for the ERP), written in the transaction of the change it
 * reports. A worker in any instance claims a due row with a lease (`FOR UPDATE SKIP LOCKED`),
 * sends it outside any transaction and records the answer; a failure waits longer each time, and
 * after the last try the row stays 'failed' with the reason, for administrators to see and put back.
 */
export const outbox = pgTable(
  'sys_outbox',
  {
    id: id(),
    seq: bigserial({ mode: 'number' }).notNull(),
    /** Which sender takes it: 'mail', 'chat', 'erp'. */
    topic: varchar({ length: 16 }).notNull(),
    /** The same thing queued twice is one row: event, object, recipient and channel. */
    key: varchar({ length: 200 }).notNull(),
    /** Who it goes to as people read it (an address, a robot's department, an ERP account set). */
    recipient: varchar({ length: 200 }).notNull(),
    /** What it is about, as people read it (a mail's subject). */
    subject: varchar({ length: 300 }).notNull(),
    /** The event it reports ('approval.reviewNeeded', ...; the ERP: the document, 'saleorder.add'...). */
    event: varchar({ length: 48 }).notNull(),
    /** The user it is for, when it is for one. */
    userId: uuid(),
    payload: jsonb().notNull(),
    /**
     * Rows of one chain go one at a time in the order they were queued: a row waits while an
     * earlier one of its chain is not sent (the ERP: an order's documents, by the order's id).
     */
    chain: varchar({ length: 64 }),
    /**
     * The receiver's own key for this write, taken before the first try and kept for every retry,
     * so that the receiver answers a repeat as the same write (U8's trade id).
     */
    receiverKey: varchar({ length: 64 }),
    /** What the receiver made of it, as it answered (the ERP's document id). */
    receipt: varchar({ length: 64 }),
    /** 'pending' | 'sent' | 'failed' */
    status: varchar({ length: 8 }).notNull().default('pending'),
    attempts: integer().notNull().default(0),
    nextAttemptAt: ts().notNull().defaultNow(),
    leaseOwner: varchar({ length: 64 }),
    leaseUntil: ts(),
    lastError: text(),
    createAt: ts().notNull().defaultNow(),
    updateAt: ts(),
    sentAt: ts(),
    version: integer().notNull().default(1),
  },
  (t) => [
    uniqueIndex('sys_outbox_key_uq').on(t.key),
    index('sys_outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index('sys_outbox_status_idx').on(t.status, t.createAt),
    index('sys_outbox_chain_idx').on(t.chain, t.seq).where(sql`${t.chain} is not null`),
  ],
)
