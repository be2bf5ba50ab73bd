import { randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'

/**
 * A small U8 OpenAPI stand-in (`npm run erp:sim`, ERP-U8.md) for the demo and the tests: tokens,
 * trade ids, sales orders (add, edit, delete) and consignments kept in memory. A repeated trade
 * id answers its first result without a second document, and so does a document whose `define1`
 * key it already holds. A document without a field U8 requires is refused (errcode 2001, the
 * field named). A token past its life, or issued before a restart of the platform, is refused
 * (30002, 30001) on every call. It can be told to refuse, time out, answer slowly, or answer a
 * write with a `url` that gives the result only `delayMs` later (as U8 does under load):
 *   POST /sim/mode { mode: 'ok' | 'refuse' | 'timeout' | 'slow' | 'async', delayMs?, times? }
 *   POST /sim/restart (every token issued so far stops being accepted)
 *   GET /sim/documents, POST /sim/reset
 * `times` makes a mode last that many writes, then 'ok' again.
 */
export type SimDocument = {
  id: string
  type: 'saleorder' | 'consignment'
  action: 'add' | 'edit' | 'delete'
  account: string
  tradeId: string
  key: string | null
  code: string | null
  body: unknown
  at: string
}
export type SimMode = 'ok' | 'refuse' | 'timeout' | 'slow' | 'async'

const TOKEN_SECONDS = 7200
const WRITES: Record<string, { type: SimDocument['type']; action: SimDocument['action'] }> = {
  '/api/saleorder/add': { type: 'saleorder', action: 'add' },
  '/api/saleorder/edit': { type: 'saleorder', action: 'edit' },
  '/api/saleorder/delete': { type: 'saleorder', action: 'delete' },
  '/api/consignment/add': { type: 'consignment', action: 'add' },
}

/** Fields U8 requires of a document it adds or edits: in its header, and in each line (`entry`). */
const REQUIRED: Record<SimDocument['type'], { header: string[]; line: string[] }> = {
  saleorder: {
    header: ['businesstype', 'typecode', 'custcode', 'deptcode'],
    line: ['inventorycode', 'quantity', 'bgift', 'rowno'],
  },
  consignment: {
    header: ['operation_type', 'saletype', 'custcode', 'deptcode'],
    line: ['inventory_code', 'warehouse_code', 'quantity', 'rowno'],
  },
}

type Answer = Record<string, unknown>

const missing = (v: unknown) => v == null || v === ''

/** U8's refusal of a document without a required field (null when it has them all). */
export const requiredFieldRefusal = (type: SimDocument['type'], head: Record<string, unknown>): Answer | null => {
  const { header, line } = REQUIRED[type]
  const absent = header.find((f) => missing(head[f]))
  if (absent) return { errcode: '2001', errmsg: `${type}: ${absent} is required` }
  const entry = Array.isArray(head.entry) ? (head.entry as Record<string, unknown>[]) : []
  if (entry.length === 0) return { errcode: '2001', errmsg: `${type}: entry is required` }
  for (const [i, l] of entry.entries()) {
    const none = line.find((f) => missing(l[f]))
    if (none) return { errcode: '2001', errmsg: `${type}: entry ${i + 1}: ${none} is required` }
  }
  return null
}

/** How the stand-in starts: every write answered at once, or as `POST /sim/mode` would set it. */
export type SimStart = { mode?: SimMode; delayMs?: number }

export const createErpSimulator = (start: SimStart = {}) => {
  const tokens = new Map<string, number>()
  const trades = new Set<string>()
  const answered = new Map<string, Answer>()
  /** Results of writes answered with a url: ready at a time. */
  const results = new Map<string, { readyAt: number; answer: Answer }>()
  const documents: SimDocument[] = []
  const initial = { mode: start.mode ?? 'ok', delayMs: start.delayMs ?? 0, times: null }
  let mode: { mode: SimMode; delayMs: number; times: number | null } = { ...initial }
  /** Writes being answered now, per trade id: the tests check a message is never sent twice at once. */
  const inFlight = new Map<string, number>()
  let mostAtOnce = 0
  const sockets = new Set<import('node:net').Socket>()

  const json = (res: ServerResponse, status: number, body: unknown) => {
    if (res.writableEnded) return
    res.writeHead(status, { 'content-type': 'application/json' })
    res.end(JSON.stringify(body))
  }
  const readBody = async (req: IncomingMessage) => {
    const chunks: Buffer[] = []
    for await (const c of req) chunks.push(c as Buffer)
    const text = Buffer.concat(chunks).toString('utf8')
    return text ? (JSON.parse(text) as Record<string, unknown>) : {}
  }
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

  /** U8's answer to a token it does not accept (null: accepted). */
  const tokenRefusal = (token: string): Answer | null => {
    const until = tokens.get(token)
    if (until == null) return { errcode: '30001', errmsg: 'token invalid' }
    if (until < Date.now()) return { errcode: '30002', errmsg: 'token expired' }
    return null
  }

  const write = (path: string, q: URLSearchParams, body: Record<string, unknown>): Answer => {
    const { type, action } = WRITES[path]!
    const refused = tokenRefusal(q.get('token') ?? '')
    if (refused) return refused
    const tradeId = q.get('tradeid') ?? ''
    if (!trades.has(tradeId)) return { errcode: '30007', errmsg: 'tradeid invalid' }
    if (answered.has(tradeId)) return answered.get(tradeId)!
    const head = (body[type] ?? {}) as Record<string, unknown>
    const invalid = action === 'delete' ? null : requiredFieldRefusal(type, head)
    if (invalid) return { ...invalid, tradeid: tradeId }
    const key = typeof head.define1 === 'string' ? head.define1 : null
    const same = key ? documents.find((d) => d.key === key) : undefined
    const doc: SimDocument = same ?? {
      id: randomUUID(),
      type,
      action,
      account: q.get('to_account') ?? '',
      tradeId,
      key,
      code: typeof head.code === 'string' ? head.code : null,
      body,
      at: new Date().toISOString(),
    }
    if (!same) documents.push(doc)
    const answer = { errcode: '0', errmsg: '', id: doc.id, code: doc.code, tradeid: tradeId }
    answered.set(tradeId, answer)
    return answer
  }

  /** The control routes of the stand-in itself (not U8's); true when one answered. */
  const control = async (req: IncomingMessage, res: ServerResponse, path: string) => {
    if (path === '/sim/mode' && req.method === 'POST') {
      const b = await readBody(req)
      mode = {
        mode: (b.mode as SimMode) ?? 'ok',
        delayMs: Number(b.delayMs ?? 0),
        times: b.times == null ? null : Number(b.times),
      }
      json(res, 200, { errcode: '0', mode })
    } else if (path === '/sim/documents') json(res, 200, { errcode: '0', documents, mostAtOnce })
    else if (path === '/sim/restart' && req.method === 'POST') {
      tokens.clear()
      json(res, 200, { errcode: '0' })
    } else if (path === '/sim/reset' && req.method === 'POST') {
      documents.length = 0
      answered.clear()
      results.clear()
      mode = { ...initial }
      mostAtOnce = 0
      json(res, 200, { errcode: '0' })
    } else if (path.startsWith('/sim/result/')) {
      const ticket = path.slice('/sim/result/'.length)
      const r = results.get(ticket)
      if (!r) json(res, 200, { errcode: '2001', errmsg: `no result ${ticket}` })
      else if (r.readyAt > Date.now()) json(res, 200, { errcode: '0', errmsg: 'processing', url: urlOf(req, ticket) })
      else json(res, 200, r.answer)
    } else return false
    return true
  }
  const urlOf = (req: IncomingMessage, ticket: string) => `http://${req.headers.host}/sim/result/${ticket}`

  /** A write in the mode the stand-in is told. */
  const writeCall = async (req: IncomingMessage, res: ServerResponse, path: string, q: URLSearchParams) => {
    const body = await readBody(req)
    const current = mode
    if (current.times != null && --current.times <= 0) mode = { mode: 'ok', delayMs: 0, times: null }
    if (current.mode === 'refuse')
      return json(res, 200, { errcode: '2001', errmsg: 'ERP refused: account period closed' })
    if (current.mode === 'timeout') return // never answers: the caller's timeout ends it
    const tradeId = q.get('tradeid') ?? ''
    inFlight.set(tradeId, (inFlight.get(tradeId) ?? 0) + 1)
    mostAtOnce = Math.max(mostAtOnce, inFlight.get(tradeId)!)
    try {
      if (current.mode === 'slow') await sleep(current.delayMs || 1000)
      const answer = write(path, q, body)
      if (current.mode !== 'async' || String(answer.errcode).startsWith('3000')) return json(res, 200, answer)
      const ticket = randomUUID()
      results.set(ticket, { readyAt: Date.now() + (current.delayMs || 3000), answer })
      return json(res, 200, { errcode: '0', errmsg: 'accepted', url: urlOf(req, ticket) })
    } finally {
      inFlight.set(tradeId, inFlight.get(tradeId)! - 1)
    }
  }

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://sim')
    const q = url.searchParams
    const path = url.pathname
    if (await control(req, res, path)) return
    if (path === '/system/token') {
      const id = randomUUID()
      tokens.set(id, Date.now() + TOKEN_SECONDS * 1000)
      return json(res, 200, { errcode: '0', token: { id, expiresIn: TOKEN_SECONDS } })
    }
    if (path === '/system/tradeid') {
      const refused = tokenRefusal(q.get('token') ?? '')
      if (refused) return json(res, 200, refused)
      const id = randomUUID().replaceAll('-', '')
      trades.add(id)
      return json(res, 200, { errcode: '0', trade: { id } })
    }
    if (req.method === 'POST' && WRITES[path]) return writeCall(req, res, path, q)
    return json(res, 404, { errcode: '404', errmsg: `no ${path}` })
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((e) => json(res, 500, { errcode: '500', errmsg: String(e) }))
  })
  server.on('connection', (s) => {
    sockets.add(s)
    s.on('close', () => sockets.delete(s))
  })

  return {
    documents,
    listen: (port = 0, host = '127.0.0.1') =>
      new Promise<string>((resolve) => {
        server.listen(port, host, () => {
          const a = server.address()
          resolve(`http://${host}:${typeof a === 'object' && a ? a.port : port}`)
        })
      }),
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy()
        server.close(() => resolve())
      }),
  }
}
