import { NoticeInputSchema, NoticeRowSchema, noticeResource } from '@app/contracts'
import { notices } from '../../db/schema/index.ts'
import type { CrudResource } from '../../platform/crud/resource.ts'

/**
 * The notice-management list: search, sort, paging and export from the generic mechanism. Writes
 * (drafts, publish, withdraw, delete) are notice.routes.ts, because publishing has rules of its own.
 */
export const noticeList: CrudResource = {
  meta: noticeResource,
  table: notices,
  record: NoticeRowSchema,
  input: NoticeInputSchema,
  verbs: ['export'],
  // reading one notice marks it read for its reader: notice.routes.ts serves that
  ownReadById: true,
}
