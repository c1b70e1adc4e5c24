import { defineConfig } from 'vitest/config';
import { testsWithoutDatabase } from './scripts/database-tests.ts';

/**
 * Time bounds only stop a hung test; they are not assertions (durations are measured by `npm run bench`). They
 * are sized for a busy 2-core machine, where loading WordNet, the food tables or a module graph the first time
 * takes seconds, so a slow run is never a failing run (issue 26).
 */
const bounds = { testTimeout: 60_000, hookTimeout: 120_000 };
const serverTests = { include: ['apps/server/src/**/*.test.ts'], environment: 'node' as const, ...bounds };
/** Files only PostgreSQL can run (`*.postgres.test.ts`: killing its connections, say). */
const postgresOnly = '**/*.postgres.test.ts';

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
          ...bounds,
        },
      },
      {
        root: 'apps/web',
        test: {
          name: 'component',
          include: ['app/**/*.test.tsx', 'app/**/*.test.ts'],
          environment: 'jsdom',
          setupFiles: ['./test/setup-dom.ts'],
          ...bounds,
        },
      },
      {
        test: {
          name: 'server',
          ...serverTests,
          exclude: ['**/node_modules/**', postgresOnly],
          env: { TEST_DIALECT: 'sqlite' },
        },
      },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              test: {
                name: 'server-postgres',
                ...serverTests,
                // Only the files that open the database run again: the others would repeat themselves.
                exclude: ['**/node_modules/**', ...testsWithoutDatabase(import.meta.dirname)],
                env: { TEST_DIALECT: 'postgres' },
              },
            },
          ]
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
