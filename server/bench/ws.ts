/**
 * `npm run bench:ws`: live push across two server instances (issues 6, 18). Starts two instances
 * of the real app (its build, as `npm start` runs it; child processes) on one fresh PostgreSQL
 * database, opens `BENCH_SOCKETS` (2 000) sockets split across them (one per user, token as
 * subprotocol, as the browser does; `BENCH_CONNECT_CONCURRENCY` at a time), publishes one notice
 * to everyone through instance A, and prints the delivery latency (p50/p95/p99) and each
 * instance's memory; then the floor: the same fan-out from two bare `ws` servers with no
 * database (`ws-floor.ts`). Needs TEST_DATABASE_URL or DATABASE_URL (a server that may create databases).
 * With `BENCH_SERVER_NODE_ARGS=--cpu-prof ...` it also prints the publish's window on the
 * monotonic clock the profiles' timestamps use, to cut them to it.
 */
import { fork } from 'node:child_process'
import os from 'node:os'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import WebSocket from 'ws'
import { newToken } from '../src/platform/auth/tokens.ts'
import { createBenchDatabase } from './database.ts'
import { percentile } from './list.ts'
import { adminToken, backendsCpu, cpuBetween, cpuMsOf, memoryOf, startServer } from './server.ts'

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 2000)
const CONNECT_CONCURRENCY = Number(process.env.BENCH_CONNECT_CONCURRENCY ?? 100)
/** A socket not open by then fails the run (a server that stopped accepting, not a slow one). */
const CONNECT_TIMEOUT_MS = 30_000
const DELIVERY_TIMEOUT_MS = 30_000
/** The notice's HTML; its frame carries it as plain text, as the floor's servers send it too. */
const NOTICE_HTML = '<p>One notice to everyone, through instance A.</p>'
/** Bench users (and their sessions) written per statement. */
const USERS_PER_INSERT = 1000

const adminUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL
if (!adminUrl) {
  console.error('bench:ws needs TEST_DATABASE_URL or DATABASE_URL (PostgreSQL): two instances share one database')
  process.exit(1)
}

