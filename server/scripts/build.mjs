// `npm run build -w server`: the server as one plain-JavaScript file, dist/main.js, so production
// (`npm start`) runs on Node alone, without the TypeScript loader the dev server and the tests use
// (tsx holds about 30 MB more and transforms every file at start-up). Our code and the workspace's
// contracts are bundled; every package from node_modules stays an import. The migrations are copied
// next to it (db/migrate.ts reads them beside itself). Then the demo database is made beside it,
// dist/demo-data (src/db/seed/demo-data.ts), for a first start to copy in instead of seeding; one
// made by an earlier build of the same code, packages and migrations on the same day is kept.
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { cp, readdir, readFile, rm } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
// `--outdir <dir>` builds elsewhere (the browser journeys' own copy); it must sit two levels below
// the repository root like server/dist, since config.ts finds the root from the bundle's place.
// `--no-demo-data` leaves the demo database out (the API tests' server processes start on theirs).
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

// everything of the build before goes but its demo database, which may serve again (below)
const demoData = path.join(dist, 'demo-data')
for (const name of await readdir(dist).catch(() => [])) {
  if (name !== 'demo-data') await rm(path.join(dist, name), { recursive: true, force: true })
}
await build({
  // the server, and the ERP and OpenID provider simulators the browser journeys (and a demo) run beside it
  entryPoints: {
    main: path.join(root, 'src/main.ts'),
    'make-demo-data': path.join(root, 'src/db/seed/make-demo-data.ts'),
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
if (process.argv.includes('--no-demo-data')) process.exit(0)

/** What the demo database is made from: the seed's bundle (our code), the migrations, the packages. */
const sourceOfDemoData = async () => {
  const hash = createHash('sha256')
  hash.update(await readFile(path.join(dist, 'make-demo-data.js')))
  const migrations = path.join(dist, 'migrations')
  for (const entry of (await readdir(migrations, { recursive: true, withFileTypes: true })).filter((e) => e.isFile())) {
    const file = path.join(entry.parentPath, entry.name)
    hash.update(path.relative(migrations, file)).update(await readFile(file))
  }
  hash.update(await readFile(path.join(root, '..', 'package-lock.json')).catch(() => ''))
  return hash.digest('hex')
}
const pad = (n) => String(n).padStart(2, '0')
const now = new Date()
const today = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`
const source = await sourceOfDemoData()
const earlier = await readFile(path.join(demoData, 'meta.json'), 'utf8')
  .then((text) => JSON.parse(text))
  .catch(() => null)
if (
  earlier?.source === source &&
  earlier.day === today &&
  earlier.timeZone === Intl.DateTimeFormat().resolvedOptions().timeZone
) {
  console.log(`demo data of ${today}: kept from the build before`)
} else {
  // made anew (make-demo-data.js empties the folder first)
  const made = spawnSync(process.execPath, [path.join(dist, 'make-demo-data.js'), source], { stdio: 'inherit' })
  if (made.status !== 0) process.exit(made.status ?? 1)
}
