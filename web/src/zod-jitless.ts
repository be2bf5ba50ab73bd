/**
 * The Content-Security-Policy allows no eval: zod would probe `new Function` (the browser reports
 * that as a policy violation even though zod catches it) and compile its object parsers with it.
 * zod keeps its settings on `globalThis.__zod_globalConfig` and keeps what it finds there when it
 * loads (zod/v4/core/core.js), so setting it here, before any module of zod runs, spares the login
 * page zod itself. main.tsx imports this first; zod-jitless.test.ts checks zod still reads it.
 */
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> }
holder.__zod_globalConfig ??= {}
holder.__zod_globalConfig.jitless = true
