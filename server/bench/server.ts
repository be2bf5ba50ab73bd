import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { mkdtemp } from 'node:fs/promises'
import { createServer } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { DEMO_PASSWORD } from '../src/db/seed/demo/organisation.ts'
import { sha256Hex } from '../src/platform/auth/password.ts'

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer()
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number }
      s.close(() => resolve(port))
    })
    s.on('error', reject)
  })

/** Resident memory of a process in MB, from /proc (VmRSS now, VmHWM the peak so far). */
export const memoryOf = (pid: number) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = (key: string) => Number(status.match(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm'))?.[1] ?? 0)
  return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 }
}

/**
 * CPU time the whole machine has been busy so far, in ms summed over its cores (/proc/stat: user,
 * nice, system, irq, softirq and steal, the time a hypervisor gave other machines).
 */
export const machineBusyMs = () => {
  const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/)
  const [user, nice, system, , , irq, softirq, steal] = ticks.map(Number)
  return (user! + nice! + system! + irq! + softirq! + (steal ?? 0)) * 10
}

/** CPU time a process has used so far, in ms (user + system, from /proc/<pid>/stat). */
export const cpuMsOf = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
  // fields after the command: state is 0, utime 11, stime 12 (clock ticks, 100 per second here)
  return (Number(fields[11]) + Number(fields[12])) * 10
}

/**
 * CPU used so far by the PostgreSQL backends serving one database (same machine), by pid: the
 * database's side of a load, next to the app's.
 */
export const backendsCpu = async (databaseUrl: string): Promise<Map<number, number>> => {
  const c = new pg.Client({ connectionString: databaseUrl })
  await c.connect()
  const { rows } = await c.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
  )
  await c.end()
  const out = new Map<number, number>()
  for (const { pid } of rows) {
    try {
      out.set(pid, cpuMsOf(pid))
    } catch {
      // the backend ended meanwhile
    }
  }
  return out
}

/** CPU the backends used between two snapshots (a backend that started meanwhile counts whole). */
export const cpuBetween = (before: Map<number, number>, after: Map<number, number>) =>
  [...after].reduce((sum, [pid, ms]) => sum + ms - (before.get(pid) ?? 0), 0)

let built = false
/** `npm start`'s build of the server (dist/main.js), made once per bench run. */
const buildServer = () => {
  if (built) return
  const build = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: SERVER_DIR, stdio: 'inherit' })
  if (build.status !== 0) throw new Error('server build failed')
  built = true
}

/**
 * The real app as production runs it (`npm start`: the built `dist/main.js`, built here first) as
 * a child process on a free port against `databaseUrl`, so its memory is its own and measured
 * from outside. `env` adds to or overrides the environment it gets.
 */
export const startServer = async (databaseUrl: string, env: Record<string, string> = {}) => {
  buildServer()
  const port = await freePort()
  const filesDir = await mkdtemp(path.join(os.tmpdir(), 'bench-files-'))
  // BENCH_SERVER_NODE_ARGS: extra Node flags for the server, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean)
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, 'dist/main.js'], {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      WEB_DIST: '/nonexistent',
      FILES_DIR: filesDir,
      DATA_DIR: filesDir,
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  const baseUrl = `http://127.0.0.1:${port}`
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`)
    const up = await fetch(`${baseUrl}/api/health`)
      .then((r) => r.ok)
      .catch(() => false)
    if (up) break
    if (i > 1200) throw new Error('server did not start in 120 s')
    await new Promise((r) => setTimeout(r, 100))
  }
  return {
    baseUrl,
    pid: child.pid!,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      }),
  }
}

/** Samples a process's resident memory every `everyMs` while `work` runs; answers the peak seen, and what it was before. */
export const peakRssDuring = async <T>(pid: number, work: () => Promise<T>, everyMs = 20) => {
  const beforeMb = memoryOf(pid).rssMb
  let peak = beforeMb
  const timer = setInterval(() => {
    peak = Math.max(peak, memoryOf(pid).rssMb)
  }, everyMs)
  try {
    const result = await work()
    peak = Math.max(peak, memoryOf(pid).rssMb)
    return { result, peakMb: peak, beforeMb }
  } finally {
    clearInterval(timer)
  }
}

/** A sign-in token of a demo user (the administrator unless named) on a running server. */
export const adminToken = async (baseUrl: string, username = 'admin') => {
  const login = await fetch(`${baseUrl}/api/sys/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: sha256Hex(DEMO_PASSWORD) }),
  })
  return ((await login.json()) as { result: { token: string } }).result.token
}
