import { index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core'
import { auditColumns, id, ts } from './columns.ts'

/**
 * A department's group-chat robot (issue 38): WeCom, DingTalk or Feishu, by its webhook URL and
 * signing secret. Events about an order of the department (or of a department below it without
 * a robot of its own) are posted to it in its language.
 */
export const notifyRobots = pgTable(
  'notify_robot',
  {
    id: id(),
    orgCode: varchar({ length: 64 }).notNull(),
    /** 'wecom' | 'dingtalk' | 'feishu' */
    provider: varchar({ length: 16 }).notNull(),
    webhookUrl: varchar({ length: 500 }).notNull(),
    /** DingTalk's and Feishu's signing secret; WeCom's key is in its URL. */
    secret: varchar({ length: 200 }),
    lang: varchar({ length: 2 }).notNull().default('zh'),
    /** '1' enabled, '0' disabled */
    status: varchar({ length: 1 }).notNull().default('1'),
    description: text(),
    ...auditColumns(),
  },
  (t) => [uniqueIndex('notify_robot_org_uq').on(t.orgCode)],
)

/**
 * A one-click decision mailed to a reviewer: bound to the user, the review, its step and version
 * and the order's version when it was mailed. The link carries its id and a signature over these
 * (`notify_key`); it decides once, before `expiresAt`.
 */
export const notifyLinks = pgTable(
  'notify_link',
  {
    id: id(),
    userId: uuid().notNull(),
    reviewId: uuid().notNull(),
    business: varchar({ length: 32 }).notNull(),
    objectId: uuid().notNull(),
    stepNo: integer().notNull(),
    reviewVersion: integer().notNull(),
    objectVersion: integer().notNull(),
    expiresAt: ts().notNull(),
    usedAt: ts(),
    /** 'approve' | 'reject' once used */
    usedDecision: varchar({ length: 8 }),
    createAt: ts().notNull().defaultNow(),
  },
  (t) => [index('notify_link_review_idx').on(t.reviewId)],
)

/** The key links are signed with, made at the first start when NOTIFY_LINK_SECRET is not set. */
export const notifyKeys = pgTable('notify_key', {
  id: integer().primaryKey(),
  secret: text().notNull(),
  createAt: ts().notNull().defaultNow(),
})

/** A user's channels for an event (the in-app message always stays): their own choice. */
export const notifyPrefs = pgTable(
  'notify_pref',
  {
    userId: uuid().notNull(),
    event: varchar({ length: 32 }).notNull(),
    /** e.g. ['mail', 'chat'] */
    channels: jsonb().$type<string[]>().notNull(),
    updateAt: ts().notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.event] })],
)

/** An administrator's default channels for an event, per role: a user without a choice gets the union of their roles'. */
export const notifyRoleDefaults = pgTable(
  'notify_role_default',
  {
    roleCode: varchar({ length: 64 }).notNull(),
    event: varchar({ length: 32 }).notNull(),
    channels: jsonb().$type<string[]>().notNull(),
    updateAt: ts().notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.roleCode, t.event] })],
)
