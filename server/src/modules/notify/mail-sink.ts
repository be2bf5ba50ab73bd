import { createServer as createHttpServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { type ParsedMail, simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'

export type CaughtMail = {
  id: number
  at: Date
  from: string
  to: string[]
  subject: string
  messageId: string | null
  html: string | null
  text: string | null
  raw: string
}

/**
 * A local SMTP server that accepts every mail and keeps it (development and tests: `npm run
 * mail:sim`, server/test/notify). `failNext(n, reason)` refuses the next n mails with a 451;
 * `delayMs` makes each mail wait that long before it is taken.
 */
export const startMailSink = async (opts: { port?: number; host?: string; delayMs?: number } = {}) => {
  const mails: CaughtMail[] = []
  const waiting = new Set<() => void>()
  let refuse: { left: number; reason: string } | null = null
  let next = 1
  /** Mails started and waiting (with `delayMs`) by envelope sender: a sender is in the middle of sending them. */
  const held = new Map<string, number>()
  const hold = (from: string, n: number) => held.set(from, (held.get(from) ?? 0) + n)
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth: (_auth, _session, cb) => cb(null, { user: 'sink' }),
    // a slow server: each mail waits before it is taken (the tests kill a sender meanwhile)
    onMailFrom: (address, _session, cb) => {
      if (!opts.delayMs) return cb()
      hold(address.address, 1)
      setTimeout(() => {
        hold(address.address, -1)
        cb()
      }, opts.delayMs)
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => chunks.push(c))
      stream.on('end', () => {
        if (refuse && refuse.left > 0) {
          refuse.left--
          const err = Object.assign(new Error(refuse.reason), { responseCode: 451 })
          cb(err)
          return
        }
        const raw = Buffer.concat(chunks)
        simpleParser(raw)
          .then((parsed: ParsedMail) => {
            mails.push({
              id: next++,
              at: new Date(),
              from: parsed.from?.text ?? (session.envelope.mailFrom ? session.envelope.mailFrom.address : ''),
              to: session.envelope.rcptTo.map((r) => r.address),
              subject: parsed.subject ?? '',
              messageId: parsed.messageId ?? null,
              html: typeof parsed.html === 'string' ? parsed.html : null,
              text: parsed.text ?? null,
              raw: raw.toString('utf8'),
            })
            for (const w of waiting) w()
            cb()
          })
          .catch((e: Error) => cb(e))
      })
    },
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', () => resolve())
  })
  const port = (server.server.address() as AddressInfo).port
  return {
    port,
    url: `smtp://${opts.host ?? '127.0.0.1'}:${port}`,
    mails,
    /**
     * How many mails senders are in the middle of sending (with `delayMs`): all, or those from
     * one envelope address.
     */
    held: (from?: string) =>
      from === undefined ? [...held.values()].reduce((a, b) => a + b, 0) : (held.get(from) ?? 0),
    failNext(count: number, reason: string) {
      refuse = { left: count, reason }
    },
    /** Waits until `test` holds of the mails caught (checked at each mail). */
    until(test: (mails: CaughtMail[]) => boolean, timeoutMs = 20_000) {
      return new Promise<CaughtMail[]>((resolve, reject) => {
        const check = () => {
          if (!test(mails)) return
          waiting.delete(check)
          clearTimeout(timer)
          resolve(mails)
        }
        const timer = setTimeout(() => {
          waiting.delete(check)
          reject(
            new Error(`mail sink: timed out with ${mails.length} mails: ${mails.map((m) => m.subject).join(' | ')}`),
          )
        }, timeoutMs)
        waiting.add(check)
        check()
      })
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

export type MailSink = Awaited<ReturnType<typeof startMailSink>>

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

/**
 * The sink's web page: the caught mails newest first, each opened as its HTML in a sandboxed frame
 * (no script runs, no form posts from it; its links open in a new tab) with its plain text below.
 */
export const startMailSinkPage = async (
  sink: MailSink,
  opts: { port?: number; host?: string } = {},
): Promise<Server> => {
  const http = createHttpServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://sink')
    const id = Number(url.searchParams.get('id'))
    if (url.pathname === '/mail.html') {
      const mail = sink.mails.find((m) => m.id === id)
      res.writeHead(mail ? 200 : 404, {
        'content-type': 'text/html; charset=utf-8',
        'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; img-src data:",
      })
      res.end(
        mail
          ? (mail.html ?? `<pre>${esc(mail.text ?? '')}</pre>`).replace('<head>', '<head><base target="_blank">')
          : '',
      )
      return
    }
    if (url.pathname === '/api/mails') {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(JSON.stringify(sink.mails.map(({ raw: _raw, ...m }) => m)))
      return
    }
    const selected = sink.mails.find((m) => m.id === id) ?? sink.mails.at(-1)
    const list = [...sink.mails]
      .reverse()
      .map(
        (m) =>
          `<li style="margin:0 0 6px;"><a href="/?id=${m.id}" style="${m === selected ? 'font-weight:bold;' : ''}">${esc(m.subject || '(no subject)')}</a><br><small>${esc(m.to.join(', '))} · ${esc(m.at.toLocaleString())}</small></li>`,
      )
      .join('')
    res.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; frame-src 'self'",
    })
    res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Mail sink (${sink.mails.length})</title></head>
<body style="margin:0;font-family:Arial,sans-serif;font-size:14px;display:flex;height:100vh;">
<nav style="width:320px;overflow:auto;border-right:1px solid #ddd;padding:12px;box-sizing:border-box;">
<h1 style="font-size:16px;">Caught mails (${sink.mails.length})</h1><p><a href="/">Refresh</a></p><ol reversed style="padding-left:20px;">${list}</ol></nav>
<section style="flex:1;display:flex;flex-direction:column;">${
      selected
        ? `<header style="padding:12px;border-bottom:1px solid #ddd;"><strong>${esc(selected.subject)}</strong><br>From ${esc(selected.from)} to ${esc(selected.to.join(', '))}</header>
<iframe title="mail" sandbox="allow-popups allow-popups-to-escape-sandbox" src="/mail.html?id=${selected.id}" style="flex:1;border:0;"></iframe>
<pre style="max-height:30%;overflow:auto;margin:0;padding:12px;border-top:1px solid #ddd;white-space:pre-wrap;">${esc(selected.text ?? '')}</pre>`
        : '<p style="padding:12px;">No mail yet. Start the product with the SMTP_URL printed in the terminal.</p>'
    }</section></body></html>`)
  })
  await new Promise<void>((resolve) => http.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', () => resolve()))
  return http
}
