import { createErpSimulator, type SimMode } from './modules/erp/simulator.ts'

/**
 * `npm run erp:sim`: the U8 stand-in on ERP_SIM_PORT (default 3900); set ERP_URL to its address.
 * ERP_SIM_MODE starts it in a mode other than 'ok' (e.g. `async`: every write answered with a url
 * that gives the result ERP_SIM_DELAY_MS later, 3000 by default, as U8 under load).
 */
const port = Number(process.env.ERP_SIM_PORT ?? 3900)
const sim = createErpSimulator({
  mode: (process.env.ERP_SIM_MODE as SimMode | undefined) ?? 'ok',
  delayMs: Number(process.env.ERP_SIM_DELAY_MS ?? 0),
})
const url = await sim.listen(port, process.env.ERP_SIM_HOST ?? '127.0.0.1')
console.log(`ERP simulator (U8 OpenAPI) at ${url}: start the server with ERP_URL=${url}
  POST ${url}/sim/mode {"mode":"ok|refuse|timeout|slow|async","delayMs":3000,"times":2}
  POST ${url}/sim/restart  (the tokens issued so far are refused from now on)
  GET  ${url}/sim/documents, POST ${url}/sim/reset`)
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    void sim.close().then(() => process.exit(0))
  })
