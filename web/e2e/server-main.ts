import { type ChildProcess, spawn } from 'node:child_process'
import { rmSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

/** The built server the journeys run (scripts/e2e.mjs builds it; `npm run build` makes server/dist). */
const serverMain = path.join(process.env.SERVER_DIST ?? path.join(root, 'server', 'dist'), 'main.js')
/** The ERP simulator (`npm run erp:sim`) built beside it; the journeys' server sends to it. */
const erpSimMain = path.join(path.dirname(serverMain), 'erp-sim.js')
/** The OpenID provider simulator (`npm run idp:sim`) built beside it: the journeys' server signs in through it. */
const idpSimMain = path.join(path.dirname(serverMain), 'idp-sim.js')
const webDist = process.env.WEB_DIST ?? path.join(root, 'web', 'dist')

/**
 * Each Playwright worker runs its journeys against a server of its own, with its own data, ERP and
 * OpenID simulators and mail sink: ports from E2E_PORT (which keeps whole runs apart), ten apart per
 * worker. A journey's own extra server takes the fifth port of its worker.
 */
const serverPort = Number(process.env.E2E_PORT ?? 3210) + 10 * Number(process.env.TEST_PARALLEL_INDEX ?? 0)
export const ownServerPort = serverPort + 5
const erpSimPort = serverPort + 1000
export const erpSimUrl = `http://127.0.0.1:${erpSimPort}`
const idpSimPort = serverPort + 2000
export const idpSimUrl = `http://127.0.0.1:${idpSimPort}`
/** The SMTP sink the mail journey starts (web/e2e/notify.spec.ts); the journeys' server mails to it. */
export const mailSinkPort = serverPort + 3000
/** The data folders of a run's servers (E2E_PORT and the ports after it). */
export const dataDirOf = (port: number) => path.join(root, '.tmp', `e2e-${port}`)

/**
 * Starts a built program with `env` over this process's environment and waits until `ready`
 * answers; `stop` ends it. It ends with the process
 * that started it too (a worker that exits, or a run interrupted from the terminal).
 */
const startProcess = async (main: string, env: NodeJS.ProcessEnv, ready: string, timeoutMs = 120_000) => {
  const child: ChildProcess = spawn(process.execPath, [main], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, ...env },
  })
  const orphaned = () => child.kill('SIGKILL')
  process.once('exit', orphaned)
  const stop = async () => {
    process.off('exit', orphaned)
    if (child.exitCode !== null || child.signalCode !== null) return
    const exited = new Promise((r) => child.once('exit', r))
    child.kill('SIGTERM')
    await exited
  }
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    try {
      if ((await fetch(ready)).ok) return { stop }
    } catch {
      /* not up yet */
    }
    if (child.exitCode !== null) throw new Error(`${path.basename(main)} exited with ${child.exitCode}`)
    await new Promise((r) => setTimeout(r, 100))
  }
  await stop()
  throw new Error(`${path.basename(main)} did not answer ${ready} within ${timeoutMs} ms`)
}

/** The product's server with the demo data on a data folder of its own (embedded PGlite). */
export const startServer = (port: number, env: NodeJS.ProcessEnv = {}) => {
  const server: NodeJS.ProcessEnv = {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDirOf(port),
    WEB_DIST: webDist,
    SEED: 'demo',
    LOG_LEVEL: 'warn',
    LOGIN_RATE_LIMIT: '1000',
    // embedded PGlite in its own folder, whatever the environment says (spawn leaves out undefined)
    DATABASE_URL: undefined,
    ...env,
  }
  return startProcess(serverMain, server, `http://127.0.0.1:${port}/api/health`)
}

/**
 * A worker's server and the simulators it talks to, on a fresh data folder: approved orders go to
 * the ERP simulator (a refusal is retried twice, quickly, then shown); single sign-on goes through
 * the OpenID simulator; mail goes to the worker's SMTP sink once the mail journey starts it (until
 * then a mail waits and is tried again).
 */
export const startWorkerServers = async () => {
  const url = `http://127.0.0.1:${serverPort}`
  rmSync(dataDirOf(serverPort), { recursive: true, force: true })
  const [erp, idp] = await Promise.all([
    startProcess(erpSimMain, { ERP_SIM_PORT: String(erpSimPort) }, `${erpSimUrl}/sim/documents`, 30_000),
    startProcess(
      idpSimMain,
      { IDP_SIM_PORT: String(idpSimPort), IDP_SIM_PRODUCT_URLS: url },
      `${idpSimUrl}/.well-known/openid-configuration`,
      30_000,
    ),
  ])
  const server = await startServer(serverPort, {
    ERP_URL: erpSimUrl,
    ERP_MAX_ATTEMPTS: '2',
    ERP_RETRY_BASE_MS: '300',
    ERP_POLL_MS: '300',
    OIDC_ISSUER: idpSimUrl,
    OIDC_CLIENT_ID: 'backoffice',
    OIDC_CLIENT_SECRET: 'backoffice-sim-secret',
    OIDC_DISPLAY_NAME: 'Demo IdP',
    SMTP_URL: `smtp://127.0.0.1:${mailSinkPort}`,
    APP_URL: url,
    NOTIFY_RETRY_BASE_MS: '300',
    NOTIFY_POLL_MS: '300',
  })
  return {
    url,
    stop: async () => {
      await server.stop()
      await Promise.all([erp.stop(), idp.stop()])
    },
  }
}
