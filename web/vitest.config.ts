import react from '@vitejs/plugin-react'
import { defineProject } from 'vitest/config'

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    root: './web',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'happy-dom',
    setupFiles: ['./src/test/setup.ts'],
    // antd's dialogs, forms and selects under a DOM emulator, and a test's fresh copy of the app's
    // modules, take seconds on a busy machine (the journeys' build beside them), not milliseconds
    testTimeout: 30_000,
  },
})