/** Bench users with live sessions, written directly (thousands of sign-ins would mostly measure scrypt). */
const createUsers = async (url: string, n: number) => {
  const c = new pg.Client({ connectionString: url })
  await c.connect()
  try {
    const { rows } = await c.query<{ password_hash: string }>(
      `select password_hash from sys_user where username = 'admin'`,
    )
    const hash = rows[0]!.password_hash
    const users: { id: string; token: string }[] = []
    for (let start = 0; start < n; start += USERS_PER_INSERT) {
      const count = Math.min(USERS_PER_INSERT, n - start)
      const inserted = await c.query<{ id: string }>(
        `insert into sys_user (username, realname, password_hash, org_code)
         select 'bench_' || lpad(g::text, 6, '0'), 'Bench ' || g, $1, 'A01A04'
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

/** Counts first receipts of the notice, so the bench waits without polling 10 000 clients. */
const arrivals = { left: 0, allIn: () => {} }

const connect = (baseUrl: string, userId: string, token: string, title: string): Promise<Client> =>
  new Promise((resolve, reject) => {
    const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/api/websocket/${userId}`, [token])
    const client: Client = { socket, receivedAt: null }
    const timer = setTimeout(() => {
      socket.terminate()
      reject(new Error(`socket not open after ${CONNECT_TIMEOUT_MS} ms`))
    }, CONNECT_TIMEOUT_MS)
    // the time first, then a byte search (10 000 frames arrive at once: parsing each would delay the later ones)
    socket.on('message', (data: Buffer) => {
      const at = performance.now()
      if (client.receivedAt !== null || !data.includes(title)) return
      client.receivedAt = at
      if (--arrivals.left === 0) arrivals.allIn()
    })
    socket.once('open', () => {
      clearTimeout(timer)
      resolve(client)
    })
    socket.once('unexpected-response', (_req, res) => {
      clearTimeout(timer)
      reject(new Error(`refused: ${res.statusCode}`))
    })
    socket.once('error', (err) => {
      clearTimeout(timer)
      reject(err)
    })
  })

const ms = (n: number) => `${n.toFixed(1)} ms`
const percentiles = (sorted: number[]) =>
  `p50 ${ms(percentile(sorted, 50))}  p95 ${ms(percentile(sorted, 95))}  p99 ${ms(percentile(sorted, 99))}`
/** Microseconds on the monotonic clock, the base of V8's CPU profile timestamps. */
const monotonicUs = () => process.hrtime.bigint() / 1000n

/** One socket per user, alternating between the two servers, `CONNECT_CONCURRENCY` opening at a time. */
const openAll = async (
  baseUrls: readonly [string, string],
  users: readonly { id: string; token: string }[],
  title: string,
) => {
  const clients: Client[] = []
  for (let i = 0; i < users.length; i += CONNECT_CONCURRENCY) {
    const batch = users.slice(i, i + CONNECT_CONCURRENCY)
    clients.push(...(await Promise.all(batch.map((u, j) => connect(baseUrls[(i + j) % 2]!, u.id, u.token, title)))))
  }
  return clients
}

/** Resolves when every client has the notice, or after `DELIVERY_TIMEOUT_MS`. */
const arrivalOfAll = (clients: readonly Client[]) => {
  arrivals.left = clients.length
  const allIn = new Promise<void>((resolve) => {
    arrivals.allIn = resolve
  })
  return Promise.race([allIn, new Promise((r) => setTimeout(r, DELIVERY_TIMEOUT_MS))])
}

/**
 * The floor: the same fan-out (as many sockets, split in two, the app's frames) from two bare
 * `ws` servers (`ws-floor.ts`) with no database, no sessions and no heartbeat, read by the same
 * client. What it takes is what this machine's loopback sockets and the client take alone.
 */
const floor = async (users: readonly { id: string; token: string }[]) => {
  const servers = [0, 1].map(() => fork(fileURLToPath(new URL('./ws-floor.ts', import.meta.url))))
  const clients: Client[] = []
  try {
    // a server that fails to start exits instead of answering: the run fails rather than waits
    const portOf = (s: (typeof servers)[0]) =>
      new Promise<number>((resolve, reject) => {
        const exited = (code: number | null) => reject(new Error(`floor server exited with ${code}`))
        s.once('exit', exited)
        s.once('message', (m: { port: number }) => {
          s.off('exit', exited)
          resolve(m.port)
        })
      })
    const ports = await Promise.all(servers.map(portOf))
    const title = `Floor notice ${Date.now()}`
    clients.push(...(await openAll([`http://127.0.0.1:${ports[0]}`, `http://127.0.0.1:${ports[1]}`], users, title)))
    const arrived = arrivalOfAll(clients)
    const started = performance.now()
    for (const s of servers) s.send({ title, content: NOTICE_HTML })
    await arrived
    const delivered = clients.filter((c) => c.receivedAt !== null)
    if (delivered.length !== clients.length) throw new Error(`floor: delivered ${delivered.length}/${clients.length}`)
    return delivered.map((c) => c.receivedAt! - started).sort((x, y) => x - y)
  } finally {
    for (const c of clients) c.socket.terminate()
    for (const s of servers) s.kill()
  }
}

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
    clients.push(...(await openAll([a.baseUrl, b.baseUrl], users, title)))
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
      content: NOTICE_HTML,
      noticeType: 'system',
      openType: 'detail',
      targetType: 'all',
      targetIds: [],
    })

    const arrived = arrivalOfAll(clients)
    const cpuBefore = { a: cpuMsOf(a.pid), b: cpuMsOf(b.pid), db: await backendsCpu(url), bench: process.cpuUsage() }
    const loadBefore = os.loadavg()[0]!

    const publishStartedUs = monotonicUs()
    const publishStarted = performance.now()
    await call('/sys/notice/publish', { id: notice.id })
    const publishDone = performance.now()
    const publishDoneUs = monotonicUs()

    await arrived
    const benchCpu = process.cpuUsage(cpuBefore.bench)
    const cpu = {
      a: cpuMsOf(a.pid) - cpuBefore.a,
      b: cpuMsOf(b.pid) - cpuBefore.b,
      db: cpuBetween(cpuBefore.db, await backendsCpu(url)),
      bench: (benchCpu.user + benchCpu.system) / 1000,
    }
    const delivered = clients.filter((c) => c.receivedAt !== null)
    const sinceStart = delivered.map((c) => c.receivedAt! - publishStarted).sort((x, y) => x - y)
    const sinceCommit = delivered.map((c) => Math.max(0, c.receivedAt! - publishDone)).sort((x, y) => x - y)
    const half = (from: string) =>
      clients.filter((c, i) => c.receivedAt !== null && (i % 2 === 0 ? a.baseUrl : b.baseUrl) === from).length
    const after = instances.map((i) => memoryOf(i.pid).rssMb)
    const deliveredUs = monotonicUs()

    console.log('')
    console.log(`delivered ${delivered.length}/${clients.length} (A ${half(a.baseUrl)}, B ${half(b.baseUrl)})`)
    console.log(`publish call (recipients, messages, NOTIFY, commit): ${ms(publishDone - publishStarted)}`)
    console.log(`latency from publish request: ${percentiles(sinceStart)}  max ${ms(sinceStart.at(-1) ?? Number.NaN)}`)
    console.log(`latency after publish answered: ${percentiles(sinceCommit)}`)
    console.log(
      `CPU from the publish request to the last delivery: A ${cpu.a.toFixed(0)} ms, B ${cpu.b.toFixed(0)} ms, database ${cpu.db.toFixed(0)} ms, bench client ${cpu.bench.toFixed(0)} ms (${os.cpus().length} cores; load average ${loadBefore.toFixed(1)} before)`,
    )
    console.log(`server memory (RSS): idle / ${clients.length / 2} sockets each / after delivery`)
    for (const [i, name] of ['A', 'B'].entries()) {
      console.log(
        `  instance ${name}: ${idle[i]!.toFixed(0)} / ${connected[i]!.toFixed(0)} / ${after[i]!.toFixed(0)} MB`,
      )
    }
    if (process.env.BENCH_SERVER_NODE_ARGS) {
      console.log(`monotonic µs: publish ${publishStartedUs}..${publishDoneUs}, delivered by ${deliveredUs}`)
    }
    if (delivered.length !== clients.length) process.exitCode = 1

    // the app's sockets and servers gone, the same fan-out without the app
    for (const c of clients.splice(0)) c.socket.terminate()
    for (const i of instances.splice(0)) await i.stop()
    console.log(`floor, the same frames from two bare ws servers (no database): ${percentiles(await floor(users))}`)
  } finally {
    for (const c of clients) c.socket.terminate()
    for (const i of instances) await i.stop()
    await database.drop()
  }
}

await main()
