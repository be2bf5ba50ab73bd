import { createErpSimulator } from './modules/erp/simulator.ts'

/** `npm run erp:sim`: the U8 stand-in on ERP_SIM_PORT (default 3900); set ERP_URL to its address. */
const port = Number(process.env.ERP_SIM_PORT ?? 3900)
const sim = createErpSimulator()
const url = await sim.listen(port, process.env.ERP_SIM_HOST ?? '127.0.0.1')
console.log(`ERP simulator (U8 OpenAPI) at ${url}: start the server with ERP_URL=${url}`)
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    void sim.close().then(() => process.exit(0))
  })
