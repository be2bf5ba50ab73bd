import { Errors, LIVE } from '@app/contracts'
import websocket from '@fastify/websocket'
import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { resolvePrincipal } from '../auth/principal.ts'
import { hashToken } from '../auth/tokens.ts'
import { AppError } from '../errors.ts'
import type { ConnectionRegistry } from './connections.ts'
import { closeEndedSessions } from './sessions.ts'

export type LiveConnectionOptions = {
  registry: ConnectionRegistry
  /** How often the server pings and sweeps; a socket silent for two periods is dropped. */
  heartbeatMs?: number
}

/** The sockets are pinged in this many parts over a heartbeat period, not all at once. */
const PING_PARTS = 10

/** A live-connection client sends only heartbeats: small frames. */
const MAX_FRAME_BYTES = 4096

/** Browsers cannot set headers on a WebSocket: the token travels as the only subprotocol. */
export const tokenFromProtocols = (header: string | string[] | undefined): string | null => {
  const value = Array.isArray(header) ? header[0] : header
  const first = value?.split(',')[0]?.trim()
  return first ? first : null
}

const isPing = (data: string) => {
  if (data === 'ping') return true
  try {
    const parsed = JSON.parse(data) as { type?: unknown; cmd?: unknown }
    return parsed.type === 'ping' || parsed.cmd === 'heartcheck'
  } catch {
    return false
  }
}

/**
 * `GET /websocket/:userId` (under /api): the live connection of SPEC 7. The upgrade is refused
 * (401, or 403 for another user's id) unless the token in `Sec-WebSocket-Protocol` is a live
 * session of exactly that user. The server answers every heartbeat with a pong, drops sockets
 * that stopped answering, and closes those whose session ended (signed out, expired, disabled).
 */
export const liveConnectionPlugin: FastifyPluginAsync<LiveConnectionOptions> = async (app, opts) => {
  const { registry } = opts
  const heartbeatMs = opts.heartbeatMs ?? LIVE.heartbeatMs
  const { db } = app.deps.database

  await app.register(websocket, {
    options: {
      maxPayload: MAX_FRAME_BYTES,
      // the token was checked before the upgrade; the handshake must echo the protocol back
      handleProtocols: (protocols) => protocols.values().next().value ?? false,
    },
  })

  // every socket is pinged once a period, a tenth of them at a time; sessions are checked once a period
  let tick = 0
  const sweeper = setInterval(() => {
    const part = { index: tick++ % PING_PARTS, of: PING_PARTS }
    registry.sweep(heartbeatMs * 2 + 5_000, part)
    if (part.index !== 0) return
    closeEndedSessions(db, registry).catch((err) => app.log.warn({ err }, 'live session check failed'))
  }, heartbeatMs / PING_PARTS)
  sweeper.unref()
  app.addHook('onClose', async () => {
    clearInterval(sweeper)
    registry.closeAll()
  })

  const authenticate = async (req: FastifyRequest<{ Params: { userId: string } }>) => {
    const token = tokenFromProtocols(req.headers['sec-websocket-protocol'])
    const principal = token ? await resolvePrincipal(db, hashToken(token)) : null
    if (!principal) throw new AppError(Errors.SessionError)
    if (principal.userId !== req.params.userId) throw new AppError(Errors.PermissionDenied)
    req.principal = principal
  }

  app.get(
    '/websocket/:userId',
    {
      websocket: true,
      config: { permission: 'public', rawResponse: true },
      schema: { params: z.object({ userId: z.string().max(64) }) },
      preValidation: authenticate,
    },
    (socket, req) => {
      const principal = req.principal
      if (!principal) return socket.close(1008, 'unauthorized')
      const unregister = registry.add(principal.userId, socket, principal.tokenHash)
      socket.on('pong', () => registry.touch(socket))
      socket.on('message', (raw, isBinary) => {
        registry.touch(socket)
        if (!isBinary && isPing(raw.toString())) socket.send(JSON.stringify({ type: 'pong', at: Date.now() }))
      })
      socket.on('close', unregister)
      socket.on('error', unregister)
    },
  )
}
