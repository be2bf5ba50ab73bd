import type { Message, MessageListQuery, Page } from '@app/contracts'
import { ReadFlag } from '@app/contracts'
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { messages } from '../../db/schema/index.ts'
import { notFound } from '../../platform/errors.ts'

type MessageRow = typeof messages.$inferSelect

export const toMessage = (row: MessageRow): Message => ({
  id: row.id,
  title: row.title,
  content: row.content,
  createTime: row.createTime.toISOString(),
  creator: row.creator,
  readFlag: row.readFlag,
  menuId: row.menuId,
  params: row.params ?? null,
  noticeId: row.noticeId,
})

/**
 * The caller's own messages. Every statement is scoped by `recipientId`, so a user can only ever
 * list, mark or delete what was sent to them; someone else's id answers 404 like a missing one.
 */
export const createMessageService = (db: DbOrTx) => {
  const own = (userId: string) => eq(messages.recipientId, userId)

  return {
    async list(userId: string, q: MessageListQuery): Promise<Page<Message>> {
      const where = and(own(userId), q.readFlag === undefined ? undefined : eq(messages.readFlag, q.readFlag))
      const [total] = await db.select({ n: count() }).from(messages).where(where)
      const rows = await db
        .select()
        .from(messages)
        .where(where)
        .orderBy(desc(messages.createTime), desc(messages.id))
        .limit(q.pageSize)
        .offset((q.pageNo - 1) * q.pageSize)
      const n = total?.n ?? 0
      return {
        records: rows.map(toMessage),
        total: n,
        size: q.pageSize,
        current: q.pageNo,
        pages: Math.ceil(n / q.pageSize),
      }
    },

    async unreadCount(userId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(messages)
        .where(and(own(userId), eq(messages.readFlag, ReadFlag.Unread)))
      return row?.n ?? 0
    },

    async markRead(userId: string, id: string): Promise<void> {
      const [row] = await db
        .update(messages)
        .set({ readFlag: ReadFlag.Read, readTime: sql`coalesce(${messages.readTime}, now())` })
        .where(and(own(userId), eq(messages.id, id)))
        .returning({ id: messages.id })
      if (!row) notFound()
    },

    /** Marks read every unread message of the caller; answers how many changed. */
    async markAllRead(userId: string): Promise<number> {
      const rows = await db
        .update(messages)
        .set({ readFlag: ReadFlag.Read, readTime: new Date() })
        .where(and(own(userId), eq(messages.readFlag, ReadFlag.Unread)))
        .returning({ id: messages.id })
      return rows.length
    },

    /** Marks read the caller's messages that announce these notices (opening a notice reads it). */
    async markNoticeRead(userId: string, noticeIds: readonly string[]): Promise<void> {
      if (noticeIds.length === 0) return
      await db
        .update(messages)
        .set({ readFlag: ReadFlag.Read, readTime: new Date() })
        .where(and(own(userId), eq(messages.readFlag, ReadFlag.Unread), inArray(messages.noticeId, [...noticeIds])))
    },

    async remove(userId: string, id: string): Promise<void> {
      const [row] = await db
        .delete(messages)
        .where(and(own(userId), eq(messages.id, id)))
        .returning({ id: messages.id })
      if (!row) notFound()
    },

    async removeAll(userId: string): Promise<number> {
      const rows = await db.delete(messages).where(own(userId)).returning({ id: messages.id })
      return rows.length
    },
  }
}

export type MessageService = ReturnType<typeof createMessageService>
