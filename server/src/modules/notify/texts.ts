import { AuditBusiness, type Lang, type NotifyEventName, objectsTitle, objectTitle, screenOf } from '@app/contracts'

/** The events a person can be told of by mail, each a preference of theirs (issue 38). */
export type NotifyEvent = NotifyEventName

/**
 * The product's screen for a business object: its list, searched by the object's number (the list
 * takes its search fields from the URL).
 */
export const productLink = (appUrl: string, business: string, objectNo: string | null) => {
  const menu = screenOf(business)
  const path = menu?.url ?? '/'
  const field = business === AuditBusiness.Product || menu?.code === 'pro_product' ? 'code' : 'orderNo'
  return `${appUrl}${path}${objectNo ? `?${field}=${encodeURIComponent(objectNo)}` : ''}`
}

/** Words of the mails and chat messages, in both languages. */
export const T = {
  orderNo: { zh: '订单号', en: 'Order number' },
  number: { zh: '单号', en: 'Number' },
  branch: { zh: '分公司', en: 'Branch' },
  amount: { zh: '金额', en: 'Amount' },
  lines: { zh: '明细', en: 'Lines' },
  product: { zh: '产品', en: 'Product' },
  quantity: { zh: '数量', en: 'Quantity' },
  moreLines: { zh: (n: number) => `另有 ${n} 行`, en: (n: number) => `and ${n} more lines` },
  open: { zh: '在系统中打开', en: 'Open in the product' },
  approve: { zh: '同意', en: 'Approve' },
  reject: { zh: '驳回', en: 'Reject' },
  decideBy: { zh: '请在此时间前处理', en: 'Decide by' },
  linkNote: {
    zh: '同意与驳回链接仅限您本人使用一次，订单或审批进度变化后失效。',
    en: 'The approve and reject links are for you alone and work once; they stop working if the order or its review moves on.',
  },
  footer: {
    zh: '此邮件由系统自动发送，您可在个人菜单的“通知设置”中选择接收哪些邮件。',
    en: 'Sent by the back office. Choose which mails reach you under "Notification settings" in your user menu.',
  },
  reason: { zh: '原因', en: 'Reason' },
} as const

/** What a mail is about: one object, or many of one business (`objectNos`: reviews started together). */
type Subjectish = { business: string; objectNo: string | null; objectNos?: readonly (string | null)[] }
const about = (e: Subjectish, lang: Lang) =>
  e.objectNos ? objectsTitle(e.business, e.objectNos, lang).title : objectTitle(e.business, e.objectNo, lang)

/** A mail's subject and its first sentence, per event. */
export const lead = {
  reviewNeeded: (lang: Lang, e: Subjectish & { stepNo: number }) =>
    lang === 'en'
      ? {
          subject: `Waiting for your review: ${about(e, lang)}`,
          text: `Step ${e.stepNo} of the approval waits for you.`,
        }
      : { subject: `待您审核：${about(e, lang)}`, text: `审批流程第 ${e.stepNo} 步等待您审核。` },
  reviewsNeeded: (lang: Lang, e: { business: string; objectNos: readonly (string | null)[]; stepNo: number }) => {
    const { title, listed } = objectsTitle(e.business, e.objectNos, lang)
    return lang === 'en'
      ? {
          subject: `Waiting for your review: ${title}`,
          text: `Step ${e.stepNo} of the approval waits for you: ${listed}.`,
        }
      : { subject: `待您审核：${title}`, text: `审批流程第 ${e.stepNo} 步等待您审核：${listed}。` }
  },
  approved: (lang: Lang, e: Subjectish) =>
    lang === 'en'
      ? { subject: `Approved: ${about(e, lang)}`, text: 'Your request has been approved.' }
      : { subject: `审核通过：${about(e, lang)}`, text: '您提交的单据已审核通过。' },
  rejected: (lang: Lang, e: Subjectish & { note: string | null }) =>
    lang === 'en'
      ? { subject: `Rejected: ${about(e, lang)}`, text: 'Your request has been rejected.' }
      : { subject: `已驳回：${about(e, lang)}`, text: '您提交的单据已被驳回。' },
  deadlineNear: (lang: Lang, e: Subjectish & { deadline: Date }) =>
    lang === 'en'
      ? {
          subject: `Review due soon: ${about(e, lang)}`,
          text: `The step waiting for your review expires at ${when(e.deadline, lang)}.`,
        }
      : { subject: `审核即将超时：${about(e, lang)}`, text: `等待您审核的步骤将于 ${when(e.deadline, lang)} 超时。` },
  expired: (lang: Lang, e: Subjectish & { deadline: Date }) =>
    lang === 'en'
      ? {
          subject: `Review time expired: ${about(e, lang)}`,
          text: `The review step expired at ${when(e.deadline, lang)} without a decision and can no longer be decided: ask an administrator.`,
        }
      : {
          subject: `审核已超时：${about(e, lang)}`,
          text: `该审核步骤已于 ${when(e.deadline, lang)} 超时未处理，已不能再审核，请联系管理员。`,
        },
  erpFailed: (lang: Lang, e: { orderNo: string }) =>
    lang === 'en'
      ? {
          subject: `ERP sync failed: order ${e.orderNo}`,
          text: 'The ERP did not accept this order after every retry. Check the ERP sync tab of the order and send it again.',
        }
      : {
          subject: `ERP 同步失败：订单 ${e.orderNo}`,
          text: '多次重试后 ERP 仍未接收该订单，请在订单的“ERP 同步”页查看原因后重新同步。',
        },
}

