import type { Message, MessageListQuery, Page } from '@app/contracts'
import { ReadFlag } from '@app/contracts'
import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm'
import { type DbOrTx, rowsOf } from '../../db/client.ts'
import { messages, noticeRecipients, notices } from '../../db/schema/index.ts'
import { notFound } from '../../platform/errors.ts'
import { plainText } from './notice.sanitize.ts'

/** A message row as the list reads it (a notice's message has none: it is the notice's recipient row). */
type MessageRow = Pick<typeof messages.$inferSelect, Exclude<keyof Message, 'noticeId'> | 'createTime'>
/** The notice's columns its message is made of (`noticeMessage`), for a select. */
export const noticeMessageColumns = {
  id: notices.id,
  title: notices.title,
  content: notices.content,
  titleEn: notices.titleEn,
  contentEn: notices.contentEn,
  senderName: notices.senderName,
  publishTime: notices.publishTime,
  createAt: notices.createAt,
}
type NoticeRow = { [K in keyof typeof noticeMessageColumns]: (typeof notices.$inferSelect)[K] }

/** How long the plain-text excerpt of a notice in its message may be. */
const NOTICE_EXCERPT = 200

export const toMessage = (row: MessageRow): Message => ({
  id: row.id,
  title: row.title,
  content: row.content,
  titleEn: row.titleEn,
  contentEn: row.contentEn,
  createTime: row.createTime.toISOString(),
  creator: row.creator,
  readFlag: row.readFlag,
  menuId: row.menuId,
  params: row.params ?? null,
  noticeId: null,
})

/**
 * A reader's message announcing a notice, made from the notice itself: its id is the notice's,
 * its text the title and the start of the notice's text, its sender the publisher. The same for
 * every reader, so a notice to ten thousand people writes no message rows and is pushed as one
 * frame (live.delivery.ts).
 */
export const noticeMessage = (n: NoticeRow, readFlag: number): Message => ({
  id: n.id,
  title: n.title,
  content: plainText(n.content, NOTICE_EXCERPT),
  titleEn: n.titleEn,
  contentEn: n.contentEn === null ? null : plainText(n.contentEn, NOTICE_EXCERPT),
  createTime: (n.publishTime ?? n.createAt).toISOString(),
  creator: n.senderName,
  readFlag,
  menuId: null,
  params: null,
  noticeId: n.id,
})

/**
 * The caller's own messages: the rows sent to them (sys_message) and the notices sent to them
 * (their sys_notice_recipient rows, whose id is the notice's), as one list. Every statement is
 * scoped by the caller's id, so a user can only ever list, mark or delete what was sent to them;
 * someone else's id answers 404 like a missing one.
 */
