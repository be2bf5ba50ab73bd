import { randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'

/**
 * A small U8 OpenAPI stand-in (`npm run erp:sim`, ERP-U8.md) for the demo and the tests: tokens,
 * trade ids, sales orders (add, edit, delete) and consignments kept in memory. A repeated trade
 * id answers its first result without a second document, and so does a document whose `define1`
 * key it already holds. It can be told to refuse, time out or answer slowly:
 *   POST /sim/mode { mode: 'ok' | 'refuse' | 'timeout' | 'slow', delayMs?, times? }
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
export type SimMode = 'ok' | 'refuse' | 'timeout' | 'slow'

const TOKEN_SECONDS = 7200
const WRITES: Record<string, { type: SimDocument['type']; action: SimDocument['action'] }> = {
  '/api/saleorder/add': { type: 'saleorder', action: 'add' },
  '/api/saleorder/edit': { type: 'saleorder', action: 'edit' },
  '/api/saleorder/delete': { type: 'saleorder', action: 'delete' },
  '/api/consignment/add': { type: 'consignment', action: 'add' },
}

export const createErpSimulator = () => {
  const tokens = new Map<string, number>()
  const trades = new Set<string>()
  const answered = new Map<string, unknown>()
  const documents: SimDocument[] = []
  let mode: { mode: SimMode; delayMs: number; times: number | null } = { mode: 'ok', delayMs: 0, times: null }
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

  const write = async (path: string, q: URLSearchParams, body: Record<string, unknown>) => {
    const { type, action } = WRITES[path]!
    const token = q.get('token') ?? ''
    if (!tokens.has(token) || tokens.get(token)! < Date.now()) return { errcode: '40001', errmsg: 'token invalid' }
    const tradeId = q.get('tradeid') ?? ''
    if (!trades.has(tradeId)) return { errcode: '40002', errmsg: 'tradeid invalid' }
    if (answered.has(tradeId)) return answered.get(tradeId)
    const head = (body[type] ?? {}) as Record<string, unknown>
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
    const answer = { errcode: '0', errmsg: '', id: doc.id, code: doc.code }
    answered.set(tradeId, answer)
    return answer
  }

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://sim')
    const q = url.searchParams
    const path = url.pathname
    if (path === '/sim/mode' && req.method === 'POST') {
      const b = await readBody(req)
      mode = {
        mode: (b.mode as SimMode) ?? 'ok',
        delayMs: Number(b.delayMs ?? 0),
        times: b.times == null ? null : Number(b.times),
      }
      return json(res, 200, { errcode: '0', mode })
    }
    if (path === '/sim/documents') return json(res, 200, { errcode: '0', documents, mostAtOnce })
    if (path === '/sim/reset' && req.method === 'POST') {
      documents.length = 0
      answered.clear()
      mode = { mode: 'ok', delayMs: 0, times: null }
      mostAtOnce = 0
      return json(res, 200, { errcode: '0' })
    }
    if (path === '/system/token') {
      const id = randomUUID()
      tokens.set(id, Date.now() + TOKEN_SECONDS * 1000)
      return json(res, 200, { errcode: '0', token: { id, expiresIn: TOKEN_SECONDS } })
    }
    if (path === '/system/tradeid') {
      if (!tokens.has(q.get('token') ?? '')) return json(res, 200, { errcode: '40001', errmsg: 'token invalid' })
      const id = randomUUID().replaceAll('-', '')
      trades.add(id)
      return json(res, 200, { errcode: '0', trade: { id } })
    }
    if (req.method === 'POST' && WRITES[path]) {
      const body = await readBody(req)
      const current = mode
      if (current.times != null && --current.times <= 0) mode = { mode: 'ok', delayMs: 0, times: null }
      if (current.mode === 'refuse')
        return json(res, 200, { errcode: '50001', errmsg: 'ERP refused: account period closed' })
      if (current.mode === 'timeout') return // never answers: the caller's timeout ends it
      const tradeId = q.get('tradeid') ?? ''
      inFlight.set(tradeId, (inFlight.get(tradeId) ?? 0) + 1)
      mostAtOnce = Math.max(mostAtOnce, inFlight.get(tradeId)!)
      try {
        if (current.mode === 'slow') await sleep(current.delayMs || 1000)
        return json(res, 200, await write(path, q, body))
      } finally {
        inFlight.set(tradeId, inFlight.get(tradeId)! - 1)
      }
    }
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
