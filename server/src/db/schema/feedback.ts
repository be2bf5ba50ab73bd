import { index, pgTable, text, uuid, varchar } from 'drizzle-orm/pg-core'
import { auditColumns, id, ts } from './columns.ts'

/**
 * Feedback (SPEC 3): any signed-in user submits a title and content; an administrator replies
 * (who, when, what). The author's name is kept as it was when submitted.
 */
export const feedbacks = pgTable(
  'sys_feedback',
  {
    id: id(),
    title: varchar({ length: 200 }).notNull(),
    content: text().notNull(),
    createByName: varchar({ length: 64 }),
    /** '0' waiting, '1' replied (dictionary `yn`). */
    replyStatus: varchar({ length: 1 }).notNull().default('0'),
    replyContent: text(),
    replyBy: uuid(),
    replyByName: varchar({ length: 64 }),
    replyAt: ts(),
    ...auditColumns(),
  },
  (t) => [index('sys_feedback_create_by_idx').on(t.createBy), index('sys_feedback_create_at_idx').on(t.createAt)],
)