export const createMessageService = (db: DbOrTx) => {
  const own = (userId: string, readFlag?: number) =>
    and(eq(messages.recipientId, userId), readFlag === undefined ? undefined : eq(messages.readFlag, readFlag))
  const ownNotices = (userId: string, readFlag?: number) =>
    and(
      eq(noticeRecipients.userId, userId),
      eq(noticeRecipients.messageRemoved, false),
      readFlag === undefined ? undefined : eq(noticeRecipients.readFlag, readFlag),
    )
  /** Both kinds counted in one statement (the bell asks for the unread count on every refresh). */
  const countOf = async (userId: string, readFlag?: number) => {
    const sent = db.select({ n: count() }).from(messages).where(own(userId, readFlag))
    const ofNotices = db.select({ n: count() }).from(noticeRecipients).where(ownNotices(userId, readFlag))
    const [row] = rowsOf<{ n: number }>(await db.execute(sql`select ((${sent}) + (${ofNotices}))::int as n`))
    return row?.n ?? 0
  }
  /** Marks the notice messages `where` picks read; answers how many it found. */
  const readNotices = async (where: SQL | undefined) => {
    const changed = await db
      .update(noticeRecipients)
      .set({ readFlag: ReadFlag.Read, readTime: sql`coalesce(${noticeRecipients.readTime}, now())` })
      .where(where)
      .returning({ id: noticeRecipients.noticeId })
    return changed.length
  }

  return {
    async list(userId: string, q: MessageListQuery): Promise<Page<Message>> {
      const sent = db
        .select({
          id: messages.id,
          title: messages.title,
          content: messages.content,
          titleEn: messages.titleEn,
          contentEn: messages.contentEn,
          createTime: messages.createTime,
          creator: messages.creator,
          readFlag: messages.readFlag,
          menuId: messages.menuId,
          params: messages.params,
          // tells the two kinds apart below: a notice's message has the notice's id as its own
          noticeId: sql<string | null>`null::uuid`,
        })
        .from(messages)
        .where(own(userId, q.readFlag))
      const ofNotices = db
        .select({
          id: notices.id,
          title: notices.title,
          content: notices.content,
          titleEn: notices.titleEn,
          contentEn: notices.contentEn,
          // dated by its publication (a notice's createAt is its draft's)
          createTime: sql<Date>`coalesce(${notices.publishTime}, ${notices.createAt})`,
          creator: notices.senderName,
          readFlag: noticeRecipients.readFlag,
          menuId: sql<string | null>`null::varchar`,
          params: sql<Record<string, unknown> | null>`null::jsonb`,
          noticeId: notices.id,
        })
        .from(noticeRecipients)
        .innerJoin(notices, eq(notices.id, noticeRecipients.noticeId))
        .where(ownNotices(userId, q.readFlag))
      // a set operation is ordered by its output columns (the first select's rows decode them all)
      const rows = await sent
        .unionAll(ofNotices)
        .orderBy(desc(sql`"create_time"`), desc(sql`"id"`))
        .limit(q.pageSize)
        .offset((q.pageNo - 1) * q.pageSize)
      const n = await countOf(userId, q.readFlag)
      return {
        records: rows.map((r) =>
          r.noticeId !== null && r.noticeId === r.id
            ? noticeMessage(
                { ...r, senderName: r.creator, publishTime: r.createTime, createAt: r.createTime },
                r.readFlag,
              )
            : toMessage(r),
        ),
        total: n,
        size: q.pageSize,
        current: q.pageNo,
        pages: Math.ceil(n / q.pageSize),
      }
    },

    unreadCount: (userId: string): Promise<number> => countOf(userId, ReadFlag.Unread),

    async markRead(userId: string, id: string): Promise<void> {
      const [row] = await db
        .update(messages)
        .set({ readFlag: ReadFlag.Read, readTime: sql`coalesce(${messages.readTime}, now())` })
        .where(and(own(userId), eq(messages.id, id)))
        .returning({ id: messages.id })
      if (row) return
      if ((await readNotices(and(ownNotices(userId), eq(noticeRecipients.noticeId, id)))) === 0) notFound()
    },

    /** Marks read every unread message of the caller; answers how many changed. */
    async markAllRead(userId: string): Promise<number> {
      const rows = await db
        .update(messages)
        .set({ readFlag: ReadFlag.Read, readTime: new Date() })
        .where(own(userId, ReadFlag.Unread))
        .returning({ id: messages.id })
      return rows.length + (await readNotices(ownNotices(userId, ReadFlag.Unread)))
    },

    /** Deletes one of the caller's messages; a notice's leaves the notice readable. */
    async remove(userId: string, id: string): Promise<void> {
      const [row] = await db
        .delete(messages)
        .where(and(own(userId), eq(messages.id, id)))
        .returning({ id: messages.id })
      if (row) return
      const [notice] = await db
        .update(noticeRecipients)
        .set({ messageRemoved: true })
        .where(and(ownNotices(userId), eq(noticeRecipients.noticeId, id)))
        .returning({ id: noticeRecipients.noticeId })
      if (!notice) notFound()
    },

    async removeAll(userId: string): Promise<number> {
      const rows = await db.delete(messages).where(own(userId)).returning({ id: messages.id })
      const ofNotices = await db
        .update(noticeRecipients)
        .set({ messageRemoved: true })
        .where(ownNotices(userId))
        .returning({ id: noticeRecipients.noticeId })
      return rows.length + ofNotices.length
    },
  }
}

export type MessageService = ReturnType<typeof createMessageService>
