import path from 'node:path'
import zlib from 'node:zlib'
import compress from '@fastify/compress'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'
import { sendNotFound } from './http-errors.ts'

/**
 * What the browser may load and run: scripts only from this origin (no inline script, no eval);
 * inline styles are allowed because antd writes its CSS-in-JS into <style> elements; images also
 * from data: (icons) and blob: (uploaded images shown before they are saved); the app is never
 * framed (frame-ancestors, and X-Frame-Options for older browsers).
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ')

const SECURITY_HEADERS = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'same-origin',
  'x-frame-options': 'DENY',
}

/** Two years, the value browsers' preload lists ask for. */
const HSTS = 'max-age=63072000; includeSubDomains'

/**
 * API answers below this many bytes go out as they are: compressing them saves less than it costs.
 * An answer this small arrives in the same round trip either way (TCP's first window is ten
 * segments of about 1 460 bytes, 14.6 KB, and this leaves room for the headers), so compressing
 * it saves bytes, not time, and costs the server a compressor per request and the browser a
 * decompressor. A threshold of 1 KB costs a fifth of the app's CPU per opened order (answers of
 * 1-3 KB); at 4 KB the order's view (5-6 KB) costs 0.54-0.85 ms of the app's CPU against
 * 0.41-0.68 ms at 12 KB. Large lists, exports and the permission list are still compressed.
 */
export const COMPRESS_THRESHOLD = 12 * 1024

/**
 * Brotli's quality for API answers, made on every request (the web app's files are compressed at
 * build time, at the highest). 1 rather than @fastify/compress's 4: an order's detail (three answers
 * of 1-3 KB) cost 30-50 µs each at 4 and 12-15 µs at 1, for answers 5-15 % larger.
 */
const API_BROTLI_QUALITY = 1

/**
 * Every answer (API, static file, 404, error) carries the security headers; HSTS only when the
 * request came over TLS, which the server itself never terminates: it learns it from a trusted
 * proxy's X-Forwarded-Proto (TRUST_PROXY, Fastify's `req.protocol`). API answers above
 * COMPRESS_THRESHOLD are compressed with brotli or gzip by the request's Accept-Encoding
 * (@fastify/compress; it leaves alone what already has a Content-Encoding, such as the web app's
 * precompressed files). Register before the routes: the compression hook is added per route.
 */
export const registerResponsePolicy = async (app: FastifyInstance, options: { trustProxy: boolean }) => {
  app.addHook('onRequest', (req, reply, done) => {
    reply.headers(SECURITY_HEADERS)
    if (options.trustProxy && req.protocol === 'https') reply.header('strict-transport-security', HSTS)
    done()
  })
  await app.register(compress, {
    global: true,
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_THRESHOLD,
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: API_BROTLI_QUALITY } },
    // requests are not decompressed: no client of ours sends a compressed body
    globalDecompression: false,
  })
}

/** Whether a file of the built web app has a content hash in its name (Vite's assets/ folder). */
const isHashed = (filePath: string) => filePath.includes(`${path.sep}assets${path.sep}`)

/**
 * The built web app: brotli or gzip files made at build time (web/vite.config.ts) picked by the
 * request's Accept-Encoding (Vary: accept-encoding), hashed assets cached for a year, index.html
 * never; a path without a file extension outside /api is a route of the app and gets index.html.
 */
export const serveWeb = async (app: FastifyInstance, root: string) => {
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    preCompressed: true,
    setHeaders: (reply, filePath) => {
      reply.header('cache-control', isHashed(filePath) ? 'public, max-age=31536000, immutable' : 'no-cache')
    },
  })
  app.setNotFoundHandler((req, reply) => {
    const wantsPage = req.method === 'GET' && !req.url.startsWith('/api/') && !path.extname(req.url.split('?')[0] ?? '')
    if (!wantsPage) return sendNotFound(req, reply)
    reply.header('cache-control', 'no-cache')
    return reply.sendFile('index.html')
  })
}
