import { FeedbackSchema, FeedbackSubmitSchema, feedbackResource } from '@app/contracts'
import { feedbacks } from '../../db/schema/index.ts'
import type { CrudResource } from '../../platform/crud/resource.ts'

/**
 * Feedback as administrators see it (/sys/feedback): every submission, searchable, deletable and
 * exportable. Submitting, one's own list and replying are calls of their own (feedback.routes.ts).
 */
export const feedbackCrud: CrudResource = {
  meta: feedbackResource,
  table: feedbacks,
  record: FeedbackSchema,
  input: FeedbackSubmitSchema,
  verbs: ['delete', 'export'],
}
