import { defineConfig } from 'vitest/config';

const serverTests = { include: ['apps/server/src/**/*.test.ts'], environment: 'node' as const };

/**
 * Test projects: `unit` (pure packages and scripts), `component` (React in jsdom), `server` (Fastify with a real
 * SQLite file; again as `server-postgres` when TEST_DATABASE_URL is set) and `browser` (the production
 * build in Debian's Chromium).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          // apps/server/test/java: the quiz bank's check with Java 17, which needs no database (run once, here).
          include: ['packages/*/src/**/*.test.ts', 'scripts/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        root: 'apps/web',
        test: {
          name: 'component',
          include: ['app/**/*.test.tsx', 'app/**/*.test.ts'],
          environment: 'jsdom',
          setupFiles: ['./test/setup-dom.ts'],
        },
      },
      { test: { name: 'server', ...serverTests, env: { TEST_DIALECT: 'sqlite' } } },
      ...(process.env.TEST_DATABASE_URL
        ? [{ test: { name: 'server-postgres', ...serverTests, env: { TEST_DIALECT: 'postgres' } } }]
        : []),
      {
        test: {
          name: 'browser',
          include: ['apps/web/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/web/e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Two cores: one Chromium per worker is plenty.
          maxWorkers: 2,
        },
      },
    ],
  },
});
