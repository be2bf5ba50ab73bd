import { randomUUID } from 'node:crypto'
import { and, asc, eq, inArray, isNull, lt, lte, notExists, or, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Db, DbOrTx } from '../../db/client.ts'
import { outbox } from '../../db/schema/outbox.ts'
import { carriesPending } from '../sequence.ts'

/**
 * The durable outbox, one for everything the product sends out (mails, group-chat messages, the
 * ERP's documents): a row per thing to send, written in the transaction that raises it; workers in
 * every instance claim due rows with a lease (`FOR UPDATE SKIP LOCKED`: two instances never hold
 * one row), send outside any transaction (PGlite holds one connection) and record the answer. A
 * failure waits `retryBaseMs` doubling; after `maxAttempts` the row is 'failed' with the reason. A
 * crashed instance's rows come back when their lease runs out. Rows of one chain go one at a time,
 * in the order they were queued. A topic may take a key of the receiver's before the first try and
 * keep it for every retry (the receiver then answers a repeat once), and follow up each recorded
 * answer in the transaction recording it.
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
  /** Rows of one chain are sent one at a time, in the order queued. */
  chain?: string | null
  payload: unknown
}

export type OutboxRow = typeof outbox.$inferSelect

/** A row's key as the table holds it. */
const keyOf = (key: string) => key.slice(0, 200)

/**
 * The rows of these keys may name a number their transaction takes at its end (a new order's
 * mails, a delivery's document for the ERP): it is written in their subject and payload then
 * (`carriesPending`; `content`: what they were written with).
 */
export const outboxCarriesPending = (tx: DbOrTx, content: () => string, keys: readonly string[]) =>
  carriesPending(tx, content, {
    table: outbox,
    where: inArray(outbox.key, keys.map(keyOf)),
    text: ['subject'],
    json: ['payload'],
  })

/**
 * Queues items in the caller's transaction; a key already queued is left as it is. Answers the
 * rows written. Items about a number the transaction takes at its end have it written in then.
 */
export const enqueue = async (tx: DbOrTx, items: readonly OutboxItem[]) => {
  if (items.length === 0) return 0
  const rows = await tx
    .insert(outbox)
    .values(
      items.map((i) => ({
        topic: i.topic,
        key: keyOf(i.key),
        recipient: i.recipient.slice(0, 200),
        subject: i.subject.slice(0, 300),
        event: i.event,
        userId: i.userId ?? null,
        chain: i.chain ?? null,
        payload: i.payload,
      })),
    )
    .onConflictDoNothing({ target: outbox.key })
    .returning({ id: outbox.id })
  outboxCarriesPending(
    tx,
    () => JSON.stringify(items),
    items.map((i) => i.key),
  )
  return rows.length
}

/**
 * Failed rows of these topics go back to the queue, tried again from the start (a receiver's key
 * they hold stays theirs): those named, or those of the chains named. Answers how many.
 */
export const retryFailed = async (
  tx: DbOrTx,
  which: { topics: readonly string[]; ids?: readonly string[]; chains?: readonly string[] },
) => {
  const { ids = [], chains = [] } = which
  if (ids.length === 0 && chains.length === 0) return 0
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
    .where(
      and(
        eq(outbox.status, OutboxStatus.Failed),
        inArray(outbox.topic, [...which.topics]),
        ids.length ? inArray(outbox.id, [...ids]) : undefined,
        chains.length ? inArray(outbox.chain, [...chains]) : undefined,
      ),
    )
    .returning({ id: outbox.id })
  return rows.length
}

/** The wait before the next try after `attempts` tries: `base` doubling, at most five minutes. */
const backoffMs = (base: number, attempts: number) => Math.min(base * 2 ** Math.max(0, attempts - 1), 300_000)

export type OutboxWorkerSettings = {
  /** This instance (`leaseOwner()`): a claimed row carries it until its lease ends. */
  owner: string
  pollMs: number
  maxAttempts: number
  retryBaseMs: number
  /**
   * Longer than a send may take: a crashed sender's rows come back after it. A send starts with at
   * least half of it left (`tick` leases a batch's remaining rows again), so a send longer than
   * half may see its row taken by another instance (the ERP's: U8 answers the same trade id once).
   */
  leaseMs: number
  batch: number
}

