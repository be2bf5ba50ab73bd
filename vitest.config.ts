import { defineConfig } from 'vitest/config'

const serverProject = (kind: 'pglite' | 'pg') => ({
  test: {
    name: `server-${kind}`,
    root: './server',
    include: ['test/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['test/helpers/global-setup.ts'],
    env: { TEST_DB_KIND: kind },
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // every file builds its own app on its own database copy, and module state is keyed by the
    // database (principal.ts, import-jobs.ts): a worker may keep its loaded modules between files
    isolate: false,
  },
})

export default defineConfig({
  test: {
    // a worker per core (Vitest's own default leaves one core free: one worker on two cores); the
    // API tests wait on their databases and server processes about half the time
    maxWorkers: '100%',
    projects: [
      {
        test: {
          name: 'contracts',
          root: './packages/contracts',
          include: ['test/**/*.test.ts'],
          environment: 'node',
        },
      },
      serverProject('pglite'),
      ...(process.env.TEST_DATABASE_URL ? [serverProject('pg')] : []),
      './web/vitest.config.ts',
    ],
  },
})
