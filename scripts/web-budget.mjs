#!/usr/bin/env node
// The web app's size budget, from the build manifest (web/dist/.vite/manifest.json).
//
//   node scripts/web-budget.mjs [dist]            fails when the login route's files pass the budget
//   node scripts/web-budget.mjs [dist] --screens  also prints what each screen loads (README table)
//
// The login route's files: index.html, the entry chunk with its static imports and CSS, the login
// page's lazy chunk with its static imports, and the public pages' texts (PUBLIC_AREAS of
// web/src/i18n/index.ts) of the heavier language. Sizes are the brotli and gzip files the build
// wrote beside each file (vite-plugin-compression2), or the file compressed here where the build
// kept none (too small to gain).
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const args = process.argv.slice(2)
const dist = path.resolve(root, args.find((a) => !a.startsWith('--')) ?? 'web/dist')
const showScreens = args.includes('--screens')

/** Bytes over the wire before the login form shows, brotli (what browsers ask for) and gzip alike. */
const LOGIN_BUDGET = 200_000

const manifestFile = path.join(dist, '.vite', 'manifest.json')
if (!existsSync(manifestFile)) {
  console.error(`web budget: no ${path.relative(root, manifestFile)} (build the web app first: npm run build -w web)`)
  process.exit(1)
}
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'))

const publicAreas = () => {
  const source = readFileSync(path.join(root, 'web/src/i18n/index.ts'), 'utf8')
  const list = /PUBLIC_AREAS[^=]*=\s*\[([^\]]*)\]/.exec(source)?.[1]
  if (!list) throw new Error('web budget: PUBLIC_AREAS not found in web/src/i18n/index.ts')
  return [...list.matchAll(/'(\w+)'/g)].map((m) => m[1])
}

/** The files a manifest entry brings with it: its chunk, its static imports (deep) and their CSS. */
const closure = (keys, into = new Set()) => {
  for (const key of keys) {
    const chunk = manifest[key]
    if (!chunk) throw new Error(`web budget: ${key} is not in the build manifest`)
    if (into.has(chunk.file)) continue
    into.add(chunk.file)
    for (const css of chunk.css ?? []) into.add(css)
    closure(chunk.imports ?? [], into)
  }
  return into
}

const sizeCache = new Map()
/** A file's bytes: raw, brotli, gzip. */
const sizes = (file) => {
  let size = sizeCache.get(file)
  if (!size) {
    const full = path.join(dist, file)
    const raw = readFileSync(full)
    const twin = (ext, make) => (existsSync(full + ext) ? readFileSync(full + ext).length : make(raw).length)
    size = {
      raw: raw.length,
      br: twin('.br', (b) => brotliCompressSync(b, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })),
      gz: twin('.gz', (b) => gzipSync(b, { level: 9 })),
    }
    sizeCache.set(file, size)
  }
  return size
}

const total = (files) =>
  [...files].reduce(
    (sum, file) => {
      const s = sizes(file)
      return { raw: sum.raw + s.raw, br: sum.br + s.br, gz: sum.gz + s.gz }
    },
    { raw: 0, br: 0, gz: 0 },
  )

const kb = (n) => `${(n / 1000).toFixed(1)} KB`
const localeKey = (lang, area) => `src/i18n/locales/${lang}/${area}.ts`

const entry = closure(['index.html'])
const loginPage = closure(['src/auth/Login.tsx'])
const texts = (lang, areas) => closure(areas.map((area) => localeKey(lang, area)))
const heavier = (areas) => ['zh', 'en'].map((lang) => texts(lang, areas)).sort((a, b) => total(b).br - total(a).br)[0]

const login = new Set(['index.html', ...entry, ...loginPage, ...heavier(publicAreas())])
if (existsSync(path.join(dist, 'favicon.svg'))) login.add('favicon.svg')
const loginSize = total(login)

console.log(
  `web budget: the login route is ${login.size} files, ${kb(loginSize.raw)} raw, ` +
    `${kb(loginSize.br)} brotli, ${kb(loginSize.gz)} gzip (budget ${kb(LOGIN_BUDGET)})`,
)
for (const file of [...login].sort((a, b) => sizes(b).br - sizes(a).br)) {
  const s = sizes(file)
  console.log(`  ${kb(s.br).padStart(9)} br ${kb(s.gz).padStart(9)} gz  ${file}`)
}

if (showScreens) {
  // after sign-in: the shell (layout, menus, tabs, every text of the language), then each screen's
  // own chunk and what it imports that neither the entry nor the shell has loaded
  const allAreas = [...new Set(Object.keys(manifest).flatMap((k) => /locales\/zh\/(\w+)\.ts$/.exec(k)?.[1] ?? []))]
  const shell = new Set([...closure(['src/layout/SignedInApp.tsx']), ...heavier(allAreas)])
  for (const file of entry) shell.delete(file)
  const loaded = new Set([...entry, ...shell])
  const shellSize = total(shell)
  console.log('\n| screen | its own chunk | opened first: with the chunks it shares | gzip |')
  console.log('| --- | --- | --- | --- |')
  console.log(`| shell (after sign-in, once) | | ${kb(shellSize.br)} (${shell.size} files) | ${kb(shellSize.gz)} |`)
  const screens = Object.keys(manifest)
    .filter((k) => /^src\/pages\/.+\.tsx$/.test(k) && manifest[k].isDynamicEntry)
    .sort()
  for (const key of screens) {
    const own = [...closure([key])].filter((file) => !loaded.has(file))
    const s = total(own)
    const name = key.replace(/^src\/pages\/|\.tsx$/g, '')
    console.log(`| ${name} | ${kb(sizes(manifest[key].file).br)} | ${kb(s.br)} (${own.length} files) | ${kb(s.gz)} |`)
  }
}

const over = [loginSize.br > LOGIN_BUDGET && 'brotli', loginSize.gz > LOGIN_BUDGET && 'gzip'].filter(Boolean)
if (over.length > 0) {
  console.error(`web budget: the login route passes ${kb(LOGIN_BUDGET)} (${over.join(', ')})`)
  process.exit(1)
}
