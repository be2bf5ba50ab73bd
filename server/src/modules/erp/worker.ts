import { type ErpMessageKind, ErpMessageStatus } from '@app/contracts'
import { and, asc, eq, isNull, lt, lte, notExists, or, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Db } from '../../db/client.ts'
import { erpOutbox } from '../../db/schema/index.ts'
import type { EventBus } from '../../platform/events.ts'
import { backoffMs } from '../../platform/outbox/index.ts'
import { settleSyncStatus } from './outbox.ts'
import type { U8Client } from './u8-client.ts'
import { ERP_PATHS } from './u8-mapping.ts'

export type ErpWorkerSettings = {
  /** This instance: a claimed message carries it until its lease ends. */
  owner: string
  pollMs: number
  maxAttempts: number
  retryBaseMs: number
  /** Longer than a call may take (the client's timeout): a crashed sender's messages come back after it. */
  leaseMs: number
  batch: number
}

type Log = { info: (o: object, msg: string) => void; warn: (o: object, msg: string) => void }

const earlier = alias(erpOutbox, 'earlier')

/**
 * The sync worker, one in every instance (issue 17). A tick claims due messages with a lease
 * (`FOR UPDATE SKIP LOCKED`: two instances never claim one message) — only the oldest unsent
 * message of each order, so an order's documents reach the ERP in the order they were made. A
 * message takes its U8 trade id before its first send and keeps it: a send repeated after a
 * timeout or a crash is the same write to the ERP, which answers it once. Failures wait longer
 * each time; after the last try the message and its order say 'sync failed' with the ERP's words.
 */
export const createErpWorker = (deps: {
  db: Db
  client: U8Client
  settings: ErpWorkerSettings
  log: Log
  /** Told of a message's last failed try ('erp.syncFailed'), in the transaction recording it. */
  events?: EventBus
}) => {
  const { db, client, settings, log } = deps
  let timer: NodeJS.Timeout | null = null
  let running: Promise<number> | null = null
  let stopped = false

  const claim = async () =>
    db.transaction(async (tx) => {
      const due = tx
        .select({ id: erpOutbox.id })
        .from(erpOutbox)
        .where(
          and(
            eq(erpOutbox.status, ErpMessageStatus.Pending),
            lte(erpOutbox.nextAttemptAt, sql`now()`),
            or(isNull(erpOutbox.leaseUntil), lt(erpOutbox.leaseUntil, sql`now()`)),
            notExists(
              tx
                .select({ one: sql`1` })
                .from(earlier)
                .where(
                  and(
                    eq(earlier.orderId, erpOutbox.orderId),
                    lt(earlier.seq, erpOutbox.seq),
                    sql`${earlier.status} <> ${ErpMessageStatus.Sent}`,
                  ),
                ),
            ),
          ),
        )
        .orderBy(asc(erpOutbox.seq))
        .limit(settings.batch)
        .for('update', { skipLocked: true })
      return tx
        .update(erpOutbox)
        .set({
          leaseOwner: settings.owner,
          leaseUntil: sql`now() + ${settings.leaseMs} * interval '1 millisecond'`,
          attempts: sql`${erpOutbox.attempts} + 1`,
        })
        .where(sql`${erpOutbox.id} in (${due})`)
        .returning()
    })

  const mine = (id: string) => and(eq(erpOutbox.id, id), eq(erpOutbox.leaseOwner, settings.owner))

  const send = async (m: typeof erpOutbox.$inferSelect) => {
    try {
      let tradeId = m.tradeId
      if (!tradeId) {
        // kept before the write: every later try of this message is the same write
        const [kept] = await db
          .update(erpOutbox)
          .set({ tradeId: await client.tradeId() })
          .where(and(mine(m.id), isNull(erpOutbox.tradeId)))
          .returning({ tradeId: erpOutbox.tradeId })
        if (!kept?.tradeId) return false
        tradeId = kept.tradeId
      }
      const erpDocId = await client.write(ERP_PATHS[m.kind as ErpMessageKind], m.accountSet, tradeId, m.payload)
      await db.transaction(async (tx) => {
        await tx
          .update(erpOutbox)
          .set({
            status: ErpMessageStatus.Sent,
            erpDocId,
            sentAt: new Date(),
            lastError: null,
            leaseOwner: null,
            leaseUntil: null,
          })
          .where(eq(erpOutbox.id, m.id))
        await settleSyncStatus(tx, [m.orderId], true)
      })
      return true
    } catch (e) {
      const reason = e instanceof Error ? e.message : String(e)
      const final = m.attempts >= settings.maxAttempts
      const wait = backoffMs(settings.retryBaseMs, m.attempts)
      await db.transaction(async (tx) => {
        await tx
          .update(erpOutbox)
          .set({
            status: final ? ErpMessageStatus.Failed : ErpMessageStatus.Pending,
            lastError: reason.slice(0, 1000),
            nextAttemptAt: new Date(Date.now() + wait),
            leaseOwner: null,
            leaseUntil: null,
          })
          .where(mine(m.id))
        await settleSyncStatus(tx, [m.orderId], true)
        if (final) await deps.events?.emit(tx, { type: 'erp.syncFailed', orderId: m.orderId, messageId: m.id, reason })
      })
      log.warn({ messageId: m.id, orderId: m.orderId, attempt: m.attempts, final, reason }, 'ERP sync failed')
      return false
    }
  }

  /** One round: claims what is due and sends it; answers how many were sent. */
  const tick = async () => {
    const claimed = await claim()
    let sent = 0
    for (const m of claimed) if (await send(m)) sent++
    return sent
  }

  const loop = async () => {
    if (stopped) return
    let more = false
    try {
      running = tick()
      more = (await running) >= settings.batch
    } catch (e) {
      log.warn({ err: e }, 'ERP sync round failed')
    } finally {
      running = null
    }
    if (!stopped) timer = setTimeout(() => void loop(), more ? 0 : settings.pollMs)
  }

  return {
    tick,
    start() {
      stopped = false
      timer = setTimeout(() => void loop(), 0)
    },
    /** Stops after the round in flight (its sends are recorded). */
    async stop() {
      stopped = true
      if (timer) clearTimeout(timer)
      await running?.catch(() => undefined)
    },
  }
}

export type ErpWorker = ReturnType<typeof createErpWorker>
