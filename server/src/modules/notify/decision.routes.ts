import { Errors, type Lang, ReviewDecision } from '@app/contracts'
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import type { DbOrTx } from '../../db/client.ts'
import { OPEN_STATUSES } from '../../platform/approval/index.ts'
import { requestInfoOf } from '../../platform/audit-log.ts'
import { fail, isAppError } from '../../platform/errors.ts'
import type { createSalesServices } from '../sales/index.ts'
import { type OrderSummary, readOrderSummary, readReviewState } from './facts.ts'
import { type LinkRow, type Links, principalOfUser } from './links.ts'
import { esc } from './render.ts'
import { money, P, T, when } from './texts.ts'

/** Why a link decides nothing, each said to its user. */
type Refusal = 'tampered' | 'used' | 'expired' | 'moved' | 'changed'
type State = { kind: 'ok'; order: OrderSummary; deadline: Date | null } | { kind: Refusal }

/**
 * Where a link stands, in this order: used once already, past its time, its step decided or the
 * review moved, the order changed since the mail. Nothing of this writes.
 */
const stateOf = async (db: DbOrTx, link: LinkRow): Promise<State> => {
  if (link.usedAt) return { kind: 'used' }
  if (link.expiresAt.getTime() <= Date.now()) return { kind: 'expired' }
  const review = await readReviewState(db, link.reviewId)
  if (
    !review ||
    !OPEN_STATUSES.includes(review.status) ||
    review.currentStep !== link.stepNo ||
    review.version !== link.reviewVersion
  )
    return { kind: 'moved' }
  const order = await readOrderSummary(db, link.objectId)
  if (!order || order.version !== link.objectVersion) return { kind: 'changed' }
  return { kind: 'ok', order, deadline: review.deadline }
}

const langOf = (req: FastifyRequest, fallback?: Lang): Lang => {
  if (fallback) return fallback
  return /^en/i.test(String(req.headers['accept-language'] ?? '')) ? 'en' : 'zh'
}

/**
 * A page of its own: no script, no resource from anywhere (the content security policy allows
 * inline styles and posting the form back, nothing else), no link into the product's shell, and
 * the token never leaves as a referrer.
 */
