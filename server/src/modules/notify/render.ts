import type { Lang } from '@app/contracts'
import type { OrderSummary } from './facts.ts'
import { money, T, when } from './texts.ts'

/** Text for HTML: every character that could open markup escaped. */
export const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

export type MailContent = {
  lang: Lang
  subject: string
  /** Sentences above the order, each a paragraph. */
  paragraphs: string[]
  order?: OrderSummary | null
  /** The product's screen for it. */
  link: string
  /** One-click decisions, with the step's deadline. */
  decision?: { approve: string; reject: string; until: Date }
}

const LINES_SHOWN = 10

/** The lines as one short text: '2 × 箱 Apple juice, 1 × 箱 Tea; and 3 more lines'. */
export const linesSummary = (order: OrderSummary, lang: Lang) => {
  const shown = order.lines.slice(0, LINES_SHOWN).map((l) => `${l.name[lang]} ${l.quantity} ${l.unit[lang]}`)
  const more = order.lines.length - shown.length
  return `${shown.join(lang === 'en' ? '; ' : '；')}${more > 0 ? ` (${T.moreLines[lang](more)})` : ''}`
}

/**
 * A mail in its recipient's language: HTML with inline styles only (no script, no image, no
 * remote resource: mail clients block them and they would tell a sender who read it), and the same
 * as plain text.
 */
export const renderMail = (m: MailContent): { html: string; text: string } => {
  const { lang, order } = m
  const cell = 'padding:4px 8px;border-bottom:1px solid #eee;text-align:left;'
  const button = (bg: string) =>
    `display:inline-block;padding:8px 20px;margin-right:12px;border-radius:4px;color:#fff;background:${bg};text-decoration:none;font-weight:bold;`
  const facts = order
    ? [
        [T.orderNo[lang], order.orderNo],
        [T.branch[lang], order.branch[lang]],
        [T.amount[lang], money(order.totalAmount, order.currency, lang)],
      ]
    : []
  const shown = order?.lines.slice(0, LINES_SHOWN) ?? []
  const more = (order?.lines.length ?? 0) - shown.length
  const html = `<!doctype html>
<html lang="${lang === 'en' ? 'en' : 'zh-CN'}"><head><meta charset="utf-8"><title>${esc(m.subject)}</title></head>
<body style="margin:0;padding:16px;font-family:Arial,'Microsoft YaHei',sans-serif;font-size:14px;color:#222;background:#fff;">
<h2 style="font-size:18px;margin:0 0 12px;">${esc(m.subject)}</h2>
${m.paragraphs.map((p) => `<p style="margin:0 0 10px;">${esc(p)}</p>`).join('\n')}
${
  facts.length
    ? `<table style="border-collapse:collapse;margin:8px 0;">${facts
        .map(
          ([k, v]) =>
            `<tr><th style="${cell}color:#666;font-weight:normal;">${esc(k!)}</th><td style="${cell}">${esc(v!)}</td></tr>`,
        )
        .join('')}</table>`
    : ''
}
${
  shown.length
    ? `<table style="border-collapse:collapse;margin:8px 0;min-width:360px;"><tr><th style="${cell}">${esc(T.product[lang])}</th><th style="${cell}">${esc(T.quantity[lang])}</th><th style="${cell}">${esc(T.amount[lang])}</th></tr>${shown
        .map(
          (l) =>
            `<tr><td style="${cell}">${esc(l.name[lang])}</td><td style="${cell}">${esc(`${l.quantity} ${l.unit[lang]}`)}</td><td style="${cell}">${esc(money(l.amount, null, lang))}</td></tr>`,
        )
        .join(
          '',
        )}</table>${more > 0 ? `<p style="margin:0 0 10px;color:#666;">${esc(T.moreLines[lang](more))}</p>` : ''}`
    : ''
}
${
  m.decision
    ? `<p style="margin:16px 0 8px;"><a href="${esc(m.decision.approve)}" style="${button('#389e0d')}">${esc(T.approve[lang])}</a><a href="${esc(m.decision.reject)}" style="${button('#cf1322')}">${esc(T.reject[lang])}</a></p>
<p style="margin:0 0 10px;color:#666;">${esc(T.decideBy[lang])}: ${esc(when(m.decision.until, lang))}. ${esc(T.linkNote[lang])}</p>`
    : ''
}
<p style="margin:12px 0;"><a href="${esc(m.link)}" style="color:#1677ff;">${esc(T.open[lang])}</a></p>
<p style="margin:24px 0 0;color:#999;font-size:12px;">${esc(T.footer[lang])}</p>
</body></html>`
  const text = [
    m.subject,
    '',
    ...m.paragraphs,
    ...(facts.length ? ['', ...facts.map(([k, v]) => `${k}: ${v}`)] : []),
    ...(order?.lines.length ? [`${T.lines[lang]}: ${linesSummary(order, lang)}`] : []),
    ...(m.decision
      ? [
          '',
          `${T.approve[lang]}: ${m.decision.approve}`,
          `${T.reject[lang]}: ${m.decision.reject}`,
          `${T.decideBy[lang]}: ${when(m.decision.until, lang)}. ${T.linkNote[lang]}`,
        ]
      : []),
    '',
    `${T.open[lang]}: ${m.link}`,
    '',
    T.footer[lang],
  ].join('\n')
  return { html, text }
}

/** A group-chat message: a title and markdown lines, rendered per provider by the chat adapter. */
export type ChatContent = { title: string; lines: string[]; link: string; linkText: string }

export const chatContent = (
  lang: Lang,
  subject: string,
  paragraphs: string[],
  order: OrderSummary | null | undefined,
  link: string,
): ChatContent => ({
  title: subject,
  lines: [
    ...paragraphs,
    ...(order
      ? [
          `${T.orderNo[lang]}: ${order.orderNo}`,
          `${T.branch[lang]}: ${order.branch[lang]}`,
          `${T.amount[lang]}: ${money(order.totalAmount, order.currency, lang)}`,
          `${T.lines[lang]}: ${linesSummary(order, lang)}`,
        ]
      : []),
  ],
  link,
  linkText: T.open[lang],
})
