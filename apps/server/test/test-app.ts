import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app/build-app.ts';
import { loadConfig } from '../src/shared/config.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  close(): Promise<void>;
}

/** An isolated API instance (no pages) on its own fresh database. */
export async function createTestApp(
  env: Record<string, string> = {},
  options: { beforeReady?(app: FastifyInstance): void } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hurryup-data-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    SEED_CONTENT: 'false',
    ...env,
  });
  const app = await buildApp(config, { database, logger: false });
  options.beforeReady?.(app);
  // Features finish starting (indexes, seed content) when the app is ready.
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.dispose();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
