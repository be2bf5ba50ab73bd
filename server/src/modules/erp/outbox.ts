import { type ErpMessageKind, ErpMessageStatus, ErpSyncStatus, OrderStatus } from '@app/contracts'
import { and, asc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { erpOutbox, saleOrders } from '../../db/schema/index.ts'
import type { EventBus } from '../../platform/events.ts'
import { consignmentDocument, saleOrderDocument } from './u8-mapping.ts'

/** Orders the ERP holds or should: approved, and not taken back. */
const APPROVED: readonly number[] = [
  OrderStatus.PendingDelivery,
  OrderStatus.PartlyDelivered,
  OrderStatus.FullyDelivered,
  OrderStatus.DeliveryComplete,
]

/** The order (of the update around it) has a message in this status. */
const hasMessage = (status?: string) =>
  sql`exists (select 1 from ${erpOutbox} where ${erpOutbox.orderId} = ${saleOrders.id}${status ? sql` and ${erpOutbox.status} = ${status}` : sql``})`

/**
 * An order's sync status from its messages, for an update of `sale_order`: a failed one, else one
 * waiting (syncing, or 'ERP not configured'), else all sent. `alsoWaiting`: a message the same
 * statement writes, which its snapshot does not show.
 */
const syncStatusOf = (configured: boolean, alsoWaiting?: SQL) =>
  sql`case when ${hasMessage(ErpMessageStatus.Failed)} then ${ErpSyncStatus.Failed}
    when ${alsoWaiting ? sql`${alsoWaiting} or ` : sql``}${hasMessage(ErpMessageStatus.Pending)}
      then ${configured ? ErpSyncStatus.Syncing : ErpSyncStatus.NotConfigured}
    else ${ErpSyncStatus.Synced} end`

/**
 * Orders' sync status follows their messages (`syncStatusOf`); an order without messages keeps its
 * status. One statement for any number of orders; not an edit of the order: its version stays, so
 * nobody's open form goes stale.
 */
export const settleSyncStatus = async (db: DbOrTx, orderIds: readonly string[], configured: boolean) => {
  if (orderIds.length === 0) return
  await db
    .update(saleOrders)
    .set({ syncStatus: syncStatusOf(configured) })
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

  const queue = async (db: DbOrTx, orderId: string, kind: ErpMessageKind, objectId: string, key: string) => {
    const doc =
      kind === 'consignment.add'
        ? await consignmentDocument(db, objectId, key)
        : await saleOrderDocument(db, orderId, kind, key)
    // the message and the order's sync status (settleSyncStatus's) in one statement
    const inserted = db.$with('inserted').as(
      db
        .insert(erpOutbox)
        .values({
          orderId,
          kind,
          objectId,
          idempotencyKey: key,
          accountSet: doc.order.companyCode,
          payload: doc.body,
        })
        .onConflictDoNothing({ target: erpOutbox.idempotencyKey })
        .returning({ id: erpOutbox.id }),
    )
    await db
      .with(inserted)
      .update(saleOrders)
      .set({ syncStatus: syncStatusOf(configured, sql`exists (select 1 from ${inserted})`) })
      .where(eq(saleOrders.id, orderId))
  }

  /** Of these orders, those the ERP has been sent (or is being sent) the order itself. */
  const withOrderMessage = async (db: DbOrTx, orderIds: readonly string[]) =>
    new Set(
      (
        await db
          .selectDistinct({ orderId: erpOutbox.orderId })
          .from(erpOutbox)
          .where(and(inArray(erpOutbox.orderId, [...orderIds]), ne(erpOutbox.kind, 'consignment.add')))
      ).map((r) => r.orderId),
    )

  const queueOrder = async (db: DbOrTx, orderId: string, known?: boolean) => {
    const [order] = await db.select({ version: saleOrders.version }).from(saleOrders).where(eq(saleOrders.id, orderId))
    if (!order) return
    const sent = known ?? (await withOrderMessage(db, [orderId])).has(orderId)
    await queue(
      db,
      orderId,
      sent ? 'saleorder.edit' : 'saleorder.add',
      orderId,
      `saleorder:${orderId}:v${order.version}`,
    )
  }

  return {
    subscribe: () =>
      events.on('erp.changed', async (tx, e) => {
        if (e.kind === 'consignment')
          await queue(tx, e.orderId, 'consignment.add', e.objectId, `consignment:${e.objectId}`)
        else if (e.kind === 'saleorder') await queueOrder(tx, e.orderId)
        else if ((await withOrderMessage(tx, [e.orderId])).has(e.orderId))
          await queue(tx, e.orderId, 'saleorder.delete', e.orderId, `saleorder.delete:${e.orderId}`)
      }),

    /**
     * POST /sale/order/sync: failed messages of these orders are tried again from the start (with
     * their trade id: the ERP still answers a repeat once); an approved order that has never been
     * queued (approved before the ERP was connected) is queued now. Answers the orders queued.
     */
    async syncAgain(tx: DbOrTx, orderIds: readonly string[]) {
      if (orderIds.length === 0) return 0
      await tx
        .update(erpOutbox)
        .set({ status: ErpMessageStatus.Pending, attempts: 0, nextAttemptAt: new Date(), leaseUntil: null })
        .where(and(inArray(erpOutbox.orderId, [...orderIds]), eq(erpOutbox.status, ErpMessageStatus.Failed)))
      const orders = await tx
        .select({ id: saleOrders.id, status: saleOrders.status })
        .from(saleOrders)
        .where(and(inArray(saleOrders.id, [...orderIds]), eq(saleOrders.delFlag, false)))
      const sent = await withOrderMessage(tx, orderIds)
      for (const o of orders) if (APPROVED.includes(o.status) && !sent.has(o.id)) await queueOrder(tx, o.id, false)
      await settleSyncStatus(
        tx,
        orders.filter((o) => sent.has(o.id)).map((o) => o.id),
        configured,
      )
      return orders.length
    },

    /** An order's messages, oldest first: what was sent, when, and what the ERP said. */
    history: (db: DbOrTx, orderId: string) =>
      db
        .select({
          id: erpOutbox.id,
          kind: erpOutbox.kind,
          status: erpOutbox.status,
          attempts: erpOutbox.attempts,
          tradeId: erpOutbox.tradeId,
          erpDocId: erpOutbox.erpDocId,
          lastError: erpOutbox.lastError,
          createAt: erpOutbox.createAt,
          sentAt: erpOutbox.sentAt,
          nextAttemptAt: erpOutbox.nextAttemptAt,
        })
        .from(erpOutbox)
        .where(eq(erpOutbox.orderId, orderId))
        .orderBy(asc(erpOutbox.seq)),
  }
}

export type ErpOutbox = ReturnType<typeof createErpOutbox>
