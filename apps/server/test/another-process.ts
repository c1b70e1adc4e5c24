import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app/build-app.ts';
import type { Platform } from '../src/app/platform.ts';
import { loadSiteConfig } from '../src/app/site-config.ts';
import type { Database } from '../src/db/database.ts';
import { offlineTestSettings } from './offline-settings.ts';

/**
 * A second app on a test app's database, as another web process of the same site would be (its own
 * memory, jobs and limits; the same tables). Closing it leaves the database open for the first.
 */
export async function createAnotherProcess(
  database: Database,
  env: Record<string, string> = {},
  options: { platform?: Partial<Platform> } = {},
): Promise<{ app: FastifyInstance; close(): Promise<void> }> {
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
  });
  await app.ready();
  return {
    app,
    async close() {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
