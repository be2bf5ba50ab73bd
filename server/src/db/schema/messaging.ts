import { boolean, index, integer, jsonb, pgTable, primaryKey, text, uuid, varchar } from 'drizzle-orm/pg-core'
import { auditColumns, id, ts } from './columns.ts'
import { users } from './system.ts'

/**
 * Messages (SPEC 3): one row per recipient. `batchId` groups the rows one event wrote, so a
 * single NOTIFY names them all. A notice's message is not here: each reader's is their row in
 * sys_notice_recipient, read with the notice (see message.service.ts).
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
    /** The English title and text, read in the English interface (a message written in one language has none). */
    titleEn: varchar({ length: 255 }),
    contentEn: text(),
    /** The handler shown to the recipient (a person's name), and who that was. */
    creator: varchar({ length: 64 }),
    creatorId: uuid(),
    /** 0 unread, 1 read (SPEC 4). */
    readFlag: integer().notNull().default(0),
    readTime: ts(),
    /** Menu code to open, with `params.busObjNo` the business order number. */
    menuId: varchar({ length: 128 }),
    params: jsonb().$type<Record<string, unknown>>(),
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
    /** The notice in English, when its writer gave it: read in the English interface. */
    titleEn: varchar({ length: 200 }),
    contentEn: text(),
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

/**
 * Who a published notice went to (fixed at publication) and whether each has read it. The row is
 * also the reader's message announcing the notice (its id is the notice's): `messageRemoved`
 * when they deleted that message, which leaves the notice itself readable.
 *
 * No foreign keys: publishing writes the rows of a notice it holds locked, one for each user it
 * reads from sys_user in the same statement; users are never deleted (`delFlag`), and deleting
 * a notice deletes its rows (notice.service.ts). A key's check is a locking read of the parent
 * per row: of the 130-220 ms that 10 000 rows took, the user's key was 40-90 ms and the notice's
 * 30-60 ms (43-73 ms without either; `bench:ws`, psql).
 */
export const noticeRecipients = pgTable(
  'sys_notice_recipient',
  {
    noticeId: uuid().notNull(),
    userId: uuid().notNull(),
    readFlag: integer().notNull().default(0),
    readTime: ts(),
    messageRemoved: boolean().notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.noticeId, t.userId] }), index('sys_notice_recipient_user_idx').on(t.userId)],
)
