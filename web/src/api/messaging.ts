import type {
  Message,
  MessageListQuery,
  Notice,
  NoticeBrief,
  NoticeDetail,
  NoticeDraft,
  NoticeTargetOptions,
  NoticeUnreadInfo,
  Page,
} from '@app/contracts'
import { http } from './http.ts'

/** The calls of the messaging area (SPEC 7): the caller's messages and notices. */
export const messagingApi = {
  unreadCount: () => http.get<number>('/sys/messages/unReadCount', undefined, { silent: true }),
  list: (query: MessageListQuery) =>
    http.get<Page<Message>>('/sys/messages/list', {
      readFlag: query.readFlag,
      pageNo: query.pageNo,
      pageSize: query.pageSize,
    }),
  read: (id: string) => http.post<null>('/sys/messages/read', { id }),
  allRead: () => http.post<number>('/sys/messages/allRead'),
  remove: (id: string) => http.delete<null>('/sys/messages/delete', { id }),
  removeAll: () => http.post<number>('/sys/messages/deleteAll'),

  notices: () => http.get<NoticeBrief[]>('/sys/notice/queryAllList'),
  noticeUnreadInfo: () => http.get<NoticeUnreadInfo>('/sys/notice/getUnreadInfo'),
  /** A 510 answer (e.g. a withdrawn notice) shows its text as a warning and rejects. */
  notice: (id: string) => http.get<NoticeDetail>('/sys/notice/queryById', { id }),

  noticeForEdit: (id: string) => http.get<Notice>('/sys/notice/queryForEdit', { id }),
  noticeTargets: () => http.get<NoticeTargetOptions>('/sys/notice/targetOptions'),
  saveNoticeDraft: (draft: NoticeDraft) => http.post<Notice>('/sys/notice/saveDraft', draft),
  publishNotice: (id: string) => http.post<Notice>('/sys/notice/publish', { id }),
  withdrawNotice: (id: string) => http.post<Notice>('/sys/notice/withdraw', { id }),
  deleteNotice: (id: string) => http.delete<null>('/sys/notice/delete', { id }),
}

/** Query keys of the area; `messagingKeys.all` invalidates every message list and the count. */
export const messagingKeys = {
  all: ['messages'] as const,
  unreadCount: ['messages', 'unReadCount'] as const,
  list: (query: MessageListQuery) => ['messages', 'list', query] as const,
  notices: ['notice'] as const,
  notice: (id: string) => ['notice', 'detail', id] as const,
  noticeForEdit: (id: string) => ['notice', 'edit', id] as const,
  noticeTargets: ['notice', 'targets'] as const,
}
