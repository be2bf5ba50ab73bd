import { type Lang, objectsTitle, objectTitle, screenOf } from '@app/contracts'

/** Server-written texts of this area, in both languages. */
export const MessagingText = {
  noticeWithdrawn: { zh: '该公告已撤回', en: 'This notice has been withdrawn' },
  noticePublishedCannotEdit: {
    zh: '已发布的公告不能修改，请先撤回',
    en: 'A published notice cannot be changed; withdraw it first',
  },
  noticeAlreadyPublished: { zh: '该公告已发布', en: 'This notice is already published' },
  noticeNotPublished: { zh: '只有已发布的公告可以撤回', en: 'Only a published notice can be withdrawn' },
  noticeNoRecipients: { zh: '没有符合发送范围的用户', en: 'No user matches the chosen recipients' },
} as const satisfies Record<string, Record<Lang, string>>

/** The menu a business opens in: its known menu, or itself when it is a menu code; else none. */
export const menuOfBusiness = (business: string): string | null => screenOf(business)?.code ?? null

/** Message texts for approval events, in the language asked (a message carries both). */
export const approvalTexts = {
  reviewNeeded: (lang: Lang, e: { business: string; objectNo: string | null; stepNo: number }) =>
    lang === 'en'
      ? {
          title: `Review needed: ${objectTitle(e.business, e.objectNo, lang)}`,
          content: `Step ${e.stepNo} of the approval is waiting for your review.`,
        }
      : {
          title: `待审核：${objectTitle(e.business, e.objectNo, lang)}`,
          content: `审批流程第 ${e.stepNo} 步等待您审核。`,
        },
  reviewsNeeded: (lang: Lang, e: { business: string; objectNos: readonly (string | null)[]; stepNo: number }) => {
    const { title, listed } = objectsTitle(e.business, e.objectNos, lang)
    return lang === 'en'
      ? {
          title: `Review needed: ${title}`,
          content: `Step ${e.stepNo} of the approval is waiting for your review: ${listed}.`,
        }
      : { title: `待审核：${title}`, content: `审批流程第 ${e.stepNo} 步等待您审核：${listed}。` }
  },
  approved: (lang: Lang, e: { business: string; objectNo: string | null; final: boolean; note: string | null }) => {
    const note = e.note ? (lang === 'en' ? ` Note: ${e.note}` : ` 审核意见：${e.note}`) : ''
    return lang === 'en'
      ? {
          title: `Approved: ${objectTitle(e.business, e.objectNo, lang)}`,
          content: `${e.final ? 'The approval is complete.' : 'One step was approved; the next reviewer has it now.'}${note}`,
        }
      : {
          title: `审核通过：${objectTitle(e.business, e.objectNo, lang)}`,
          content: `${e.final ? '审批流程已全部通过。' : '已通过一步审核，等待下一步审核。'}${note}`,
        }
  },
  rejected: (lang: Lang, e: { business: string; objectNo: string | null; note: string | null }) =>
    lang === 'en'
      ? {
          title: `Rejected: ${objectTitle(e.business, e.objectNo, lang)}`,
          content: e.note ? `Reason: ${e.note}` : 'The approval was rejected.',
        }
      : {
          title: `已驳回：${objectTitle(e.business, e.objectNo, lang)}`,
          content: e.note ? `驳回原因：${e.note}` : '审批已被驳回。',
        },
}
