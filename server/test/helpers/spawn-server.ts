import { type ChildProcess, spawn } from 'node:child_process'
import { createServer } from 'node:net'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect } from 'vitest'
import { DEMO_PASSWORD } from '../../src/db/seed/demo/organisation.ts'
import { sha256Hex } from '../../src/platform/auth/password.ts'

/**
 * Real server processes for the tests that meet the server as an operator does (start-up,
 * shutdown): `src/main.ts` through tsx, as the dev server runs it. `killAll` after each test.
 */

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer()
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number }
      s.close(() => resolve(port))
    })
    s.on('error', reject)
  })

export type Spawned = {
  pid: number
  port: number
  url: string
  stdout: () => string
  stderr: () => string
  /** Resolves with the exit code (null after a signal). */
  exited: Promise<number | null>
  kill: (signal: NodeJS.Signals) => Promise<number | null>
}

const running = new Set<ChildProcess>()

/** What a spawned server inherits: nothing of the developer's database or data settings. */
const baseEnv = () => {
  const env: NodeJS.ProcessEnv = { ...process.env }
  for (const key of ['DATABASE_URL', 'DATA_DIR', 'FILES_DIR', 'SEED', 'ADMIN_PASSWORD', 'PORT', 'HOST', 'DEMO_MODE']) {
    delete env[key]
  }
  return { ...env, HOST: '127.0.0.1', LOG_LEVEL: 'warn', WEB_DIST: '/nonexistent', LOGIN_RATE_LIMIT: '100000' }
}

export const startServer = async (env: Record<string, string>): Promise<Spawned> => {
  const port = await freePort()
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: { ...baseEnv(), PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  running.add(child)
  let out = ''
  let err = ''
  child.stdout!.on('data', (d: Buffer) => {
    out += d.toString()
  })
  child.stderr!.on('data', (d: Buffer) => {
    err += d.toString()
  })
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      running.delete(child)
      resolve(code)
    }),
  )
  return {
    pid: child.pid!,
    port,
    url: `http://127.0.0.1:${port}`,
    stdout: () => out,
    stderr: () => err,
    exited,
    kill: (signal) => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal)
      return exited
    },
  }
}

export const healthOf = (s: Spawned) =>
  fetch(`${s.url}/api/health`)
    .then((r) => r.status)
    .catch(() => 0)

/** Waits until the server answers its health check; fails at once if it exits. */
export const healthy = async (s: Spawned, timeoutMs = 150_000) => {
  let gone = false
  void s.exited.then(() => {
    gone = true
  })
  const until = Date.now() + timeoutMs
  while (Date.now() < until) {
    if (gone) throw new Error(`server exited: ${s.stdout()}\n${s.stderr()}`)
    if ((await healthOf(s)) === 200) return s
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`server not healthy in ${timeoutMs} ms: ${s.stdout()}\n${s.stderr()}`)
}

/** One of the servers comes up, or exits: which one. */
export const settled = async (s: Spawned) => {
  const up = healthy(s).then(() => 'up' as const)
  const down = s.exited.then(() => 'exited' as const)
  return Promise.race([up.catch(() => down), down])
}

export const call = async <T = unknown>(s: Spawned, method: string, url: string, token?: string, body?: unknown) => {
  const res = await fetch(`${s.url}${url}`, {
    method,
    headers: { ...(token ? { 'x-access-token': token } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  })
  return { status: res.status, body: (await res.json()) as { code: number; result: T } }
}

export const login = async (s: Spawned) => {
  const res = await call<{ token: string }>(s, 'POST', '/api/sys/login', undefined, {
    username: 'admin',
    password: sha256Hex(DEMO_PASSWORD),
  })
  expect(res.status).toBe(200)
  return res.body.result.token
}

/** What a failed start printed: one line, no stack, no password. */
export const expectOneLine = (s: Spawned) => {
  const lines = s.stderr().trim().split('\n')
  expect(lines, s.stderr()).toHaveLength(1)
  expect(s.stderr()).not.toMatch(/^\s+at /m)
  return lines[0]!
}

/** Kills every server a test left running. */
export const killAll = () => {
  for (const child of running) child.kill('SIGKILL')
}
