import { DEMO_PASSWORD } from './db/seed/demo/organisation.ts'
import { productUris, SIM_CLIENT, simAccounts } from './modules/sso/sim-accounts.ts'
import { createIdpSimulator } from './modules/sso/simulator.ts'

/**
 * `npm run idp:sim`: a local OpenID provider with the demo accounts on IDP_SIM_PORT (default 3910),
 * accepting the product at IDP_SIM_PRODUCT_URLS (comma-separated base URLs; by default the server's
 * and the web dev server's usual addresses). Prints what to set in the product's environment.
 */
const port = Number(process.env.IDP_SIM_PORT ?? 3910)
const bases = (
  process.env.IDP_SIM_PRODUCT_URLS ??
  'http://127.0.0.1:3000,http://localhost:3000,http://127.0.0.1:5173,http://localhost:5173'
)
  .split(',')
  .map((b) => b.trim().replace(/\/$/, ''))
  .filter(Boolean)
const sim = await createIdpSimulator({
  port,
  host: process.env.IDP_SIM_HOST ?? '127.0.0.1',
  ...SIM_CLIENT,
  ...productUris(bases),
  accounts: simAccounts(),
})
console.log(`OpenID provider simulator at ${sim.issuer} (the demo accounts, password ${DEMO_PASSWORD}; newcomer and new_sales are unknown to the product)
Start the product with:
  OIDC_ISSUER=${sim.issuer}
  OIDC_CLIENT_ID=${SIM_CLIENT.clientId}
  OIDC_CLIENT_SECRET=${SIM_CLIENT.clientSecret}
  OIDC_DISPLAY_NAME=Demo IdP
Product addresses accepted: ${bases.join(', ')}`)
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    void sim.close().then(() => process.exit(0))
  })
