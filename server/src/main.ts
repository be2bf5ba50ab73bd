import { buildApp } from './app.ts'
import { loadConfig, loadDotEnv } from './config.ts'
import { openDatabase } from './db/open.ts'

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
