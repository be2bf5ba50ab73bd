import { index, integer, jsonb, pgTable, primaryKey, text, uuid, varchar } from 'drizzle-orm/pg-core'
import { auditColumns, id, ts } from './columns.ts'
import { users } from './system.ts'

/**
 * Messages (SPEC 3): one row per recipient. `batchId` groups the rows one event wrote, so a
 * single NOTIFY names them all (a notice to 2 000 people is one notification, not 2 000).
 */
export const messages = pgTable(
  'sys_message',
  {
    id: id(),
    recipientId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: varchar({ length: 255 }).notNull(),
    content: text().notNull().default(''),
    /** The handler shown to the recipient (a person's name), and who that was. */
    creator: varchar({ length: 64 }),
    creatorId: uuid(),
    /** 0 unread, 1 read (SPEC 4). */
    readFlag: integer().notNull().default(0),
    readTime: ts(),
    /** Menu code to open, with `params.busObjNo` the business order number. */
    menuId: varchar({ length: 128 }),
    params: jsonb().$type<Record<string, unknown>>(),
    noticeId: uuid(),
    /** What produced it: `notice`, `approval.reviewNeeded`, ... */
    source: varchar({ length: 64 }),
    batchId: uuid().notNull(),
    createTime: ts().notNull().defaultNow(),
  },
  (t) => [
    index('sys_message_recipient_idx').on(t.recipientId, t.readFlag, t.createTime),
    index('sys_message_batch_idx').on(t.batchId),
  ],
)

/** Notices written by administrators; `content` is HTML, sanitized when saved. */
export const notices = pgTable(
  'sys_notice',
  {
    id: id(),
    title: varchar({ length: 200 }).notNull(),
    content: text().notNull().default(''),
    noticeType: varchar({ length: 16 }).notNull(),
    /** 'detail' opens the notice; 'url' navigates to `openUrl`. */
    openType: varchar({ length: 8 }).notNull().default('detail'),
    openUrl: varchar({ length: 500 }),
    /** 'all' | 'departments' | 'roles', with the chosen ids. */
    targetType: varchar({ length: 16 }).notNull().default('all'),
    targetIds: jsonb().$type<string[]>().notNull().default([]),
    /** 'draft' | 'published' | 'withdrawn' */
    status: varchar({ length: 16 }).notNull().default('draft'),
    senderId: uuid(),
    senderName: varchar({ length: 64 }),
    publishTime: ts(),
    withdrawTime: ts(),
    orgCode: varchar({ length: 64 }),
    ...auditColumns(),
  },
  (t) => [index('sys_notice_status_idx').on(t.status, t.publishTime)],
)

/** Who a published notice went to (fixed at publication) and whether each has read it. */
export const noticeRecipients = pgTable(
  'sys_notice_recipient',
  {
    noticeId: uuid()
      .notNull()
      .references(() => notices.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readFlag: integer().notNull().default(0),
    readTime: ts(),
  },
  (t) => [primaryKey({ columns: [t.noticeId, t.userId] }), index('sys_notice_recipient_user_idx').on(t.userId)],
)