/** The money as people read it: 12,345.60 CNY. */
export const money = (amount: number, currency: string | null, lang: Lang) =>
  `${amount.toLocaleString(lang === 'en' ? 'en-US' : 'zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}${currency ? ` ${currency}` : ''}`

/** A date and time in the recipient's language, in the group's time zone. */
export const when = (d: Date, lang: Lang) =>
  d.toLocaleString(lang === 'en' ? 'en-GB' : 'zh-CN', {
    timeZone: 'Asia/Shanghai',
    dateStyle: 'medium',
    timeStyle: 'short',
  })

/** The public decision page's words. */
export const P = {
  title: { zh: '审核订单', en: 'Review an order' },
  approveTitle: { zh: '同意该订单？', en: 'Approve this order?' },
  rejectTitle: { zh: '驳回该订单？', en: 'Reject this order?' },
  confirmApprove: { zh: '确认同意', en: 'Confirm approval' },
  confirmReject: { zh: '确认驳回', en: 'Confirm rejection' },
  reasonLabel: { zh: '驳回原因（必填）', en: 'Reason for rejecting (required)' },
  noteLabel: { zh: '审核意见（可选）', en: 'Note (optional)' },
  reasonRequired: { zh: '请填写驳回原因。', en: 'Please give a reason for rejecting.' },
  approveNote: { zh: '通过邮件同意', en: 'Approved from the e-mail' },
  approved: { zh: '已同意，订单进入下一步。', en: 'Approved. The order moves on.' },
  rejected: { zh: '已驳回，提交人会收到通知。', en: 'Rejected. The submitter is told.' },
  step: { zh: '审批步骤', en: 'Approval step' },
  used: { zh: '该链接已使用过，未做任何更改。', en: 'This link has already been used. Nothing was changed.' },
  moved: {
    zh: '该审批步骤已由他人处理或已转到其他步骤，链接已失效，未做任何更改。',
    en: 'This step has been decided or the review has moved on. The link no longer works; nothing was changed.',
  },
  changed: {
    zh: '订单在邮件发出后已被修改，链接已失效，未做任何更改。请在系统中查看后审核。',
    en: 'The order changed after this mail was sent. The link no longer works; nothing was changed. Review it in the product.',
  },
  expired: { zh: '该链接已过期，未做任何更改。', en: 'This link has expired. Nothing was changed.' },
  tampered: {
    zh: '该链接无效（可能被修改或不完整），未做任何更改。',
    en: 'This link is not valid (altered or incomplete). Nothing was changed.',
  },
  refused: { zh: '无法完成审核，未做任何更改：', en: 'The decision could not be taken; nothing was changed: ' },
} as const
