import v8 from 'node:v8'
import { buildApp } from './app.ts'
import { loadConfig, loadDotEnv, StartupError } from './config.ts'
import { openDatabase } from './db/open.ts'
import { recoverFiles } from './platform/files/store.ts'

// V8 pretenures the objects of an allocation site once many of them survive a young-generation
// collection: under load the objects of requests in flight do, and with pretenuring on every later
// request's objects go straight to the old space as garbage (about 10 MB/s at 1 000 list requests
// per second, collected only by full collections). Off, the heap stays flat under load (`--trace-gc`).
v8.setFlagsFromString('--no-allocation-site-pretenuring')
// After a full collection V8 lets the old generation grow by a factor it picks from the speed of
// the collector and of the app, up to 4 when the heap's limit is large (it is set from the
// machine's memory: 4 GB here). The app lives in about 55 MB; with V8's factor the bench's
// approvals and deliveries leave an RSS of 226-238 MB, and an export right after peaks at 241 MB.
// Growing by half at most, the same loads leave 176-177 MB and the export peaks at 180-182 MB,
// with as many decisions, deliveries and opened orders per second (issue 18).
v8.setFlagsFromString('--heap-growing-percent=50')

/** A failure the operator can act on is one line on stderr and exit code 1; anything else throws. */
const fail = (error: unknown): never => {
  if (!(error instanceof StartupError)) throw error
  console.error(error.message)
  process.exit(1)
}

loadDotEnv()
const started = performance.now()
const config = (() => {
  try {
    return loadConfig()
  } catch (error) {
    return fail(error)
  }
})()
// PGlite: DATA_DIR's lock is held from here until the process exits
const database = await openDatabase(config, (msg) => console.log(msg)).catch(fail)
const opened = performance.now()
// files a killed predecessor was writing (issue 20): a half-written one goes, a finished one is
// kept; a failure here is said, and leaves the files as they were (they do not stop the server)
await recoverFiles(database.db, config.filesDir).then(
  (files) =>
    files.completed + files.removed > 0 &&
    console.log(`files: ${files.completed} finished, ${files.removed} half-written left by a stopped server: settled`),
  (error: Error) => console.error(`files: could not settle what a stopped server left in FILES_DIR: ${error.message}`),
)
const app = await buildApp({ config, database })
const built = performance.now()

/** How long a stop waits for requests in flight. */
const SHUTDOWN_MS = 10_000
let closing = false
const shutdown = async (signal: string) => {
  if (closing) return
  closing = true
  app.log.info({ signal }, 'shutting down')
  // requests in flight finish and new ones are refused (the port is closed); whatever still
  // holds on after SHUTDOWN_MS is cut off, so a stop never hangs
  setTimeout(() => {
    app.log.warn(`shutdown took over ${SHUTDOWN_MS} ms: exiting`)
    process.exit(1)
  }, SHUTDOWN_MS).unref()
  await app.close()
  await database.close()
  process.exit(0)
}
process.on('SIGINT', () => void shutdown('SIGINT'))
process.on('SIGTERM', () => void shutdown('SIGTERM'))

await app.listen({ port: config.port, host: config.host }).catch(async (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EADDRINUSE' && error.code !== 'EACCES' && error.code !== 'EADDRNOTAVAIL') throw error
  await app.close()
  await database.close()
  fail(new StartupError(`cannot listen on ${config.host}:${config.port}: ${error.code} (PORT, HOST)`))
})
// since the process started (performance.now()'s origin), and where the time went: loading the
// code, the database (a first start's demo data, open, migrations, catalogue), the app (the files a
// stopped server left, routes, schemas), listening; and the CPU time it took, which a busy machine
// stretches less than the time
const ms = (from: number, to: number) => Math.round(to - from)
const ready = performance.now()
const cpu = process.cpuUsage()
app.log.info(
  `ready in ${ms(0, ready)} ms at http://${config.host}:${config.port} (code ${ms(0, started)} ms,` +
    ` database ${ms(started, opened)} ms, app ${ms(opened, built)} ms, listen ${ms(built, ready)} ms;` +
    ` cpu ${Math.round((cpu.user + cpu.system) / 1000)} ms)`,
)
