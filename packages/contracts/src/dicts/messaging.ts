import type { NotifyOutboxEvent, NotifyTopic } from '../notify.ts'
import { type DictDef, type DictItemDef, item } from './types.ts'

/** Items of a dictionary over values the code has: a text for each, or it does not compile. */
const itemsOf = <V extends string>(texts: Record<V, [number, string, string]>): DictItemDef[] =>
  (Object.entries(texts) as [V, [number, string, string]][]).map(([value, [id, zh, en]]) => item(value, id, zh, en))

/** Notice kinds, states and recipient groups (issue 6), labelled through the code table. */
export const messagingDicts: readonly DictDef[] = [
  {
    code: 'notice_type',
    textId: 102010,
    zh: '公告类型',
    en: 'Notice type',
    items: [
      item('announcement', 102001, '公告', 'Announcement'),
      item('notification', 102002, '通知', 'Notification'),
      item('system', 102003, '系统消息', 'System message'),
    ],
  },
  {
    code: 'notice_status',
    textId: 102011,
    zh: '公告状态',
    en: 'Notice status',
    items: [
      item('draft', 102004, '草稿', 'Draft'),
      item('published', 102005, '已发布', 'Published'),
      item('withdrawn', 102006, '已撤回', 'Withdrawn'),
    ],
  },
  {
    code: 'notice_target',
    textId: 102012,
    zh: '接收范围',
    en: 'Recipients',
    items: [
      item('all', 102007, '全体人员', 'Everyone'),
      item('departments', 102008, '指定部门', 'Departments'),
      item('roles', 102009, '指定角色', 'Roles'),
    ],
  },
  {
    code: 'chat_provider',
    textId: 102030,
    zh: '群机器人类型',
    en: 'Group-chat robot',
    items: [
      item('wecom', 102031, '企业微信', 'WeCom'),
      item('dingtalk', 102032, '钉钉', 'DingTalk'),
      item('feishu', 102033, '飞书', 'Feishu'),
    ],
  },
  {
    code: 'outbox_status',
    textId: 102034,
    zh: '发送状态',
    en: 'Sending status',
    items: [
      item('pending', 102035, '待发送', 'Waiting'),
      item('sent', 102036, '已发送', 'Sent'),
      item('failed', 102037, '发送失败', 'Failed'),
    ],
  },
  {
    code: 'notify_channel',
    textId: 102038,
    zh: '通知渠道',
    en: 'Channel',
    items: itemsOf<NotifyTopic>({ mail: [102039, '邮件', 'Mail'], chat: [102040, '群聊', 'Group chat'] }),
  },
  {
    code: 'notify_event',
    textId: 102041,
    zh: '通知事件',
    en: 'Notified event',
    items: itemsOf<NotifyOutboxEvent>({
      reviewNeeded: [102042, '等待审核', 'Waiting for review'],
      approved: [102043, '审核通过', 'Approved'],
      rejected: [102044, '审核驳回', 'Rejected'],
      business: [102045, '业务通知', 'Business notice'],
      erpFailed: [102046, 'ERP 同步失败', 'ERP sync failed'],
      deadlineNear: [102047, '审核即将到期', 'Review due soon'],
      expired: [102048, '审核已过期', 'Review expired'],
    }),
  },
]
