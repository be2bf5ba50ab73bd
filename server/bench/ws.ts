/**
 * `npm run bench:ws`: live push across two server instances (issue 6). Starts two instances of
 * the real app (its build, as `npm start` runs it; child processes) on one fresh PostgreSQL
 * database, opens 2 000 sockets split across them (one per user, token as subprotocol, as the
 * browser does), publishes one notice to everyone through instance A, and prints the delivery
 * latency (p50/p99) and the instances' memory. Needs TEST_DATABASE_URL or DATABASE_URL (a server
 * that may create databases).
 */
import pg from 'pg'
import WebSocket from 'ws'
import { newToken } from '../src/platform/auth/tokens.ts'
import { createBenchDatabase } from './database.ts'
import { percentile } from './list.ts'
import { adminToken, memoryOf, startServer } from './server.ts'

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 2000)
const CONNECT_CONCURRENCY = 100
const DELIVERY_TIMEOUT_MS = 30_000

const adminUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL
if (!adminUrl) {
  console.error('bench:ws needs TEST_DATABASE_URL or DATABASE_URL (PostgreSQL): two instances share one database')
  process.exit(1)
}

/** Bench users with live sessions, written directly (2 000 sign-ins would mostly measure scrypt). */
const createUsers = async (url: string, n: number) => {
  const c = new pg.Client({ connectionString: url })
  await c.connect()
  try {
    const { rows } = await c.query<{ password_hash: string }>(
      `select password_hash from sys_user where username = 'admin'`,
    )
    const hash = rows[0]!.password_hash
    const users: { id: string; token: string }[] = []
    for (let start = 0; start < n; start += 500) {
      const count = Math.min(500, n - start)
      const inserted = await c.query<{ id: string }>(
        `insert into sys_user (username, realname, password_hash, org_code)
         select 'bench_' || lpad(g::text, 5, '0'), 'Bench ' || g, $1, 'A01A04'
         from generate_series($2::int, $3::int) g returning id`,
        [hash, start + 1, start + count],
      )
      const tokens = inserted.rows.map((r) => ({ id: r.id, ...newToken() }))
      await c.query(
        `insert into sys_session (token_hash, user_id, expires_at)
         select t, u, now() + interval '1 day' from unnest($1::varchar[], $2::uuid[]) as x(t, u)`,
        [tokens.map((t) => t.tokenHash), tokens.map((t) => t.id)],
      )
      users.push(...tokens.map((t) => ({ id: t.id, token: t.token })))
    }
    return users
  } finally {
    await c.end()
  }
}

type Client = { socket: WebSocket; receivedAt: number | null }

const connect = (baseUrl: string, userId: string, token: string, title: string): Promise<Client> =>
  new Promise((resolve, reject) => {
    const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/api/websocket/${userId}`, [token])
    const client: Client = { socket, receivedAt: null }
    socket.on('message', (data) => {
      const frame = JSON.parse(data.toString()) as { type: string; msgTxt?: { title: string } }
      if (frame.type === 'message' && frame.msgTxt?.title === title && client.receivedAt === null) {
        client.receivedAt = performance.now()
      }
    })
    socket.once('open', () => resolve(client))
    socket.once('unexpected-response', (_req, res) => reject(new Error(`refused: ${res.statusCode}`)))
    socket.once('error', reject)
  })

const ms = (n: number) => `${n.toFixed(1)} ms`

const main = async () => {
  const database = await createBenchDatabase(adminUrl, 'bench_ws')
  const { name, url } = database
  const instances: Awaited<ReturnType<typeof startServer>>[] = []
  const clients: Client[] = []
  try {
    const users = await createUsers(url, SOCKETS)
    console.log(`database ${name}: demo data + ${users.length} bench users with sessions`)

    instances.push(
      await startServer(url, { LOGIN_RATE_LIMIT: '100000' }),
      await startServer(url, { LOGIN_RATE_LIMIT: '100000' }),
    )
    const [a, b] = instances as [(typeof instances)[0], (typeof instances)[0]]
    const idle = instances.map((i) => memoryOf(i.pid).rssMb)

    const title = `Bench notice ${Date.now()}`
    const connectStarted = performance.now()
    for (let i = 0; i < users.length; i += CONNECT_CONCURRENCY) {
      const batch = users.slice(i, i + CONNECT_CONCURRENCY)
      clients.push(
        ...(await Promise.all(
          batch.map((u, j) => connect((i + j) % 2 === 0 ? a.baseUrl : b.baseUrl, u.id, u.token, title)),
        )),
      )
    }
    const connectMs = performance.now() - connectStarted
    const connected = instances.map((i) => memoryOf(i.pid).rssMb)
    console.log(`${clients.length} sockets open (${clients.length / 2} per instance) in ${ms(connectMs)}`)

    const token = await adminToken(a.baseUrl)
    const call = async (path: string, body: unknown) => {
      const res = await fetch(`${a.baseUrl}/api${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-access-token': token },
        body: JSON.stringify(body),
      })
      const envelope = (await res.json()) as { code: number; result: { id: string } }
      if (envelope.code !== 200) throw new Error(`${path}: ${JSON.stringify(envelope)}`)
      return envelope.result
    }
    const notice = await call('/sys/notice/add', {
      title,
      content: '<p>One notice to everyone, through instance A.</p>',
      noticeType: 'system',
      openType: 'detail',
      targetType: 'all',
      targetIds: [],
    })

    const publishStarted = performance.now()
    await call('/sys/notice/publish', { id: notice.id })
    const publishDone = performance.now()

    const deadline = Date.now() + DELIVERY_TIMEOUT_MS
    while (clients.some((c) => c.receivedAt === null) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 20))
    }
    const delivered = clients.filter((c) => c.receivedAt !== null)
    const sinceStart = delivered.map((c) => c.receivedAt! - publishStarted).sort((x, y) => x - y)
    const sinceCommit = delivered.map((c) => Math.max(0, c.receivedAt! - publishDone)).sort((x, y) => x - y)
    const half = (from: string) =>
      clients.filter((c, i) => c.receivedAt !== null && (i % 2 === 0 ? a.baseUrl : b.baseUrl) === from).length
    const after = instances.map((i) => memoryOf(i.pid).rssMb)

    console.log('')
    console.log(`delivered ${delivered.length}/${clients.length} (A ${half(a.baseUrl)}, B ${half(b.baseUrl)})`)
    console.log(`publish call (recipients, messages, NOTIFY, commit): ${ms(publishDone - publishStarted)}`)
    console.log(
      `latency from publish request: p50 ${ms(percentile(sinceStart, 50))}  p99 ${ms(percentile(sinceStart, 99))}  max ${ms(sinceStart.at(-1) ?? Number.NaN)}`,
    )
    console.log(
      `latency after publish answered: p50 ${ms(percentile(sinceCommit, 50))}  p99 ${ms(percentile(sinceCommit, 99))}`,
    )
    const mem = (xs: number[]) => xs.map((x, i) => `${'AB'[i]} ${x.toFixed(0)} MB`).join(', ')
    console.log(`server memory (RSS) idle: ${mem(idle)}; ${clients.length / 2} sockets each: ${mem(connected)}`)
    console.log(`server memory (RSS) after delivery: ${mem(after)}`)
    if (delivered.length !== clients.length) process.exitCode = 1
  } finally {
    for (const c of clients) c.socket.terminate()
    for (const i of instances) await i.stop()
    await database.drop()
  }
}

await main()
