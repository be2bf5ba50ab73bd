import { createHmac } from 'node:crypto'
import { eq } from 'drizzle-orm'
import nodemailer from 'nodemailer'
import type { Db } from '../../db/client.ts'
import { notifyRobots } from '../../db/schema/index.ts'
import type { OutboxRow } from '../../platform/outbox/index.ts'
import type { ChatContent } from './render.ts'

export type MailPayload = { to: string; subject: string; html: string; text: string; messageId: string }
export type ChatPayload = { robotId: string; content: ChatContent }

/**
 * E-mail over SMTP (`SMTP_URL`: smtp://user:pass@host:port, smtps:// for TLS). Each mail carries
 * its outbox key as its Message-ID, so a mail sent again after a crash is recognisably the same.
 */
export const createMailSender = (settings: { smtpUrl: string; from: string; timeoutMs: number }) => {
  const transport = nodemailer.createTransport({
    url: settings.smtpUrl,
    connectionTimeout: settings.timeoutMs,
    greetingTimeout: settings.timeoutMs,
    socketTimeout: settings.timeoutMs,
  } as Parameters<typeof nodemailer.createTransport>[0])
  return {
    send: async (row: OutboxRow) => {
      const m = row.payload as MailPayload
      await transport.sendMail({
        from: settings.from,
        to: m.to,
        subject: m.subject,
        html: m.html,
        text: m.text,
        messageId: m.messageId,
      })
    },
    close: () => transport.close(),
  }
}

export const CHAT_PROVIDERS = ['wecom', 'dingtalk', 'feishu'] as const
export type ChatProvider = (typeof CHAT_PROVIDERS)[number]

const markdown = (c: ChatContent) =>
  [`### ${c.title}`, ...c.lines.map((l) => `- ${l}`), `[${c.linkText}](${c.link})`].join('\n')
const plain = (c: ChatContent) => [c.title, ...c.lines, `${c.linkText}: ${c.link}`].join('\n')

/**
 * One robot call per provider: its URL (DingTalk's signed with timestamp and HMAC in the query),
 * its body (WeCom and DingTalk markdown, Feishu text with the signature in the body) and how its
 * answer says it was taken (`errcode` 0, Feishu's `code` 0).
 */
export const chatRequest = (
  provider: ChatProvider,
  url: string,
  secret: string | null,
  c: ChatContent,
  now = Date.now(),
) => {
  if (provider === 'wecom') return { url, body: { msgtype: 'markdown', markdown: { content: markdown(c) } } }
  if (provider === 'dingtalk') {
    let signed = url
    if (secret) {
      const sign = createHmac('sha256', secret).update(`${now}\n${secret}`).digest('base64')
      signed = `${url}${url.includes('?') ? '&' : '?'}timestamp=${now}&sign=${encodeURIComponent(sign)}`
    }
    return { url: signed, body: { msgtype: 'markdown', markdown: { title: c.title, text: markdown(c) } } }
  }
  const timestamp = String(Math.floor(now / 1000))
  const sign = secret ? createHmac('sha256', `${timestamp}\n${secret}`).update('').digest('base64') : undefined
  return {
    url,
    body: { ...(sign ? { timestamp, sign } : {}), msg_type: 'text', content: { text: plain(c) } },
  }
}

/** The robot's answer: taken, or the provider's words. */
const refusalOf = (answer: unknown): string | null => {
  if (!answer || typeof answer !== 'object') return null
  const a = answer as Record<string, unknown>
  const code = a.errcode ?? a.code ?? a.StatusCode
  if (code === undefined || code === 0) return null
  return `${String(code)} ${String(a.errmsg ?? a.msg ?? a.StatusMessage ?? '')}`.trim()
}

/** Group-chat robots by webhook: reads the robot when it sends (a changed URL or secret counts at once). */
export const createChatSender = (deps: { db: Db; timeoutMs: number }) => ({
  send: async (row: OutboxRow) => {
    const p = row.payload as ChatPayload
    const [robot] = await deps.db.select().from(notifyRobots).where(eq(notifyRobots.id, p.robotId))
    if (robot?.status !== '1') throw new Error('robot removed or disabled')
    const req = chatRequest(robot.provider as ChatProvider, robot.webhookUrl, robot.secret, p.content)
    const res = await fetch(req.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(req.body),
      signal: AbortSignal.timeout(deps.timeoutMs),
    })
    const body = await res.text()
    if (!res.ok) throw new Error(`HTTP ${res.status} ${body.slice(0, 300)}`)
    let answer: unknown = null
    try {
      answer = JSON.parse(body)
    } catch {
      // a robot answering without JSON took it
    }
    const refusal = refusalOf(answer)
    if (refusal) throw new Error(refusal)
  },
})
