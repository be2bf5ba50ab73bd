import http from 'node:http'
import zlib from 'node:zlib'

/**
 * The bench's client for calls under load: node:http with kept-alive connections, about as light
 * as the list section's autocannon. The bench, the server and PostgreSQL share two cores, so what
 * the client spends is taken from the server: fetch (undici) spent 1.3 ms of CPU per order detail
 * (three calls), as much as the server did; this one 0.4 ms. It asks for brotli or gzip as a
 * browser does (the server compresses answers above 1 KB), and reads the envelope: an answer
 * that is not a success throws.
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 })

const decoded = (body: Buffer, encoding: string | undefined) =>
  encoding === 'br' ? zlib.brotliDecompressSync(body) : encoding === 'gzip' ? zlib.gunzipSync(body) : body

export const call = (method: 'GET' | 'POST', url: string, token: string, body?: unknown): Promise<unknown> =>
  new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body)
    const req = http.request(
      url,
      {
        method,
        agent,
        headers: {
          'x-access-token': token,
          'accept-encoding': 'br, gzip',
          ...(payload === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
        },
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('error', reject)
        res.on('end', () => {
          try {
            const answer = JSON.parse(
              decoded(Buffer.concat(chunks), res.headers['content-encoding']).toString('utf8'),
            ) as { success: boolean; message?: string; result: unknown }
            if (res.statusCode !== 200 || !answer.success)
              reject(new Error(`${url} answered ${res.statusCode}: ${answer.message}`))
            else resolve(answer.result)
          } catch (err) {
            reject(err)
          }
        })
      },
    )
    req.on('error', reject)
    req.end(payload)
  })
