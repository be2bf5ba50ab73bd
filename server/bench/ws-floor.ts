/**
 * `bench:ws`'s floor: a bare `ws` server in a process of its own (forked by `ws.ts`), no
 * database, no sessions, no heartbeat. Told `{ title, content }` over IPC, it sends every socket
 * it holds the frame the app would push for such a notice (`noticeFrame`, encoded once), as the
 * app's delivery does, so the bench can say how much of the push's latency the machine's loopback
 * sockets and the client alone take.
 */
import { randomUUID } from 'node:crypto'
import { WebSocketServer } from 'ws'
import { noticeFrame } from '../src/modules/messaging/live.delivery.ts'

const server = new WebSocketServer({ port: 0, host: '127.0.0.1' })
server.on('listening', () => process.send?.({ port: (server.address() as { port: number }).port }))
process.on('message', ({ title, content }: { title: string; content: string }) => {
  const data = noticeFrame({
    id: randomUUID(),
    title,
    content,
    titleEn: null,
    contentEn: null,
    senderName: 'Administrator',
    publishTime: new Date(),
    createAt: new Date(),
  })
  for (const socket of server.clients) socket.send(data, { binary: false })
})
process.on('disconnect', () => process.exit(0))
