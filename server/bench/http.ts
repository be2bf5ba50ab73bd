import net from 'node:net'
import zlib from 'node:zlib'

/**
 * The bench's client for calls under load: HTTP/1.1 written and read on kept-alive sockets by
 * hand, as the list section's autocannon does. The bench, the server and PostgreSQL share two
 * cores, so what the client spends is taken from the server: fetch (undici) spent 1.3 ms of CPU
 * per order detail (three calls), node:http 0.35 ms, this one 0.22 ms; on a machine half as
 * fast, undici's own `request` (an Agent, no fetch) 0.70-0.84 ms, this one 0.37-0.50 ms. It asks
 * for brotli or gzip as a browser does, and reads the envelope: an answer that is not a success
 * throws.
 */

type Answer = { status: number; headers: Map<string, string>; body: Buffer }

const HEADERS_END = Buffer.from('\r\n\r\n')
const LINE_END = Buffer.from('\r\n')

/**
 * The whole answer at the start of `data`, and where it ends; undefined while it is incomplete.
 * The body comes with a content-length or chunked (a compressed answer is streamed).
 */
const parse = (data: Buffer): { answer: Answer; end: number } | undefined => {
  const headEnd = data.indexOf(HEADERS_END)
  if (headEnd < 0) return undefined
  const [statusLine, ...lines] = data.subarray(0, headEnd).toString('latin1').split('\r\n')
  const headers = new Map<string, string>()
  for (const line of lines) {
    const colon = line.indexOf(':')
    headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim())
  }
  const status = Number(statusLine!.split(' ')[1])
  let at = headEnd + HEADERS_END.length
  const length = headers.get('content-length')
  if (length !== undefined) {
    const end = at + Number(length)
    return end > data.length ? undefined : { answer: { status, headers, body: data.subarray(at, end) }, end }
  }
  if (headers.get('transfer-encoding') !== 'chunked')
    return { answer: { status, headers, body: Buffer.alloc(0) }, end: at }
  const chunks: Buffer[] = []
  for (;;) {
    const sizeEnd = data.indexOf(LINE_END, at)
    if (sizeEnd < 0) return undefined
    const size = Number.parseInt(data.subarray(at, sizeEnd).toString('latin1'), 16)
    const chunkEnd = sizeEnd + LINE_END.length + size
    // a chunk ends with a line end; the last (size 0) with an empty trailer line
    if (chunkEnd + LINE_END.length > data.length) return undefined
    if (size === 0) return { answer: { status, headers, body: Buffer.concat(chunks) }, end: chunkEnd + LINE_END.length }
    chunks.push(data.subarray(sizeEnd + LINE_END.length, chunkEnd))
    at = chunkEnd + LINE_END.length
  }
}

/** A kept-alive connection that carries one exchange at a time. */
class Connection {
  private received: Buffer = Buffer.alloc(0)
  private waiting?: { resolve: (a: Answer) => void; reject: (e: Error) => void }
  closed = false

  constructor(
    readonly origin: string,
    private readonly socket: net.Socket,
  ) {
    socket.setNoDelay(true)
    socket.on('data', (chunk: Buffer) => {
      this.received = this.received.length === 0 ? chunk : Buffer.concat([this.received, chunk])
      const done = parse(this.received)
      if (!done || !this.waiting) return
      this.received = this.received.subarray(done.end)
      const { resolve } = this.waiting
      this.waiting = undefined
      resolve(done.answer)
    })
    const end = (err?: Error) => {
      this.closed = true
      this.waiting?.reject(err ?? new Error(`${origin} closed the connection`))
      this.waiting = undefined
    }
    socket.on('error', end)
    socket.on('close', () => end())
  }

  exchange(request: string): Promise<Answer> {
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject }
      this.socket.write(request)
    })
  }
}

const idle = new Map<string, Connection[]>()

const connect = (url: URL) =>
  new Promise<Connection>((resolve, reject) => {
    const socket = net.connect(Number(url.port), url.hostname, () => {
      socket.off('error', reject)
      resolve(new Connection(url.host, socket))
    })
    socket.once('error', reject)
  })

const decoded = (body: Buffer, encoding: string | undefined) =>
  encoding === 'br' ? zlib.brotliDecompressSync(body) : encoding === 'gzip' ? zlib.gunzipSync(body) : body

/**
 * One exchange on a kept-alive connection of the server's: the answer's status and its body,
 * decompressed. `headers` are sent besides the host, the token and the encodings asked for.
 */
export const exchange = async (
  method: string,
  url: string,
  token: string,
  body?: unknown,
  headers: Readonly<Record<string, string>> = {},
): Promise<{ status: number; body: Buffer }> => {
  const target = new URL(url)
  const payload = body === undefined ? '' : JSON.stringify(body)
  const request =
    `${method} ${target.pathname}${target.search} HTTP/1.1\r\nhost: ${target.host}\r\n` +
    `x-access-token: ${token}\r\naccept-encoding: br, gzip\r\n` +
    Object.entries(headers)
      .map(([k, v]) => `${k}: ${v}\r\n`)
      .join('') +
    (body === undefined ? '' : `content-type: application/json\r\ncontent-length: ${Buffer.byteLength(payload)}\r\n`) +
    `\r\n${payload}`
  const pool = idle.get(target.host) ?? []
  idle.set(target.host, pool)
  let connection = pool.pop()
  while (connection?.closed) connection = pool.pop()
  const reused = connection !== undefined
  connection ??= await connect(target)
  let answer: Answer
  try {
    answer = await connection.exchange(request)
  } catch (err) {
    // a kept-alive connection the server had just closed: once more on a new one
    if (!reused) throw err
    connection = await connect(target)
    answer = await connection.exchange(request)
  }
  pool.push(connection)
  return { status: answer.status, body: decoded(answer.body, answer.headers.get('content-encoding')) }
}

/** One call on a kept-alive connection of the server's; the envelope's result, or a throw. */
export const call = async (method: 'GET' | 'POST', url: string, token: string, body?: unknown): Promise<unknown> => {
  const answer = await exchange(method, url, token, body)
  const envelope = JSON.parse(answer.body.toString('utf8')) as { success: boolean; message?: string; result: unknown }
  if (answer.status !== 200 || !envelope.success)
    throw new Error(`${url} answered ${answer.status}: ${envelope.message}`)
  return envelope.result
}
