import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

export type Hooked = { path: string; query: URLSearchParams; body: Record<string, unknown> }

/**
 * A local HTTP server standing in for the WeCom, DingTalk and Feishu robots: keeps every call and
 * answers as the provider does (`errcode` 0, Feishu's `code` 0), or with `refuse` set, a refusal.
 */
export const startWebhookSink = async () => {
  const calls: Hooked[] = []
  let refuse: { errcode: number; errmsg: string } | null = null
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://sink')
      calls.push({
        path: url.pathname,
        query: url.searchParams,
        body: JSON.parse(Buffer.concat(chunks).toString() || '{}'),
      })
      res.writeHead(200, { 'content-type': 'application/json' })
      const feishu = url.pathname.includes('feishu')
      if (refuse) res.end(JSON.stringify(feishu ? { code: refuse.errcode, msg: refuse.errmsg } : refuse))
      else res.end(JSON.stringify(feishu ? { code: 0, msg: 'success' } : { errcode: 0, errmsg: 'ok' }))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  const port = (server.address() as AddressInfo).port
  return {
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    calls,
    refuseWith(r: { errcode: number; errmsg: string } | null) {
      refuse = r
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** Checks every few milliseconds until `test` holds. */
export const eventually = async (what: string, test: () => boolean | Promise<boolean>, timeoutMs = 20_000) => {
  const end = Date.now() + timeoutMs
  while (!(await test())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 20))
  }
}
