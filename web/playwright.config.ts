import { defineConfig } from '@playwright/test'

const port = Number(process.env.E2E_PORT ?? 3210)

export default defineConfig({
  testDir: './e2e',
  outputDir: `../test-results/e2e-${port}`,
  // a file's journeys one after another; files two at a time, each worker against a server of its
  // own (e2e/server-main.ts: its data, simulators and ports), handed out as workers come free
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: process.env.CI === 'true' ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    viewport: { width: 1440, height: 900 },
    locale: 'zh-CN',
    // the system's "less motion" (which the app follows): dialogs and charts appear at once, a
    // fifth less time and CPU (docs/benchmarks.md); the journey about motion asks for it again
    reducedMotion: 'reduce',
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
})
