import { APPROVED, type ErpMessageKind, ErpSyncStatus } from '@app/contracts'
import { and, asc, eq, inArray, type SQL, type SQLWrapper, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { reusable } from '../../db/reusable.ts'
import { outbox, saleOrders } from '../../db/schema/index.ts'
import type { EventBus } from '../../platform/events.ts'
import { OutboxStatus, outboxCarriesPending, retryFailed } from '../../platform/outbox/index.ts'
import { ERP_TOPIC, erpMessagesOf, isOrderMessage } from './messages.ts'
import { consignmentDocument, readOrderForErp, saleOrderDocument } from './u8-mapping.ts'

/** The order (of the update around it) has a message in this status. */
const hasMessage = (status?: string) =>
  sql`exists (select 1 from ${outbox} where ${erpMessagesOf(saleOrders.id)}${status ? sql` and ${outbox.status} = ${status}` : sql``})`

/**
 * An order's sync status from its messages, for an update of `sale_order`: a failed one, else one
 * waiting (syncing, or 'ERP not configured'), else all sent. `alsoWaiting`: a message the same
 * statement writes, which its snapshot does not show.
 */
const syncStatusOf = (waiting: SQLWrapper | string, alsoWaiting?: SQL) =>
  sql`case when ${hasMessage(OutboxStatus.Failed)} then ${ErpSyncStatus.Failed}
    when ${alsoWaiting ? sql`${alsoWaiting} or ` : sql``}${hasMessage(OutboxStatus.Pending)}
      then ${waiting}
    else ${ErpSyncStatus.Synced} end`

/** An order's sync status while a message of it waits: on its way, or waiting for an ERP to be configured. */
const waitingStatus = (configured: boolean) => (configured ? ErpSyncStatus.Syncing : ErpSyncStatus.NotConfigured)

/** A message to queue: the document, for an order, to an account set, under our key. */
type ErpMessage = {
  orderId: string
  kind: ErpMessageKind
  /** Its number as people read it: the order's, or the delivery's. */
  documentNo: string
  idempotencyKey: string
  accountSet: string
  payload: unknown
}

/** A field of the message, as the statement takes it. */
const given = (field: keyof ErpMessage) => sql.placeholder(field)

/**
 * A message (an outbox row of the topic 'erp', in its order's chain) and its order's sync status
 * (`syncStatusOf`) in one statement, built once: a final approval and a delivery each write one.
 * The same key twice writes one row.
 */
const insertMessage = reusable('erp_message_insert', (db) => {
  const inserted = db.$with('inserted').as(
    db
      .insert(outbox)
      .values({
        topic: ERP_TOPIC,
        key: given('idempotencyKey'),
        recipient: given('accountSet'),
        subject: given('documentNo'),
        event: given('kind'),
        chain: given('orderId'),
        payload: given('payload'),
      })
      .onConflictDoNothing({ target: outbox.key })
      .returning({ id: outbox.id }),
  )
  return db
    .with(inserted)
    .update(saleOrders)
    .set({ syncStatus: syncStatusOf(sql.placeholder('waiting'), sql`exists (select 1 from ${inserted})`) })
    .where(eq(saleOrders.id, sql.placeholder('orderId')))
})

/**
 * Orders' sync status follows their messages (`syncStatusOf`); an order without messages keeps its
 * status. One statement for any number of orders; not an edit of the order: its version stays, so
 * nobody's open form goes stale.
 */
export const settleSyncStatus = async (db: DbOrTx, orderIds: readonly string[], configured: boolean) => {
  if (orderIds.length === 0) return
  await db
    .update(saleOrders)
    .set({ syncStatus: syncStatusOf(waitingStatus(configured)) })
    .where(and(inArray(saleOrders.id, [...orderIds]), hasMessage()))
}

/**
 * The outbox side of the ERP sync (issue 17): an `erp.changed` event becomes one message, written
 * in the transaction of the change, with the document as it stands then. The first message of
 * an order adds it to the ERP, later ones edit it; a deletion of an order the ERP never had
 * sends nothing. The same change always has the same key, so queueing it twice writes one row.
 */
export const createErpOutbox = (deps: { events: EventBus; configured: boolean }) => {
  const { events, configured } = deps

  const queue = async (db: DbOrTx, message: ErpMessage) => {
    await insertMessage(db, { ...message, waiting: waitingStatus(configured) })
    // a delivery's document names its numbers, taken at the end of its transaction
    outboxCarriesPending(db, () => JSON.stringify(message), [message.idempotencyKey])
  }

  /** Of these orders, those the ERP has been sent (or is being sent) the order itself. */
  const withOrderMessage = async (db: DbOrTx, orderIds: readonly string[]) =>
    new Set(
      (
        await db
          .selectDistinct({ orderId: outbox.chain })
          .from(outbox)
          .where(and(eq(outbox.topic, ERP_TOPIC), inArray(outbox.chain, [...orderIds]), isOrderMessage))
      ).map((r) => r.orderId),
    )

  /**
   * The order as it stands now, to the ERP: added the first time, edited after (`sent`: the caller
   * knows whether it was sent); its deletion only if the ERP has had it.
   */
  const queueOrder = async (db: DbOrTx, orderId: string, change: { deleted?: boolean; sent?: boolean } = {}) => {
    const facts = await readOrderForErp(db, orderId)
    if (!facts) return
    const sent = change.sent ?? facts.sent
    if (change.deleted && !sent) return
    const kind = change.deleted ? 'saleorder.delete' : sent ? 'saleorder.edit' : 'saleorder.add'
    const key = change.deleted ? `saleorder.delete:${orderId}` : `saleorder:${orderId}:v${facts.order.version}`
    await queue(db, {
      orderId,
      kind,
      documentNo: facts.order.orderNo,
      idempotencyKey: key,
      accountSet: facts.order.companyCode,
      payload: saleOrderDocument(facts, kind, key),
    })
  }

  return {
    subscribe: () =>
      events.on('erp.changed', async (tx, e) => {
        if (e.kind === 'consignment') {
          const key = `consignment:${e.objectId}`
          const doc = await consignmentDocument(tx, e.objectId, key)
          await queue(tx, {
            orderId: e.orderId,
            kind: 'consignment.add',
            documentNo: doc.body.consignment.code,
            idempotencyKey: key,
            accountSet: doc.order.companyCode,
            payload: doc.body,
          })
        } else await queueOrder(tx, e.orderId, { deleted: e.kind === 'saleorder.delete' })
      }),

    /**
     * POST /sale/order/sync: failed messages of these orders are tried again from the start (with
     * their trade id: the ERP still answers a repeat once); an approved order that has never been
     * queued (approved before the ERP was connected) is queued now. Answers the orders queued.
     */
    async syncAgain(tx: DbOrTx, orderIds: readonly string[]) {
      if (orderIds.length === 0) return 0
      await retryFailed(tx, { topics: [ERP_TOPIC], chains: orderIds })
      const orders = await tx
        .select({ id: saleOrders.id, status: saleOrders.status })
        .from(saleOrders)
        .where(and(inArray(saleOrders.id, [...orderIds]), eq(saleOrders.delFlag, false)))
      const sent = await withOrderMessage(tx, orderIds)
      for (const o of orders)
        if (APPROVED.includes(o.status) && !sent.has(o.id)) await queueOrder(tx, o.id, { sent: false })
      await settleSyncStatus(
        tx,
        orders.filter((o) => sent.has(o.id)).map((o) => o.id),
        configured,
      )
      return orders.length
    },

    /** Whose these live orders are (department, placer), for the reader's check of the sync button. */
    owners: (db: DbOrTx, orderIds: readonly string[]) =>
      db
        .select({
          id: saleOrders.id,
          orderNo: saleOrders.orderNo,
          status: saleOrders.status,
          orgCode: saleOrders.orgCode,
          createBy: saleOrders.createBy,
        })
        .from(saleOrders)
        .where(and(inArray(saleOrders.id, [...orderIds]), eq(saleOrders.delFlag, false))),

    /** An order's messages, oldest first: what was sent, when, and what the ERP said. */
    history: (db: DbOrTx, orderId: string) =>
      db
        .select({
          id: outbox.id,
          kind: outbox.event,
          status: outbox.status,
          attempts: outbox.attempts,
          tradeId: outbox.receiverKey,
          erpDocId: outbox.receipt,
          lastError: outbox.lastError,
          createAt: outbox.createAt,
          sentAt: outbox.sentAt,
          nextAttemptAt: outbox.nextAttemptAt,
        })
        .from(outbox)
        .where(erpMessagesOf(orderId))
        .orderBy(asc(outbox.seq)),
  }
}

export type ErpOutbox = ReturnType<typeof createErpOutbox>
