import { z } from 'zod'
import { optionalText, recordBase, text } from './fields.ts'
import { AUDIT_FIELDS, defineResource } from './resource.ts'

/**
 * Notifications beyond the in-app message (issue 38): mail and group-chat robots sent through the
 * durable outbox, the administrators' robot and failure screens, and each person's choice of
 * which events reach them by mail.
 */

export const CHAT_PROVIDERS = ['wecom', 'dingtalk', 'feishu'] as const
export const ChatProviderSchema = z.enum(CHAT_PROVIDERS)

// ---------------------------------------------------------------- robots per department
export const notifyRobotResource = defineResource({
  name: 'notifyRobot',
  base: '/sys/notifyRobot',
  menu: 'sys_notify_robot',
  label: 'orgCode',
  unique: ['orgCode'],
  status: { field: 'status', dict: 'status' },
  fields: {
    orgCode: {
      type: 'string',
      ref: { resource: 'department', label: 'departName', key: 'orgCode' },
      search: 'eq',
      sort: true,
    },
    provider: { type: 'dict', dict: 'chat_provider', search: 'eq', sort: true },
    webhookUrl: { type: 'string', list: false },
    secret: { type: 'string', list: false, excel: false, superQuery: false },
    lang: { type: 'dict', dict: 'lang', search: 'eq' },
    status: { type: 'dict', dict: 'status', search: 'eq', sort: true },
    description: { type: 'string' },
    ...AUDIT_FIELDS,
  },
})

/** A webhook is an https address (http only for a robot on this machine, as the tests and simulators run). */
const webhookUrl = text(500)
  .url()
  .refine((u) => /^https:\/\//i.test(u) || /^http:\/\/(127\.0\.0\.1|localhost)[:/]/i.test(u), {
    message: 'https',
  })

export const NotifyRobotInputSchema = z.object({
  orgCode: text(64).min(1),
  provider: ChatProviderSchema,
  webhookUrl,
  secret: optionalText(200),
  lang: z.enum(['zh', 'en']).default('zh'),
  status: z.enum(['0', '1']).default('1'),
  description: optionalText(500),
})
/** The signing secret never leaves the server: an edit without one keeps it. */
export const NotifyRobotSchema = NotifyRobotInputSchema.omit({ secret: true }).extend({
  ...recordBase,
  provider: z.string(),
  webhookUrl: z.string(),
  lang: z.string(),
  status: z.string(),
  description: z.string().nullable(),
})
export type NotifyRobot = z.infer<typeof NotifyRobotSchema>

// ---------------------------------------------------------------- outbox: what was and was not sent
export const notifyOutboxResource = defineResource({
  name: 'notifyOutbox',
  base: '/sys/notifyOutbox',
  menu: 'sys_notify_outbox',
  label: 'subject',
  fields: {
    topic: { type: 'dict', dict: 'notify_channel', search: 'eq', sort: true },
    status: { type: 'dict', dict: 'outbox_status', search: 'eq', sort: true },
    recipient: { type: 'string', search: 'like' },
    subject: { type: 'string', search: 'like' },
    event: { type: 'dict', dict: 'notify_event', search: 'eq' },
    attempts: { type: 'number', sort: true },
    lastError: { type: 'string', search: 'like' },
    nextAttemptAt: { type: 'datetime', sort: true },
    sentAt: { type: 'datetime', sort: true },
    ...AUDIT_FIELDS,
  },
})

export const NotifyOutboxSchema = z.object({
  ...recordBase,
  topic: z.string(),
  status: z.string(),
  recipient: z.string(),
  subject: z.string(),
  event: z.string(),
  attempts: z.number(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.coerce.date(),
  sentAt: z.coerce.date().nullable(),
})
export type NotifyOutbox = z.infer<typeof NotifyOutboxSchema>

export const NotifyRetrySchema = z.object({ ids: z.array(z.string().uuid()).min(1).max(500) })
export const NotifyRetryResultSchema = z.object({ count: z.number() })

// ---------------------------------------------------------------- preferences
export const NOTIFY_EVENTS = ['reviewNeeded', 'approved', 'rejected', 'business', 'erpFailed'] as const
/** A review step's reminders, sent under the 'reviewNeeded' preference. */
export const NOTIFY_REMINDERS = ['deadlineNear', 'expired'] as const
/** What the outbox's notifications are about: an event, or a reminder (`notify_event` labels each). */
export type NotifyOutboxEvent = (typeof NOTIFY_EVENTS)[number] | (typeof NOTIFY_REMINDERS)[number]
/** The outbox's topics of notifications: a mail, a group-chat message (`notify_channel` labels each). */
export const NOTIFY_TOPICS = ['mail', 'chat'] as const
export type NotifyTopic = (typeof NOTIFY_TOPICS)[number]
export const NotifyEventSchema = z.enum(NOTIFY_EVENTS)
export type NotifyEventName = z.infer<typeof NotifyEventSchema>
/** Channels a person chooses (the in-app message always comes). */
export const NOTIFY_CHANNELS = ['mail'] as const
export const NotifyChannelSchema = z.enum(NOTIFY_CHANNELS)

/** One event's choice: whether it is the person's own or comes from their roles. */
export const NotifyPrefSchema = z.object({
  event: NotifyEventSchema,
  channels: z.array(NotifyChannelSchema),
  own: z.boolean(),
})
/** The person's choices, with the language their mails are written in. */
export const NotifyPrefsSchema = z.object({
  mailConfigured: z.boolean(),
  lang: z.enum(['zh', 'en']),
  prefs: z.array(NotifyPrefSchema),
})
export type NotifyPrefs = z.infer<typeof NotifyPrefsSchema>
export const NotifyPrefsInputSchema = z.object({
  lang: z.enum(['zh', 'en']).optional(),
  prefs: z.array(z.object({ event: NotifyEventSchema, channels: z.array(NotifyChannelSchema) })).max(20),
})
export type NotifyPrefsInput = z.infer<typeof NotifyPrefsInputSchema>

/** An administrator's defaults: per role, per event. */
export const NotifyRoleDefaultsSchema = z.object({
  roleCode: z.string().min(1).max(64),
  prefs: z.array(z.object({ event: NotifyEventSchema, channels: z.array(NotifyChannelSchema) })).max(20),
})
export type NotifyRoleDefaults = z.infer<typeof NotifyRoleDefaultsSchema>

export const NOTIFY_RESOURCES = [notifyRobotResource, notifyOutboxResource] as const
