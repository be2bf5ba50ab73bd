import { like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../src/db/client.ts'
import { outbox } from '../../src/db/schema/index.ts'
import { createOutboxWorker, enqueue, type OutboxRow } from '../../src/platform/outbox/index.ts'
import { openTestDatabase, testDbKind } from '../helpers/database.ts'

const TOPIC = 'lease-probe'
const COUNT = 10
const SEND_MS = 150
const LEASE_MS = 1000

const quiet = { info: () => undefined, warn: () => undefined }
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms))

/**
 * A worker sends the rows it claimed one after another, and a batch of slow sends outlasts the
 * lease the claim gave them all: another instance polling meanwhile must not send a row the first
 * one still sends, or will send.
 */
describe(`outbox lease over a slow batch (${testDbKind()})`, () => {
  let database: Database

  beforeAll(async () => {
    database = await openTestDatabase()
  })
  afterAll(() => database?.close())

  it('ten sends of 150 ms against a lease of one second, a second instance polling: each row sent once', async () => {
    const db = database.db
    await enqueue(
      db,
      Array.from({ length: COUNT }, (_, i) => ({
        topic: TOPIC,
        key: `lease-probe:${i}`,
        recipient: `r${i}@example.com`,
        subject: `Row ${i}`,
        event: 'business',
        payload: { i },
      })),
    )
    const sends = new Map<number, string[]>()
    const workerOf = (owner: string) =>
      createOutboxWorker({
        db,
        topics: {
          [TOPIC]: {
            send: async (row: OutboxRow) => {
              const { i } = row.payload as { i: number }
              sends.set(i, [...(sends.get(i) ?? []), owner])
              await pause(SEND_MS)
            },
          },
        },
        settings: { owner, pollMs: 3_600_000, maxAttempts: 3, retryBaseMs: 1, leaseMs: LEASE_MS, batch: COUNT },
        log: quiet,
      })
    const [first, second] = [workerOf('first'), workerOf('second')]
    // the first claims all ten: they take it at least 1.5 s, past the lease of the claim
    let done = false
    const firstRound = first.tick().finally(() => {
      done = true
    })
    await pause(50)
    while (!done) {
      await second.tick()
      await pause(25)
    }
    await firstRound
    // whatever the second took meanwhile, and anything left, is sent by now
    await second.tick()

    const twice = [...sends].filter(([, owners]) => owners.length > 1)
    expect(twice).toEqual([])
    expect([...sends.keys()].sort((a, b) => a - b)).toEqual(Array.from({ length: COUNT }, (_, i) => i))
    const rows = await db.select({ status: outbox.status }).from(outbox).where(like(outbox.key, 'lease-probe:%'))
    expect(rows.map((r) => r.status)).toEqual(Array(COUNT).fill('sent'))
  })
})
