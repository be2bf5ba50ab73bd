import type { Lang } from '@app/contracts'

type Texts = Record<Lang, { title: string; content: string }>

const noteOf = (note: string | null, zh: string, en: string) => ({
  zh: note ? ` ${zh}：${note}` : '',
  en: note ? ` ${en}: ${note}` : '',
})

/** Messages the sales area sends (business.notify), in both languages. */
export const salesTexts = {
  reviewerAdjusted: (orderNo: string, by: string, note: string | null): Texts => {
    const n = noteOf(note, '说明', 'Note')
    return {
      zh: { title: `订单已被审核人调整：${orderNo}`, content: `${by} 在审核时减少了数量或删除了产品。${n.zh}` },
      en: {
        title: `Order changed by a reviewer: ${orderNo}`,
        content: `${by} lowered quantities or removed products while reviewing.${n.en}`,
      },
    }
  },
  subApplyAsked: (orderNo: string, by: string, content: string): Texts => ({
    zh: { title: `子流程申请：${orderNo}`, content: `${by} 请您审核：${content}` },
    en: { title: `Sub-flow request: ${orderNo}`, content: `${by} asks for your review: ${content}` },
  }),
  subApplyAnswered: (orderNo: string, by: string, approved: boolean, note: string): Texts => ({
    zh: { title: `子流程${approved ? '已通过' : '已驳回'}：${orderNo}`, content: `${by}：${note}` },
    en: { title: `Sub-flow ${approved ? 'approved' : 'rejected'}: ${orderNo}`, content: `${by}: ${note}` },
  }),
  orderCancelled: (orderNo: string): Texts => ({
    zh: { title: `订单已删除：${orderNo}`, content: '订单删除申请已审核通过，订单已取消。' },
    en: { title: `Order deleted: ${orderNo}`, content: 'The deletion request was approved; the order is cancelled.' },
  }),
  delivered: (orderNo: string, deliveryNo: string, full: boolean): Texts => ({
    zh: {
      title: `订单已发货：${orderNo}`,
      content: `发货单 ${deliveryNo}，${full ? '订单已全部发货。' : '订单部分发货。'}`,
    },
    en: {
      title: `Order shipped: ${orderNo}`,
      content: `Delivery ${deliveryNo}: the order is ${full ? 'fully' : 'partly'} delivered.`,
    },
  }),
  completed: (orderNo: string, actualDate: string): Texts => ({
    zh: { title: `订单已完成交货：${orderNo}`, content: `实际交货日期 ${actualDate}。` },
    en: { title: `Order delivered: ${orderNo}`, content: `Delivery complete on ${actualDate}.` },
  }),
  adjustmentDecided: (orderNo: string, approved: boolean, note: string | null): Texts => {
    const n = noteOf(note, '审核意见', 'Note')
    return {
      zh: {
        title: `订单调整${approved ? '已通过' : '已驳回'}：${orderNo}`,
        content: `${approved ? '订单已按调整申请修改。' : '订单保持不变。'}${n.zh}`,
      },
      en: {
        title: `Order adjustment ${approved ? 'approved' : 'rejected'}: ${orderNo}`,
        content: `${approved ? 'The order now carries the change.' : 'The order is unchanged.'}${n.en}`,
      },
    }
  },
}
