import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app/build-app.ts';
import type { Platform } from '../src/app/platform.ts';
import { loadSiteConfig } from '../src/app/site-config.ts';
import type { Feature } from '../src/shared/feature.ts';
import { offlineTestSettings } from './offline-settings.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  close(): Promise<void>;
}

/** An isolated API instance (no pages) on its own fresh database. */
export async function createTestApp(
  env: Record<string, string> = {},
  options: {
    beforeReady?(app: FastifyInstance): void;
    platform?: Partial<Platform>;
    /** Only these features (every feature of the site when absent). */
    // biome-ignore lint/suspicious/noExplicitAny: features differ in their settings' type
    features?: readonly Feature<any>[];
  } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hurryup-data-'));
  const config = loadSiteConfig({
    ...offlineTestSettings,
    DATA_DIR: dataDir,
    ...env,
  });
  const app = await buildApp(config, {
    database,
    logger: false,
    ...(options.platform ? { platform: options.platform } : {}),
    ...(options.features ? { features: options.features } : {}),
  });
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
