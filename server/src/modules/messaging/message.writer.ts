import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { notifyCall } from '../../platform/realtime/notify.ts'

/** The NOTIFY channel every server instance listens on for new messages. */
export const MESSAGE_CHANNEL = 'sys_message'

/**
 * What NOTIFY carries: a reference to the rows, which each instance reads for its own sockets,
 * and how many there are (so an instance reads a small batch whole, and a large one only for the
 * users connected to it).
 */
export type MessageNotification = { batch: string; count?: number }

/** One message, the same for every recipient (a notice to thousands is one draft). */
export type MessageDraft = {
  recipientIds: readonly string[]
  title: string
  content: string
  creator: string | null
  creatorId?: string | null
  menuId?: string | null
  params?: Record<string, unknown> | null
  noticeId?: string | null
  source: string
}

/**
 * Writes messages in the caller's transaction — one row per recipient of each draft — and
 * announces them with one NOTIFY, which PostgreSQL delivers to every instance when (and only if)
 * the transaction commits. Answers the batch id (null when there was no recipient).
 *
 * One statement whatever the number of rows: the drafts travel as one JSON parameter, each with
 * its recipients as an array, and PostgreSQL makes the rows (json_to_recordset, unnest), so a
 * notice's text is sent and parsed once, not once per recipient. 10 000 rows on the 2 shared
 * cores of the bench machine: 1.4-1.75 s through the query builder (chunks of 1 000), 0.55-1.0 s
 * as 10 000 JSON rows (bulkInsert), 0.17-0.3 s this way.
 */
export const sendMessages = async (tx: DbOrTx, drafts: readonly MessageDraft[]): Promise<string | null> => {
  const rows = drafts
    .map((d) => ({
      title: d.title.slice(0, 255),
      content: d.content,
      creator: d.creator?.slice(0, 64) ?? null,
      creator_id: d.creatorId ?? null,
      menu_id: d.menuId ?? null,
      params: d.params ?? null,
      notice_id: d.noticeId ?? null,
      source: d.source,
      recipients: [...new Set(d.recipientIds)],
    }))
    .filter((d) => d.recipients.length > 0)
  if (rows.length === 0) return null
  const batchId = randomUUID()
  const createTime = new Date().toISOString()
  const payload: MessageNotification = { batch: batchId, count: rows.reduce((n, d) => n + d.recipients.length, 0) }
  // the rows and their NOTIFY in one round trip (a data-modifying WITH runs whether read or not)
  await tx.execute(sql`
    with written as (insert into sys_message
      (recipient_id, title, content, creator, creator_id, menu_id, params, notice_id, source, batch_id, create_time)
    select r.id, d.title, d.content, d.creator, d.creator_id, d.menu_id, d.params, d.notice_id, d.source,
           ${batchId}::uuid, ${createTime}::timestamptz
    from json_to_recordset(${JSON.stringify(rows)}::json) as d(
      title varchar, content text, creator varchar, creator_id uuid, menu_id varchar, params jsonb,
      notice_id uuid, source varchar, recipients uuid[]
    )
    cross join lateral unnest(d.recipients) as r(id))
    select ${notifyCall(MESSAGE_CHANNEL, JSON.stringify(payload))}`)
  return batchId
}
