import { inArray } from 'drizzle-orm'
import type { DbOrTx } from '../../client.ts'
import { feedbacks, users } from '../../schema/index.ts'

const HOUR = 3_600_000

/** A few feedback rows from demo users, one answered by the administrator (issue 5). */
export const seedFeedback = async (db: DbOrTx) => {
  const rows = await db
    .select({ id: users.id, username: users.username, realname: users.realname })
    .from(users)
    .where(inArray(users.username, ['admin', 'branch_admin', 'finance_admin', 'logistics_chief']))
  const by = new Map(rows.map((u) => [u.username, u]))
  const admin = by.get('admin')
  const now = Date.now()
  const items = [
    {
      who: 'branch_admin',
      title: '订单列表希望支持按分公司筛选',
      content: '我们有两个分公司，每次都要翻页查找自己的订单，能否在订单列表增加分公司筛选条件？',
      ago: 72,
      reply: '已在订单列表的查询条件中加入分公司，刷新页面即可使用。',
    },
    {
      who: 'finance_admin',
      title: 'Price export is missing the currency',
      content:
        'When I export branch prices the currency symbol is not in the sheet; finance needs it for the monthly report.',
      ago: 30,
    },
    {
      who: 'logistics_chief',
      title: '发货单打印时箱规显示不全',
      content: '箱规名称较长时，打印预览中会被截断，希望可以自动换行。',
      ago: 5,
    },
  ]
  const values = items.flatMap((f) => {
    const author = by.get(f.who)
    if (!author) return []
    const createAt = new Date(now - f.ago * HOUR)
    const replied = f.reply && admin
    return [
      {
        title: f.title,
        content: f.content,
        createBy: author.id,
        createByName: author.realname,
        createAt,
        replyStatus: replied ? '1' : '0',
        replyContent: replied ? f.reply : null,
        replyBy: replied ? admin.id : null,
        replyByName: replied ? admin.realname : null,
        replyAt: replied ? new Date(createAt.getTime() + 4 * HOUR) : null,
      },
    ]
  })
  if (values.length > 0) await db.insert(feedbacks).values(values)
}
