import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

/** The built server the journeys run (scripts/e2e.mjs builds it; `npm run build` makes server/dist). */
export const serverMain = path.join(process.env.SERVER_DIST ?? path.join(root, 'server', 'dist'), 'main.js')
