import type { Feedback, FeedbackReply, FeedbackSubmit, Page } from '@app/contracts'
import { and, count, desc, eq } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { feedbacks } from '../../db/schema/index.ts'
import { type RequestInfo, recordOperation } from '../../platform/audit-log.ts'
import type { Principal } from '../../platform/auth/principal.ts'
import { notFound, staleVersion } from '../../platform/errors.ts'

/** Feedback (SPEC 3): anyone submits and reads their own with the replies; administrators reply. */
export const createFeedbackService = (db: Db) => ({
  async submit(req: RequestInfo, principal: Principal, input: FeedbackSubmit): Promise<Feedback> {
    return db.transaction(async (tx) => {
      const [row] = await tx
        .insert(feedbacks)
        .values({ ...input, createBy: principal.userId, createByName: principal.realname })
        .returning()
      await recordOperation(tx, req, {
        operation: 'sys_feedback:submit',
        resource: 'sys_feedback',
        objectId: row!.id,
        after: row,
      })
      return row!
    })
  },

  /** The caller's own feedback, newest first, with the replies. */
  async mine(principal: Principal, pageNo: number, pageSize: number): Promise<Page<Feedback>> {
    const where = eq(feedbacks.createBy, principal.userId)
    const [records, [total]] = await Promise.all([
      db
        .select()
        .from(feedbacks)
        .where(where)
        .orderBy(desc(feedbacks.createAt), desc(feedbacks.id))
        .limit(pageSize)
        .offset((pageNo - 1) * pageSize),
      db.select({ n: count() }).from(feedbacks).where(where),
    ])
    const n = total?.n ?? 0
    return { records, total: n, size: pageSize, current: pageNo, pages: Math.ceil(n / pageSize) }
  },

  /** Replies (or corrects the reply) with the version read; a stale version answers 409. */
  async reply(req: RequestInfo, principal: Principal, input: FeedbackReply): Promise<Feedback> {
    return db.transaction(async (tx) => {
      const [before] = await tx.select().from(feedbacks).where(eq(feedbacks.id, input.id)).for('update')
      if (!before) notFound()
      if (before.version !== input.version) staleVersion()
      const now = new Date()
      const [row] = await tx
        .update(feedbacks)
        .set({
          replyContent: input.replyContent,
          replyBy: principal.userId,
          replyByName: principal.realname,
          replyAt: now,
          replyStatus: '1',
          updateAt: now,
          updateBy: principal.userId,
          version: before.version + 1,
        })
        .where(and(eq(feedbacks.id, input.id), eq(feedbacks.version, input.version)))
        .returning()
      if (!row) staleVersion()
      await recordOperation(tx, req, {
        operation: 'sys_feedback:reply',
        resource: 'sys_feedback',
        objectId: row.id,
        before,
        after: row,
      })
      return row
    })
  },
})
