import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { defineConfig } from '@playwright/test'
import {
  erpSimMain,
  erpSimPort,
  erpSimUrl,
  idpSimMain,
  idpSimPort,
  idpSimUrl,
  mailSinkPort,
  serverMain,
} from './e2e/server-main.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const port = Number(process.env.E2E_PORT ?? 3210)
const dataDir = path.join(root, '.tmp', `e2e-${port}`)
const webDist = process.env.WEB_DIST ?? path.join(root, 'web', 'dist')

export default defineConfig({
  testDir: './e2e',
  outputDir: `../test-results/e2e-${port}`,
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI === 'true' ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    viewport: { width: 1440, height: 900 },
    locale: 'zh-CN',
    // a click or a wait for a page that takes a minute has failed: say so then, not at the journey's end
    actionTimeout: 60_000,
    navigationTimeout: 60_000,
    // a trace records the page all along (two fifths of the journeys' CPU): only a retry records one,
    // so a journey that failed once in CI comes with its trace; locally `--trace on`
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: [
    {
      command: `node "${erpSimMain}"`,
      cwd: root,
      url: `${erpSimUrl}/sim/documents`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { ERP_SIM_PORT: String(erpSimPort) },
    },
    {
      // the OpenID provider with the demo accounts, accepting this server (web/e2e/sso.spec.ts)
      command: `node "${idpSimMain}"`,
      cwd: root,
      url: `${idpSimUrl}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { IDP_SIM_PORT: String(idpSimPort), IDP_SIM_PRODUCT_URLS: `http://127.0.0.1:${port}` },
    },
    {
      command: `rm -rf "${dataDir}" && node "${serverMain}"`,
      cwd: root,
      url: `http://127.0.0.1:${port}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        WEB_DIST: webDist,
        SEED: 'demo',
        LOG_LEVEL: 'warn',
        LOGIN_RATE_LIMIT: '1000',
        // approved orders go to the simulator; a refusal is retried twice, quickly, then shown
        ERP_URL: erpSimUrl,
        ERP_MAX_ATTEMPTS: '2',
        ERP_RETRY_BASE_MS: '300',
        ERP_POLL_MS: '300',
        // single sign-on through the simulator: the login page offers it beside the password form
        OIDC_ISSUER: idpSimUrl,
        OIDC_CLIENT_ID: 'backoffice',
        OIDC_CLIENT_SECRET: 'backoffice-sim-secret',
        OIDC_DISPLAY_NAME: 'Demo IdP',
        // mail to the SMTP sink the mail journey starts (until then a mail waits and is tried again)
        SMTP_URL: `smtp://127.0.0.1:${mailSinkPort}`,
        APP_URL: `http://127.0.0.1:${port}`,
        NOTIFY_RETRY_BASE_MS: '300',
        NOTIFY_POLL_MS: '300',
      },
    },
  ],
})
