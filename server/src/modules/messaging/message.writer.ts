import { randomUUID } from 'node:crypto'
import type { Lang } from '@app/contracts'
import { eq, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { rawStatement, reusable } from '../../db/reusable.ts'
import { messages } from '../../db/schema/index.ts'
import { notifyCall } from '../../platform/realtime/notify.ts'
import { carriesPending } from '../../platform/sequence.ts'

/** The NOTIFY channel every server instance listens on for new messages. */
export const MESSAGE_CHANNEL = 'sys_message'

/**
 * What NOTIFY carries: a reference to the rows, which each instance reads for its own sockets,
 * and how many there are (so an instance reads a small batch whole, and a large one only for the
 * users connected to it); or a published notice, whose readers' message is the notice itself.
 */
export type MessageNotification = { batch: string; count?: number } | { notice: string; count: number }

type Text = { title: string; content: string }

/**
 * One message to many recipients, written in both languages: each reader reads it in the language
 * of their interface. The sender's name is read from `creatorId`'s user.
 */
export type MessageDraft = {
  recipientIds: readonly string[]
  texts: Record<Lang, Text>
  creatorId?: string | null
  menuId?: string | null
  params?: Record<string, unknown> | null
  source: string
}

/**
 * The rows and their NOTIFY in one round trip (a data-modifying WITH runs whether read or not),
 * built once.
 */
const insertMessages = reusable('sys_message_insert', (db) =>
  rawStatement(
    db,
    sql`
    with written as (insert into sys_message
      (recipient_id, title, content, title_en, content_en, creator, creator_id, menu_id, params, source,
       batch_id, create_time)
    select u.id, d.title, d.content, d.title_en, d.content_en, left(c.realname, 64), d.creator_id,
           d.menu_id, d.params, d.source, ${sql.placeholder('batchId')}::uuid,
           ${sql.placeholder('createTime')}::timestamptz
    from json_to_recordset(${sql.placeholder('rows')}::json) as d(
      title varchar, content text, title_en varchar, content_en text, creator_id uuid, menu_id varchar,
      params jsonb, source varchar, recipients uuid[]
    )
    cross join lateral unnest(d.recipients) as r(id)
    join sys_user u on u.id = r.id
    left join sys_user c on c.id = d.creator_id)
    select ${notifyCall(MESSAGE_CHANNEL, sql.placeholder('payload'))}`,
  ),
)

/**
 * Writes messages in the caller's transaction — one row per recipient of each draft who is a
 * user — and announces them with one NOTIFY, which PostgreSQL delivers to every instance when
 * (and only if) the transaction commits. Answers the batch id (null when there was no recipient).
 *
 * One statement whatever the number of rows: the drafts travel as one JSON parameter, each with
 * its recipients as an array, and PostgreSQL makes the rows (json_to_recordset, unnest) and reads
 * the sender's name, so a draft's texts are sent and parsed once, not once per recipient, and no
 * statement reads the recipients first. 10 000 rows on the
 * 2 shared cores of the bench machine: 1.4-1.75 s through the query builder (chunks of 1 000),
 * 0.55-1.0 s as 10 000 JSON rows (bulkInsert), 0.17-0.3 s this way.
 */
export const sendMessages = async (tx: DbOrTx, drafts: readonly MessageDraft[]): Promise<string | null> => {
  const written = drafts.map((d) => ({ d, ids: [...new Set(d.recipientIds)] })).filter((w) => w.ids.length > 0)
  if (written.length === 0) return null
  const rows = written.map(({ d, ids }) => ({
    title: d.texts.zh.title.slice(0, 255),
    content: d.texts.zh.content,
    title_en: d.texts.en.title.slice(0, 255),
    content_en: d.texts.en.content,
    creator_id: d.creatorId ?? null,
    menu_id: d.menuId ?? null,
    params: d.params ?? null,
    source: d.source,
    recipients: ids,
  }))
  const batchId = randomUUID()
  const createTime = new Date().toISOString()
  const payload: MessageNotification = { batch: batchId, count: written.reduce((n, w) => n + w.ids.length, 0) }
  const json = JSON.stringify(rows)
  await insertMessages(tx, { rows: json, batchId, createTime, payload: JSON.stringify(payload) })
  // about a document numbered at the end of this transaction (a new order): numbered then
  carriesPending(tx, () => json, {
    table: messages,
    where: eq(messages.batchId, batchId),
    text: ['title', 'content', 'titleEn', 'contentEn'],
    json: ['params'],
  })
  return batchId
}

/**
 * Announces a notice published in the caller's transaction to its `recipients` readers (their
 * sys_notice_recipient rows, written in it): their message is the notice itself, so nothing is
 * written but the NOTIFY, which PostgreSQL delivers on commit.
 */
export const announceNotice = async (tx: DbOrTx, noticeId: string, recipients: number): Promise<void> => {
  const payload: MessageNotification = { notice: noticeId, count: recipients }
  await tx.execute(sql`select ${notifyCall(MESSAGE_CHANNEL, JSON.stringify(payload))}`)
}
