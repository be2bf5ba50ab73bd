import { mkdtemp, rm } from 'node:fs/promises'
import { request } from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { testDbKind, writePgliteTemplate } from '../helpers/database.ts'
import { healthOf, healthy, killAll, login, startServer } from '../helpers/spawn-server.ts'
import { PNG } from '../product/helpers.ts'

/** A stop as an operator or an orchestrator does it (SIGTERM): a real server process (issue 20). */
afterEach(killAll)
const dirs: string[] = []
afterAll(async () => {
  for (const d of dirs) await rm(d, { recursive: true, force: true })
})

describe.runIf(testDbKind() === 'pglite')('SIGTERM', () => {
  it('lets the request in flight finish, refuses new ones, and exits 0 well within 10 s', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'shutdown-'))
    dirs.push(dataDir)
    await writePgliteTemplate(path.join(dataDir, 'pglite'))
    const s = await healthy(await startServer({ DATA_DIR: dataDir }))
    const token = await login(s)

    // an upload whose body is still arriving when the signal comes
    const boundary = 'drain-boundary'
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
    )
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`)
    const body = Buffer.concat([head, PNG, tail])
    const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(
        `${s.url}/api/file/upload`,
        {
          method: 'POST',
          headers: {
            'x-access-token': token,
            'content-type': `multipart/form-data; boundary=${boundary}`,
            'content-length': body.length,
          },
        },
        (res) => {
          let text = ''
          res.on('data', (d: Buffer) => {
            text += d.toString()
          })
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }))
        },
      )
      req.on('error', reject)
      req.write(body.subarray(0, head.length + 10))
      // the rest a second after the signal
      setTimeout(() => req.end(body.subarray(head.length + 10)), 1500)
    })
    await new Promise((r) => setTimeout(r, 300))
    const signalled = Date.now()
    process.kill(s.pid, 'SIGTERM')
    await new Promise((r) => setTimeout(r, 500))
    // the port is closed: a new request gets no answer from this server
    expect(await healthOf(s)).not.toBe(200)

    const upload = await answered
    expect(upload.status, upload.body).toBe(200)
    expect(JSON.parse(upload.body).result.name).toBe('a.png')
    expect(await s.exited).toBe(0)
    expect(Date.now() - signalled).toBeLessThan(10_000)
  })
})
