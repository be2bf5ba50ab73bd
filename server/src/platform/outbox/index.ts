import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm'
import type { Db, DbOrTx } from '../../db/client.ts'
import { outbox } from '../../db/schema/outbox.ts'

/**
 * The durable outbox (the ERP sync's mechanism, made general): a row per thing to send, written in
 * the transaction that raises it; workers in every instance claim due rows with a lease
 * (`FOR UPDATE SKIP LOCKED`: two instances never hold one row), send outside any transaction
 * (PGlite holds one connection) and record the answer. A failure waits `retryBaseMs` doubling;
 * after `maxAttempts` the row is 'failed' with the reason. A crashed instance's rows come back
 * when their lease runs out.
 */

export const OutboxStatus = { Pending: 'pending', Sent: 'sent', Failed: 'failed' } as const

export type OutboxItem = {
  topic: string
  /** Unique: the same thing queued twice writes one row. */
  key: string
  recipient: string
  subject: string
  event: string
  userId?: string | null
  payload: unknown
}

export type OutboxRow = typeof outbox.$inferSelect

/** Queues items in the caller's transaction; a key already queued is left as it is. Answers the rows written. */
export const enqueue = async (tx: DbOrTx, items: readonly OutboxItem[]) => {
  if (items.length === 0) return 0
  const rows = await tx
    .insert(outbox)
    .values(
      items.map((i) => ({
        topic: i.topic,
        key: i.key.slice(0, 200),
        recipient: i.recipient.slice(0, 200),
        subject: i.subject.slice(0, 300),
        event: i.event,
        userId: i.userId ?? null,
        payload: i.payload,
      })),
    )
    .onConflictDoNothing({ target: outbox.key })
    .returning({ id: outbox.id })
  return rows.length
}

/** Failed rows go back to the queue, tried again from the start. Answers how many. */
export const retryFailed = async (tx: DbOrTx, ids: readonly string[]) => {
  if (ids.length === 0) return 0
  const rows = await tx
    .update(outbox)
    .set({
      status: OutboxStatus.Pending,
      attempts: 0,
      nextAttemptAt: new Date(),
      leaseOwner: null,
      leaseUntil: null,
      updateAt: new Date(),
      version: sql`${outbox.version} + 1`,
    })
    .where(and(inArray(outbox.id, [...ids]), eq(outbox.status, OutboxStatus.Failed)))
    .returning({ id: outbox.id })
  return rows.length
}

/** The wait before the next try after `attempts` tries: `base` doubling, at most five minutes. */
export const backoffMs = (base: number, attempts: number) => Math.min(base * 2 ** Math.max(0, attempts - 1), 300_000)

export type OutboxWorkerSettings = {
  /** This instance: a claimed row carries it until its lease ends. */
  owner: string
  pollMs: number
  maxAttempts: number
  retryBaseMs: number
  /** Longer than a send may take: a crashed sender's rows come back after it. */
  leaseMs: number
  batch: number
}

/** Sends one row's payload; throws with the reason people should read when it fails. */
export type OutboxSender = (row: OutboxRow) => Promise<void>

type Log = { info: (o: object, msg: string) => void; warn: (o: object, msg: string) => void }

/**
 * The worker of an instance: claims due rows of the topics it has senders for, sends them one by
 * one and records each answer. `tick` is one round (the tests drive it); `start` repeats it.
 */
export const createOutboxWorker = (deps: {
  db: Db
  senders: Record<string, OutboxSender>
  settings: OutboxWorkerSettings
  log: Log
}) => {
  const { db, senders, settings, log } = deps
  const topics = Object.keys(senders)
  let timer: NodeJS.Timeout | null = null
  let running: Promise<number> | null = null
  let stopped = true

  const claim = () =>
    db.transaction(async (tx) => {
      const due = tx
        .select({ id: outbox.id })
        .from(outbox)
        .where(
          and(
            eq(outbox.status, OutboxStatus.Pending),
            inArray(outbox.topic, topics),
            lte(outbox.nextAttemptAt, sql`now()`),
            or(isNull(outbox.leaseUntil), lt(outbox.leaseUntil, sql`now()`)),
          ),
        )
        .orderBy(asc(outbox.nextAttemptAt), asc(outbox.seq))
        .limit(settings.batch)
        .for('update', { skipLocked: true })
      return tx
        .update(outbox)
        .set({
          leaseOwner: settings.owner,
          leaseUntil: sql`now() + ${settings.leaseMs} * interval '1 millisecond'`,
          attempts: sql`${outbox.attempts} + 1`,
        })
        .where(sql`${outbox.id} in (${due})`)
        .returning()
    })

  /** Only while this instance still holds the row's lease: a row whose lease ran out is another's. */
  const mine = (id: string) => and(eq(outbox.id, id), eq(outbox.leaseOwner, settings.owner))

  const send = async (row: OutboxRow) => {
    try {
      const sender = senders[row.topic]
      if (!sender) throw new Error(`no sender for ${row.topic}`)
      await sender(row)
      await db
        .update(outbox)
        .set({ status: OutboxStatus.Sent, sentAt: new Date(), lastError: null, leaseOwner: null, leaseUntil: null })
        .where(mine(row.id))
      return true
    } catch (e) {
      const reason = (e instanceof Error ? e.message : String(e)).slice(0, 1000)
      const final = row.attempts >= settings.maxAttempts
      await db
        .update(outbox)
        .set({
          status: final ? OutboxStatus.Failed : OutboxStatus.Pending,
          lastError: reason,
          nextAttemptAt: new Date(Date.now() + backoffMs(settings.retryBaseMs, row.attempts)),
          leaseOwner: null,
          leaseUntil: null,
          updateAt: new Date(),
        })
        .where(mine(row.id))
      // a try that will be repeated is routine; the last one is for an administrator to see
      log[final ? 'warn' : 'info'](
        { outboxId: row.id, topic: row.topic, attempt: row.attempts, final, reason },
        'outbox send failed',
      )
      return false
    }
  }

  /** One round: claims what is due and sends it; answers how many rows it claimed. */
  const tick = async () => {
    const claimed = await claim()
    for (const row of claimed) await send(row)
    return claimed.length
  }

  const loop = async () => {
    if (stopped) return
    let more = false
    try {
      running = tick()
      more = (await running) >= settings.batch
    } catch (e) {
      log.warn({ err: e }, 'outbox round failed')
    } finally {
      running = null
    }
    if (!stopped) timer = setTimeout(() => void loop(), more ? 0 : settings.pollMs)
  }

  return {
    tick,
    /** Wakes the loop now (rows were just queued in this instance). */
    wake() {
      if (stopped || running) return
      if (timer) clearTimeout(timer)
      timer = setTimeout(() => void loop(), 0)
    },
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

export type OutboxWorker = ReturnType<typeof createOutboxWorker>
