import { z } from 'zod'
import { versionNo } from './fields.ts'
import { DEFAULT_PAGE_SIZE } from './paging.ts'
import { keepsRules, RECORD_RULES } from './record-rules.ts'
import { AUDIT_FIELDS, defineResource } from './resource.ts'

/**
 * Messages, notices and the live connection (SPEC 2 'Main layout', 3, 4, 7, 9).
 * A message belongs to one recipient; a notice is written by an administrator and, once
 * published, becomes one message per recipient.
 */

/** SPEC 4: readFlag 0 unread, 1 read. */
export const ReadFlag = { Unread: 0, Read: 1 } as const
export type ReadFlag = (typeof ReadFlag)[keyof typeof ReadFlag]

/** SPEC 9 constants of the live connection and the notification. */
export const LIVE = {
  /** The client sends a heartbeat this often; the server answers each one. */
  heartbeatMs: 20_000,
  /** The client reconnects this long after a close. */
  reconnectMs: 5_000,
  /** A new message shows for this long. */
  notificationMs: 6_000,
} as const

/** 'View more' appears when there are more messages than this (SPEC 9); popover height (px). */
export const POPOVER_LIMIT = 10
export const POPOVER_MAX_HEIGHT = 600

export const MessageParamsSchema = z.object({ busObjNo: z.string().optional() }).catchall(z.unknown())
export type MessageParams = z.infer<typeof MessageParamsSchema>

export const MessageSchema = z.object({
  id: z.string(),
  title: z.string(),
  content: z.string(),
  /** The English title and text, which the English interface shows (`localName`), when written. */
  titleEn: z.string().nullable(),
  contentEn: z.string().nullable(),
  createTime: z.string(),
  /** Who caused it: the handler shown in the notification. */
  creator: z.string().nullable(),
  readFlag: z.number().int(),
  /** Menu code to open (e.g. `sale_order`), with `params.busObjNo` the business order number. */
  menuId: z.string().nullable(),
  params: MessageParamsSchema.nullable(),
  /** Set when the message announces a notice: the web opens the notice detail. */
  noticeId: z.string().nullable(),
})
export type Message = z.infer<typeof MessageSchema>

export const MessageListQuerySchema = z.object({
  readFlag: z.coerce.number().int().min(0).max(1).optional(),
  pageNo: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(DEFAULT_PAGE_SIZE),
})
export type MessageListQuery = z.output<typeof MessageListQuerySchema>

export const IdBodySchema = z.object({ id: z.string().uuid() })
export const IdQuerySchema = z.object({ id: z.string().uuid() })

/** Notices. */
/**
 * The HTML a notice may keep (DESIGN 1): what the rich-text editor produces, sanitized on save by
 * the server (sanitize-html) and again when shown (DOMPurify), both from this one allow-list.
 */
export const NOTICE_HTML_TAGS = [
  'p',
  'br',
  'hr',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'del',
  'sub',
  'sup',
  'blockquote',
  'code',
  'pre',
  'ul',
  'ol',
  'li',
  'a',
] as const
/** Attributes a notice's HTML may keep, by tag; links get their `rel` from the sanitizers. */
export const NOTICE_HTML_ATTRIBUTES = { a: ['href', 'target', 'rel'], ol: ['start'] } as const

export const NOTICE_TYPES = ['announcement', 'notification', 'system'] as const
export const NoticeTypeSchema = z.enum(NOTICE_TYPES)
export type NoticeType = z.infer<typeof NoticeTypeSchema>

export const NOTICE_OPEN_TYPES = ['detail', 'url'] as const
export const NoticeOpenTypeSchema = z.enum(NOTICE_OPEN_TYPES)
export type NoticeOpenType = z.infer<typeof NoticeOpenTypeSchema>

export const NOTICE_TARGETS = ['all', 'departments', 'roles'] as const
export const NoticeTargetSchema = z.enum(NOTICE_TARGETS)
export type NoticeTarget = z.infer<typeof NoticeTargetSchema>

export const NOTICE_STATUSES = ['draft', 'published', 'withdrawn'] as const
export const NoticeStatusSchema = z.enum(NOTICE_STATUSES)
export type NoticeStatus = z.infer<typeof NoticeStatusSchema>

/** Where a notice of open type `url` leads: an app path or an http(s) address. */
export const NoticeUrlSchema = z
  .string()
  .trim()
  .max(500)
  .regex(/^(\/(?!\/)|https?:\/\/)\S*$/, 'must be an app path (/...) or an http(s) address')

/**
 * What an administrator writes (SPEC 'Notices'), with its English title and text if they give
 * them (the English interface shows those); the server sanitizes both texts on save.
 */
export const NoticeInputSchema = z
  .object({
    title: z.string().trim().min(1).max(200),
    content: z.string().max(200_000),
    titleEn: z.string().trim().max(200).nullish(),
    contentEn: z.string().max(200_000).nullish(),
    noticeType: NoticeTypeSchema,
    openType: NoticeOpenTypeSchema,
    openUrl: NoticeUrlSchema.nullish(),
    targetType: NoticeTargetSchema,
    /** Department ids or role ids, by `targetType`; empty for everyone. */
    targetIds: z.array(z.string().uuid()).max(500).default([]),
  })
  .superRefine(keepsRules([RECORD_RULES.noticeContent, RECORD_RULES.noticeOpenUrl, RECORD_RULES.noticeTargets]))
