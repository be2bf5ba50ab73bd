/** The part of a socket the registry needs (a `ws` WebSocket satisfies it). */
export type LiveSocket = {
  readonly readyState: number
  send(data: string): void
  ping(): void
  terminate(): void
  close(code?: number, reason?: string): void
}

const OPEN = 1

type Entry = { userId: string; tokenHash: string | null; lastSeen: number }

/**
 * The live sockets of this server instance, by user. Each instance knows only its own sockets;
 * other instances reach theirs through LISTEN/NOTIFY.
 */
export const createConnectionRegistry = (now: () => number = Date.now) => {
  const byUser = new Map<string, Set<LiveSocket>>()
  const entries = new Map<LiveSocket, Entry>()

  const remove = (socket: LiveSocket) => {
    const entry = entries.get(socket)
    if (!entry) return
    entries.delete(socket)
    const set = byUser.get(entry.userId)
    set?.delete(socket)
    if (set?.size === 0) byUser.delete(entry.userId)
  }

  return {
    /** `tokenHash`: the session the socket was opened with, checked again while it lives. */
    add(userId: string, socket: LiveSocket, tokenHash: string | null = null) {
      let set = byUser.get(userId)
      if (!set) {
        set = new Set()
        byUser.set(userId, set)
      }
      set.add(socket)
      entries.set(socket, { userId, tokenHash, lastSeen: now() })
      return () => remove(socket)
    },
    remove,
    /** The socket showed a sign of life (a heartbeat message or a pong frame). */
    touch(socket: LiveSocket) {
      const entry = entries.get(socket)
      if (entry) entry.lastSeen = now()
    },
    /** Sends to every open socket of the user; answers how many got it. */
    send(userId: string, data: string): number {
      let sent = 0
      for (const socket of byUser.get(userId) ?? []) {
        if (socket.readyState !== OPEN) continue
        socket.send(data)
        sent++
      }
      return sent
    },
    has: (userId: string) => byUser.has(userId),
    userIds: () => [...byUser.keys()],
    get size() {
      return entries.size
    },
    /**
     * Drops sockets silent for longer than `deadAfterMs` and pings the others, so a browser that
     * vanished without a close frame does not linger (SPEC 4: no reply means closed).
     */
    sweep(deadAfterMs: number): number {
      let dropped = 0
      const cutoff = now() - deadAfterMs
      for (const [socket, entry] of entries) {
        if (entry.lastSeen < cutoff) {
          remove(socket)
          socket.terminate()
          dropped++
        } else if (socket.readyState === OPEN) {
          socket.ping()
        }
      }
      return dropped
    },
    /** The sessions the open sockets were opened with. */
    tokenHashes: () => [...new Set([...entries.values()].flatMap((e) => (e.tokenHash ? [e.tokenHash] : [])))],
    /**
     * Closes the sockets of sessions that were `checked` and found not `live` (signed out,
     * expired, user disabled). Sockets that arrived during the check are left for the next one.
     */
    closeEnded(checked: ReadonlySet<string>, live: ReadonlySet<string>): number {
      let closed = 0
      for (const [socket, entry] of entries) {
        if (entry.tokenHash && checked.has(entry.tokenHash) && !live.has(entry.tokenHash)) {
          remove(socket)
          socket.close(4401, 'session ended')
          closed++
        }
      }
      return closed
    },
    closeAll(code = 1001, reason = 'server shutting down') {
      for (const socket of [...entries.keys()]) {
        remove(socket)
        socket.close(code, reason)
      }
    },
  }
}

export type ConnectionRegistry = ReturnType<typeof createConnectionRegistry>