/**
 * Sends one row's payload; throws with the reason people should read when it fails. A string it
 * answers is what the receiver made of it (a document id), kept on the row as its receipt.
 */
export type OutboxSender = (row: OutboxRow) => Promise<unknown>

/** How a try ended, as a topic's follow-up hears it. */
export type OutboxOutcome = { sent: true } | { sent: false; final: boolean; reason: string }

/** What a worker does with the rows of one topic. */
export type OutboxTopic = {
  send: OutboxSender
  /**
   * A key of the receiver's for one write (U8's trade id), taken before the row's first try and
   * kept on it: every later try is the same write to the receiver.
   */
  receiverKey?: () => Promise<string>
  /** Follows up a recorded try in the transaction recording it (an order's sync status...). */
  settled?: (tx: DbOrTx, row: OutboxRow, outcome: OutboxOutcome) => Promise<void>
}

export type OutboxLog = { info: (o: object, msg: string) => void; warn: (o: object, msg: string) => void }

/** A worker's name on the rows it claims: this process, and which of its workers. */
export const leaseOwner = () => `${process.pid}-${randomUUID().slice(0, 8)}`

const earlier = alias(outbox, 'earlier')

/** The end of a lease of `ms` taken now. */
const leaseFromNow = (ms: number) => sql`now() + ${ms} * interval '1 millisecond'`

/**
 * Due rows of these topics, leased to `owner` with one more attempt counted: rows whose lease ran
 * out count as due, and a row of a chain only once every earlier row of its chain is sent. One
 * statement (its row locks last as long as it does), the poll's only one when nothing is due.
 */
const claimDue = (db: Db, topics: readonly string[], settings: OutboxWorkerSettings) => {
  const due = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(
      and(
        eq(outbox.status, OutboxStatus.Pending),
        inArray(outbox.topic, [...topics]),
        lte(outbox.nextAttemptAt, sql`now()`),
        or(isNull(outbox.leaseUntil), lt(outbox.leaseUntil, sql`now()`)),
        notExists(
          db
            .select({ one: sql`1` })
            .from(earlier)
            .where(
              and(
                eq(earlier.chain, outbox.chain),
                lt(earlier.seq, outbox.seq),
                sql`${earlier.status} <> ${OutboxStatus.Sent}`,
              ),
            ),
        ),
      ),
    )
    .orderBy(asc(outbox.nextAttemptAt), asc(outbox.seq))
    .limit(settings.batch)
    .for('update', { skipLocked: true })
  return db
    .update(outbox)
    .set({
      leaseOwner: settings.owner,
      leaseUntil: leaseFromNow(settings.leaseMs),
      attempts: sql`${outbox.attempts} + 1`,
    })
    .where(sql`${outbox.id} in (${due})`)
    .returning()
}

/** Only while `owner` still holds the row's lease: a row whose lease ran out is another's. */
const heldBy = (id: string, owner: string) => and(eq(outbox.id, id), eq(outbox.leaseOwner, owner))

/**
 * The row with its receiver's key: the one it keeps, or a new one kept before the first try.
 * None when the lease was lost meanwhile (the row is another instance's now).
 */
const withReceiverKey = async (db: Db, row: OutboxRow, topic: OutboxTopic, owner: string) => {
  if (!topic.receiverKey || row.receiverKey) return row
  const receiverKey = await topic.receiverKey()
  const [kept] = await db
    .update(outbox)
    .set({ receiverKey })
    .where(and(heldBy(row.id, owner), isNull(outbox.receiverKey)))
    .returning({ receiverKey: outbox.receiverKey })
  return kept ? { ...row, receiverKey: kept.receiverKey } : null
}

/**
 * Rounds one after another once started: the next at once while a round fills a batch, else after
 * `pollMs`; `wake` starts the next now (rows were just queued in this instance).
 */
