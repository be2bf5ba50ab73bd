import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { compression, defineAlgorithm } from 'vite-plugin-compression2'

const apiTarget = process.env.API_TARGET ?? `http://127.0.0.1:${process.env.PORT ?? 3000}`

export default defineConfig({
  plugins: [
    react(),
    // every text file also as .br (quality 11) and .gz (level 9) beside it, which the server's
    // static handler sends by the request's Accept-Encoding: compressed once at build time, at the
    // highest levels, instead of on every request
    compression({
      algorithms: [defineAlgorithm('brotliCompress'), defineAlgorithm('gzip')],
      exclude: [/\.vite\//],
      logLevel: 'silent',
    }),
  ],
  server: {
    port: 5173,
    proxy: { '/api': { target: apiTarget, ws: true } },
  },
  build: {
    outDir: 'dist',
    chunkSizeWarningLimit: 1500,
    // .vite/manifest.json: which files each entry and lazy route loads (scripts/web-budget.mjs)
    manifest: true,
  },
})
