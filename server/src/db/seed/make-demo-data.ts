import { DEMO_DATA_DIR, makeDemoData } from './demo-data.ts'

// `node dist/make-demo-data.js [source]`, run by scripts/build.mjs: the demo database beside the bundle
const started = performance.now()
const meta = await makeDemoData(DEMO_DATA_DIR, process.argv[2] ?? '', (msg) => console.log(`  ${msg}`))
console.log(`demo data of ${meta.day} made in ${Math.round(performance.now() - started)} ms`)