const repeated = (round: () => Promise<number>, settings: OutboxWorkerSettings, log: OutboxLog) => {
  let timer: NodeJS.Timeout | null = null
  let running: Promise<number> | null = null
  let stopped = true

  const loop = async () => {
    if (stopped) return
    let more = false
    try {
      running = round()
      more = (await running) >= settings.batch
    } catch (e) {
      log.warn({ err: e }, 'outbox round failed')
    } finally {
      running = null
    }
    if (!stopped) timer = setTimeout(() => void loop(), more ? 0 : settings.pollMs)
  }

  return {
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

/**
 * The worker of an instance for some topics: claims their due rows, sends them one by one and
 * records each answer. `tick` is one round (the tests drive it); `start` repeats it.
 */
export const createOutboxWorker = (deps: {
  db: Db
  topics: Record<string, OutboxTopic>
  settings: OutboxWorkerSettings
  log: OutboxLog
}) => {
  const { db, topics, settings, log } = deps

  /**
   * Writes how a try ended if the row is still ours, with the topic's follow-up in the same
   * transaction (a topic without one: the update alone).
   */
  const record = (row: OutboxRow, values: Partial<OutboxRow>, outcome: OutboxOutcome) => {
    const settled = topics[row.topic]?.settled
    const write = async (tx: DbOrTx) => {
      const [mine] = await tx
        .update(outbox)
        .set({ ...values, leaseOwner: null, leaseUntil: null, updateAt: new Date() })
        .where(heldBy(row.id, settings.owner))
        .returning({ id: outbox.id })
      if (mine) await settled?.(tx, row, outcome)
    }
    return settled ? db.transaction(write) : write(db)
  }

  /** Leases these rows again from now, those still this worker's; answers which they are. */
  const renewLease = async (ids: string[]) => {
    const rows = await db
      .update(outbox)
      .set({ leaseUntil: leaseFromNow(settings.leaseMs) })
      .where(
        and(inArray(outbox.id, ids), eq(outbox.leaseOwner, settings.owner), eq(outbox.status, OutboxStatus.Pending)),
      )
      .returning({ id: outbox.id })
    return new Set(rows.map((r) => r.id))
  }

  const send = async (claimed: OutboxRow) => {
    try {
      const topic = topics[claimed.topic]
      if (!topic) throw new Error(`no sender for ${claimed.topic}`)
      const row = await withReceiverKey(db, claimed, topic, settings.owner)
      if (!row) return
      const receipt = await topic.send(row)
      const sent = {
        status: OutboxStatus.Sent,
        sentAt: new Date(),
        lastError: null,
        receipt: typeof receipt === 'string' ? receipt : null,
      }
      await record(row, sent, { sent: true })
    } catch (e) {
      const reason = (e instanceof Error ? e.message : String(e)).slice(0, 1000)
      const final = claimed.attempts >= settings.maxAttempts
      await record(
        claimed,
        {
          status: final ? OutboxStatus.Failed : OutboxStatus.Pending,
          lastError: reason,
          nextAttemptAt: new Date(Date.now() + backoffMs(settings.retryBaseMs, claimed.attempts)),
        },
        { sent: false, final, reason },
      )
      // a try that will be repeated is routine; the last one is for an administrator to see
      log[final ? 'warn' : 'info'](
        { outboxId: claimed.id, topic: claimed.topic, chain: claimed.chain, attempt: claimed.attempts, final, reason },
        'outbox send failed',
      )
    }
  }

  /**
   * One round: claims what is due and sends it one row after another; answers how many rows it
   * claimed. The lease is counted from the claim for the whole batch, so once half of it has gone
   * the rows still to send are leased again: a row another instance took meanwhile (its lease ran
   * out while earlier rows were slow) is left to it, not sent by both.
   */
  const tick = async () => {
    let leasedAt = performance.now()
    const claimed = await claimDue(db, Object.keys(topics), settings)
    let held: Set<string> | null = null
    for (const [i, row] of claimed.entries()) {
      if (performance.now() - leasedAt > settings.leaseMs / 2) {
        leasedAt = performance.now()
        held = await renewLease(claimed.slice(i).map((r) => r.id))
      }
      if (held && !held.has(row.id)) continue
      await send(row)
    }
    return claimed.length
  }

  return { tick, ...repeated(tick, settings, log) }
}

export type OutboxWorker = ReturnType<typeof createOutboxWorker>