export type NoticeInput = z.input<typeof NoticeInputSchema>

/** An edit names the notice and the version it was read at (a stale version answers 409). */
export const NoticeEditSchema = z.intersection(
  NoticeInputSchema,
  z.object({ id: z.string().uuid(), version: versionNo }),
)
export type NoticeEdit = z.input<typeof NoticeEditSchema>

/** Save a draft: a new one without id, an existing one with its id and version. */
export const NoticeDraftSchema = z.intersection(
  NoticeInputSchema,
  z.object({ id: z.string().uuid().optional(), version: versionNo.optional() }),
)
export type NoticeDraft = z.input<typeof NoticeDraftSchema>

/** A notice as its administrators see it. */
export const NoticeSchema = z.object({
  id: z.string(),
  title: z.string(),
  content: z.string(),
  titleEn: z.string().nullable(),
  contentEn: z.string().nullable(),
  noticeType: NoticeTypeSchema,
  openType: NoticeOpenTypeSchema,
  openUrl: z.string().nullable(),
  targetType: NoticeTargetSchema,
  targetIds: z.array(z.string()),
  status: NoticeStatusSchema,
  sender: z.string().nullable(),
  publishTime: z.string().nullable(),
  withdrawTime: z.string().nullable(),
  createTime: z.string(),
  version: versionNo,
})
export type Notice = z.infer<typeof NoticeSchema>

/** A published notice as its reader sees it (SPEC 7 queryById: title, content, createTime, readFlag). */
export const NoticeDetailSchema = z.object({
  id: z.string(),
  title: z.string(),
  content: z.string(),
  /** In English, when its writer gave it (`localName`). */
  titleEn: z.string().nullable(),
  contentEn: z.string().nullable(),
  noticeType: NoticeTypeSchema,
  openType: NoticeOpenTypeSchema,
  openUrl: z.string().nullable(),
  sender: z.string().nullable(),
  publishTime: z.string().nullable(),
  createTime: z.string(),
  readFlag: z.number().int(),
})
export type NoticeDetail = z.infer<typeof NoticeDetailSchema>

export const NoticeBriefSchema = NoticeDetailSchema.omit({ content: true, contentEn: true })
export type NoticeBrief = z.infer<typeof NoticeBriefSchema>

export const NoticeUnreadInfoSchema = z.object({ total: z.number().int(), records: z.array(NoticeBriefSchema) })
export type NoticeUnreadInfo = z.infer<typeof NoticeUnreadInfoSchema>

/** What a notice can be sent to: departments and roles, for the editor's pickers. */
export const NoticeTargetOptionsSchema = z.object({
  departments: z.array(
    z.object({ id: z.string(), orgCode: z.string(), name: z.string(), nameEn: z.string().nullable() }),
  ),
  roles: z.array(z.object({ id: z.string(), code: z.string(), name: z.string(), nameEn: z.string().nullable() })),
})
export type NoticeTargetOptions = z.infer<typeof NoticeTargetOptionsSchema>

/** SPEC 7 'msgTxt': what a live message carries. */
export const PushedMessageSchema = MessageSchema.pick({
  id: true,
  title: true,
  content: true,
  titleEn: true,
  contentEn: true,
  creator: true,
  menuId: true,
  params: true,
  noticeId: true,
  createTime: true,
})
export type PushedMessage = z.infer<typeof PushedMessageSchema>

/** Frames on the live connection. The client sends `ping`; the server answers `pong`. */
export const LiveFrameSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('pong'), at: z.number() }),
  z.object({ type: z.literal('message'), msgTxt: PushedMessageSchema }),
])
export type LiveFrame = z.infer<typeof LiveFrameSchema>
export const PING_FRAME = JSON.stringify({ type: 'ping' })

/** The live connection carries the session token as its only subprotocol (browsers cannot set headers). */
export const liveConnectionPath = (userId: string) => `/websocket/${encodeURIComponent(userId)}`

/** The notice-management list (/sys/NoticeList): the generic list over notices; writes have routes of their own. */
export const noticeResource = defineResource({
  name: 'notice',
  base: '/sys/notice',
  menu: 'sys_notice',
  label: 'title',
  fields: {
    title: { type: 'string', search: 'like', sort: true },
    titleEn: { type: 'string', list: false },
    noticeType: { type: 'dict', dict: 'notice_type', search: 'eq', sort: true },
    status: { type: 'dict', dict: 'notice_status', search: 'eq', sort: true },
    targetType: { type: 'dict', dict: 'notice_target', search: 'eq' },
    senderName: { type: 'string', search: 'like', readOnly: true },
    publishTime: { type: 'datetime', search: 'range', sort: true, readOnly: true },
    ...AUDIT_FIELDS,
  },
})

/** A row of the notice-management list. */
export const NoticeRowSchema = z.object({
  id: z.string(),
  version: versionNo,
  title: z.string(),
  titleEn: z.string().nullable(),
  noticeType: z.string(),
  status: z.string(),
  targetType: z.string(),
  senderName: z.string().nullable(),
  publishTime: z.date().nullable(),
  createAt: z.date(),
  updateAt: z.date().nullable(),
})
