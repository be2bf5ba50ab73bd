import v8 from 'node:v8'
import { buildApp } from './app.ts'
import { loadConfig, loadDotEnv } from './config.ts'
import { openDatabase } from './db/open.ts'

// V8 pretenures the objects of an allocation site once many of them survive a young-generation
// collection: under load the objects of requests in flight do, so every later request's objects
// went straight to the old space as garbage (about 10 MB/s at 1 000 list requests per second,
// collected only by full collections). Off, the heap stays flat under load (`--trace-gc`).
v8.setFlagsFromString('--no-allocation-site-pretenuring')

loadDotEnv()
const config = loadConfig()
const started = performance.now()
const database = await openDatabase(config, (msg) => console.log(msg))
const app = await buildApp({ config, database })

let closing = false
const shutdown = async (signal: string) => {
  if (closing) return
  closing = true
  app.log.info({ signal }, 'shutting down')
  await app.close()
  await database.close()
  process.exit(0)
}
process.on('SIGINT', () => void shutdown('SIGINT'))
process.on('SIGTERM', () => void shutdown('SIGTERM'))

await app.listen({ port: config.port, host: config.host })
app.log.info(`ready in ${Math.round(performance.now() - started)} ms at http://${config.host}:${config.port}`)
