import { randomUUID } from 'node:crypto'
import { type Lang, RoleCode } from '@app/contracts'
import { eq, inArray } from 'drizzle-orm'
import { approvalTexts } from '../../../modules/messaging/texts.ts'
import type { DbOrTx } from '../../client.ts'
import { messages, noticeRecipients, notices, roles, userRoles, users } from '../../schema/index.ts'

const HOUR = 3_600_000
const DAY = 24 * HOUR
const ago = (ms: number) => new Date(Date.now() - ms)

type NoticeSeed = {
  title: string
  content: string
  /** Given in English too, as a writer to the whole group would (the draft is Chinese only). */
  titleEn?: string
  contentEn?: string
  noticeType: 'announcement' | 'notification' | 'system'
  openType: 'detail' | 'url'
  openUrl?: string
  targetType: 'all' | 'roles'
  roles?: readonly string[]
  status: 'draft' | 'published' | 'withdrawn'
  publishedAgo?: number
}

const NOTICES: readonly NoticeSeed[] = [
  {
    title: '系统升级维护通知',
    content:
      '<p>各位同事：</p><p>系统将于本周六 <strong>22:00–24:00</strong> 进行升级维护，期间暂停使用。</p><ul><li>请提前保存未提交的订单草稿</li><li>维护结束后请重新登录</li></ul>',
    titleEn: 'System maintenance',
    contentEn:
      '<p>Dear colleagues,</p><p>The system is upgraded this Saturday from <strong>22:00 to 24:00</strong> and cannot be used meanwhile.</p><ul><li>Save the order drafts you have not submitted before then</li><li>Sign in again once it is over</li></ul>',
    noticeType: 'system',
    openType: 'detail',
    targetType: 'all',
    status: 'published',
    publishedAgo: 2 * DAY,
  },
  {
    title: '销售订单审核流程调整',
    content:
      '<p>自下月起，销售订单审核增加<em>总办总裁</em>审核环节：</p><ol><li>区域总裁审核</li><li>分公司财务审核</li><li>总办总裁审核</li></ol><p>详见销售订单页面。</p>',
    titleEn: 'Sales order review changes',
    contentEn:
      '<p>From next month, sales orders are also reviewed by the <em>general-office president</em>:</p><ol><li>Regional president review</li><li>Branch finance review</li><li>General-office president review</li></ol><p>See the sales orders screen.</p>',
    noticeType: 'announcement',
    openType: 'url',
    openUrl: '/sale/orderList',
    targetType: 'roles',
    roles: [RoleCode.BranchAdmin, RoleCode.RegionPresident, RoleCode.BranchFinance, RoleCode.GmPresident],
    status: 'published',
    publishedAgo: 1 * DAY,
  },
  {
    title: '年终库存盘点安排',
    content: '<p>请各仓库于 12 月 20 日前完成年终盘点，并上传盘点结果。</p>',
    titleEn: 'Year-end stock count',
    contentEn: '<p>Every warehouse counts its stock by 20 December and uploads the result.</p>',
    noticeType: 'notification',
    openType: 'detail',
    targetType: 'roles',
    roles: [RoleCode.LogisticsChief, RoleCode.LogisticsAdmin, RoleCode.SysAdmin],
    status: 'withdrawn',
    publishedAgo: 5 * DAY,
  },
  {
    title: '春节放假安排（草稿）',
    content: '<p>春节放假时间待定。</p>',
    noticeType: 'announcement',
    openType: 'detail',
    targetType: 'all',
    status: 'draft',
  },
]