const page = (reply: FastifyReply, status: number, lang: Lang, title: string, body: string) =>
  reply
    .status(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .header('x-frame-options', 'DENY')
    .header('x-content-type-options', 'nosniff')
    .header(
      'content-security-policy',
      "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
    )
    .send(`<!doctype html>
<html lang="${lang === 'en' ? 'en' : 'zh-CN'}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${esc(title)}</title></head>
<body style="margin:0;padding:24px;font-family:Arial,'Microsoft YaHei',sans-serif;font-size:14px;color:#222;background:#f5f5f5;">
<main style="max-width:720px;margin:0 auto;background:#fff;padding:24px;border-radius:8px;">
${body}
</main></body></html>`)

const message = (reply: FastifyReply, status: number, lang: Lang, kind: string, text: string) =>
  page(
    reply,
    status,
    lang,
    P.title[lang],
    `<h1 style="font-size:20px;">${esc(P.title[lang])}</h1>
<p data-outcome="${esc(kind)}" style="font-size:16px;">${esc(text)}</p>`,
  )

const STATUS: Record<Refusal, number> = { tampered: 404, used: 409, expired: 410, moved: 409, changed: 409 }

const summary = (order: OrderSummary, lang: Lang, stepNo: number, deadline: Date | null) => {
  const cell = 'padding:6px 8px;border-bottom:1px solid #eee;text-align:left;'
  const facts: [string, string][] = [
    [T.orderNo[lang], order.orderNo],
    [T.branch[lang], order.branch[lang]],
    [T.amount[lang], money(order.totalAmount, order.currency, lang)],
    [P.step[lang], String(stepNo)],
    ...(deadline ? ([[T.decideBy[lang], when(deadline, lang)]] as [string, string][]) : []),
  ]
  return `<table style="border-collapse:collapse;margin:8px 0 16px;">${facts
    .map(
      ([k, v]) =>
        `<tr><th style="${cell}color:#666;font-weight:normal;">${esc(k)}</th><td style="${cell}">${esc(v)}</td></tr>`,
    )
    .join('')}</table>
<table data-testid="order-lines" style="border-collapse:collapse;width:100%;margin-bottom:16px;"><thead><tr><th style="${cell}">${esc(T.product[lang])}</th><th style="${cell}">${esc(T.quantity[lang])}</th><th style="${cell}">${esc(T.amount[lang])}</th></tr></thead><tbody>${order.lines
    .map(
      (l) =>
        `<tr><td style="${cell}">${esc(l.name[lang])}</td><td style="${cell}">${esc(`${l.quantity} ${l.unit[lang]}`)}</td><td style="${cell}">${esc(money(l.amount, null, lang))}</td></tr>`,
    )
    .join('')}</tbody></table>`
}

const form = (lang: Lang, token: string, decision: ReviewDecision, error?: string) => {
  const approve = decision === ReviewDecision.Approve
  return `<form method="post" action="${esc(token)}">
<input type="hidden" name="d" value="${decision}">
${error ? `<p role="alert" style="color:#cf1322;">${esc(error)}</p>` : ''}
<label style="display:block;margin-bottom:6px;" for="note">${esc(approve ? P.noteLabel[lang] : P.reasonLabel[lang])}</label>
<textarea id="note" name="note" rows="3" maxlength="500" ${approve ? '' : 'required'} style="width:100%;box-sizing:border-box;margin-bottom:12px;"></textarea>
<button type="submit" style="padding:8px 24px;border:0;border-radius:4px;color:#fff;font-size:15px;background:${approve ? '#389e0d' : '#cf1322'};cursor:pointer;">${esc(approve ? P.confirmApprove[lang] : P.confirmReject[lang])}</button>
</form>`
}

/**
 * The mailed one-click decision (issue 38): GET shows the order and asks to confirm (a mail
 * scanner opening it changes nothing); POST decides through the order review's own `audit`, as the
 * product's audit modal does, as the link's user, on the step and version mailed.
 */
export const decisionRoutes =
  (deps: { links: Links; review: ReturnType<typeof createSalesServices>['review'] }): FastifyPluginAsync =>
  async (app) => {
    const { database } = app.deps
    const { links, review } = deps
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))))
    })
    const route = (summary: string) => ({
      config: { permission: 'public' as const, rawResponse: true },
      schema: { tags: ['notify'], summary },
    })
    const decisionOf = (v: unknown) =>
      v === ReviewDecision.Approve || v === ReviewDecision.Reject ? (v as ReviewDecision) : null

    app.get<{ Params: { token: string }; Querystring: { d?: string } }>(
      '/notify/decision/:token',
      route("A mailed decision link's page: the order and a confirming button (HTML; changes nothing)"),
      async (req, reply) => {
        const link = await links.verify(database.db, req.params.token)
        const decision = decisionOf(req.query.d)
        if (!link || !decision) return message(reply, 404, langOf(req), 'tampered', P.tampered[langOf(req)])
        const principal = await principalOfUser(database.db, link.userId, link.expiresAt)
        const lang = langOf(req, principal?.lang)
        const state = await stateOf(database.db, link)
        if (state.kind !== 'ok') return message(reply, STATUS[state.kind], lang, state.kind, P[state.kind][lang])
        const title = decision === ReviewDecision.Approve ? P.approveTitle[lang] : P.rejectTitle[lang]
        return page(
          reply,
          200,
          lang,
          title,
          `<h1 style="font-size:20px;">${esc(title)}</h1>${summary(state.order, lang, link.stepNo, state.deadline)}${form(lang, req.params.token, decision)}`,
        )
      },
    )

    app.post<{ Params: { token: string }; Body: Record<string, string> | undefined }>(
      '/notify/decision/:token',
      {
        ...route('A mailed decision link decides the order review step it was mailed for, once (HTML form post)'),
        bodyLimit: 8192,
      },
      async (req, reply) => {
        const decision = decisionOf(req.body?.d)
        const note = String(req.body?.note ?? '')
          .trim()
          .slice(0, 500)
        let lang = langOf(req)
        type Outcome =
          | { kind: Refusal }
          | { kind: 'needReason'; order: OrderSummary; link: LinkRow; deadline: Date | null }
          | { kind: 'done'; decision: ReviewDecision }
        try {
          const outcome = await database.db.transaction(async (tx): Promise<Outcome> => {
            // the link first: of two clicks at once, the second waits here and finds it used
            const link = await links.verify(tx, req.params.token, true)
            if (!link || !decision) return { kind: 'tampered' }
            const principal = await principalOfUser(tx, link.userId, link.expiresAt)
            if (principal) lang = principal.lang
            const state = await stateOf(tx, link)
            if (state.kind !== 'ok') return state
            if (decision === ReviewDecision.Reject && !note)
              return { kind: 'needReason', order: state.order, link, deadline: state.deadline }
            // a user disabled, or no longer holding the review button, since the mail decides nothing
            if (!principal?.permissions.has('sale_order:audit')) fail(Errors.OnlyCurrentReviewer)
            await review.audit(
              tx,
              principal,
              {
                id: link.objectId,
                decision,
                note: note || P.approveNote[lang],
                stepNo: link.stepNo,
                version: link.reviewVersion,
              },
              { ...requestInfoOf(req), principal },
            )
            await links.markUsed(tx, link.id, decision)
            return { kind: 'done', decision }
          })
          if (outcome.kind === 'done')
            return message(
              reply,
              200,
              lang,
              outcome.decision,
              outcome.decision === ReviewDecision.Approve ? P.approved[lang] : P.rejected[lang],
            )
          if (outcome.kind === 'needReason')
            return page(
              reply,
              422,
              lang,
              P.rejectTitle[lang],
              `<h1 style="font-size:20px;">${esc(P.rejectTitle[lang])}</h1>${summary(outcome.order, lang, outcome.link.stepNo, outcome.deadline)}${form(lang, req.params.token, ReviewDecision.Reject, P.reasonRequired[lang])}`,
            )
          return message(reply, STATUS[outcome.kind], lang, outcome.kind, P[outcome.kind][lang])
        } catch (e) {
          if (!isAppError(e)) throw e
          // the approval path refused (its rules): the transaction is undone, the link still unused
          return message(reply, 409, lang, 'refused', `${P.refused[lang]}${e.entry[lang]}`)
        }
      },
    )
  }
