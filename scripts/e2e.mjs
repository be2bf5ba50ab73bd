#!/usr/bin/env node
// Builds the web app and the server once, then runs the Playwright journeys against it: each worker
// starts a fresh real server of its own (web/e2e/server-main.ts).
// Without Chromium they are skipped on a developer machine, and fail under CI=true.
// E2E_PORT (default 3210) keeps parallel runs apart: own port, build folder, data and results.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const port = process.env.E2E_PORT ?? '3210'
// Debian's headless shell (Chromium's old headless mode, what Playwright itself runs headless) when
// installed: the full browser's headless mode runs its whole window machinery besides the page, a
// fifth more of the journeys' CPU on two cores
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell'
const chromium = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium')
if (!existsSync(chromium)) {
  const msg = `Chromium not found at ${chromium} (apt-get install chromium chromium-headless-shell fonts-wqy-microhei)`
  if (process.env.CI === 'true') {
    console.error(`${msg}: browser journeys cannot be skipped in CI`)
    process.exit(1)
  }
  console.warn(`${msg}: browser journeys SKIPPED`)
  process.exit(0)
}

const run = (cmd, args, env = {}) => {
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

const webDist = path.join(root, '.tmp', `e2e-web-${port}`)
// the server as `npm start` runs it: built to plain JavaScript (two levels below the root)
const serverDist = path.join(root, '.tmp', `e2e-server-${port}`)
if (process.env.E2E_SKIP_BUILD !== '1') {
  run('npx', ['vite', 'build', 'web', '--outDir', webDist, '--emptyOutDir'])
  run('node', ['server/scripts/build.mjs', '--outdir', serverDist])
}
// the login route's size, from the build manifest: fails past its budget (scripts/web-budget.mjs)
run('node', ['scripts/web-budget.mjs', webDist])
run('npx', ['playwright', 'test', '-c', 'web/playwright.config.ts', ...process.argv.slice(2)], {
  CHROMIUM_PATH: chromium,
  E2E_PORT: port,
  WEB_DIST: webDist,
  SERVER_DIST: serverDist,
})
