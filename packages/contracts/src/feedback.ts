import { z } from 'zod'
import { recordBase, text, versionNo } from './fields.ts'
import { AUDIT_FIELDS, defineResource } from './resource.ts'

/** Feedback (SPEC 2 /sys/FeedbackList, issue 5): staff submit, administrators reply. */

// ---------------------------------------------------------------- feedback
export const feedbackResource = defineResource({
  name: 'feedback',
  base: '/sys/feedback',
  menu: 'sys_feedback',
  label: 'title',
  fields: {
    title: { type: 'string', search: 'like', sort: true },
    content: { type: 'string', search: 'like', list: false },
    createByName: { type: 'string', search: 'like', sort: true },
    replyStatus: { type: 'dict', dict: 'yn', search: 'eq', sort: true },
    replyContent: { type: 'string', list: false },
    replyByName: { type: 'string', search: 'like' },
    replyAt: { type: 'datetime', search: 'range', sort: true, readOnly: true },
    ...AUDIT_FIELDS,
  },
})

export const FeedbackSubmitSchema = z.object({
  title: text(200).min(1),
  content: text(4000).min(1),
})
export type FeedbackSubmit = z.infer<typeof FeedbackSubmitSchema>

export const FeedbackReplySchema = z.object({
  id: z.string().uuid(),
  version: versionNo,
  replyContent: text(4000).min(1),
})
export type FeedbackReply = z.infer<typeof FeedbackReplySchema>

export const FeedbackSchema = z.object({
  ...recordBase,
  title: z.string(),
  content: z.string(),
  createBy: z.string().nullable(),
  createByName: z.string().nullable(),
  /** '1' once an administrator replied (dictionary `yn`). */
  replyStatus: z.string(),
  replyContent: z.string().nullable(),
  replyBy: z.string().nullable(),
  replyByName: z.string().nullable(),
  replyAt: z.coerce.date().nullable(),
})
export type Feedback = z.infer<typeof FeedbackSchema>

export const MyFeedbackQuerySchema = z.object({
  pageNo: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
})