/** Approval messages of the demo: who is asked to review, and submitters told of decisions, worded as the app words them. */
const APPROVAL_MESSAGES: readonly {
  to: string
  from: string
  texts: (lang: Lang) => { title: string; content: string }
  menuId: string
  busObjNo: string
  hoursAgo: number
  read?: boolean
}[] = [
  ...Array.from({ length: 10 }, (_, i) => {
    const no = `SO202611${String(10 + i)}-${String(i + 1).padStart(4, '0')}`
    return {
      to: RoleCode.RegionPresident,
      from: RoleCode.BranchAdmin,
      texts: (lang: Lang) => approvalTexts.reviewNeeded(lang, { business: 'sale_order', objectNo: no, stepNo: 1 }),
      menuId: 'sale_order',
      busObjNo: no,
      hoursAgo: 3 + i * 7,
      read: i >= 6,
    }
  }),
  {
    to: RoleCode.BranchAdmin,
    from: RoleCode.RegionPresident,
    texts: (lang) =>
      approvalTexts.approved(lang, { business: 'sale_order', objectNo: 'SO20261110-0001', final: false, note: null }),
    menuId: 'sale_order',
    busObjNo: 'SO20261110-0001',
    hoursAgo: 2,
  },
  {
    to: RoleCode.BranchAdmin,
    from: RoleCode.BranchFinance,
    texts: (lang) =>
      approvalTexts.rejected(lang, {
        business: 'sale_order',
        objectNo: 'SO20261105-0004',
        note: lang === 'en' ? "The prices differ from this month's price list." : '价格与本月价格表不一致。',
      }),
    menuId: 'sale_order',
    busObjNo: 'SO20261105-0004',
    hoursAgo: 30,
  },
  {
    to: RoleCode.FinanceDirector,
    from: RoleCode.BranchAdmin,
    texts: (lang) => approvalTexts.reviewNeeded(lang, { business: 'product', objectNo: 'P-0012', stepNo: 1 }),
    menuId: 'pro_product',
    busObjNo: 'P-0012',
    hoursAgo: 5,
  },
]

/** Notices in every state and messages for the demo users (runs after the organisation). */
export const seedMessaging = async (db: DbOrTx) => {
  const people = await db
    .select({ id: users.id, username: users.username, realname: users.realname })
    .from(users)
    .where(eq(users.delFlag, false))
  const byName = new Map(people.map((p) => [p.username, p]))
  const admin = byName.get('admin')
  if (!admin) return

  for (const n of NOTICES) {
    const roleRows = n.roles
      ? await db
          .select({ id: roles.id })
          .from(roles)
          .where(inArray(roles.roleCode, [...n.roles]))
      : []
    const published = n.publishedAgo ? ago(n.publishedAgo) : null
    const [row] = await db
      .insert(notices)
      .values({
        title: n.title,
        content: n.content,
        titleEn: n.titleEn ?? null,
        contentEn: n.contentEn ?? null,
        noticeType: n.noticeType,
        openType: n.openType,
        openUrl: n.openUrl ?? null,
        targetType: n.targetType,
        targetIds: roleRows.map((r) => r.id),
        status: n.status,
        senderId: published ? admin.id : null,
        senderName: published ? admin.realname : null,
        publishTime: published,
        withdrawTime: n.status === 'withdrawn' ? ago(DAY) : null,
        createBy: admin.id,
        createAt: published ?? ago(HOUR),
      })
      .returning({ id: notices.id })
    if (!row || !published) continue
    const roleIds = roleRows.map((r) => r.id)
    const members = roleIds.length
      ? await db.selectDistinct({ id: userRoles.userId }).from(userRoles).where(inArray(userRoles.roleId, roleIds))
      : []
    const recipients = n.targetType === 'all' ? people.map((p) => p.id) : members.map((r) => r.id)
    if (recipients.length === 0) continue
    // each recipient row is also that reader's message announcing the notice
    await db.insert(noticeRecipients).values(recipients.map((userId) => ({ noticeId: row.id, userId })))
  }

  const batchId = randomUUID()
  const rows = APPROVAL_MESSAGES.flatMap((m) => {
    const to = byName.get(m.to)
    const from = byName.get(m.from)
    if (!to) return []
    const en = m.texts('en')
    return [
      {
        recipientId: to.id,
        ...m.texts('zh'),
        titleEn: en.title,
        contentEn: en.content,
        creator: from?.realname ?? null,
        creatorId: from?.id ?? null,
        menuId: m.menuId,
        params: { busObjNo: m.busObjNo },
        readFlag: m.read ? 1 : 0,
        readTime: m.read ? ago(HOUR) : null,
        source: 'demo',
        batchId,
        createTime: ago(m.hoursAgo * HOUR),
      },
    ]
  })
  if (rows.length > 0) await db.insert(messages).values(rows)
}
