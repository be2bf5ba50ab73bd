#!/usr/bin/env node
// Runs the Playwright journeys against the built app and a real server.
// Without Chromium they are skipped on a developer machine, and fail under CI=true.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
if (!existsSync(chromium)) {
  const msg = `Chromium not found at ${chromium} (apt-get install chromium fonts-wqy-microhei)`
  if (process.env.CI === 'true') {
    console.error(`${msg}: browser journeys cannot be skipped in CI`)
    process.exit(1)
  }
  console.warn(`${msg}: browser journeys SKIPPED`)
  process.exit(0)
}
const result = spawnSync('npx', ['playwright', 'test', '-c', 'web/playwright.config.ts', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: process.env,
})
process.exit(result.status ?? 1)
