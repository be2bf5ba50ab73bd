import type {
  Notice,
  NoticeBrief,
  NoticeDetail,
  NoticeOpenType,
  NoticeStatus,
  NoticeTarget,
  NoticeType,
} from '@app/contracts'
import type { notices } from '../../db/schema/index.ts'

/** A stored notice, as the editor and its readers are shown it. */
export type NoticeRow = typeof notices.$inferSelect

const iso = (d: Date | null) => (d ? d.toISOString() : null)

/** What the editor and a reader are both shown of a notice. */
const shown = (row: NoticeRow) => ({
  id: row.id,
  title: row.title,
  content: row.content,
  titleEn: row.titleEn,
  contentEn: row.contentEn,
  noticeType: row.noticeType as NoticeType,
  openType: row.openType as NoticeOpenType,
  openUrl: row.openUrl,
  sender: row.senderName,
  publishTime: iso(row.publishTime),
  createTime: row.createAt.toISOString(),
})

/** The editor's notice: with its recipients, state and version. */
export const toNotice = (row: NoticeRow): Notice => ({
  ...shown(row),
  targetType: row.targetType as NoticeTarget,
  targetIds: row.targetIds,
  status: row.status as NoticeStatus,
  withdrawTime: iso(row.withdrawTime),
  version: row.version,
})

/** A reader's notice: with whether they have read it. */
export const toDetail = (row: NoticeRow, readFlag: number): NoticeDetail => ({ ...shown(row), readFlag })

export const toBrief = (row: NoticeRow, readFlag: number): NoticeBrief => {
  const { content: _c, contentEn: _e, ...brief } = toDetail(row, readFlag)
  return brief
}
