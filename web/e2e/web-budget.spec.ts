import type { CDPSession, Page } from '@playwright/test'
import { DEMO_PASSWORD, expect, test } from './fixtures.ts'

/** Bytes over the wire before the login form shows (scripts/web-budget.mjs checks the build's files). */
const LOGIN_BUDGET = 200_000

type Transfer = { url: string; bytes: number; encoding: string | undefined; type: string }

/** Every response of the page as the network saw it: bytes received (headers and body), encoding. */
const watchNetwork = async (page: Page) => {
  const cdp: CDPSession = await page.context().newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true })
  const pending = new Map<string, Omit<Transfer, 'bytes'>>()
  const done: Transfer[] = []
  cdp.on('Network.responseReceived', (e) => {
    const headers = Object.fromEntries(Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), v]))
    pending.set(e.requestId, { url: e.response.url, encoding: headers['content-encoding'], type: e.type })
  })
  cdp.on('Network.loadingFinished', (e) => {
    const response = pending.get(e.requestId)
    if (response) done.push({ ...response, bytes: e.encodedDataLength })
  })
  return {
    /** What has arrived so far, and forgets it. */
    take: () => done.splice(0),
  }
}

const sum = (transfers: Transfer[]) => transfers.reduce((n, t) => n + t.bytes, 0)

test('the login page arrives compressed within its budget; sign-in to the dashboard', async ({ page }) => {
  const network = await watchNetwork(page)
  const form = page.getByRole('button', { name: /登\s*录|Sign in/ })

  const started = Date.now()
  await page.goto('/user/login')
  await expect(form).toBeVisible()
  const toLoginForm = Date.now() - started
  const login = network.take()

  const files = login.filter((t) => /\.(js|css|html)$/.test(new URL(t.url).pathname) || t.type === 'Document')
  expect(files.length).toBeGreaterThan(0)
  for (const file of files) expect(file.encoding, file.url).toBe('br')
  // the signed-in app stays out: no shell, no list screens, no areas' texts or calls
  const paths = login.map((t) => new URL(t.url).pathname)
  expect(paths.filter((p) => /BasicLayout|ListPage|admin|product|sales/.test(p))).toEqual([])
  const loginBytes = sum(login)
  expect(loginBytes, paths.join('\n')).toBeLessThanOrEqual(LOGIN_BUDGET)

  await page.getByLabel(/账号|Account/).fill('admin')
  await page.getByLabel(/密码|Password/).fill(DEMO_PASSWORD)
  const signingIn = Date.now()
  await form.click()
  // a measurement, not a race: a busy machine may take longer than the journeys' 10 s
  await expect(page.getByTestId('dashboard')).toBeVisible({ timeout: 60_000 })
  const toDashboard = Date.now() - signingIn
  const dashboardBytes = sum(network.take())

  const line = `login form ${toLoginForm} ms (${loginBytes} bytes, ${login.length} responses); sign-in to dashboard ${toDashboard} ms (${dashboardBytes} bytes)`
  test.info().annotations.push({ type: 'timing', description: line })
  console.log(`web timing: ${line}`)
})
