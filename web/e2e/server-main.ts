import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

/** The built server the journeys run (scripts/e2e.mjs builds it; `npm run build` makes server/dist). */
export const serverMain = path.join(process.env.SERVER_DIST ?? path.join(root, 'server', 'dist'), 'main.js')
/** The ERP simulator (`npm run erp:sim`) built beside it; the journeys' server sends to it. */
export const erpSimMain = path.join(path.dirname(serverMain), 'erp-sim.js')
export const erpSimPort = Number(process.env.E2E_PORT ?? 3210) + 1000
export const erpSimUrl = `http://127.0.0.1:${erpSimPort}`
/** The OpenID provider simulator (`npm run idp:sim`) built beside it: the journeys' server signs in through it. */
export const idpSimMain = path.join(path.dirname(serverMain), 'idp-sim.js')
export const idpSimPort = Number(process.env.E2E_PORT ?? 3210) + 2000
export const idpSimUrl = `http://127.0.0.1:${idpSimPort}`
/** The SMTP sink the mail journey starts (web/e2e/notify.spec.ts); the journeys' server mails to it. */
export const mailSinkPort = Number(process.env.E2E_PORT ?? 3210) + 3000
