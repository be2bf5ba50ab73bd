// `npm run build -w server`: the server as one plain-JavaScript file, dist/main.js, so production
// (`npm start`) runs on Node alone, without the TypeScript loader the dev server and the tests use
// (tsx holds about 30 MB more and transforms every file at start-up). Our code and the workspace's
// contracts are bundled; every package from node_modules stays an import. The migrations are copied
// next to it (db/migrate.ts reads them beside itself).
import { cp, rm } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
// `--outdir <dir>` builds elsewhere (the browser journeys' own copy); it must sit two levels below
// the repository root like server/dist, since config.ts finds the root from the bundle's place.
const at = process.argv.indexOf('--outdir')
const dist = at > 0 ? path.resolve(process.argv[at + 1]) : path.join(root, 'dist')

/** node_modules packages stay imports; only our own workspace (`@app/*`) is bundled. */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@app/') ? undefined : { path: args.path, external: true },
    )
  },
}

await rm(dist, { recursive: true, force: true })
await build({
  // the server, and the ERP and OpenID provider simulators the browser journeys (and a demo) run beside it
  entryPoints: {
    main: path.join(root, 'src/main.ts'),
    'erp-sim': path.join(root, 'src/erp-sim.ts'),
    'idp-sim': path.join(root, 'src/idp-sim.ts'),
  },
  outdir: dist,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  plugins: [externalPackages],
  logLevel: 'warning',
})
await cp(path.join(root, 'src/db/migrations'), path.join(dist, 'migrations'), { recursive: true })
console.log(`server built: ${path.relative(process.cwd(), path.join(dist, 'main.js'))}`)
